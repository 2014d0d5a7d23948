import type { SquidBlock, SquidPlayer, SquidServer } from './squid.js';

/**
 * A block that needs a tool to drop anything (stone, ores) drops nothing when dug without
 * one, as in the game; flying-squid drops it whatever the player holds.
 */
export function installHarvestRules(serv: SquidServer): void {
  serv.on('newPlayer', (player: SquidPlayer) => {
    // What the player held when it said it finished digging: flying-squid decides the drops
    // a little later, when the player may already hold something else.
    const heldWhenDug = new Map<string, number | undefined>();
    const key = (p: { x: number; y: number; z: number }) => `${p.x},${p.y},${p.z}`;
    player._client.on('block_dig', ({ status, location }: { status: number; location: { x: number; y: number; z: number } }) => {
      if (status === 0 || status === 2) heldWhenDug.set(key(location), player.inventory.slots[player.inventory.hotbarStart + player.heldItemSlot]?.type);
    });
    player.on('dug_cancel', (dug: { position: { x: number; y: number; z: number }; block: SquidBlock; drops: unknown[] }) => {
      const held = heldWhenDug.get(key(dug.position));
      heldWhenDug.delete(key(dug.position));
      const tools = dug.block.harvestTools;
      if (tools && (held === undefined || !tools[held])) dug.drops.length = 0;
    });
  });
}
