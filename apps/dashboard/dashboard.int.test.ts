import { connect, createServer } from 'node:net';
import type { QuestionRecord } from '../../core/store/store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAssistant, type TestAssistant } from '../../test/support/assistant.js';
import { openEventStream } from '../../test/support/sse.js';

const TOKEN = 'dashboard-token-0123456789';
const XSS = `<script>alert("owned")</script>"><img src=x onerror=alert(1)> turn on the kitchen light`;

/** A port nothing listens on: mail sent there fails the way a server that is down does. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the dashboard', () => {
  let a: TestAssistant;
  let base: string;
  const bearer = { authorization: `Bearer ${TOKEN}` };

  beforeAll(async () => {
    a = await startTestAssistant({
      MAJORDOMO_API_TOKEN: TOKEN,
      MAJORDOMO_HTTP_PORT: '0',
      MAJORDOMO_MAX_RETRIES: '0',
      MAJORDOMO_OWNER_EMAIL: 'owner@example.com',
      MAJORDOMO_LATITUDE: '51.5',
      MAJORDOMO_LONGITUDE: '-0.12',
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
    });
    base = `http://127.0.0.1:${a.http!.port}`;
  });
  afterAll(async () => {
    await a?.dispose();
  });

  async function get(path: string, headers: Record<string, string> = bearer) {
    const response = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  async function post(path: string, form: Record<string, string>, headers: Record<string, string> = bearer) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    return { status: response.status, location: response.headers.get('location'), setCookie: response.headers.get('set-cookie'), text: await response.text() };
  }

  async function login(): Promise<{ cookie: string; csrf: string }> {
    const response = await post('/dashboard/login', { token: TOKEN, next: '/dashboard/questions' }, {});
    const cookie = response.setCookie!.split(';')[0]!;
    const page = await get('/dashboard/questions', { cookie });
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    return { cookie, csrf };
  }

  async function request(text: string, conversationId?: string): Promise<string> {
    const response = await fetch(`${base}/api/messages`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ text, ...(conversationId ? { conversationId } : {}) }) });
    const body = (await response.json()) as { requestId: string };
    expect(response.status).toBe(202);
    return body.requestId;
  }

  async function openQuestion(requestId: string): Promise<QuestionRecord> {
    for (let i = 0; i < 200; i++) {
      const [q] = await a.engine.api.questions({ requestId, status: ['open'] });
      if (q) return q;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`request ${requestId} asked nothing`);
  }

  it('answers 401 to every page and API without the token, with a wrong one, and with a forged session', async () => {
    const pages = ['/dashboard', '/dashboard/login', '/dashboard/requests', '/dashboard/requests/r-x', '/dashboard/requests/r-x/graph.svg', '/dashboard/questions', '/dashboard/agents', '/dashboard/scheduled', '/dashboard/history?q=x', '/dashboard/health', '/dashboard/queues', '/dashboard/queues/board', '/dashboard/events?view=requests', '/dashboard/nowhere', '/dashboard/assets/other.js'];
    const forms = ['/dashboard/logout', '/dashboard/questions/q/answer', '/dashboard/agents/g/stop', '/dashboard/scheduled/s/cancel'];
    const api: Array<[string, string]> = [['GET', '/api/requests'], ['GET', '/api/requests/r-x'], ['POST', '/api/messages'], ['GET', '/api/questions'], ['POST', '/api/questions/q/answer'], ['GET', '/api/conversations/c/messages'], ['GET', '/api/scheduled'], ['POST', '/api/scheduled/s/cancel'], ['GET', '/nowhere']];
    const strangers: Array<Record<string, string>> = [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${TOKEN}x` }, { cookie: 'majordomo_session=forged-session-id' }, { cookie: `majordomo_session=${TOKEN}` }];
    for (const headers of strangers) {
      const who = JSON.stringify(headers);
      for (const path of pages) expect((await get(path, headers)).status, `GET ${path} ${who}`).toBe(401);
      for (const path of forms) expect((await post(path, { _csrf: 'x', answer: 'yes' }, headers)).status, `POST ${path} ${who}`).toBe(401);
      for (const [method, path] of api) {
        const response = await fetch(`${base}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{"text":"hi","answer":"hi"}' } : {}) });
        expect(response.status, `${method} ${path} ${who}`).toBe(401);
      }
    }
    // A session opens the dashboard, not the API.
    const { cookie } = await login();
    expect((await fetch(`${base}/api/requests`, { headers: { cookie } })).status).toBe(401);
    expect((await get('/healthz', {})).status).toBe(200);
  });

  it('shows browsers the login form with the 401, and lets the pages load their two files', async () => {
    const refused = await get('/dashboard/agents', { accept: 'text/html' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/text\/html/);
    expect(refused.text).toContain('<form class="login" method="post" action="/dashboard/login">');
    expect(refused.text).toContain('name="next" value="/dashboard/agents"');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
    const json = await get('/dashboard/agents', {});
    expect(JSON.parse(json.text).error.code).toBe('MJ_ERR_UNAUTHORIZED');
    for (const file of ['dashboard.css', 'dashboard.js']) {
      const asset = await get(`/dashboard/assets/${file}`, {});
      expect(asset.status).toBe(200);
      expect(asset.text.length).toBeGreaterThan(500);
    }
  });

  it('logs in with the token into a secure session cookie; a wrong token is refused; logging out ends the session', async () => {
    const wrong = await post('/dashboard/login', { token: 'nope', next: '/dashboard/agents' }, {});
    expect(wrong.status).toBe(401);
    expect(wrong.setCookie).toBeNull();
    expect(wrong.text).toContain('That token is not right.');

    const ok = await post('/dashboard/login', { token: TOKEN, next: '/dashboard/agents' }, {});
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/dashboard/agents');
    expect(ok.setCookie).toMatch(/^majordomo_session=[\w-]{40,};/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/dashboard']) expect(ok.setCookie).toContain(attribute);
    const cookie = ok.setCookie!.split(';')[0]!;
    const agents = await get('/dashboard/agents', { cookie });
    expect(agents.status).toBe(200);
    expect(agents.text).toContain('<h1>Agents</h1>');

    const elsewhere = await post('/dashboard/login', { token: TOKEN, next: 'https://evil.example/' }, {});
    expect(elsewhere.location).toBe('/dashboard/requests');

    const csrf = /name="_csrf" value="([^"]+)"/.exec(agents.text)![1]!;
    const out = await post('/dashboard/logout', { _csrf: csrf }, { cookie });
    expect(out.status).toBe(303);
    expect(out.setCookie).toContain('Max-Age=0');
    expect((await get('/dashboard/agents', { cookie })).status).toBe(401);
  });

  it('refuses forms without the session token or from another site, and loses nothing', async () => {
    const id = await request('turn on the attic light', 'c-csrf');
    const q = await openQuestion(id);
    const { cookie, csrf } = await login();
    const path = `/dashboard/questions/${encodeURIComponent(q.id)}/answer`;
    expect((await post(path, { answer: 'the kitchen one' }, { cookie })).status).toBe(403);
    expect((await post(path, { answer: 'the kitchen one', _csrf: 'guess' }, { cookie })).status).toBe(403);
    expect((await post(path, { answer: 'the kitchen one', _csrf: csrf }, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(path, { answer: 'the kitchen one', _csrf: csrf }, { cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await a.engine.api.questions({ requestId: id }))[0]!.status).toBe('open');
    const later = await request('turn off the porch light in 1 hour', 'c-csrf-later');
    expect(await a.finished(later)).toBe('done');
    const [job] = (await a.engine.api.scheduled({ status: 'pending' })).filter((j) => j.requestId === later);
    const cancel = `/dashboard/scheduled/${encodeURIComponent(job!.id)}/cancel`;
    expect((await post(cancel, {}, { cookie })).status).toBe(403);
    expect((await post(cancel, { _csrf: csrf }, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await a.engine.api.scheduled({ status: 'pending' })).map((j) => j.id)).toContain(job!.id);

    const empty = await post(path, { answer: '   ', _csrf: csrf }, { cookie });
    expect(empty.status).toBe(422);
    expect(empty.text).toContain('An answer cannot be empty.');

    const answered = await post(path, { answer: 'the kitchen one', _csrf: csrf, back: `/dashboard/requests/${id}` }, { cookie, origin: base, 'sec-fetch-site': 'same-origin' });
    expect(answered.status).toBe(303);
    expect(answered.location).toBe(`/dashboard/requests/${id}?notice=answered`);
    expect(await a.finished(id)).toBe('done');
    const again = await post(path, { answer: 'the kitchen one', _csrf: csrf }, { cookie });
    expect(again.status).toBe(409);
    expect(again.text).toContain('The answer was not taken');
  });

  it('escapes what requesters write, on every page, in the picture and in live updates', async () => {
    const stream = await openEventStream(`${base}/dashboard/events?view=requests`, bearer);
    const id = await request(XSS);
    await a.finished(id);
    const update = await stream.until((e) => e.data.includes(id) && e.data.includes('data-status=\\"done\\"'));
    stream.close();
    const pages = [
      (await get('/dashboard/requests')).text,
      (await get(`/dashboard/requests/${id}`)).text,
      (await get(`/dashboard/history?q=${encodeURIComponent('owned')}`)).text,
      (await get(`/dashboard/requests/${id}/graph.svg`)).text,
      JSON.parse(update.data).items.map((i: { html?: string }) => i.html ?? '').join(''),
    ];
    for (const text of pages) {
      expect(text).not.toMatch(/<script>alert|<img src=x/);
      expect(text).toMatch(/&lt;script&gt;alert\(&quot;owned&quot;\)|&lt;img src=x onerror=alert\(1\)&gt;/);
    }
    expect(pages[2]).toContain(`href="/dashboard/requests/${id}"`);
  });

  it('keeps the request list and a request page current over server-sent events', async () => {
    const list = await openEventStream(`${base}/dashboard/events?view=requests`, bearer);
    expect(list.status).toBe(200);
    expect(list.contentType).toMatch(/^text\/event-stream/);
    await list.until((e) => e.event === 'region');
    const id = await request('set the office light to 30%');
    const detail = await openEventStream(`${base}/dashboard/events?view=request&id=${id}`, bearer);
    await a.finished(id);
    const row = await list.until((e) => e.data.includes(`data-key=\\"${id}\\" data-status=\\"done\\"`));
    expect(JSON.parse(row.data).region).toBe('requests');
    const page = await detail.until((e) => e.data.includes('data-request-status=\\"done\\"'));
    const items = JSON.parse(page.data).items as Array<{ key: string; html?: string }>;
    expect(items.map((i) => i.key)).toEqual(expect.arrayContaining(['head', 'report', 'graph', `group:${id}.g1`]));
    expect(items.find((i) => i.key === 'report')?.html).toContain('office light is at 30%');
    list.close();
    detail.close();
  });

  it('answers a question and stops a waiting agent from forms; the agent resumes or reports', async () => {
    const asked = await request('turn on the attic light', 'c-forms');
    const q = await openQuestion(asked);
    const questions = await get('/dashboard/questions');
    expect(questions.text).toContain(`data-question="${q.id}"`);
    expect(questions.text).toContain('attic');
    const answered = await post(`/dashboard/questions/${encodeURIComponent(q.id)}/answer`, { choice: 'skip' });
    expect(answered.status).toBe(303);
    expect(await a.finished(asked)).toBe('failed');

    const waiting = await request('turn on the attic light', 'c-stop');
    const w = await openQuestion(waiting);
    const agents = await get('/dashboard/agents');
    expect(agents.text).toContain(`data-group="${w.groupId}" data-status="waiting"`);
    const stopped = await post(`/dashboard/agents/${encodeURIComponent(w.groupId)}/stop`, { back: '/dashboard/agents' });
    expect(stopped.location).toBe('/dashboard/agents?notice=stopping');
    expect(await a.finished(waiting)).toBe('cancelled');
    const view = await a.engine.api.request(waiting);
    expect(view!.groups[0]!.status).toBe('terminated');
    expect(view!.reports).toHaveLength(1);
    const again = await post(`/dashboard/agents/${encodeURIComponent(w.groupId)}/stop`, {});
    expect(again.location).toBe('/dashboard/agents?notice=not-running');
    expect((await get('/dashboard/agents?notice=not-running')).text).toContain('That agent is no longer running.');
  });

  it('shows what is scheduled, everyone\'s, and cancels it from a form, a routine for good', async () => {
    const asked = await request('every morning at 7 turn on the kitchen lights', 'c-later');
    expect(await a.finished(asked)).toBe('done');
    const [job] = (await a.engine.api.scheduled({ status: 'pending' })).filter((j) => j.requestId === asked);
    expect(job).toMatchObject({ kind: 'routine', run: true, text: 'turn on the kitchen lights' });
    const page = await get('/dashboard/scheduled');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`data-scheduled="${job!.id}" data-kind="routine"`);
    expect(page.text).toContain('<code>0 7 * * *</code>');
    // One that follows the sun says so beside its days.
    const dusk = await request('every weekday 30 minutes before sunset turn on the porch light', 'c-later');
    expect(await a.finished(dusk)).toBe('done');
    expect((await get('/dashboard/scheduled')).text).toContain('<code>0 0 * * 1-5</code> every weekday 30 minutes before sunset');
    expect(page.text).toContain('aria-current="page">Scheduled');
    const cancelled = await post(`/dashboard/scheduled/${encodeURIComponent(job!.id)}/cancel`, { back: '/dashboard/scheduled' });
    expect(cancelled.location).toBe('/dashboard/scheduled?notice=cancelled');
    expect((await a.engine.api.scheduled({ status: 'cancelled' })).map((j) => j.id)).toContain(job!.id);
    expect((await get('/dashboard/scheduled')).text).not.toContain(`data-scheduled="${job!.id}"`);
    const again = await post(`/dashboard/scheduled/${encodeURIComponent(job!.id)}/cancel`, {});
    expect(again.location).toBe('/dashboard/scheduled?notice=not-pending');
    expect((await get('/dashboard/scheduled?notice=not-pending')).text).toContain('That was no longer scheduled.');
  });

  it('shows the health of each channel and service with its last error', async () => {
    const id = await request('email me that the heating is on');
    await openQuestion(id);
    const health = await a.engine.api.health();
    const email = health.find((c) => c.name === 'email')!;
    expect(email).toMatchObject({ kind: 'channel', state: 'up' });
    expect(email.lastError?.message).toMatch(/ECONNREFUSED|connect/i);
    expect(health.find((c) => c.name === 'discord')).toMatchObject({ state: 'off', detail: 'not configured: set DISCORD_TOKEN' });
    expect(health.find((c) => c.name === 'lights')).toMatchObject({ state: 'up' });
    expect(health.find((c) => c.name === 'lights')!.lastError).toBeUndefined();
    expect(health.find((c) => c.kind === 'dispatcher')).toMatchObject({ name: 'in-process', state: 'up' });
    const page = await get('/dashboard/health');
    expect(page.text).toMatch(/data-component="email" data-state="up">[\s\S]*?ECONNREFUSED|data-component="email" data-state="up">[\s\S]*?connect/i);
    expect(page.text).toContain(`listening on 127.0.0.1:${a.http!.port}; also serves /dashboard`);
    await a.engine.api.answer((await openQuestion(id)).id, 'stop');
    await a.finished(id);
  });

  it('searches the history by the words of requests and reports, and shows the queue of the in-process dispatcher', async () => {
    const id = await request('set the bedroom light to 15%');
    await a.finished(id);
    const found = await get('/dashboard/history?q=bedroom+15%25');
    expect(found.text).toContain(`data-key="${id}"`);
    const byReport = await get(`/dashboard/history?q=${encodeURIComponent('bedroom light is at 15%')}&status=done`);
    expect(byReport.text).toContain(`data-key="${id}"`);
    const none = await get('/dashboard/history?q=zeppelin');
    expect(none.text).toContain('No request matches.');
    expect((await get('/dashboard/history?status=sideways')).status).toBe(400);
    const queues = await get('/dashboard/queues');
    expect(queues.text).toContain('Dispatcher: in-process');
    expect(queues.text).toContain('Groups run in this process');
    expect((await get('/dashboard/queues/board')).status).toBe(404);
  });

  it('takes no more routes once the server listens', () => {
    expect(() => a.http!.mount({ prefix: '/more', plugin: async () => {}, authenticate: () => false })).toThrow(/has started/);
  });
});

describe('the HTTP server with the dashboard', () => {
  it('serves no dashboard when it is turned off; the API stays', async () => {
    const a = await startTestAssistant({ MAJORDOMO_API_TOKEN: TOKEN, MAJORDOMO_HTTP_PORT: '0', MAJORDOMO_DASHBOARD: 'false' });
    try {
      const base = `http://127.0.0.1:${a.http!.port}`;
      const headers = { authorization: `Bearer ${TOKEN}` };
      expect((await fetch(`${base}/dashboard/requests`, { headers })).status).toBe(404);
      expect((await fetch(`${base}/dashboard/requests`)).status).toBe(401);
      expect((await fetch(`${base}/api/requests`, { headers })).status).toBe(200);
    } finally {
      await a.dispose();
    }
  });

  it('stops with live streams open, streams dropped by the browser, and connections opened ahead and never used', async () => {
    const a = await startTestAssistant({ MAJORDOMO_API_TOKEN: TOKEN, MAJORDOMO_HTTP_PORT: '0' });
    try {
      const base = `http://127.0.0.1:${a.http!.port}`;
      const headers = { authorization: `Bearer ${TOKEN}` };
      const dropped = await openEventStream(`${base}/dashboard/events?view=requests`, headers);
      await dropped.until((e) => e.event === 'region');
      dropped.close();
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const open = await openEventStream(`${base}/dashboard/events?view=agents`, headers);
      await open.until((e) => e.event === 'region');
      const unused = connect(a.http!.port!, '127.0.0.1');
      await new Promise((resolve) => unused.once('connect', resolve));
      const unusedClosed = new Promise((resolve) => unused.once('close', resolve));
      await a.http!.stop();
      await unusedClosed;
      expect(a.http!.listening()).toBe(false);
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      await a.dispose();
    }
  });
});
