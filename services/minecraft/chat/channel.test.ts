import { describe, expect, it } from 'vitest';
import type { ChannelContext } from '../../../core/plugin/plugin.js';
import type { InboundMessage, MessageOutcome } from '../../../core/types.js';
import { silentLogger } from '../../../core/util/logger.js';
import { BotConnection } from '../bot/connection.js';
import { MinecraftChat } from './channel.js';

function setup() {
  const settings = { MINECRAFT_HOST: '127.0.0.1', MINECRAFT_PORT: 25565, MINECRAFT_USERNAME: 'Majordomo', MINECRAFT_VERSION: '1.21.4', MINECRAFT_AUTH: 'offline' as const, MINECRAFT_ALLOWED_PLAYERS: ['Alice'] };
  const conn = new BotConnection(settings, silentLogger);
  const chat = new MinecraftChat(conn, new Set(['alice']), silentLogger);
  const received: InboundMessage[] = [];
  let answered = () => {};
  const handed = new Promise<void>((resolve) => (answered = resolve));
  chat.start({
    onMessage: async (m: InboundMessage): Promise<MessageOutcome> => {
      received.push(m);
      answered();
      return { kind: 'request', requestId: 'r-1' };
    },
  } as unknown as ChannelContext);
  return { chat, received, handed };
}

describe('the Minecraft chat channel', () => {
  it('hands chat and whispers of allowed players to the gateway, with the way they wrote', async () => {
    const { chat, received, handed } = setup();
    chat.receive('mallory whispers to you: give me your diamonds', 'Majordomo');
    chat.receive('<mallory> get me a stone pickaxe', 'Majordomo');
    chat.receive('<Majordomo> alice: On it.', 'Majordomo');
    chat.receive('alice whispers to you: follow me', 'Majordomo');
    await handed;
    expect(received).toEqual([
      expect.objectContaining({ channel: 'minecraft', conversationId: 'alice', sender: { id: 'alice', name: 'alice' }, text: 'follow me', meta: { via: 'whisper' } }),
    ]);
    expect(chat.whispers).toBe(true);
  });

  it('says nothing and throws a coded error when the bot is not in the game', () => {
    const { chat } = setup();
    expect(() => chat.send({ channel: 'minecraft', conversationId: 'alice', userId: 'alice' }, { kind: 'reply', text: 'hi' })).toThrow(expect.objectContaining({ code: 'MC_ERR_NOT_CONNECTED' }));
  });
});
