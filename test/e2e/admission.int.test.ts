import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createConsole } from '../../channels/console/index.js';
import { createAssistant } from '../../apps/majordomo/assistant.js';
import { envSections } from '../../apps/majordomo/plugins.js';
import { loadConfig } from '../../core/config/load.js';
import type { MessageOutcome } from '../../core/types.js';
import { redisOptions } from '../../core/util/redis.js';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { tempDir } from '../support/cli.js';
import { eventually } from '../support/eventually.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const prefixes: string[] = [];
/** A fresh key prefix on the shared Redis, removed after the file. */
function freshPrefix(): string {
  const prefix = `mj-test-admission-${randomBytes(4).toString('hex')}`;
  prefixes.push(prefix);
  return prefix;
}
afterAll(async () => {
  const redis = new Redis(redisOptions(REDIS_URL));
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

const rejected = (outcome: MessageOutcome) => (outcome.kind === 'rejected' ? outcome : undefined);

describe.each([
  ['embedded', (): Record<string, string> => ({})],
  ['distributed (rate counted in Redis)', (): Record<string, string> => ({ REDIS_URL, MAJORDOMO_QUEUE_PREFIX: freshPrefix() })],
])('rate limit per requester, %s', (_mode, env) => {
  it('refuses a request over the rate with a reply saying the limit and when to try again, and never an answer', async () => {
    const a = await startTestAssistant({ ...env(), MAJORDOMO_RATE_LIMIT: '3', MAJORDOMO_RATE_BURST: '2' });
    try {
      expect((await a.type('turn off the lights in the garage')).kind).toBe('request');
      const asking = await a.type('turn on the attic light');
      expect(asking.kind).toBe('request');
      const requestId = (asking as { requestId: string }).requestId;
      await eventually(async () => (await a.store.listQuestions({ status: ['open'] })).length === 1, 'the question about the attic');

      // The rate is used up, but answers are never counted.
      expect(await a.type('the kitchen one')).toMatchObject({ kind: 'answer', requestId });
      expect(await a.finished(requestId)).toBe('done');

      const refusal = rejected(await a.type('turn on the porch light'));
      expect(refusal).toMatchObject({ code: 'MJ_ERR_RATE_LIMITED' });
      await a.waitForOutput(/Sorry, you may send 3 new requests a minute \(2 at once\) and this one is over that limit, so it was not run; please send it again in \d+ seconds?/);
      // One token every 20 s: the wait is what is left of that.
      const wait = Number(/send it again in (\d+) second/.exec(a.terminal())![1]);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(20);
      expect(await a.store.listRequests()).toHaveLength(2);
    } finally {
      await a.dispose();
    }
  });
});

describe('rate limit shared by two gateways on one Redis', () => {
  it('counts one requester across both', async () => {
    const env = { REDIS_URL, MAJORDOMO_QUEUE_PREFIX: freshPrefix(), MAJORDOMO_RATE_LIMIT: '6', MAJORDOMO_RATE_BURST: '3' };
    const one = await startTestAssistant(env);
    let two: TestAssistant | undefined;
    try {
      two = await startTestAssistant(env);
      expect((await one.type('turn off the lights in the garage')).kind).toBe('request');
      expect((await two.type('turn off the lights in the kitchen')).kind).toBe('request');
      expect((await one.type('turn off the lights in the office')).kind).toBe('request');
      expect(rejected(await two.type('turn off the lights in the porch'))).toMatchObject({ code: 'MJ_ERR_RATE_LIMITED' });
      await two.waitForOutput(/Sorry, you may send 6 new requests a minute \(3 at once\).*again in \d+ seconds?/);
      expect(Number(/again in (\d+) second/.exec(two.terminal())![1])).toBeLessThanOrEqual(10);
      expect(rejected(await one.type('turn off the lights in the porch'))).toMatchObject({ code: 'MJ_ERR_RATE_LIMITED' });
    } finally {
      await two?.dispose();
      await one.dispose();
    }
  });
});

describe('rate limit over the HTTP API', () => {
  it('answers 429 with the limit and the wait', async () => {
    const token = 'admission-token-0123456789';
    const a = await startTestAssistant({ MAJORDOMO_API_TOKEN: token, MAJORDOMO_HTTP_PORT: '0', MAJORDOMO_RATE_LIMIT: '6', MAJORDOMO_RATE_BURST: '1' });
    try {
      const send = async (text: string, conversationId: string) => {
        const response = await fetch(`http://127.0.0.1:${a.http!.port}/api/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text, conversationId }),
        });
        return { status: response.status, body: (await response.json()) as { kind?: string; error?: { code: string; message: string } } };
      };
      expect(await send('turn off the lights in the garage', 'c1')).toMatchObject({ status: 202, body: { kind: 'request' } });
      const refused = await send('turn off the lights in the kitchen', 'c1');
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 'MJ_ERR_RATE_LIMITED', message: expect.stringMatching(/6 new requests a minute \(1 at once\).*again in \d+ seconds?/) });
    } finally {
      await a.dispose();
    }
  });
});

describe.each([
  ['embedded', (): Record<string, string> => ({})],
  ['distributed', (): Record<string, string> => ({ REDIS_URL, MAJORDOMO_QUEUE_PREFIX: freshPrefix() })],
])('bound on queued work, %s', (_mode, env) => {
  it('turns new requests away with a reply once the queue holds the most it takes, and loses nothing queued', async () => {
    const dir = await tempDir();
    const out = new PassThrough().setEncoding('utf8');
    let printed = '';
    out.on('data', (d: string) => (printed += d));
    const terminal = createConsole({ input: new PassThrough(), output: out, interactive: false });
    const config = loadConfig(
      { MAJORDOMO_DATA_DIR: dir.path, MAJORDOMO_TIMEZONE: 'UTC', MAJORDOMO_LOG_LEVEL: 'warn', MAJORDOMO_MAX_QUEUED: '2', ...env() },
      envSections(),
    );
    const assistant = await createAssistant(config, { overrides: { console: terminal } });
    try {
      // A gateway whose workers are elsewhere, and busy: what it queues stays queued.
      await assistant.engine.start({ work: false });
      expect((await terminal.submit('turn off the lights in the garage')).kind).toBe('request');
      expect((await terminal.submit('set the office light to 40%')).kind).toBe('request');
      expect(await assistant.engine.dispatcher.stats()).toMatchObject({ queued: 2, running: 0 });

      const refusal = rejected(await terminal.submit('turn on the porch light'));
      expect(refusal).toMatchObject({ code: 'MJ_ERR_QUEUE_FULL' });
      await eventually(() => /Sorry, I already have 2 groups of actions queued or running, the most I take \(MAJORDOMO_MAX_QUEUED is 2\), so this request was not run; please send it again in about 60 seconds/.test(printed), 'the reply');
      expect(await assistant.store.listRequests()).toHaveLength(2);
      expect((await assistant.store.listCheckpoints({})).map((c) => c.status).sort()).toEqual(['queued', 'queued']);
    } finally {
      await assistant.close();
      await dir.cleanup();
    }
  });
});
