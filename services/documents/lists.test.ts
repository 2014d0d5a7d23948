import { describe, expect, it } from 'vitest';
import { itemsMeant, listKey, listNamedIn, sameItem, splitItems, withoutList } from './lists.js';

describe('lists as people say them', () => {
  it('keep one list under every name said for it', () => {
    expect(listKey('the Shopping list')).toBe('shopping');
    expect(listKey('groceries')).toBe('shopping');
    expect(listKey('my grocery list')).toBe('shopping');
    expect(listKey('to do')).toBe('to-do');
    expect(listKey('todo list')).toBe('to-do');
    expect(listKey('our hardware store list')).toBe('hardware store');
    expect(listKey('the')).toBe('');
  });

  it('find the list a request names, wherever it is said', () => {
    expect(listNamedIn('add milk to the shopping list')).toBe('shopping');
    expect(listNamedIn('take eggs off my to do list')).toBe('to-do');
    expect(listNamedIn('what is on the hardware store list')).toBe('hardware store');
    expect(listNamedIn('read me the packing list')).toBe('packing');
    expect(listNamedIn('shopping list')).toBe('shopping');
    expect(listNamedIn('add milk to the list')).toBeUndefined();
    expect(listNamedIn('we are out of coffee')).toBeUndefined();
    // The last way to a list before "list" names it; "to do" stays whole.
    expect(listNamedIn('add write to grandma to my todo list')).toBe('to-do');
    expect(listNamedIn('put sunscreen on the things to do list')).toBe('to-do');
    expect(listNamedIn('add eggs to groceries')).toBe('shopping');
  });

  it('tell the items from the list they go to', () => {
    expect(withoutList('milk and eggs to the shopping list')).toBe('milk and eggs');
    expect(withoutList('milk')).toBe('milk');
    expect(withoutList('go to the bank to the todo list')).toBe('go to the bank');
    expect(withoutList('call mom to my to do list')).toBe('call mom');
  });

  it('split items on commas and "and", without articles, each once', () => {
    expect(splitItems('milk, eggs and bread')).toEqual(['milk', 'eggs', 'bread']);
    expect(splitItems('a hammer and some nails')).toEqual(['hammer', 'nails']);
    // "Maybe", "also" before an item are none of it.
    expect(splitItems('milk, eggs, and maybe some bread')).toEqual(['milk', 'eggs', 'bread']);
    expect(splitItems('butter and also a loaf of bread')).toEqual(['butter', 'loaf of bread']);
    expect(splitItems('mac and cheese, eggs')).toEqual(['mac and cheese', 'eggs']);
    expect(splitItems('eggs, Egg and milk.')).toEqual(['eggs', 'milk']);
    expect(splitItems('  ')).toEqual([]);
    // Said without commas: a plural ends an item where more words follow it (it was "eggs milk", "apples bananas").
    expect(splitItems('eggs milk and bread')).toEqual(['eggs', 'milk', 'bread']);
    expect(splitItems('apples bananas and pears')).toEqual(['apples', 'bananas', 'pears']);
    expect(splitItems('green beans rice and paper towels')).toEqual(['green beans', 'rice', 'paper towels']);
    expect(splitItems('brussels sprouts and hummus')).toEqual(['brussels sprouts', 'hummus']);
    expect(splitItems('ice cream and peanut butter')).toEqual(['ice cream', 'peanut butter']);
    expect(splitItems('return books to the library and pick up the kids')).toEqual(['return books to the library', 'pick up the kids']);
    expect(splitItems('some eggs milk and bread')).toEqual(['eggs', 'milk', 'bread']);
    // One item alone is not split.
    expect(splitItems('eggs benedict')).toEqual(['eggs benedict']);
  });

  it('match an item said otherwise, but never one of two that could be meant', () => {
    expect(sameItem('Eggs', 'egg')).toBe(true);
    expect(sameItem('the milk', 'milk')).toBe(true);
    expect(sameItem('tomatoes', 'tomato')).toBe(true);
    expect(sameItem('milk', 'oat milk')).toBe(false);
    const items = ['oat milk', 'bread', 'whole milk', 'eggs'];
    expect(itemsMeant(items, 'the bread')).toEqual(['bread']);
    expect(itemsMeant(items, 'oat milk')).toEqual(['oat milk']);
    expect(itemsMeant(items, 'milk')).toEqual(['oat milk', 'whole milk']);
    expect(itemsMeant(items, 'cheese')).toEqual([]);
  });
});
