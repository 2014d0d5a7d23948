import { describe, expect, it } from 'vitest';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

interface StoredEvent {
  title: string;
  start: string;
}

describe('calendar events', () => {
  const cleanup = cleanupAfterEach();

  it('are taken off the calendar by words of their title, and never by a guess', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const events = async () => (await a.store.pluginState('calendar').list<StoredEvent>('event:')).map((e) => e.value.title).sort();

    for (const text of ['add a dentist appointment tomorrow at 3pm', 'schedule lunch with alice tomorrow at noon', 'add a call with bob tomorrow at 9am', 'add a call with bob the day after tomorrow at 9am']) {
      const outcome = await a.type(text);
      if (outcome.kind !== 'request') throw new Error(`not a request: ${text}`);
      expect(await a.finished(outcome.requestId)).toBe('done');
    }
    expect(await events()).toEqual(['call with bob', 'call with bob', 'dentist appointment', 'lunch with alice']);

    const cancel = await a.type('cancel my dentist appointment');
    if (cancel.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(cancel.requestId)).toBe('done');
    await a.waitForOutput(/✓ Removed "dentist appointment" \(tomorrow at 15:00\) from the calendar\./);
    expect(await events()).toEqual(['call with bob', 'call with bob', 'lunch with alice']);

    const lunch = await a.type('delete lunch with alice from my calendar');
    if (lunch.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(lunch.requestId)).toBe('done');
    expect(await events()).toEqual(['call with bob', 'call with bob']);

    // Two could be meant: neither is removed, and the requester is asked which.
    await a.type('cancel the call with bob');
    await a.waitForOutput(/2 events could be meant: "call with bob" \([^)]*\), "call with bob" \([^)]*\)/);
    expect(await events()).toEqual(['call with bob', 'call with bob']);
  });

  it('says which there are when none is called so', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const added = await a.type('add a dentist appointment tomorrow at 3pm');
    if (added.kind !== 'request') throw new Error('not a request');
    await a.finished(added.requestId);
    await a.type('cancel the party');
    await a.waitForOutput(/no event to come is called "party" \(there is "dentist appointment" \(tomorrow at 15:00\)\)/);
    expect(await a.store.pluginState('calendar').list('event:')).toHaveLength(1);
  });
});
