import type { EventEmitter } from 'node:events';
import type { IndexedData } from 'minecraft-data';
import type { Item } from 'prismarine-item';
import type { Window as PrismarineWindow } from 'prismarine-windows';
import type { Vec3 } from 'vec3';

/**
 * The parts of flying-squid (which ships no types) that the test server's plugins use.
 * Names follow flying-squid's own API (docs/API.md of the package).
 */

/** The protocol connection of one player (a minecraft-protocol server client). */
export interface SquidClient extends EventEmitter {
  username: string;
  write(name: string, params: object): void;
}

/** A block as flying-squid's world returns it (a prismarine-block). */
export interface SquidBlock {
  type: number;
  name: string;
  stateId: number;
  position: Vec3;
  harvestTools?: Record<string, boolean>;
}

export interface SquidWorld {
  getBlock(position: Vec3): Promise<SquidBlock>;
  getBlockStateId(position: Vec3): Promise<number>;
}

export interface SquidEntity extends EventEmitter {
  id: number;
  type: string;
  position: Vec3;
  world: SquidWorld;
  bornTime: number;
  velocity?: Vec3;
  itemId?: number;
  itemCount?: number;
  pickupTime?: number;
  destroy(): void;
  _writeOthersNearby(name: string, params: object): void;
}

export interface SquidPlayer extends SquidEntity {
  username: string;
  uuid: string;
  op: boolean;
  gameMode: number;
  health: number;
  food: number;
  yaw: number;
  pitch: number;
  heldItemSlot: number;
  entityType: number | null;
  spawnPoint: Vec3;
  disconnected?: boolean;
  inventory: Window;
  nearbyEntities: SquidEntity[];
  _client: SquidClient;
  kick(reason?: string): void;
  system(message: string): void;
  updateHealth(health: number): void;
  updateFood(food: number): void;
  sendSelfPosition(position?: Vec3): void;
  updateAndSpawn(): void;
  collect(entity: SquidEntity): void;
  teleport(position: Vec3): Promise<void>;
  _sendRespawn(): void;
  waitPlayerLogin(): Promise<void>;
}

/** `serv.commands.add` parameters. */
export interface SquidCommand {
  base: string;
  aliases?: string[];
  info: string;
  usage: string;
  op?: boolean;
  onlyPlayer?: boolean;
  parse?(args: string, ctx: SquidCommandContext): unknown;
  action(args: never, ctx: SquidCommandContext): unknown;
}

export interface SquidCommandContext {
  player?: SquidPlayer;
}

export interface SquidServer extends EventEmitter {
  registry: IndexedData;
  players: SquidPlayer[];
  entities: Record<string, SquidEntity>;
  overworld: SquidWorld;
  commands: {
    use(command: string, ctx?: SquidCommandContext, op?: boolean): Promise<string | undefined>;
    add(params: SquidCommand): unknown;
    uniqueHash: Record<string, { params: SquidCommand }>;
  };
  getPlayer(username: string): SquidPlayer | null;
  getSpawnPoint(world: SquidWorld): Promise<Vec3>;
  setBlock(world: SquidWorld, position: Vec3, stateId: number): Promise<void>;
  spawnObject(
    type: number,
    world: SquidWorld,
    position: Vec3,
    options: { velocity?: Vec3; itemId: number; itemDamage?: number; itemCount?: number; pickupTime?: number; deathTime?: number },
  ): SquidEntity;
  onBlockInteraction(name: string, handler: (ctx: { block: SquidBlock; player: SquidPlayer }) => boolean | Promise<boolean>): void;
  destroy(): Promise<void>;
  _server: { socketServer: { address(): { port: number } | string | null } };
}

/** A chunk generator factory, as flying-squid's `generations` registry holds them. */
export type SquidGeneration = (options: { registry: IndexedData; seed?: number }) => (chunkX: number, chunkZ: number) => unknown;

export interface FlyingSquid {
  createMCServer(options: Record<string, unknown>): SquidServer;
  generations: Record<string, SquidGeneration>;
}

/** A prismarine window with the event the test server listens to. */
export type Window = PrismarineWindow<{ updateSlot: (slot: number, oldItem: Item | null, newItem: Item | null) => void }>;

export type { Item };
