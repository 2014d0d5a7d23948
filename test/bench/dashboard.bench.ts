import { performance } from 'node:perf_hooks';
import { startTestAssistant } from '../support/assistant.js';
import { openEventStream, type EventStream } from '../support/sse.js';
import { BENCH_REQUESTS } from './requests.js';
import { ms, summarize } from './stats.js';

const TOKEN = 'bench-dashboard-token-0123456789';

/**
 * The dashboard: how long its pages take to render with a history behind them, and how long
 * after a request finishes every open live list shows it done.
 */
export async function benchDashboard(history: number, live: number, clients: number): Promise<void> {
  const a = await startTestAssistant({ MAJORDOMO_API_TOKEN: TOKEN, MAJORDOMO_HTTP_PORT: '0', MAJORDOMO_LOG_LEVEL: 'error' });
  const base = `http://127.0.0.1:${a.http!.port}`;
  const headers = { authorization: `Bearer ${TOKEN}` };
  const finishedAt = new Map<string, number>();
  a.engine.events.on('request.finished', (e) => finishedAt.set(e.requestId, performance.now()));
  const send = async (text: string): Promise<string> => {
    const response = await fetch(`${base}/api/messages`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
    return ((await response.json()) as { requestId: string }).requestId;
  };
  const streams: EventStream[] = [];
  try {
    let last = '';
    for (let i = 0; i < history; i++) last = await send(BENCH_REQUESTS[i % BENCH_REQUESTS.length]!);
    await a.finished(last, 60_000);

    for (const [label, path] of [
      ['requests list (50 newest)', '/dashboard/requests'],
      ['a request with its graph and timeline', `/dashboard/requests/${last}`],
      ['history search', '/dashboard/history?q=light'],
    ] as const) {
      const samples: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now();
        const response = await fetch(`${base}${path}`, { headers });
        await response.text();
        samples.push(performance.now() - t0);
      }
      const s = summarize(samples);
      console.log(`dashboard page: ${label}, ${history} requests stored (${s.n} loads)`);
      console.log(`  median ${ms(s.median)}   p99 ${ms(s.p99)}   max ${ms(s.max)}`);
    }

    for (let i = 0; i < clients; i++) {
      const stream = await openEventStream(`${base}/dashboard/events?view=requests`, headers);
      await stream.until((e) => e.event === 'region');
      streams.push(stream);
    }
    const lags: number[] = [];
    for (let i = 0; i < live; i++) {
      const id = await send(BENCH_REQUESTS[i % BENCH_REQUESTS.length]!);
      const done = `data-key=\\"${id}\\" data-status=\\"`;
      await Promise.all(
        streams.map(async (stream) => {
          await stream.until((e) => e.data.includes(done) && !e.data.includes(`${done}running`) && !e.data.includes(`${done}waiting`), 30_000);
          lags.push(performance.now() - finishedAt.get(id)!);
        }),
      );
    }
    const s = summarize(lags);
    console.log(`dashboard live list: request finished → shown done on each of ${clients} open pages (${live} requests)`);
    console.log(`  median ${ms(s.median)}   p99 ${ms(s.p99)}   max ${ms(s.max)}`);
  } finally {
    for (const stream of streams) stream.close();
    await a.dispose();
  }
}
