import { describe, expect, it } from 'vitest';
import { forget } from './forgetting.js';
import { createHashedEmbedder } from './hashed-embedder.js';
import { openSqliteMemory } from './sqlite/sqlite-memory.js';

const DAY = 86_400_000;

describe('forgetting', () => {
  it('drops what was idle past the age limit, then the longest idle beyond each cap', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const memory = await openSqliteMemory({ path: ':memory:', embedder: createHashedEmbedder({ dimensions: 32 }), clock: () => now });
    for (let i = 0; i < 6; i++) {
      now = new Date(Date.parse('2026-01-01T00:00:00Z') + i * DAY);
      await memory.add({ kind: 'perception', text: `seen thing ${i}` });
      await memory.add({ kind: 'fact', text: `fact number ${i}` });
    }
    now = new Date(Date.parse('2026-01-01T00:00:00Z') + 10 * DAY);
    // Recalled now: the oldest fact is not idle any more.
    await memory.search({ text: 'fact number 0', kind: 'fact', limit: 1, weights: { recency: 0, importance: 0 } });

    const forgotten = await forget(memory, { caps: { lesson: 10, place: 10, perception: 3, fact: 10 }, maxAgeMs: 8 * DAY }, now);
    // Idle more than 8 days: perceptions and facts 0 and 1, except the recalled fact 0.
    expect(forgotten).toEqual({ lesson: 0, place: 0, perception: 3, fact: 1 });
    expect((await memory.list({ kind: 'perception' })).map((m) => m.text)).toEqual(['seen thing 5', 'seen thing 4', 'seen thing 3']);
    expect((await memory.list({ kind: 'fact' })).map((m) => m.text).sort()).toEqual(['fact number 0', 'fact number 2', 'fact number 3', 'fact number 4', 'fact number 5']);

    const capped = await forget(memory, { caps: { lesson: 10, place: 10, perception: 3, fact: 2 }, maxAgeMs: 0 }, now);
    expect(capped.fact).toBe(3);
    expect((await memory.list({ kind: 'fact' })).map((m) => m.text).sort()).toEqual(['fact number 0', 'fact number 5']);
    await memory.close();
  });
});
