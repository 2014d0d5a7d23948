import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/cli.js';
import { eventually } from '../../support/eventually.js';
import { connectBot } from './bot.js';
import { MinecraftServerError, startMinecraftServer, type MinecraftTestServer } from './index.js';

const run = promisify(execFile);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('starting and stopping the Minecraft test server', () => {
  const started: MinecraftTestServer[] = [];
  afterEach(async () => {
    for (const server of started.splice(0)) await server.stop();
  });

  it('refuses a version it cannot serve, saying which and why', async () => {
    const failure = await startMinecraftServer({ version: '1.99.9' as never }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MinecraftServerError);
    expect((failure as MinecraftServerError).code).toBe('MC_SERVER_START');
    expect((failure as Error).message).toMatch(/1\.99\.9/);
  });

  it('serves 1.21.1 as well, and leaves no process behind once stopped', async () => {
    const server = await startMinecraftServer({ version: '1.21.1' });
    started.push(server);
    expect(server.port).toBeGreaterThan(0);
    expect(alive(server.pid)).toBe(true);
    const bot = await connectBot(server, 'carol');
    expect(bot.version).toBe('1.21.1');
    const heard = new Promise<string>((resolve) => bot.on('whisper', (_from, message) => resolve(message)));
    await server.command('/tell carol still here');
    expect(await heard).toBe('still here');
    const ended = new Promise((resolve) => bot.once('end', resolve));
    await server.stop();
    await ended;
    expect(alive(server.pid)).toBe(false);
    await expect(server.players()).rejects.toMatchObject({ code: 'MC_SERVER_EXITED' });
  });

  it('ends the server process when the process that started it is gone', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'test/fixtures/minecraft-abandoned-server.ts')], { cwd: ROOT });
    const pid = Number(stdout.trim());
    expect(pid).toBeGreaterThan(0);
    await eventually(() => !alive(pid), 'the abandoned server process gone', 10_000, 100);
  });
});
