import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { Queue, Worker } from 'bullmq';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { redisConnection, startQueueBoard } from '../support/queue-board.js';

const TOKEN = 'browser-token-0123456789abcdef';
/** Each simulated bulb takes this long: long enough to watch an agent work and stop it. */
const LATENCY_MS = 700;

describe('the dashboard in a real browser', () => {
  let a: TestAssistant;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let base: string;
  /** Every request the browser made, to show that it never leaves the assistant and never polls. */
  const requests: Request[] = [];

  beforeAll(async () => {
    a = await startTestAssistant({
      MAJORDOMO_API_TOKEN: TOKEN,
      MAJORDOMO_HTTP_PORT: '0',
      MAJORDOMO_OWNER_EMAIL: 'owner@example.com',
      LIGHTS_LATENCY_MS: String(LATENCY_MS),
    });
    base = `http://127.0.0.1:${a.http!.port}`;
    browser = await launchBrowser();
    page = browser.page;
    page.setDefaultTimeout(10_000);
    page.on('request', (r) => requests.push(r));
    page.on('dialog', (d) => {
      throw new Error(`a script on the page opened a dialog: ${d.message()}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await a?.dispose();
  });

  async function send(text: string): Promise<string> {
    const response = await fetch(`${base}/api/messages`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
    expect(response.status).toBe(202);
    return ((await response.json()) as { requestId: string }).requestId;
  }

  /** Waits until the page's live stream is connected. */
  async function live(): Promise<void> {
    await page.locator('[data-live-status][data-state="open"]').waitFor();
  }

  it('asks for the token, refuses a wrong one, and logs in into an HttpOnly, Secure, SameSite=Strict session', async () => {
    const first = await page.goto(`${base}/dashboard`);
    expect(first!.status()).toBe(401);
    await page.getByLabel('API token').fill('not the token');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That token is not right.' }).waitFor();
    await screenshot(page, '01-login');
    await page.getByLabel('API token').fill(TOKEN);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/requests');
    const [cookie] = await browser.context.cookies(`${base}/dashboard`);
    expect(cookie).toMatchObject({ name: 'majordomo_session', httpOnly: true, secure: true, sameSite: 'Strict', path: '/dashboard' });
  });

  it('shows a request sent over the HTTP channel appear and complete live, without reloading or polling', async () => {
    await page.goto(`${base}/dashboard/requests`);
    await live();
    await page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));
    const before = requests.length;
    const id = await send("turn off the garage light and send me an email when that's over. Also, set the office light to 40%");
    const row = page.locator(`tr[data-key="${id}"]`);
    await row.waitFor();
    await page.locator(`tr[data-key="${id}"][data-status="done"]`).waitFor();
    await expect(row.locator('.badge').first().textContent()).resolves.toBe('done');
    await expect(row.textContent()).resolves.toMatch(/g1\s*done\s*2\/2[\s\S]*g2\s*done\s*1\/1/);
    expect(await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const fetched = requests.slice(before).map((r) => r.url());
    expect(fetched, 'the page asked the server for nothing while it updated').toEqual([]);

    // Nothing in it makes sense to the assistant: it asks, and the questions quote it too.
    const xss = await send('<img src=x onerror="window.owned=1"><script>window.owned=2</script> toggle the porch light');
    await page.locator(`tr[data-key="${xss}"][data-status="waiting"]`).waitFor();
    await expect(page.locator(`tr[data-key="${xss}"] a`).textContent()).resolves.toContain('<img src=x onerror="window.owned=1">');
    expect(await page.evaluate(() => (globalThis as unknown as { owned?: number }).owned)).toBeUndefined();
    await screenshot(page, '02-requests');

    await page.locator(`tr[data-key="${id}"] a`).click();
    await page.getByRole('heading', { level: 2, name: 'Dependency graph' }).waitFor();
    const graph = page.getByRole('img', { name: /Dependency graph of request/ });
    await expect(graph.locator('g.node').count()).resolves.toBe(3);
    await expect(graph.locator('path.edge').count()).resolves.toBe(1);
    const summary = await page.locator('[data-summary]').textContent();
    expect(summary).toContain('garage light is off');
    expect(summary).toContain('office light is at 40%');
    expect(summary).toContain('email to owner@example.com');
    await expect(page.locator('section.group').count()).resolves.toBe(2);
    await expect(page.locator('section.group').first().textContent()).resolves.toMatch(/Decision[\s\S]*Attempt 1[\s\S]*Result: ✓/);
    await screenshot(page, '03-request');
  });

  it('answers a pending question from the dashboard, and the agent resumes', async () => {
    await page.goto(`${base}/dashboard/questions`);
    await live();
    const id = await send('turn on the attic light');
    const card = page.locator('article.question', { hasText: 'attic' });
    await card.waitFor();
    await expect(page.locator('article.question', { hasText: 'onerror="window.owned=1"' }).first().textContent()).resolves.toContain('<img src=x');
    expect(await page.evaluate(() => (globalThis as unknown as { owned?: number }).owned)).toBeUndefined();
    await expect(card.locator('time[data-since]').textContent()).resolves.toBe('under a minute');
    await screenshot(page, '04-questions');
    await card.getByLabel('Your answer').fill('the kitchen one');
    await card.getByRole('button', { name: 'Answer', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Answer sent: the agent resumes.' }).waitFor();
    expect(await a.finished(id)).toBe('done');
    await page.locator('article.question', { hasText: 'attic' }).waitFor({ state: 'detached' });

    await page.goto(`${base}/dashboard/requests/${id}`);
    await page.locator('[data-request-status="done"]').waitFor();
    const timeline = page.locator('section.group').first();
    await expect(timeline.textContent()).resolves.toMatch(/Asked[\s\S]*attic[\s\S]*Answer[\s\S]*“the kitchen one”/);
    await expect(timeline.locator('li.action[data-status="done"]').textContent()).resolves.toMatch(/kitchen/);
    await screenshot(page, '05-answered-request');
  });

  it('stops a running agent: it ends after its current action and reports', async () => {
    await page.goto(`${base}/dashboard/agents`);
    await live();
    const id = await send('turn off the garage light, then turn off the kitchen light, then turn off the porch light, then turn off the hallway light, then turn off the basement light');
    const row = page.locator(`tr[data-group="${id}.g1"][data-status="running"]`);
    await row.waitFor();
    await row.locator('[data-current-action]').waitFor();
    await screenshot(page, '06-agents');
    await row.getByRole('button', { name: /Stop the agent of group g1/ }).click();
    await page.getByRole('status').filter({ hasText: 'Stop requested' }).waitFor();
    expect(await a.finished(id)).toBe('cancelled');
    await page.locator(`tr[data-group="${id}.g1"]`).waitFor({ state: 'detached' });

    const view = (await a.engine.api.request(id))!;
    const statuses = view.groups[0]!.actions.map((r) => r.status);
    expect(statuses[0]).toBe('done');
    expect(statuses.at(-1)).toBe('cancelled');
    expect(view.groups[0]!.actions.filter((r) => r.status === 'cancelled').every((r) => r.note === 'stopped by an admin')).toBe(true);
    expect(view.reports).toHaveLength(1);
    expect(view.reports[0]!.status).toBe('terminated');
    await page.goto(`${base}/dashboard/requests/${id}`);
    await expect(page.locator('section.group .note').first().textContent()).resolves.toBe('stopped by an admin');
  });

  it('searches the history, and shows the health of every part and the queue', async () => {
    await page.goto(`${base}/dashboard/history`);
    await page.getByLabel('Words').fill('office 40%');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.locator('#main tbody tr').count()).resolves.toBe(1);
    await expect(page.locator('#main tbody tr').textContent()).resolves.toContain('office light to 40%');
    await screenshot(page, '07-history');

    await page.goto(`${base}/dashboard/health`);
    await live();
    await expect(page.locator('tr[data-component="http"] .badge').textContent()).resolves.toBe('up');
    await expect(page.locator('tr[data-component="discord"] .badge').textContent()).resolves.toBe('off');
    await screenshot(page, '08-health');

    await page.goto(`${base}/dashboard/queues`);
    await expect(page.locator('#main').textContent()).resolves.toContain('Dispatcher: in-process');
    await screenshot(page, '09-queues');

    const elsewhere = requests.filter((r) => !r.url().startsWith(`${base}/`));
    expect(elsewhere.map((r) => r.url())).toEqual([]);
  });

  it('logs out: the pages answer 401 again', async () => {
    await page.goto(`${base}/dashboard/requests`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('API token').waitFor();
    const again = await page.goto(`${base}/dashboard/agents`);
    expect(again!.status()).toBe(401);
  });

  it('shows the queue board over BullMQ queues, from the assistant only', async () => {
    const connection = redisConnection();
    const prefix = `mj-test-browser-${randomBytes(4).toString('hex')}`;
    const queues = ['groups', 'reports', 'reminders'].map((name) => new Queue(name, { connection, prefix }));
    const worker = new Worker('groups', async () => {
      throw new Error('the home is unreachable');
    }, { connection, prefix });
    const board = await startQueueBoard(a, TOKEN, queues);
    try {
      await queues[0]!.add('group', { requestId: 'r-1' });
      await queues[1]!.add('report', { requestId: 'r-1' });
      for (let i = 0; i < 200 && (await queues[0]!.getJobCounts('failed')).failed === 0; i++) await new Promise((r) => setTimeout(r, 25));
      const visited: string[] = [];
      page.on('request', (r) => visited.push(r.url()));
      await page.goto(`${board.base}/dashboard/queues`);
      await page.getByLabel('API token').fill(TOKEN);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('link', { name: 'Open the queue board' }).click();
      await page.getByText('groups', { exact: true }).first().waitFor();
      await page.getByText('reminders', { exact: true }).first().waitFor();
      await screenshot(page, '10-queue-board');
      expect(visited.filter((u) => !u.startsWith(`${board.base}/`))).toEqual([]);
    } finally {
      await board.http.stop();
      await worker.close();
      for (const q of queues) {
        await q.obliterate({ force: true });
        await q.close();
      }
    }
  });

  it('wrote the screenshots', async () => {
    const { SCREENSHOTS } = await import('../support/browser.js');
    for (const name of ['01-login', '02-requests', '03-request', '04-questions', '06-agents', '07-history', '08-health', '09-queues', '10-queue-board']) {
      expect((await stat(`${SCREENSHOTS}/${name}.png`)).size, name).toBeGreaterThan(5_000);
    }
  });
});
