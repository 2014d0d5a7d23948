import { describe, expect, it } from 'vitest';
import { indexCatalog } from '../../core/brain/rule/catalog-index.js';
import { followUpText } from '../../core/brain/rule/follow-up.js';
import { builtinCatalog } from './support.js';

const index = indexCatalog(builtinCatalog());
const added = { text: 'add milk to the shopping list', actions: [{ target: 'documents.add_to_list', args: { items: 'milk', list: 'shopping' } }] };

describe('a follow-up of a request whose words name the things it acted on', () => {
  it('is that request of the things said anew: "and eggs too", "same for bread"', () => {
    expect(followUpText('and eggs too', added, index)).toBe('add eggs to the shopping list');
    expect(followUpText('same for bread and butter', added, index)).toBe('add bread and butter to the shopping list');
    // The thing as stored ("milk") found in the words as said ("Milk").
    expect(followUpText('Eggs as well.', { ...added, text: 'Add Milk to the shopping list' }, index)).toBe('Add Eggs to the shopping list');
    const taken = { text: 'take milk off the shopping list', actions: [{ target: 'documents.remove_from_list', args: { items: 'milk', list: 'shopping' } }] };
    expect(followUpText('and the eggs too', taken, index)).toBe('take eggs off the shopping list');
  });

  it('is no thing when it says a word of the method: "same for the to-do list" puts no "to-do list" on the list', () => {
    expect(followUpText('same for the to-do list', added, index)).toBeUndefined();
  });

  it('leaves words to say alone: a message\'s text names no things', () => {
    const told = { text: 'tell bob dinner is ready', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'dinner is ready' } }] };
    expect(followUpText('and lunch too', told, index)).toBeUndefined();
  });
});
