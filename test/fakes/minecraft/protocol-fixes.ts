import type { Vec3 } from 'vec3';
import type { Item, SquidPlayer, SquidServer } from './squid.js';

/**
 * What flying-squid 1.12 writes wrong for Minecraft 1.21.2+, fixed per player as it joins:
 *
 * - a player entity is created without an entity type, so spawning it for other players
 *   fails to serialize: it gets the registry's `player` type;
 * - `entity_teleport` gained velocity and relative-flag fields in 1.21.2: they default to
 *   zero/none;
 * - `/give` puts the count as typed (a string) into the item, which then cannot be written:
 *   counts become numbers on every slot update;
 * - the login ends (the rest of the chunks, then a teleport back to the login position) only
 *   when the client first sends a `flying` or `look` packet, which a mineflayer bot may send
 *   long after it has started walking: the login ends at once;
 * - a teleport (the login position, `/tp`, respawn) sends the look as flying-squid stores it,
 *   in 256ths of a turn, where the protocol wants degrees, so the client suddenly looks
 *   elsewhere (e.g. straight down): the look is sent as unchanged (relative, zero).
 */
export function installProtocolFixes(serv: SquidServer): void {
  const playerType = serv.registry.entitiesByName['player']?.id ?? null;
  const teleportHasVelocity = serv.registry.version['>=']('1.21.2');

  serv.on('newPlayer', (player: SquidPlayer) => {
    player.entityType = playerType;
    player.waitPlayerLogin = () => Promise.resolve();
    player.sendSelfPosition = (position?: Vec3) => {
      if (position) player.position = position;
      const { x, y, z } = player.position;
      player._client.write('position', { teleportId: 1, x, y, z, dx: 0, dy: 0, dz: 0, yaw: 0, pitch: 0, flags: { yaw: true, pitch: true } });
    };

    if (teleportHasVelocity) {
      const write = player._client.write.bind(player._client);
      player._client.write = (name, params) => {
        if (name === 'entity_teleport') params = { dx: 0, dy: 0, dz: 0, flags: {}, ...params };
        write(name, params);
      };
    }

    const updateSlot = player.inventory.updateSlot.bind(player.inventory);
    player.inventory.updateSlot = (slot: number, item: Item | null) => {
      if (item) item.count = Number(item.count);
      updateSlot(slot, item as Item);
    };
  });
}
