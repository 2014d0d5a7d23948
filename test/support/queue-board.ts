import type { ConnectionOptions } from 'bullmq';
import { createDashboard } from '../../apps/dashboard/index.js';
import { createHttp, type HttpChannel } from '../../channels/http/index.js';
import type { Dispatcher } from '../../core/dispatch/dispatcher.js';
import { createEmbeddedScheduler } from '../../core/scheduler/embedded.js';
import { silentLogger } from '../../core/util/logger.js';
import type { TestAssistant } from './assistant.js';

/** The local Redis the tests share (`REDIS_URL`, else 127.0.0.1:6379); use a fresh key prefix. */
export function redisConnection(): ConnectionOptions {
  const url = new URL(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
  return { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
}

/** A dispatcher in the shape of the distributed one: it hands out its BullMQ queues. */
export function queueDispatcher(queues: unknown[]): Dispatcher & { queues(): unknown[] } {
  return {
    name: 'bullmq-test',
    start: async () => {},
    enqueue: async () => {},
    cancel: async () => false,
    stats: async () => ({ queued: 0, running: 0 }),
    stop: async () => {},
    queues: () => queues,
  };
}

/**
 * An HTTP channel on a free port serving the dashboard of `assistant`, with `queues` as its
 * dispatcher's BullMQ queues: the board as distributed mode shows it.
 */
export async function startQueueBoard(assistant: TestAssistant, token: string, queues: unknown[]): Promise<{ http: HttpChannel; base: string }> {
  const http = createHttp({ port: 0, host: '127.0.0.1', token }, 4000);
  http.mount(
    createDashboard({ api: assistant.engine.api, events: assistant.engine.events, dispatcher: queueDispatcher(queues), token, timeZone: 'UTC', sessionTtlMs: 3_600_000, logger: silentLogger }),
  );
  await http.start({
    logger: silentLogger,
    dataDir: assistant.dataDir,
    state: assistant.store.pluginState('http-board-test'),
    scheduler: createEmbeddedScheduler({ store: assistant.store.scheduled, logger: silentLogger }),
    onMessage: assistant.engine.gateway.handle,
    api: assistant.engine.api,
  });
  return { http, base: `http://127.0.0.1:${http.port}` };
}
