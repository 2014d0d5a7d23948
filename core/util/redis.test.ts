import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { redisLabel, redisOptions } from './redis.js';

describe('REDIS_URL', () => {
  it('gives host, port, credentials, database and TLS to ioredis', () => {
    expect(redisOptions('redis://127.0.0.1:6380')).toEqual({ host: '127.0.0.1', port: 6380, maxRetriesPerRequest: null });
    expect(redisOptions('rediss://me:p%40ss@redis.example:6390/2')).toEqual({
      host: 'redis.example',
      port: 6390,
      username: 'me',
      password: 'p@ss',
      db: 2,
      tls: {},
      maxRetriesPerRequest: null,
    });
    expect(redisOptions('redis://cache').port).toBe(6379);
  });

  it('refuses what it cannot use with an error that names REDIS_URL', () => {
    for (const bad of ['not a url', 'http://127.0.0.1:6379', 'redis://127.0.0.1:6379/zero']) {
      const error = (() => {
        try {
          redisOptions(bad);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variables).toEqual(['REDIS_URL']);
    }
  });

  it('shows where Redis is without the password', () => {
    expect(redisLabel('redis://me:secret@cache:6379/1')).toBe('redis://cache:6379/1');
    expect(redisLabel('redis://me:secret@cache:6379')).not.toContain('secret');
  });
});
