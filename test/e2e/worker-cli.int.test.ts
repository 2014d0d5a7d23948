import { describe, expect, it } from 'vitest';
import { runCli, testEnv } from '../support/cli.js';

describe('majordomo worker, misconfigured', () => {
  it('says it needs REDIS_URL, and refuses a bad --concurrency, with exit code 2', async () => {
    const noRedis = await runCli(['worker'], testEnv({ MAJORDOMO_LOG_FILE: '-' }));
    expect(noRedis.code).toBe(2);
    expect(noRedis.stderr).toMatch(/majordomo worker needs REDIS_URL/);
    expect(noRedis.stderr).toMatch(/set REDIS_URL=redis:\/\/host:6379/);
    const badConcurrency = await runCli(['worker', '--concurrency', '0'], testEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }));
    expect(badConcurrency.code).toBe(2);
    expect(badConcurrency.stderr).toMatch(/--concurrency "0" is not a whole number from 1 to 256/);
  }, 120_000);
});
