import { describe, expect, it } from 'vitest';
import { conformanceCatalog } from '../conformance.js';
import { indexCatalog } from './catalog-index.js';
import { viewClause } from './clause.js';
import { decideClause } from './decide.js';

const index = indexCatalog(conformanceCatalog());
const time = { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' };
const decide = (text: string) => decideClause(viewClause(text, time), { index, timeZone: 'UTC' }).decision;

describe('decideClause', () => {
  it('is sure of a clear match', () => {
    expect(decide('switch the kitchen light off')).toMatchObject({ kind: 'call', args: { location: 'kitchen', desired_state: false }, confidence: 1 });
  });

  it('returns the call without an argument nobody gave, for the agent to ask', () => {
    const d = decide('remind me to stretch');
    expect(d).toMatchObject({ kind: 'call', target: 'calendar.create_reminder', args: { text: 'stretch' } });
    expect(d.kind === 'call' && 'at' in d.args).toBe(false);
  });

  it('says which value is unknown and which are known', () => {
    expect(decide('turn on the attic light')).toEqual({ kind: 'none', reason: "no area of the home is called 'attic' (known: kitchen, garage, hallway, porch)" });
  });

  it('says nothing fits a request no plugin declares', () => {
    expect(decide('book me a flight to Paris')).toMatchObject({ kind: 'none', reason: expect.stringMatching(/nothing I can do matches/) });
  });

  it('is less sure when words are left over', () => {
    const clear = decide('turn on the kitchen light');
    const noisy = decide('turn on the kitchen light with the blue shade');
    expect(clear.kind === 'call' && noisy.kind === 'call').toBe(true);
    if (clear.kind === 'call' && noisy.kind === 'call') expect(noisy.confidence).toBeLessThan(clear.confidence);
  });

  it('only reads the kinds a method takes: a time in a message stays text', () => {
    expect(decide('send me an email saying the game starts at 9')).toMatchObject({ kind: 'call', args: { text: 'the game starts at 9' } });
  });
});
