import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/** A redis-server of a test's own: its own port and directory, so that it can be stopped and started again. */
export interface RedisInstance {
  readonly port: number;
  readonly url: string;
  /** Starts it (again), with AOF persistence in its directory; resolves once it answers. */
  start(): Promise<void>;
  /** Stops it as a clean shutdown does: the AOF is written out first. */
  stop(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A redis-server with `--appendonly yes` on a free port, in a temp dir; never the shared one. */
export async function redisInstance(): Promise<RedisInstance> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mj-redis-'));
  let child: ChildProcess | undefined;

  const instance: RedisInstance = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''], {
        stdio: 'ignore',
      });
      child = started;
      const exited = new Promise<never>((_, reject) => started.once('exit', (code) => reject(new Error(`redis-server exited with ${code} at start`))));
      exited.catch(() => {});
      for (let i = 0; i < 200; i++) {
        if (await answers(port)) return;
        await Promise.race([new Promise((r) => setTimeout(r, 25)), exited]);
      }
      throw new Error(`redis-server on port ${port} did not answer`);
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = undefined;
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await gone;
    },
    async dispose() {
      await instance.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return instance;
}
