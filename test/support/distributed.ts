import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { redisOptions } from '../../core/util/redis.js';
import { startCli, testEnv, type Cli } from './cli.js';

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A redis-server of a test's own (port, directory, append-only file), to stop and start at will. */
export interface OwnRedis {
  url: string;
  /** Starts it (again) on the same port and directory; resolves once it answers. */
  start(): Promise<void>;
  /** Stops it with `signal` and waits for it to be gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function ownRedis(dir: string): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const own: OwnRedis = {
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''], { stdio: 'ignore' });
      const probe = new Redis({ ...redisOptions(url), lazyConnect: true, retryStrategy: () => 50 });
      probe.on('error', () => {});
      const deadline = Date.now() + 15_000;
      for (;;) {
        try {
          await probe.connect().catch(() => {});
          if ((await probe.ping()) === 'PONG') break;
        } catch {
          // not up yet
        }
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer`);
        await new Promise((r) => setTimeout(r, 50));
      }
      probe.disconnect();
    },
    async stop(signal = 'SIGTERM') {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      const gone = new Promise((resolve) => c.once('exit', resolve));
      c.kill(signal);
      await gone;
    },
  };
  await own.start();
  return own;
}

/** The HTTP API of a running `majordomo start`. */
export class Api {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  async send(text: string): Promise<string> {
    const response = await fetch(`${this.base}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    const body = (await response.json()) as { requestId?: string };
    if (response.status !== 202 || !body.requestId) throw new Error(`request "${text}" not accepted: ${response.status} ${JSON.stringify(body)}`);
    return body.requestId;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async request(id: string): Promise<Record<string, any>> {
    const response = await fetch(`${this.base}/api/requests/${id}`, { headers: { authorization: `Bearer ${this.token}` } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (await response.json()) as Record<string, any>;
  }

  /** Resolves with every request's view once none of them runs or waits any more. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async allFinished(ids: readonly string[], timeoutMs: number): Promise<Array<Record<string, any>>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const views = [];
      for (const id of ids) views.push(await this.request(id));
      const open = views.filter((v) => v['status'] === 'running' || v['status'] === 'waiting');
      if (open.length === 0) return views;
      if (Date.now() > deadline) throw new Error(`${open.length} of ${ids.length} requests never finished, e.g. ${JSON.stringify(open[0]).slice(0, 2000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Starts `majordomo start` as the gateway and supervisor; resolves once its HTTP API answers. */
export async function startGateway(env: Record<string, string>, token: string): Promise<{ cli: Cli; api: Api }> {
  const cli = startCli(['start'], testEnv({ MAJORDOMO_CONSOLE: 'false', MAJORDOMO_API_TOKEN: token, MAJORDOMO_HTTP_PORT: '0', ...env }));
  const [, base] = (await cli.waitFor(/HTTP API on (http:\/\/\S+)/, 90_000)) as RegExpMatchArray;
  return { cli, api: new Api(base!, token) };
}

/**
 * A gateway that leaves every agent to `majordomo worker` processes, with a watch on its
 * groups queue (`env` names the Redis and the prefix). `cleanups` gets what stops both; the
 * gateway is stopped with `signal`.
 */
export async function gatewayForWorkers(env: Record<string, string>, token: string, cleanups: Array<() => Promise<unknown>>, signal: NodeJS.Signals = 'SIGTERM') {
  const gateway = await startGateway({ ...env, MAJORDOMO_LOCAL_WORKER: 'false' }, token);
  cleanups.push(async () => {
    gateway.cli.child.kill(signal);
    await gateway.cli.exited;
  });
  const watch = await watchGroups(env['REDIS_URL']!, env['MAJORDOMO_QUEUE_PREFIX']!);
  cleanups.push(() => watch.close());
  return { ...gateway, watch };
}

/** Starts `majordomo worker`; resolves once it takes groups. */
export async function startWorkerProcess(env: Record<string, string>): Promise<Cli> {
  const cli = startCli(['worker'], testEnv(env));
  await cli.waitFor(/worker on /, 90_000);
  return cli;
}

/** Counts of the groups queue, and the groups taken over from a dead worker, seen from the test. */
export async function watchGroups(url: string, prefix: string): Promise<{ counts(): Promise<Record<string, number>>; stalled(): number; close(): Promise<void> }> {
  const connection = redisOptions(url);
  const queue = new Queue('groups', { connection, prefix });
  const events = new QueueEvents('groups', { connection, prefix });
  let stalled = 0;
  events.on('stalled', () => stalled++);
  await events.waitUntilReady();
  return {
    counts: () => queue.getJobCounts('waiting', 'active', 'delayed'),
    stalled: () => stalled,
    async close() {
      await events.close();
      await queue.close();
    },
  };
}

/** The simulated home's lights, as stored in Redis: how many changes each light had. */
export async function lightChanges(url: string, prefix: string): Promise<number> {
  const redis = new Redis(redisOptions(url));
  try {
    const all = await redis.hgetall(`${prefix}:state:lights`);
    return Object.values(all).reduce((n, raw) => n + ((JSON.parse(raw) as { changes?: number }).changes ?? 0), 0);
  } finally {
    await redis.quit();
  }
}

/** How many actions of finished requests called `target` (a prefix such as "lights."). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function plannedCalls(views: ReadonlyArray<Record<string, any>>, target: string): number {
  let n = 0;
  for (const v of views) {
    for (const g of v['plan']['groups'] as Array<{ actions: Array<{ decision: { kind: string; target?: string } }> }>) {
      n += g.actions.filter((a) => a.decision.kind === 'call' && a.decision.target!.startsWith(target)).length;
    }
  }
  return n;
}
