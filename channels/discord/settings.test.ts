import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/errors.js';
import { loadConfig } from '../../core/config/load.js';
import { discordEnv } from './settings.js';

const load = (env: Record<string, string>) => loadConfig(env, [{ name: 'discord', env: discordEnv }]).sections['discord']!;

describe('the Discord settings', () => {
  it('reads ids, switches and the API URL', () => {
    const values = load({
      DISCORD_TOKEN: ' secret ',
      DISCORD_ALLOWED_USERS: '123456789012345678, 223456789012345678',
      DISCORD_CHANNELS: '323456789012345678',
      DISCORD_TELL_NOT_ALLOWED: 'yes',
      DISCORD_API_URL: 'http://127.0.0.1:9999/api',
    });
    expect(values).toMatchObject({
      DISCORD_TOKEN: 'secret',
      DISCORD_ALLOWED_USERS: ['123456789012345678', '223456789012345678'],
      DISCORD_ALLOWED_ROLES: [],
      DISCORD_CHANNELS: ['323456789012345678'],
      DISCORD_TELL_NOT_ALLOWED: true,
      DISCORD_MESSAGE_CONTENT: true,
    });
  });

  it('stops on a user name where an id belongs, naming the variable', () => {
    let error: unknown;
    try {
      load({ DISCORD_ALLOWED_USERS: '123456789012345678,alice' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(['DISCORD_ALLOWED_USERS']);
    expect((error as Error).message).toMatch(/"alice" is not a Discord id/);
  });

  it('marks the token secret', () => {
    expect((discordEnv.shape.DISCORD_TOKEN.meta() as { secret?: boolean }).secret).toBe(true);
  });
});
