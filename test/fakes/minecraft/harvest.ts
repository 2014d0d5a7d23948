import type { SquidBlock, SquidPlayer, SquidServer } from './squid.js';

/**
 * A block that needs a tool to drop anything (stone, ores) drops nothing when dug without
 * one, as in the game; flying-squid drops it whatever the player holds.
 */
export function installHarvestRules(serv: SquidServer): void {
  serv.on('newPlayer', (player: SquidPlayer) => {
    player.on('dug_cancel', (dug: { block: SquidBlock; drops: unknown[] }) => {
      const tools = dug.block.harvestTools;
      if (!tools) return;
      const held = player.inventory.slots[player.inventory.hotbarStart + player.heldItemSlot];
      if (!held || !tools[held.type]) dug.drops.length = 0;
    });
  });
}
