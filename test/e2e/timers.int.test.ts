import { describe, expect, it } from 'vitest';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

describe('timers', () => {
  const cleanup = cleanupAfterEach();

  it('tell the requester when they are up, and are listed and stopped as reminders', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());

    await a.type('set a timer for 2 seconds');
    await a.waitForOutput(/✓ Timer set for 2 seconds: I'll tell you /);
    await a.waitForOutput(/⏰ Reminder: 2-second timer is up\n/, 30_000);

    await a.type('set a timer for 12 minutes for the pasta');
    await a.waitForOutput(/✓ Timer set for 12 minutes \(the pasta\): I'll tell you /);
    await a.type('what reminders do I have');
    await a.waitForOutput(/12-minute timer for the pasta is up: /);

    await a.type('cancel the timer');
    await a.waitForOutput(/✓ Stopped the 12-minute timer for the pasta\./);
    expect(await a.store.scheduled.list({ status: 'pending' })).toEqual([]);
  });
});
