import { describe, expect, it } from 'vitest';
import type { ActionContext } from '../../core/plugin/method.js';
import type { Requester } from '../../core/types.js';
import { createMinecraft } from './index.js';
import { deliversToRequester, resolvePlayer } from './methods.js';

const inGame: Requester = { address: { channel: 'minecraft', conversationId: 'alice', userId: 'alice' } };
const onDiscord: Requester = { address: { channel: 'discord', conversationId: '1', userId: '42' } };

describe('Minecraft methods', () => {
  it('take "me" as the requester\'s player name only when they wrote from the game', () => {
    expect(resolvePlayer('me', inGame)).toBe('alice');
    expect(resolvePlayer('bob', onDiscord)).toBe('bob');
    expect(() => resolvePlayer('me', onDiscord)).toThrow(expect.objectContaining({ code: 'MC_ERR_UNKNOWN_PLAYER' }));
  });

  it('hand over what "get me …" obtained to the player who asked in the game', () => {
    const ctx = (actionText: string, requester: Requester) => ({ actionText, requester }) as ActionContext;
    expect(deliversToRequester(ctx('get me a stone pickaxe', inGame))).toBe('alice');
    expect(deliversToRequester(ctx('craft 4 torches', inGame))).toBeUndefined();
    expect(deliversToRequester(ctx('get me a stone pickaxe', onDiscord))).toBeUndefined();
  });

  it('without a server, stay registered and say what to set', async () => {
    const plugin = createMinecraft({ MINECRAFT_HOST: undefined, MINECRAFT_PORT: 25565, MINECRAFT_USERNAME: 'Majordomo', MINECRAFT_VERSION: '1.21.4', MINECRAFT_AUTH: 'offline', MINECRAFT_ALLOWED_PLAYERS: [] });
    expect(plugin.configured).toBe(false);
    const result = await (plugin.methods['obtain_item']!.run as (a: unknown, c: unknown) => Promise<unknown>)({ item: 'torch', count: 1 }, {});
    expect(result).toMatchObject({ ok: false, retryable: false, error: { code: 'MJ_ERR_NOT_CONFIGURED', hint: 'set MINECRAFT_HOST and restart' } });
  });
});
