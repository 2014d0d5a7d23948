/**
 * The messages between a test and the Minecraft test server process (Node IPC): the test
 * asks, the server answers each request by its id, and says once whether it started.
 */

/** An item in a player's inventory, as the server holds it. */
export interface InventoryItem {
  /** The slot in the player's inventory window (36–44 is the hotbar). */
  slot: number;
  name: string;
  count: number;
}

export type ControlRequest =
  | { id: number; op: 'command'; line: string }
  | { id: number; op: 'inventory'; player: string }
  | { id: number; op: 'setBlock'; x: number; y: number; z: number; block: string }
  | { id: number; op: 'blockAt'; x: number; y: number; z: number }
  | { id: number; op: 'kick'; player: string; reason: string }
  | { id: number; op: 'players' }
  | { id: number; op: 'stop' };

export type ControlReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

export type ServerEvent =
  | { event: 'ready'; port: number; version: string }
  | { event: 'failed'; message: string };

/** What the test passes to the server process (as JSON in its environment). */
export interface ServerProcessOptions {
  version: string;
  viewDistance: number;
}

export const OPTIONS_VARIABLE = 'MINECRAFT_TEST_SERVER_OPTIONS';
