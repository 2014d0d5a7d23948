import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';

const TOKEN = 'test-token-0123456789';

describe('the HTTP API', () => {
  let a: TestAssistant;
  let base: string;

  beforeAll(async () => {
    a = await startTestAssistant({ MAJORDOMO_API_TOKEN: TOKEN, MAJORDOMO_HTTP_PORT: '0' });
    base = `http://127.0.0.1:${a.http!.port}`;
  });
  afterAll(async () => {
    await a.dispose();
  });

  async function call(method: string, path: string, body?: unknown, token: string | null = TOKEN) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  /** Sends raw bytes, for bodies fetch would not send as they are. */
  function raw(path: string, bytes: Buffer): Promise<{ status: number; body: Record<string, any> }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'content-length': bytes.length } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as Record<string, any> }));
      });
      req.on('error', reject);
      req.end(bytes);
    });
  }

  it('answers 401 to every route without the token, or with a wrong one', async () => {
    for (const [method, path] of [
      ['GET', '/api/requests'],
      ['GET', '/api/requests/r-x'],
      ['POST', '/api/messages'],
      ['GET', '/api/questions'],
      ['POST', '/api/questions/q/answer'],
      ['GET', '/api/conversations/c/messages'],
      ['GET', '/api/scheduled'],
      ['POST', '/api/scheduled/x/cancel'],
      ['GET', '/nowhere'],
    ] as const) {
      expect((await call(method, path, method === 'POST' ? { text: 'hi' } : undefined, null)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, method === 'POST' ? { text: 'hi' } : undefined, 'wrong')).status, `${method} ${path}`).toBe(401);
    }
    expect((await call('GET', '/healthz', undefined, null)).status).toBe(200);
  });

  it('lists what is scheduled, everyone\'s, and cancels one for good', async () => {
    const sent = await call('POST', '/api/messages', { text: 'remind me every day at 7am to stretch' });
    expect(sent.status).toBe(202);
    const pending = async () => (await call('GET', '/api/scheduled')).body['scheduled'] as Array<Record<string, any>>;
    let routine: Record<string, any> | undefined;
    for (let i = 0; i < 100 && !routine; i++) {
      routine = (await pending()).find((j) => j['text'] === 'stretch');
      if (!routine) await new Promise((r) => setTimeout(r, 50));
    }
    expect(routine).toMatchObject({ kind: 'routine', status: 'pending', repeat: { cron: '0 7 * * *', timeZone: 'UTC' }, deliverTo: { channel: 'http' } });
    expect(new Date(routine!['at']).getUTCHours()).toBe(7);

    expect((await call('POST', `/api/scheduled/${encodeURIComponent(routine!['id'])}/cancel`, {})).status).toBe(200);
    expect((await pending()).find((j) => j['id'] === routine!['id'])).toBeUndefined();
    const cancelled = (await call('GET', '/api/scheduled?status=cancelled')).body['scheduled'] as Array<Record<string, any>>;
    expect(cancelled.find((j) => j['id'] === routine!['id'])).toMatchObject({ status: 'cancelled' });
    // Nothing pending by that id any more, nor by one never scheduled.
    expect((await call('POST', `/api/scheduled/${encodeURIComponent(routine!['id'])}/cancel`, {})).status).toBe(404);
    expect((await call('POST', '/api/scheduled/nothing-such/cancel', {})).status).toBe(404);
    expect((await call('GET', '/api/scheduled?status=late')).status).toBe(400);
  });

  it('cancels with a timer what was to happen when it is up', async () => {
    const scheduled = async () => ((await call('GET', '/api/scheduled')).body['scheduled'] as Array<Record<string, any>>).filter((j) => j['deliverTo']['conversationId'] === 'eggs');
    const until = async (n: number) => {
      for (let i = 0; i < 100 && (await scheduled()).length < n; i++) await new Promise((r) => setTimeout(r, 50));
      return await scheduled();
    };
    expect((await call('POST', '/api/messages', { text: 'set an egg timer for 5 minutes', conversationId: 'eggs' })).status).toBe(202);
    const [timer] = await until(1);
    expect((await call('POST', '/api/messages', { text: 'when the egg timer goes off, turn off the porch light', conversationId: 'eggs' })).status).toBe(202);
    expect((await until(2)).map((j) => j['text']).sort()).toEqual(['5-minute timer for egg is up', 'turn off the porch light']);
    expect((await call('POST', `/api/scheduled/${encodeURIComponent(timer!['id'])}/cancel`, {})).status).toBe(200);
    expect(await scheduled()).toEqual([]);
  });

  it('takes a request, and shows its status, plan and report', async () => {
    const sent = await call('POST', '/api/messages', { text: 'set the office light to 40%' });
    expect(sent.status).toBe(202);
    expect(sent.body['kind']).toBe('request');
    const id = sent.body['requestId'] as string;
    await a.finished(id);
    const got = await call('GET', `/api/requests/${id}`);
    expect(got.status).toBe(200);
    expect(got.body['status']).toBe('done');
    const action = got.body['groups'][0].actions[0];
    expect(action.action.decision).toMatchObject({ target: 'lights.set_brightness', args: { location: 'office', percent: 40 } });
    expect(action.attempts[0].result).toMatchObject({ ok: true });
    expect(got.body['reports']).toHaveLength(1);
    expect(got.body['summary']).toMatch(/office light is at 40%/);
    expect(got.body['messages'].map((m: { kind: string }) => m.kind)).toContain('reply');
    const list = await call('GET', '/api/requests?status=done');
    expect(list.body['requests'].map((r: { id: string }) => r.id)).toContain(id);
  });

  it('asks over the API when nothing fits, and resumes with the answer sent to the same conversation', async () => {
    const sent = await call('POST', '/api/messages', { text: 'turn on the attic light', conversationId: 'c-attic' });
    const id = sent.body['requestId'] as string;
    let question: Record<string, any> | undefined;
    for (let i = 0; i < 100 && !question; i++) {
      const open = await call('GET', '/api/questions?status=open');
      question = open.body['questions'].find((q: { requestId: string }) => q.requestId === id);
      if (!question) await new Promise((r) => setTimeout(r, 50));
    }
    expect(question?.['reason']).toBe('no-target');
    expect(question?.['text']).toMatch(/attic/);
    const answered = await call('POST', '/api/messages', { text: 'the kitchen one', conversationId: 'c-attic' });
    expect(answered.body).toMatchObject({ kind: 'answer', requestId: id });
    expect(await a.finished(id)).toBe('done');
    const got = await call('GET', `/api/requests/${id}`);
    const records = got.body['groups'][0].actions as Array<{ status: string; action: { decision: { target?: string; args?: unknown } } }>;
    const done = records.find((r) => r.status === 'done');
    expect(done?.action.decision).toMatchObject({ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: true } });
  });

  it('refuses bad input with a clear error and keeps working', async () => {
    const notJson = await call('POST', '/api/messages', '{"text": ');
    expect(notJson.status).toBe(400);
    expect(notJson.body['error'].message).toMatch(/JSON/i);
    const noText = await call('POST', '/api/messages', { words: 'x' });
    expect(noText.status).toBe(400);
    expect(noText.body['error'].message).toMatch(/text/);
    const empty = await call('POST', '/api/messages', { text: ' \u0000\u0007 ' });
    expect(empty.status).toBe(422);
    expect(empty.body['error'].message).toMatch(/empty/);
    const huge = await call('POST', '/api/messages', { text: 'turn on the light '.repeat(6000) });
    expect([413, 422]).toContain(huge.status);
    expect(huge.body['error'].message).toMatch(/limit|large/i);
    const missing = await call('GET', '/api/requests/r-none');
    expect(missing.status).toBe(404);

    // Control characters are dropped, invalid UTF-8 becomes U+FFFD: the request still goes through.
    const control = await call('POST', '/api/messages', { text: 'turn \u0001on the\u001b bathroom light' });
    expect(control.status).toBe(202);
    expect(await a.finished(control.body['requestId'])).toBe('done');
    const bytes = Buffer.concat([Buffer.from('{"text":"turn off the bathroom light '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
    const invalid = await raw('/api/messages', bytes);
    expect(invalid.status).toBe(202);
    expect(await a.finished(invalid.body['requestId'])).toBe('done');

    const still = await call('POST', '/api/messages', { text: 'toggle the porch light' });
    expect(still.status).toBe(202);
  });
});
