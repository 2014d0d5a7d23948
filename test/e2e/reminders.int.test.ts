import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { sayer, startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { eventually } from '../support/eventually.js';

describe('reminders', () => {
  const cleanup = cleanupAfterEach();

  it('fire at their time on the channel the request came from', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const outcome = await a.type('remind me in 2 seconds to check the oven');
    expect(outcome.kind).toBe('request');
    // Set, said so, then fired, not before its time. (The two lines are told apart by what they say, not by their
    // order on the terminal: under load, the line about the action done may be written after a reminder 2 s away.)
    await a.waitForOutput(/✓ I'll remind you to check the oven/, 30_000);
    await a.waitForOutput(/⏰ Reminder: check the oven\n/, 30_000);
    const job = await eventually(async () => (await a.store.scheduled.list()).find((j) => j.status === 'fired'), 'the reminder to be marked fired');
    expect(job!.firedAt!.getTime()).toBeGreaterThanOrEqual(job!.at.getTime());
  });

  it('include alarms: "cancel my alarm" stops the alarm set, and only it', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    await say('set an alarm for 6:45 tomorrow', 'done');
    await say('remind me tomorrow at 9 to call mom', 'done');
    expect((await a.store.scheduled.list({ status: 'pending' })).map((j) => j.text).sort()).toEqual(['call mom', 'wake up']);
    await say('cancel my alarm', 'done');
    expect((await a.store.scheduled.list({ status: 'pending' })).map((j) => j.text)).toEqual(['call mom']);
  });

  it('fire after a restart when they fell due while the assistant was down', async () => {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    const first: TestAssistant = await startTestAssistant({}, dir.path);
    await first.type('remind me in 1 hour to water the plants');
    await first.waitForOutput(/✓ I'll remind you to water the plants/);
    await first.close();
    // Started again two hours later: the reminder fell due while nothing ran.
    const later = Date.now() + 2 * 3_600_000;
    const started = Date.now();
    const second = await startTestAssistant({}, dir.path, { clock: () => new Date(later + (Date.now() - started)) });
    cleanup(() => second.close());
    await second.waitForOutput(/⏰ Reminder: water the plants/, 30_000);
    await eventually(async () => (await second.store.scheduled.list()).find((j) => j.status === 'fired'), 'the reminder to be marked fired');
  });
});
