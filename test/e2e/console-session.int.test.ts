import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import { runCli, tempDir, testEnv } from '../support/cli.js';
import { cleanupAfterEach } from '../support/cleanup.js';

const EXAMPLE =
  "Turn off the lights in the garage, and send me an email when that's over. Also, set a reminder that I need to take out the trash in the morning.";

describe('a session at the terminal, on embedded defaults', () => {
  const cleanup = cleanupAfterEach();

  it('does the example request: light off, then the email, and a reminder for the morning', async () => {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    const before = new Date();
    const run = await runCli(['start'], testEnv({ MAJORDOMO_DATA_DIR: dir.path }), `${EXAMPLE}\n`);
    expect(run.code, run.stderr).toBe(0);

    // Progress as actions complete, then a summary.
    expect(run.stdout).toMatch(/On it: 3 actions in 2 groups/);
    expect(run.stdout).toMatch(/✓ The garage light is off\./);
    expect(run.stdout).toMatch(/✓ Wrote an email to .+\.eml/);
    expect(run.stdout).toMatch(/✓ I'll remind you to take out the trash/);
    const summary = run.stdout.split('\n').findIndex((l) => l.startsWith('»'));
    expect(summary).toBeGreaterThan(-1);

    const store = openSqliteStore({ path: join(dir.path, 'majordomo.db') });
    cleanup(() => store.close());
    const [request] = await store.listRequests();
    expect(request?.status).toBe('done');
    // The log says how long planning took.
    const [created] = (await store.listEvents({ requestId: request!.id })).filter((e) => e.type === 'request.created');
    expect(created?.data).toMatchObject({ groups: 2, actions: 3, planMs: expect.any(Number) });
    expect((created!.data as { planMs: number }).planMs).toBeGreaterThan(0);

    // The light is off, changed once.
    const garage = await store.pluginState('lights').get<{ on: boolean; changes: number }>('light:garage');
    expect(garage).toMatchObject({ on: false, changes: 1 });

    // The email was written only after the light was off, and says so.
    const groups = await store.listCheckpoints({ requestId: request!.id });
    const lightsGroup = groups.find((g) => g.actions.length === 2)!;
    const [light, email] = lightsGroup.actions;
    expect(light!.action.decision).toMatchObject({ target: 'lights.toggle_lights_in_location' });
    expect(email!.action.decision).toMatchObject({ target: 'email.send_message' });
    expect(Date.parse(email!.attempts[0]!.startedAt)).toBeGreaterThanOrEqual(Date.parse(light!.attempts[0]!.endedAt!));
    const outbox = join(dir.path, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    const mail = await readFile(join(outbox, files[0]!), 'utf8');
    expect(mail).toMatch(/The garage light is off\./);
    expect(mail).toMatch(/^Message-ID: <[0-9a-f]+@localhost>/m);

    // The reminder waits for the next 08:00 (UTC here).
    const reminders = await store.scheduled.list({ status: 'pending' });
    expect(reminders).toHaveLength(1);
    const at = reminders[0]!.at;
    expect(reminders[0]!.text).toMatch(/trash/);
    expect(at.getUTCHours()).toBe(8);
    expect(at.getTime()).toBeGreaterThan(before.getTime());
    expect(at.getTime() - before.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('answers bad input at the terminal clearly and carries on', async () => {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    const input = Buffer.concat([
      Buffer.from('\n   \n'), // empty lines are not requests
      Buffer.from('\u0007\u0000\u001b\n'), // only control characters: empty once cleaned
      Buffer.from(`${'x'.repeat(100 * 1024)}\n`), // 100 KB on one line
      Buffer.from('turn on the bedroom light '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('\n'), // invalid UTF-8
      Buffer.from('turn \u0001off the office\u001b light\n'),
    ]);
    const run = await runCli(['start'], testEnv({ MAJORDOMO_DATA_DIR: dir.path }), input);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/! Sorry, the message is empty/);
    expect(run.stdout).toMatch(/! Sorry, the message is 102,400 characters long; the limit is 4,000; split it into shorter requests\./);
    expect(run.stdout).toMatch(/✓ The bedroom light is on\./);
    expect(run.stdout).toMatch(/✓ The office light is off/);
    expect(run.stderr).not.toMatch(/unexpected error|Error:/);
  });

  it('stops at start-up with a message that names a bad variable', async () => {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    const run = await runCli(['start'], testEnv({ MAJORDOMO_DATA_DIR: dir.path, MAJORDOMO_HTTP_PORT: 'eighty' }));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/MAJORDOMO_HTTP_PORT: expected a whole number, got "eighty"/);
  });

  it('refuses unknown options and commands with a hint', async () => {
    const unknownOption = await runCli(['plan', '--frobnicate', 'x'], testEnv({}));
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toMatch(/Unknown option '--frobnicate'/);
    expect(unknownOption.stderr).toMatch(/majordomo help/);
    const unknownCommand = await runCli(['fly'], testEnv({}));
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/unknown command "fly"/);
    // Two processes started one after the other, each compiling the CLI: on a busy machine, more than the default.
  }, 60_000);
});
