import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { envInt, envList, envOptional } from './env.js';
import { describeEnv, loadConfig, withDotenv } from './load.js';

const plugin = { name: 'demo', env: z.object({ DEMO_PORT: envInt('port', 10, { min: 1 }), DEMO_USERS: envList('users'), DEMO_TOKEN: envOptional('token', { secret: true }) }) };

describe('configuration', () => {
  it('gives typed defaults and frozen values', () => {
    const config = loadConfig({}, [plugin]);
    expect(config.core.MAJORDOMO_DATA_DIR).toBe('./data');
    expect(config.core.MAJORDOMO_MAX_RETRIES).toBe(3);
    expect(config.core.MAJORDOMO_CONFIRM_OUTSIDE).toBe(true);
    expect(config.sections['demo']).toEqual({ DEMO_PORT: 10, DEMO_USERS: [], DEMO_TOKEN: undefined });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.core)).toBe(true);
    expect(() => {
      (config.core as { MAJORDOMO_DATA_DIR: string }).MAJORDOMO_DATA_DIR = '/elsewhere';
    }).toThrow();
  });

  it('stops on a bad value, naming the variable and what was expected', () => {
    const bad = (env: Record<string, string>) => {
      try {
        loadConfig(env, [plugin]);
      } catch (error) {
        return error as ConfigError;
      }
      throw new Error('no error');
    };
    const port = bad({ MAJORDOMO_HTTP_PORT: '99999' });
    expect(port).toBeInstanceOf(ConfigError);
    expect(port.code).toBe('MJ_ERR_CONFIG');
    expect(port.variables).toEqual(['MAJORDOMO_HTTP_PORT']);
    expect(port.message).toMatch(/MAJORDOMO_HTTP_PORT: expected a number from 0 to 65535, got 99999/);
    expect(bad({ MAJORDOMO_TIMEZONE: 'Mars/Olympus' }).message).toMatch(/MAJORDOMO_TIMEZONE: "Mars\/Olympus" is not a time zone/);
    expect(bad({ MAJORDOMO_CONSOLE: 'perhaps' }).message).toMatch(/MAJORDOMO_CONSOLE: expected true or false/);
    expect(bad({ MAJORDOMO_OWNER_EMAIL: 'nobody' }).message).toMatch(/MAJORDOMO_OWNER_EMAIL: "nobody" is not an email address/);
    expect(bad({ DEMO_PORT: '0' }).variables).toEqual(['DEMO_PORT']);
  });

  it('reads lists, and notices variables nothing reads', () => {
    const config = loadConfig({ DEMO_USERS: ' ann , bob,,', MAJORDOMO_TIMEZNOE: 'UTC' }, [plugin]);
    expect(config.sections['demo']!['DEMO_USERS']).toEqual(['ann', 'bob']);
    expect(config.unknown).toEqual(['MAJORDOMO_TIMEZNOE']);
  });

  it('reads a .env file, under the variables already set', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mj-env-'));
    try {
      await writeFile(join(dir, '.env'), 'DEMO_PORT=42\nMAJORDOMO_TIMEZONE=Europe/Paris\n');
      const env = withDotenv({ MAJORDOMO_TIMEZONE: 'UTC' }, join(dir, '.env'));
      const config = loadConfig(env, [plugin]);
      expect(config.sections['demo']!['DEMO_PORT']).toBe(42);
      expect(config.core.MAJORDOMO_TIMEZONE).toBe('UTC');
      expect(withDotenv({ A: '1' }, join(dir, 'missing.env'))).toEqual({ A: '1' });
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('documents every variable, secrets marked', () => {
    const rows = describeEnv([plugin]);
    expect(rows.find((r) => r.variable === 'DEMO_TOKEN')).toMatchObject({ secret: true, section: 'demo' });
    expect(rows.find((r) => r.variable === 'MAJORDOMO_API_TOKEN')).toMatchObject({ secret: true });
    expect(rows.every((r) => r.description.length > 0)).toBe(true);
  });
});
