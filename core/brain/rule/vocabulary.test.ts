import { describe, expect, it } from 'vitest';
import { tokenize } from './tokens.js';
import { VocabularyIndex } from './vocabulary.js';

const areas = new VocabularyIndex({
  kind: 'area',
  description: 'An area of the home',
  values: [
    { value: 'living room', names: ['living room', 'lounge'] },
    { value: 'kitchen', names: ['kitchen'] },
    { value: 'room', names: ['room'] },
  ],
  cues: ['light'],
});

describe('VocabularyIndex', () => {
  it('finds the longest name, and every value in a list', () => {
    const hits = areas.all(tokenize('the living room, lounge and kitchen'));
    expect(hits.map((h) => [h.value, h.start, h.end])).toEqual([
      ['living room', 1, 3],
      ['living room', 4, 5],
      ['kitchen', 6, 7],
    ]);
  });

  it('prefers the value whose id a name is', () => {
    const items = new VocabularyIndex({
      kind: 'item',
      description: 'An item',
      values: [
        { value: 'filled_map', names: ['filled map', 'map'] },
        { value: 'map', names: ['map', 'empty map'] },
      ],
    });
    expect(items.at(tokenize('map'), 0)?.value).toBe('map');
    expect(items.at(tokenize('filled map'), 0)?.value).toBe('filled_map');
  });

  it('suggests close spellings and lists small vocabularies', () => {
    expect(areas.closest('kitchn')).toEqual(['kitchen']);
    expect(areas.list()).toBe('known: living room, kitchen, room');
  });
});
