import { afterAll, describe, expect, it } from 'vitest';
import type { Cli } from '../support/cli.js';
import { tempDir } from '../support/cli.js';
import { gatewayForWorkers, lightChanges, plannedCalls, startWorkerProcess } from '../support/distributed.js';
import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';
import { startSmtpReceiver } from '../support/smtp-receiver.js';

const KILLS = 20;
const TOKEN = 'distributed-crash-token-0123456789';
const AREAS = ['garage', 'kitchen', 'living room', 'bedroom', 'bathroom', 'office', 'porch', 'hallway', 'basement', 'backyard'];

/** Requests of one group (a light, then an email about it) and of two independent groups. */
function requestText(n: number): string {
  const area = AREAS[n % AREAS.length]!;
  const other = AREAS[(n + 3) % AREAS.length]!;
  if (n % 3 === 2) return `turn ${n % 2 ? 'on' : 'off'} the ${area} light and set the ${other} light to ${10 + (n % 80)}%`;
  return `turn ${n % 2 ? 'on' : 'off'} the ${area} light and then email me`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('distributed mode: workers SIGKILLed in the middle of groups', () => {
  const prefix = freshPrefix('crash');
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    await deletePrefix(SHARED_REDIS_URL, prefix);
  });

  // Each kill needs a fresh worker process, and each takes a few seconds to start (many more on a busy machine).
  it(`ends every request with a report and does every side effect once, through ${KILLS} kills`, { timeout: 420_000 }, async () => {
    const smtp = await startSmtpReceiver();
    cleanups.push(() => smtp.close());
    const dir = await tempDir('majordomo-crash-');
    cleanups.push(() => dir.cleanup());
    const common = {
      REDIS_URL: SHARED_REDIS_URL,
      MAJORDOMO_QUEUE_PREFIX: prefix,
      MAJORDOMO_QUEUE_LOCK_MS: '2000',
      MAJORDOMO_QUEUE_STALL_CHECK_MS: '500',
      MAJORDOMO_QUEUE_MAX_STALLS: '1000',
      MAJORDOMO_CONCURRENCY: '2',
      MAJORDOMO_RETRY_BASE_MS: '10',
      MAJORDOMO_OWNER_EMAIL: 'owner@example.com',
      MAJORDOMO_LOG_FILE: '-',
      MAJORDOMO_LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      LIGHTS_LATENCY_MS: '300',
    };
    const gateway = await gatewayForWorkers({ ...common, MAJORDOMO_DATA_DIR: `${dir.path}/gateway` }, TOKEN, cleanups);
    const { watch } = gateway;

    const workers: Array<Cli | undefined> = [undefined, undefined];
    const spawnWorker = (slot: number) => startWorkerProcess({ ...common, MAJORDOMO_DATA_DIR: `${dir.path}/worker-${slot}` });
    cleanups.push(async () => {
      for (const w of workers) w?.child.kill('SIGKILL');
    });

    // Requests keep arriving, so that a worker always has groups in hand when it is killed.
    const ids: string[] = [];
    let sending = true;
    let n = 0;
    const sender = (async () => {
      while (sending) {
        const { waiting } = await watch.counts();
        if ((waiting ?? 0) < 4) ids.push(await gateway.api.send(requestText(n++)));
        else await sleep(40);
      }
    })();
    // Seen at the end; until then the loop must not outlive the test if it fails.
    cleanups.push(async () => {
      sending = false;
      await sender.catch(() => {});
    });

    let kills = 0;
    const slotLoop = async (slot: number) => {
      while (kills < KILLS) {
        const w = await spawnWorker(slot);
        workers[slot] = w;
        // Long enough to take groups and be in the middle of them.
        await sleep(250 + Math.floor(Math.random() * 400));
        if (kills >= KILLS) break;
        kills++;
        w.child.kill('SIGKILL');
        await w.exited;
        workers[slot] = undefined;
      }
    };
    await Promise.all([slotLoop(0), slotLoop(1)]);
    // The last workers drain the queue; the sender stops once they run.
    const survivors = await Promise.all([0, 1].map(async (slot) => (workers[slot] ??= await spawnWorker(slot))));
    sending = false;
    await sender;

    const views = await gateway.api.allFinished(ids, 120_000);
    expect(kills).toBe(KILLS);
    // Every kill caught groups in hand: BullMQ handed each of them to another worker.
    expect(watch.stalled()).toBeGreaterThanOrEqual(KILLS);
    for (const v of views) {
      expect({ id: v['id'], status: v['status'] }).toEqual({ id: v['id'], status: 'done' });
      expect(v['reports'].length).toBeGreaterThanOrEqual(v['plan']['groups'].length);
    }

    // Every light change happened once: the simulated home counts each one.
    expect(await lightChanges(SHARED_REDIS_URL, prefix)).toBe(plannedCalls(views, 'lights.'));
    // Every email went out with the Message-ID its report names, and no other.
    const reported = new Set<string>();
    for (const v of views) {
      for (const r of v['reports']) {
        for (const a of r['actions']) {
          const last = a['attempts'].at(-1);
          if (last?.target === 'email.send_message') reported.add(last.result.data.messageId);
        }
      }
    }
    expect(reported.size).toBe(plannedCalls(views, 'email.'));
    const received = smtp.mails.map((m) => m.parsed.messageId ? `<${m.parsed.messageId.replace(/^<|>$/g, '')}>` : 'none');
    expect(new Set(received)).toEqual(reported);
    // A worker killed between the SMTP server's "250 OK" and its own record of it sends again on resume, with
    // the same Message-ID (receivers drop such duplicates); that window is all a kill can widen.
    const resent = received.length - new Set(received).size;
    process.stderr.write(`distributed crash test: ${ids.length} requests, ${kills} kills, ${watch.stalled()} groups taken over, ${received.length} mails (${resent} re-sent with the same Message-ID)\n`);
    expect(resent).toBeLessThanOrEqual(watch.stalled());
    for (const w of survivors) w.child.kill('SIGTERM');
    await Promise.all(survivors.map((w) => w.exited));
  });
});
