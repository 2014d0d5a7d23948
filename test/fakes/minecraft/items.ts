import { Vec3 } from 'vec3';
import { itemClass } from './loaders.js';
import type { SquidEntity, SquidPlayer, SquidServer } from './squid.js';

/**
 * Items on the ground: picking one up adds its whole count (flying-squid adds one), and an
 * item a player throws flies where the player looks and waits before anyone takes it, longer
 * for its thrower (as in the game), so a bot can toss items to another player.
 */

/** How long nobody can take a thrown item, and how long its thrower cannot. */
const PICKUP_DELAY_MS = 500;
const THROWER_DELAY_MS = 2_000;
const PICKUP_RADIUS = 1.75;
const ITEM_LIFETIME_MS = 5 * 60_000;

interface ThrownItem {
  entity: SquidEntity;
  thrower: SquidPlayer;
  at: number;
}

/** Throws items from a player's eyes where the player looks. */
export type ThrowItem = (player: SquidPlayer, item: { type: number; count: number; metadata?: number }) => void;

export function installItems(serv: SquidServer): ThrowItem {
  const Item = itemClass(serv.registry);
  const itemEntity = serv.registry.entitiesByName['item']!.id;
  const thrown = new Set<ThrownItem>();
  const looks = new WeakMap<SquidPlayer, { yaw: number; pitch: number }>();

  serv.on('newPlayer', (player: SquidPlayer) => {
    const remember = ({ yaw, pitch }: { yaw?: number; pitch?: number }) => {
      if (typeof yaw === 'number' && typeof pitch === 'number') looks.set(player, { yaw, pitch });
    };
    player._client.on('look', remember);
    player._client.on('position_look', remember);

    player.collect = (entity: SquidEntity) => {
      const type = entity.itemId;
      let left = Number(entity.itemCount ?? 1);
      if (type === undefined) return;
      const inventory = player.inventory;
      for (let slot = inventory.inventoryStart; slot < inventory.inventoryEnd && left > 0; slot++) {
        const item = inventory.slots[slot];
        if (item && item.type === type && item.count < item.stackSize) {
          const moved = Math.min(left, item.stackSize - item.count);
          item.count += moved;
          left -= moved;
          inventory.updateSlot(slot, item);
        }
      }
      while (left > 0) {
        const slot = inventory.firstEmptyInventorySlot();
        if (slot === null || slot === undefined) break;
        const item = new Item(type, Math.min(left, 64));
        left -= item.count;
        inventory.updateSlot(slot, item);
      }
      const taken = Number(entity.itemCount ?? 1) - left;
      if (taken === 0) return;
      const packet = { collectedEntityId: entity.id, collectorEntityId: player.id, pickupItemCount: taken };
      player._client.write('collect', packet);
      entity._writeOthersNearby('collect', packet);
      if (left > 0) entity.itemCount = left;
      else entity.destroy();
    };
  });

  serv.on('tick', () => {
    const now = Date.now();
    for (const item of thrown) {
      if (!serv.entities[item.entity.id]) {
        thrown.delete(item);
        continue;
      }
      if (now - item.at < PICKUP_DELAY_MS) continue;
      const taker = serv.players
        .filter((p) => p.world === item.entity.world && p.health > 0 && (p !== item.thrower || now - item.at >= THROWER_DELAY_MS))
        .map((p) => ({ p, distance: p.position.offset(0, 0.5, 0).distanceTo(item.entity.position) }))
        .filter(({ distance }) => distance <= PICKUP_RADIUS)
        .sort((a, b) => a.distance - b.distance)[0];
      if (taker) {
        taker.p.collect(item.entity);
        if (!serv.entities[item.entity.id]) thrown.delete(item);
      }
    }
  });

  return (player, item) => {
    const look = looks.get(player) ?? { yaw: 0, pitch: 0 };
    const yaw = (look.yaw * Math.PI) / 180;
    const pitch = (look.pitch * Math.PI) / 180;
    const direction = new Vec3(-Math.sin(yaw) * Math.cos(pitch), -Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch));
    const entity = serv.spawnObject(itemEntity, player.world, player.position.offset(0, 1.3, 0), {
      velocity: direction.scaled(4).offset(0, 2, 0),
      itemId: item.type,
      itemDamage: item.metadata ?? 0,
      itemCount: item.count,
      deathTime: ITEM_LIFETIME_MS,
    });
    thrown.add({ entity, thrower: player, at: Date.now() });
  };
}
