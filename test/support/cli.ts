import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/majordomo.js');

/** A fresh data directory, removed by `cleanup`. */
export async function tempDir(prefix = 'majordomo-test-'): Promise<{ path: string; cleanup(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

/** The environment of a test run: only what the test sets, plus what node needs. */
export function testEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    MAJORDOMO_TIMEZONE: 'UTC',
    MAJORDOMO_LOG_LEVEL: 'debug',
    ...extra,
  };
}

export interface Cli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when the output matches, rejects after `timeoutMs` with what was printed. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  write(line: string): void;
  end(): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `majordomo ARGS` with piped standard streams. */
export function startCli(args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Cli {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiters: Array<() => void> = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    for (const w of waiters.slice()) w();
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    for (const w of waiters.slice()) w();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    write: (line) => child.stdin!.write(line.endsWith('\n') ? line : `${line}\n`),
    end: () => child.stdin!.end(),
    waitFor(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = out.match(pattern) ?? err.match(pattern);
          if (match) {
            waiters.splice(waiters.indexOf(check), 1);
            clearTimeout(timer);
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`timed out waiting for ${pattern}\n--- stdout\n${out}\n--- stderr\n${err}`));
        }, timeoutMs);
        waiters.push(check);
        check();
      });
    },
  };
}

/** Runs `majordomo ARGS` to the end with `input` on standard input. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, input: string | Buffer = '', timeoutMs = 30_000) {
  const cli = startCli(args, env);
  cli.child.stdin!.end(input);
  const timer = setTimeout(() => cli.child.kill('SIGKILL'), timeoutMs);
  const { code, signal } = await cli.exited;
  clearTimeout(timer);
  return { code, signal, stdout: cli.stdout(), stderr: cli.stderr() };
}
