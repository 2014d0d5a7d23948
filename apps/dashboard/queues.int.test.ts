import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpChannel } from '../../channels/http/index.js';
import { startTestAssistant, type TestAssistant } from '../../test/support/assistant.js';
import { redisConnection, startQueueBoard } from '../../test/support/queue-board.js';

const TOKEN = 'queue-board-token-0123456789';
const connection = redisConnection();

describe('the queue board (bull-board) over real BullMQ queues', () => {
  const prefix = `mj-test-board-${randomBytes(4).toString('hex')}`;
  const queues = ['groups', 'reports', 'reminders'].map((name) => new Queue(name, { connection, prefix }));
  const [groups, reports, reminders] = queues as [Queue, Queue, Queue];
  const listed: unknown[] = [...queues, { name: 'not a queue' }];
  let broken = true;
  let workers: Worker[] = [];
  let a: TestAssistant;
  let http: HttpChannel;
  let base: string;
  const bearer = { authorization: `Bearer ${TOKEN}` };

  async function settle(queue: Queue, state: 'failed' | 'completed', count: number): Promise<void> {
    for (let i = 0; i < 400; i++) {
      if ((await queue.getJobCounts(state))[state] === count) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`${queue.name} never had ${count} ${state} jobs: ${JSON.stringify(await queue.getJobCounts())}`);
  }

  beforeAll(async () => {
    workers = queues.map(
      (q) =>
        new Worker(
          q.name,
          async (job) => {
            if (broken || job.data.fail) throw new Error(`job ${job.name} broke`);
            return 'ok';
          },
          { connection, prefix },
        ),
    );
    await reminders.add('remind', { fail: true });
    await groups.add('group', { n: 1 });
    await groups.add('group', { n: 2 });
    await reports.add('report', { n: 1 });
    await Promise.all([settle(reminders, 'failed', 1), settle(groups, 'failed', 2), settle(reports, 'failed', 1)]);

    a = await startTestAssistant();
    ({ http, base } = await startQueueBoard(a, TOKEN, listed));
  });

  afterAll(async () => {
    await http?.stop();
    await a?.dispose();
    await Promise.all(workers.map((w) => w.close()));
    for (const q of queues) {
      await q.obliterate({ force: true });
      await q.close();
    }
  });

  async function call(method: string, path: string, headers: Record<string, string> = bearer) {
    const response = await fetch(`${base}${path}`, { method, headers });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as any };
  }

  it('is behind the token: 401 without it or with a wrong one', async () => {
    for (const path of ['/dashboard/queues/board', '/dashboard/queues/board/api/queues', '/dashboard/queues/board/static/favicon.ico']) {
      expect((await call('GET', path, {})).status, path).toBe(401);
      expect((await call('GET', path, { authorization: 'Bearer wrong' })).status, path).toBe(401);
    }
    for (const path of ['/dashboard/queues/board/api/queues/groups/retry/failed', '/dashboard/queues/board/api/queues/reminders/clean/failed']) {
      expect((await call('PUT', path, {})).status, path).toBe(401);
      expect((await call('PUT', path, { cookie: 'majordomo_session=forged' })).status, path).toBe(401);
    }
    expect((await groups.getJobCounts('failed')).failed).toBe(2);
  });

  it("serves bull-board's page and files from here, with a policy that keeps the browser from fetching anything elsewhere", async () => {
    const page = await call('GET', '/dashboard/queues/board');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<base href="/dashboard/queues/board/"');
    expect(page.text).toContain('Majordomo queues');
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).not.toMatch(/googleapis|https:/);
    expect(page.text).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)![1]!;
    expect((await call('GET', `/dashboard/queues/board/${script}`)).status).toBe(200);
  });

  it("shows the dispatcher's queues, only the BullMQ ones, with their counts", async () => {
    const api = (await call('GET', '/dashboard/queues/board/api/queues')).json();
    const byName = new Map((api.queues as Array<{ name: string; counts: Record<string, number> }>).map((q) => [q.name, q]));
    expect([...byName.keys()].sort()).toEqual(['groups', 'reminders', 'reports']);
    expect(byName.get('groups')!.counts['failed']).toBe(2);
    const ours = await call('GET', '/dashboard/queues');
    expect(ours.status).toBe(200);
    expect(ours.text).toContain('<h2 id="h-queues">BullMQ queues</h2>');
    expect(ours.text).toContain('href="/dashboard/queues/board"');
    expect(ours.text).toMatch(/<tr data-queue="groups"><th scope="row">groups<\/th>(<td>\d+<\/td>){5}<td>2<\/td>/);
  });

  it('retries the failed jobs of a queue, and cleans a job', async () => {
    broken = false;
    const retried = await call('PUT', '/dashboard/queues/board/api/queues/groups/retry/failed');
    expect(retried.status).toBe(200);
    expect(retried.json()).toMatchObject({ retried: 2 });
    await settle(groups, 'completed', 2);
    expect((await groups.getJobCounts('failed')).failed).toBe(0);

    const [failed] = await reports.getJobs(['failed']);
    const cleaned = await call('PUT', `/dashboard/queues/board/api/queues/reports/${failed!.id}/clean`);
    expect([200, 204]).toContain(cleaned.status);
    expect(await reports.getJob(failed!.id!)).toBeUndefined();
  });

  it('refuses a retry or clean sent from another site, even with a session', async () => {
    const login = await fetch(`${base}/dashboard/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${TOKEN}`, redirect: 'manual' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const refused = await call('PUT', '/dashboard/queues/board/api/queues/reminders/retry/failed', { cookie, 'sec-fetch-site': 'cross-site' });
    expect(refused.status).toBe(403);
    expect((await call('PUT', '/dashboard/queues/board/api/queues/reminders/clean/failed', { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await reminders.getJobCounts('failed')).failed).toBe(1);
    const sameSite = await call('GET', '/dashboard/queues/board/api/queues', { cookie, 'sec-fetch-site': 'same-origin' });
    expect(sameSite.status).toBe(200);
  });

  it('cleans the finished jobs of a queue (bull-board keeps those of the last 5 seconds)', async () => {
    const [job] = await reminders.getJobs(['failed']);
    const age = Date.now() - (job!.finishedOn ?? 0);
    if (age < 5_100) await new Promise((r) => setTimeout(r, 5_100 - age));
    const cleaned = await call('PUT', '/dashboard/queues/board/api/queues/reminders/clean/failed');
    expect(cleaned.status).toBe(200);
    expect((await reminders.getJobCounts('failed')).failed).toBe(0);
  });

  it('shows queues the dispatcher opens later', async () => {
    const later = new Queue('later', { connection, prefix });
    queues.push(later);
    listed.push(later);
    const api = (await call('GET', '/dashboard/queues/board/api/queues')).json();
    expect((api.queues as Array<{ name: string }>).map((q) => q.name)).toContain('later');
  });
});
