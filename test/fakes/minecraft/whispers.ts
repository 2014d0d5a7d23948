import type { SquidCommandContext, SquidPlayer, SquidServer } from './squid.js';

/**
 * `/tell`, `/msg` and `/w`: private messages, worded as the vanilla server words them
 * ("alice whispers to you: hi"), which is what mineflayer turns into a `whisper` event.
 */
export function installWhispers(serv: SquidServer): void {
  serv.commands.add({
    base: 'tell',
    aliases: ['msg', 'w'],
    info: 'Sends a private message to one player',
    usage: '/tell <player> <message>',
    parse(args: string) {
      const match = /^(\S+)\s+(.+)$/.exec(args.trim());
      return match ? { to: match[1]!, message: match[2]! } : false;
    },
    action({ to, message }: { to: string; message: string }, ctx: SquidCommandContext) {
      const target: SquidPlayer | null = serv.getPlayer(to);
      if (!target) return `No player named ${to} is online`;
      const from = ctx.player?.username ?? 'Server';
      target.system(`${from} whispers to you: ${message}`);
      ctx.player?.system(`You whisper to ${target.username}: ${message}`);
      return undefined;
    },
  });
}
