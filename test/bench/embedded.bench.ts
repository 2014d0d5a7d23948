import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { createConsole } from '../../channels/console/index.js';
import { loadConfig } from '../../core/config/load.js';
import type { RequestStatus } from '../../core/events.js';
import { createAssistant } from '../../apps/majordomo/assistant.js';
import { envSections } from '../../apps/majordomo/plugins.js';
import { tempDir } from '../support/cli.js';
import { BENCH_REQUESTS } from './requests.js';
import { ms, summarize } from './stats.js';

/**
 * Embedded mode, simulated services: the time from a message arriving to the requester being
 * told what happened, one request at a time; then how many requests per second when many
 * arrive at once.
 */
export async function benchEmbedded(sequential: number, burst: number): Promise<void> {
  const dir = await tempDir('majordomo-bench-');
  const sink = new PassThrough();
  sink.resume();
  const config = loadConfig({ MAJORDOMO_DATA_DIR: dir.path, MAJORDOMO_TIMEZONE: 'UTC', MAJORDOMO_LOG_LEVEL: 'warn' }, envSections());
  const terminal = createConsole({ input: new PassThrough(), output: sink, interactive: false });
  const assistant = await createAssistant(config, { overrides: { console: terminal } });
  const { engine } = assistant;
  await engine.start();

  const waiters = new Map<string, (status: RequestStatus) => void>();
  const finished = new Map<string, RequestStatus>();
  engine.events.on('request.finished', (e) => {
    finished.set(e.requestId, e.status);
    waiters.get(e.requestId)?.(e.status);
  });
  const statuses = new Map<RequestStatus, number>();
  async function one(text: string): Promise<number> {
    const t0 = performance.now();
    const outcome = await terminal.submit(text);
    if (outcome.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(outcome)}`);
    const status = finished.get(outcome.requestId) ?? (await new Promise<RequestStatus>((resolve) => waiters.set(outcome.requestId, resolve)));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    return performance.now() - t0;
  }

  try {
    for (const text of BENCH_REQUESTS) await one(text);
    statuses.clear();
    const samples: number[] = [];
    for (let i = 0; i < sequential; i++) samples.push(await one(BENCH_REQUESTS[i % BENCH_REQUESTS.length]!));
    const s = summarize(samples);
    console.log(`request → report, embedded, simulated services, one at a time (${s.n} requests)`);
    console.log(`  median ${ms(s.median)}   p99 ${ms(s.p99)}   max ${ms(s.max)}`);

    statuses.clear();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: burst }, (_, i) => one(BENCH_REQUESTS[i % BENCH_REQUESTS.length]!)));
    const seconds = (performance.now() - t0) / 1000;
    const { running, queued } = await engine.dispatcher.stats();
    console.log(`throughput, ${burst} requests arriving at once, ${config.core.MAJORDOMO_CONCURRENCY} groups at a time`);
    console.log(`  ${(burst / seconds).toFixed(0)} requests/s (${seconds.toFixed(2)} s in all; left running ${running}, queued ${queued})`);
    console.log(`  outcomes: ${[...statuses].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  } finally {
    await assistant.close();
    await dir.cleanup();
  }
}
