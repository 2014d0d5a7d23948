import { describe, expect, it } from 'vitest';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

describe('reminders that repeat', () => {
  const cleanup = cleanupAfterEach();

  it('are set from "every ...", listed, and stopped by words of their text', async () => {
    const a = await startTestAssistant({ MAJORDOMO_TIMEZONE: 'Europe/Paris' });
    cleanup(() => a.dispose());

    await a.type('remind me every monday at 8am to take out the trash');
    await a.waitForOutput(/✓ I'll remind you to take out the trash every Monday at 08:00, first /);
    await a.type('remind me every day at 9pm to take my pills');
    await a.waitForOutput(/✓ I'll remind you to take your pills every day at 21:00/);
    await a.type('remind me tomorrow at 10am to call the plumber');
    await a.waitForOutput(/✓ I'll remind you to call the plumber tomorrow at 10:00/);

    const pending = await a.store.scheduled.list({ status: 'pending' });
    const trash = pending.find((j) => j.text === 'take out the trash')!;
    expect(trash).toMatchObject({ kind: 'routine', repeat: { cron: '0 8 * * 1', timeZone: 'Europe/Paris' } });
    // Kept at its next occurrence: a Monday, 08:00 in Paris.
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(trash.at);
    expect(local).toBe('Monday 08:00');
    expect(trash.at.getTime()).toBeGreaterThan(Date.now());
    expect(pending.find((j) => j.text === 'take my pills')).toMatchObject({ kind: 'routine', repeat: { cron: '0 21 * * *' } });
    expect(pending.find((j) => j.text === 'call the plumber')).toMatchObject({ kind: 'reminder' });
    expect(pending.find((j) => j.text === 'call the plumber')!.repeat).toBeUndefined();

    await a.type('what reminders do I have');
    await a.waitForOutput(/take out the trash: every Monday at 08:00, next /);
    expect(a.terminal()).toMatch(/take my pills: every day at 21:00, next /);
    expect(a.terminal()).toMatch(/call the plumber: tomorrow at 10:00/);

    await a.type('stop reminding me to take out the trash');
    await a.waitForOutput(/✓ I won't remind you to take out the trash any more\./);
    const after = await a.store.scheduled.list();
    expect(after.find((j) => j.text === 'take out the trash')!.status).toBe('cancelled');
    expect(after.find((j) => j.text === 'take my pills')!.status).toBe('pending');

    // Nothing of it is left to stop: the requester is told which reminders there are.
    await a.type('stop reminding me to take out the trash');
    await a.waitForOutput(/none of your reminders is about "take out the trash" \(you have [^)]*\)/);
    const told = /none of your reminders is about "take out the trash" \(you have ([^)]*)\)/.exec(a.terminal())![1]!;
    expect(told.split(', ').sort()).toEqual(['"call the plumber"', '"take my pills"']);
  });

  it('are only those of the requester: another user neither sees nor stops them', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    await a.type('remind me every day at 7am to stretch');
    await a.waitForOutput(/✓ I'll remind you to stretch every day at 07:00/);
    const [mine] = await a.store.scheduled.list({ status: 'pending' });
    // Someone else's reminder, on another channel.
    await a.store.scheduled.upsert({ ...mine!, id: 'theirs', text: 'feed the cat', deliverTo: { channel: 'discord', conversationId: 'dm', userId: 'someone-else' } });
    await a.type('what reminders do I have');
    await a.waitForOutput(/stretch: every day at 07:00/);
    expect(a.terminal()).not.toMatch(/feed the cat/);
    // Nor among the calendar's events of the day it comes next.
    const day = mine!.at.toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10) ? 'today' : 'tomorrow';
    await a.type(`what's on my calendar ${day}`);
    await a.waitForOutput(/reminder: stretch/);
    expect(a.terminal()).not.toMatch(/feed the cat/);
    await a.type('stop reminding me to feed the cat');
    await a.waitForOutput(/none of your reminders is about "feed the cat"/);
    expect((await a.store.scheduled.list()).find((j) => j.id === 'theirs')!.status).toBe('pending');
  });
});
