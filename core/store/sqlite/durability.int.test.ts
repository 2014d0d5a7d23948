import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite-store.js';

const dir = mkdtempSync(join(tmpdir(), 'mj-sqlite-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const root = fileURLToPath(new URL('../../../', import.meta.url));
const writer = join(root, 'test/fixtures/store-crash-writer.ts');

/** Runs the writer until it has reported `saves` saves, then SIGKILLs it. Returns the last reported save. */
async function killAfter(path: string, saves: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, path], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let last = -1;
  let buffered = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const n = Number(/^saved (\d+)$/.exec(line)?.[1] ?? Number.NaN);
      if (!Number.isNaN(n)) last = n;
    }
    // Killed in the middle of its loop: most likely between a save's commit and the next one.
    if (last >= saves) child.kill('SIGKILL');
  });
  const signal = await exited;
  if (signal !== 'SIGKILL') throw new Error(`the writer stopped on its own (signal ${signal}): ${stderr}`);
  return last;
}

it('keeps every checkpoint whose save resolved when the process is SIGKILLed', async () => {
  const path = join(dir, 'crash.db');
  const reported = await killAfter(path, 200);
  expect(reported).toBeGreaterThanOrEqual(200);

  const check = new Database(path);
  expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
  check.close();

  const store = openSqliteStore({ path });
  try {
    const checkpoint = await store.getCheckpoint('g1');
    expect(checkpoint?.position).toBeGreaterThanOrEqual(reported);
    expect(await store.getRequest('r1')).toMatchObject({ text: 'survive a crash' });
  } finally {
    await store.close();
  }
});
