import { Vec3 } from 'vec3';
import type { SquidCommandContext, SquidServer } from './squid.js';

/**
 * `/tp <player> <x> <y> <z>` and `/tp <player> <other player>` from the console (flying-squid
 * only lets players teleport). Players keep the original command.
 */
export function installConsoleTeleport(serv: SquidServer): void {
  const teleport = serv.commands.uniqueHash['teleport']?.params;
  if (!teleport) return;
  const forPlayers = teleport.action.bind(teleport) as (args: string[], ctx: SquidCommandContext) => unknown;
  teleport.onlyPlayer = false;
  teleport.action = ((args: string[], ctx: SquidCommandContext) => {
    if (ctx.player) return forPlayers(args, ctx);
    const who = args[0] === undefined ? null : serv.getPlayer(args[0]);
    if (!who) return `No player named ${args[0] ?? ''} is online`;
    if (args.length === 2) {
      const to = serv.getPlayer(args[1]!);
      if (!to) return `No player named ${args[1]} is online`;
      void who.teleport(to.position.clone());
      return undefined;
    }
    const [x, y, z] = args.slice(1).map(Number);
    if (args.length !== 4 || [x, y, z].some((n) => n === undefined || Number.isNaN(n))) return 'Usage: /tp <player> <x> <y> <z>';
    void who.teleport(new Vec3(x!, y!, z!));
    return undefined;
  }) as never;
}
