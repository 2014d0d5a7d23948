import { Vec3 } from 'vec3';
import type { ControlRequest, InventoryItem } from './ipc.js';
import type { SquidServer } from './squid.js';

/**
 * What a test can do to the running server, answered inside the server process: console
 * commands, a player's inventory as the server holds it, blocks, kicks, who is online.
 */
export async function runControl(serv: SquidServer, request: ControlRequest): Promise<unknown> {
  switch (request.op) {
    case 'command': {
      const line = request.line.replace(/^\//, '');
      return (await serv.commands.use(line, {}, true)) ?? null;
    }
    case 'inventory': {
      const player = online(serv, request.player);
      const items: InventoryItem[] = [];
      player.inventory.slots.forEach((item, slot) => {
        if (item) items.push({ slot, name: item.name, count: item.count });
      });
      return items;
    }
    case 'setBlock': {
      const block = serv.registry.blocksByName[request.block];
      if (!block) throw new Error(`no block named '${request.block}' in Minecraft ${serv.registry.version.minecraftVersion}`);
      await serv.setBlock(serv.overworld, new Vec3(request.x, request.y, request.z), block.defaultState!);
      return null;
    }
    case 'blockAt': {
      const block = await serv.overworld.getBlock(new Vec3(request.x, request.y, request.z));
      return block.name;
    }
    case 'kick': {
      online(serv, request.player).kick(request.reason);
      return null;
    }
    case 'players':
      return serv.players.map((player) => player.username);
    case 'stop':
      return null;
  }
}

function online(serv: SquidServer, username: string) {
  const player = serv.getPlayer(username);
  if (!player) throw new Error(`no player named '${username}' is online (online: ${serv.players.map((p) => p.username).join(', ') || 'nobody'})`);
  return player;
}
