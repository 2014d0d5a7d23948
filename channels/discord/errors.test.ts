import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { Requester } from '../../core/types.js';
import { reachesOther } from './deliver.js';
import { DiscordError, discordError } from './errors.js';

const apiError = (code: number, status: number) => new DiscordAPIError({ code, message: 'nope' }, code, status, 'POST', 'https://discord.test/api/v10/x', { body: undefined });

describe('Discord errors', () => {
  it('say what a refusal means, and that it will not pass by trying again', () => {
    const dm = discordError(apiError(50007, 403), 'writing to sam');
    expect(dm).toBeInstanceOf(DiscordError);
    expect(dm).toMatchObject({ code: 'DISCORD_CANNOT_DM', retryable: false });
    expect(dm.hint).toMatch(/share a server/);
    expect(discordError(apiError(10003, 404), 'x')).toMatchObject({ code: 'DISCORD_UNKNOWN_CHANNEL', retryable: false });
    expect(discordError(apiError(50013, 403), 'x')).toMatchObject({ code: 'DISCORD_NO_ACCESS', retryable: false });
  });

  it('count Discord failing or out of reach as worth another try, keeping the cause', () => {
    const failing = discordError(apiError(0, 502), 'x');
    expect(failing).toMatchObject({ code: 'DISCORD_API', retryable: true });
    const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const away = discordError(cause, 'sending');
    expect(away).toMatchObject({ code: 'DISCORD_UNREACHABLE', retryable: true });
    expect(away.cause).toBe(cause);
  });
});

describe('who a Discord message reaches', () => {
  const requester: Requester = { address: { channel: 'discord', conversationId: '1', userId: '123456789012345678' } };
  it('is the requester for "me", nothing, or their own id or mention; anyone else is someone else', () => {
    expect(reachesOther(undefined, requester)).toBe(false);
    expect(reachesOther('me', requester)).toBe(false);
    expect(reachesOther('123456789012345678', requester)).toBe(false);
    expect(reachesOther('<@!123456789012345678>', requester)).toBe(false);
    expect(reachesOther('223456789012345678', requester)).toBe(true);
    expect(reachesOther('123456789012345678', { address: { channel: 'console', conversationId: 'c', userId: 'local' } })).toBe(true);
  });
});
