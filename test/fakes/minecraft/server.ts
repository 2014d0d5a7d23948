import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { OPTIONS_VARIABLE, type ControlReply, type ControlRequest, type InventoryItem, type ServerEvent, type ServerProcessOptions } from './ipc.js';

/**
 * A real Minecraft server for tests: flying-squid in a child process (see
 * server-process.ts), controlled over IPC.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = resolve(import.meta.dirname, 'server-process.ts');

/** Minecraft versions that mineflayer 4.25 and the test server agree on. */
export type MinecraftTestVersion = '1.21.4' | '1.21.1';

export interface MinecraftServerOptions {
  /** Default 1.21.4; 1.21.1 is the fallback. */
  version?: MinecraftTestVersion;
  /** Chunks sent around a player (default 4: the prepared features are within 16 blocks). */
  viewDistance?: number;
  /** How long start-up may take before it counts as failed (default 30 s). */
  startTimeoutMs?: number;
}

/** The server failed to start, died, or refused a control request. */
export class MinecraftServerError extends Error {
  constructor(
    readonly code: 'MC_SERVER_START' | 'MC_SERVER_EXITED' | 'MC_SERVER_CONTROL',
    message: string,
  ) {
    super(message);
    this.name = 'MinecraftServerError';
  }
}

export interface MinecraftTestServer {
  readonly host: string;
  readonly port: number;
  readonly version: MinecraftTestVersion;
  /** The server's process id. */
  readonly pid: number;
  /** How long start-up took, until the server accepted connections. */
  readonly startupMs: number;
  /** Runs a command as the console (`/give bob oak_log 3`, `/op alice`, `/tp bob 1 5 1`); resolves with its output. */
  command(line: string): Promise<string | null>;
  /** A player's inventory as the server holds it. */
  inventory(player: string): Promise<InventoryItem[]>;
  /** How many of an item a player holds, server-side. */
  count(player: string, item: string): Promise<number>;
  setBlock(x: number, y: number, z: number, block: string): Promise<void>;
  blockAt(x: number, y: number, z: number): Promise<string>;
  kick(player: string, reason?: string): Promise<void>;
  /** The names of the players online. */
  players(): Promise<string[]>;
  /** Everything the server process printed (for failure messages). */
  output(): string;
  /** Kicks everyone and ends the process; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts the test server on a free port; rejects with what the server printed if it cannot. */
export async function startMinecraftServer(options: MinecraftServerOptions = {}): Promise<MinecraftTestServer> {
  const processOptions: ServerProcessOptions = { version: options.version ?? '1.21.4', viewDistance: options.viewDistance ?? 4 };
  const started = Date.now();
  const child = fork(SCRIPT, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [OPTIONS_VARIABLE]: JSON.stringify(processOptions) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );

  let ready: { port: number };
  try {
    ready = await waitForStart(child, exited, options.startTimeoutMs ?? 30_000, () => output);
  } catch (error) {
    await kill(child, exited);
    throw error;
  }
  const startupMs = Date.now() - started;
  const controls = new Controls(child, exited, () => output);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await controls.call({ op: 'stop' }).catch(() => undefined);
      await kill(child, exited);
    }
  };

  return {
    host: '127.0.0.1',
    port: ready.port,
    version: processOptions.version as MinecraftTestVersion,
    pid: child.pid!,
    startupMs,
    command: (line) => controls.call({ op: 'command', line }) as Promise<string | null>,
    inventory: (player) => controls.call({ op: 'inventory', player }) as Promise<InventoryItem[]>,
    async count(player, item) {
      const items = (await controls.call({ op: 'inventory', player })) as InventoryItem[];
      return items.filter((i) => i.name === item).reduce((sum, i) => sum + i.count, 0);
    },
    setBlock: async (x, y, z, block) => void (await controls.call({ op: 'setBlock', x, y, z, block })),
    blockAt: (x, y, z) => controls.call({ op: 'blockAt', x, y, z }) as Promise<string>,
    kick: async (player, reason = 'Kicked by a test') => void (await controls.call({ op: 'kick', player, reason })),
    players: () => controls.call({ op: 'players' }) as Promise<string[]>,
    output: () => output,
    stop,
  };
}

function waitForStart(
  child: ChildProcess,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  timeoutMs: number,
  output: () => string,
): Promise<{ port: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new MinecraftServerError('MC_SERVER_START', `the Minecraft test server did not start within ${timeoutMs} ms; it printed:\n${output()}`)),
      timeoutMs,
    );
    child.on('message', (message: ServerEvent) => {
      if (!('event' in message)) return;
      clearTimeout(timer);
      if (message.event === 'ready') resolve({ port: message.port });
      else reject(new MinecraftServerError('MC_SERVER_START', `the Minecraft test server failed to start: ${message.message}\n${output()}`));
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new MinecraftServerError('MC_SERVER_START', `the Minecraft test server exited during start-up (code ${code}, signal ${signal}); it printed:\n${output()}`));
    });
  });
}

class Controls {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(
    private readonly child: ChildProcess,
    exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
    private readonly output: () => string,
  ) {
    child.on('message', (message: ControlReply | ServerEvent) => {
      if (!('id' in message)) return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new MinecraftServerError('MC_SERVER_CONTROL', message.message));
    });
    void exited.then(({ code, signal }) => {
      for (const waiting of this.pending.values()) {
        waiting.reject(new MinecraftServerError('MC_SERVER_EXITED', `the Minecraft test server exited (code ${code}, signal ${signal}); it printed:\n${this.output()}`));
      }
      this.pending.clear();
    });
  }

  call(request: DistributiveOmit<ControlRequest, 'id'>): Promise<unknown> {
    if (!this.child.connected) {
      return Promise.reject(new MinecraftServerError('MC_SERVER_EXITED', `the Minecraft test server is not running; it printed:\n${this.output()}`));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...request, id } as ControlRequest);
    });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

async function kill(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const forced = setTimeout(() => child.kill('SIGKILL'), 3_000);
  if (child.connected) child.disconnect();
  else child.kill('SIGTERM');
  await exited;
  clearTimeout(forced);
}
