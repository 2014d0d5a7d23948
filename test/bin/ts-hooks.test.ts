import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Runs a TypeScript file the way the CLI runs its own (bin/ts-register.js), and what it printed. */
async function runTs(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', join(ROOT, 'bin/ts-register.js'), file], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('the TypeScript loader of the CLI', () => {
  it('runs TypeScript that imports its siblings by their .js names, and names the TypeScript line an error came from', async () => {
    const file = join(ROOT, 'test/fixtures/ts-hooks/thrower.ts');
    const { code, stdout, stderr } = await runTs(file);
    expect(stdout).toContain('twice 3 is 6');
    // Compiled without esbuild's keepNames, a function still has the name it was given.
    expect(stdout).toContain('name: namedInside');
    expect(code).toBe(1);
    expect(stderr).toContain('thrown on purpose');
    // The throw is on line 17 of the TypeScript, not of what esbuild wrote (the types and comments are gone there).
    expect(stderr).toMatch(/thrower\.ts:17:\d+/);
  }, 30_000);

});
