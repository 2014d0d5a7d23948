import { describe, expect, it } from 'vitest';
import { runCli, tempDir, testEnv } from '../support/cli.js';
import { cleanupAfterEach } from '../support/cleanup.js';

describe('majordomo run', () => {
  const cleanup = cleanupAfterEach();

  async function env(extra: Record<string, string> = {}) {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    return testEnv({ MAJORDOMO_DATA_DIR: dir.path, ...extra });
  }

  it('does one request, shows progress, and prints the report as JSON', async () => {
    const run = await runCli(['run', '--json', 'turn on the bedroom light and set the office light to 25%'], await env());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/✓ The bedroom light is on\./);
    const view = JSON.parse(run.stdout) as { request: { status: string; summary: string }; groups: Array<{ status: string }> };
    expect(view.request.status).toBe('done');
    expect(view.groups).toHaveLength(2);
    expect(view.request.summary).toMatch(/office light is at 25%/);
  });

  it('does not do what a condition on the time holds back, and says why', async () => {
    // Never true: no time of day is before 00:00. (This ended the agent before its first await, and the request never finished.)
    const run = await runCli(['run', '--json', "if it's before 00:00, turn on the bedroom light. Also set the office light to 25%"], await env());
    // Not all of it was done: the request is partly done, and `run` exits 1 as for any request not done in full.
    expect(run.code, run.stderr).toBe(1);
    const view = JSON.parse(run.stdout) as { request: { status: string; summary: string } };
    expect(view.request.status).toBe('partial');
    expect(view.request.summary).toMatch(/Not done: "turn on the bedroom light" was not done: it is not before 00:00 any more \(it is \d\d:\d\d\)\./);
    expect(view.request.summary).toMatch(/office light is at 25%/);
    expect(run.stderr).not.toMatch(/bedroom light is on/);
  });

  it('names the variables to set when a plugin is not configured, and exits 3 while the question waits', async () => {
    const run = await runCli(['run', 'follow alex'], await env());
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/minecraft is not configured on this assistant \(set MINECRAFT_HOST and restart\)/);
    expect(run.stderr).toMatch(/waits for 1 answer/);
  });

  it('reads answers from its input', async () => {
    const run = await runCli(['run', 'turn on the attic light'], await env(), 'the porch\n');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\? I don't know how to "turn on the attic light"/);
    expect(run.stdout).toMatch(/✓ The porch light is on/);
  });

  it('answers a question left waiting when run again, follows the request to its end, and says how it went', async () => {
    const settings = await env();
    const first = await runCli(['run', 'turn on the attic light'], settings);
    expect(first.code).toBe(3);
    expect(first.stderr).toMatch(/answer with majordomo run "<answer>"/);
    const answered = await runCli(['run', 'the porch'], settings);
    expect(answered.code, answered.stdout + answered.stderr).toBe(0);
    expect(answered.stdout).toMatch(/✓ The porch light is on/);
    const told = await runCli(['run', 'did it work?'], settings);
    expect(told.code).toBe(0);
    // Made today, or (asked just after midnight) on the day before.
    expect(told.stdout).toMatch(/Your last request, "turn on the attic light" \((?:today|yesterday|\w{3} \d{1,2} \w{3}) at \d\d:\d\d\): .*porch light is on/);
    // Three processes one after the other, each starting the whole assistant: on a loaded machine that can take a while.
  }, 90_000);

  it('exits while a new request waits behind a question asked before, instead of waiting for an answer it never asked for', async () => {
    const settings = await env();
    expect((await runCli(['run', 'follow alex'], settings)).code).toBe(3);
    // A request of its own (not an answer), whose question waits in line behind the first.
    const second = await runCli(['run', 'lights off'], settings, '', 20_000);
    expect(second.code, second.stdout + second.stderr).toBe(3);
    expect(second.stdout).toMatch(/Your answer is still needed/);
    expect(second.stderr).toMatch(/waits for 2 answer\(s\)/);
  });

  it('refuses an empty request', async () => {
    const run = await runCli(['run', '   '], await env());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/run needs the text of a request/);
  });
});
