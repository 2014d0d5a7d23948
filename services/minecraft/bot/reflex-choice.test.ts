import { describe, expect, it } from 'vitest';
import { chooseReflex, type Senses } from './reflex-choice.js';

const calm: Senses = { health: 20, food: 20, foods: ['bread'], stuck: false };

describe('reflexes', () => {
  it('do nothing when all is well', () => {
    expect(chooseReflex(calm)).toBeUndefined();
  });

  it('eat when hungry, if there is food', () => {
    expect(chooseReflex({ ...calm, food: 10 })).toEqual({ kind: 'eat', food: 'bread' });
    expect(chooseReflex({ ...calm, food: 10, foods: [] })).toBeUndefined();
  });

  it('fight a mob close by while healthy, flee it once hurt, before eating', () => {
    const zombie = { id: 7, name: 'zombie', distance: 3 };
    expect(chooseReflex({ ...calm, food: 5, hostile: zombie })).toEqual({ kind: 'fight', target: 7, name: 'zombie' });
    expect(chooseReflex({ ...calm, health: 6, food: 5, hostile: zombie })).toEqual({ kind: 'flee', from: 7, name: 'zombie' });
    expect(chooseReflex({ ...calm, hostile: { ...zombie, distance: 20 } })).toBeUndefined();
  });

  it('get unstuck last', () => {
    expect(chooseReflex({ ...calm, stuck: true })).toEqual({ kind: 'unstuck' });
    expect(chooseReflex({ ...calm, stuck: true, food: 3 })).toEqual({ kind: 'eat', food: 'bread' });
  });
});
