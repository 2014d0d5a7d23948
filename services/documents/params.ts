import { z } from 'zod';

/** Which list, as said: "shopping", "the to-do list", "groceries" (one list with "shopping"). */
const listName = (omitted: string) =>
  z.string().min(1).max(100).describe(`Which list, e.g. "shopping", "to-do", "packing"; omitted = ${omitted}`).optional();

const itemsText = (what: string) =>
  z.string().min(1).max(1000).describe(`${what}, as said, several separated by commas or "and", e.g. "milk, eggs and bread"`).meta({ entity: 'text' });

export const addParams = z.object({
  items: itemsText('What to put on the list'),
  list: listName('the only list there is, or the shopping list when there is none'),
});

export const removeParams = z.object({
  items: itemsText('What to take off the list, by words of it'),
  list: listName('the only list holding it'),
});

export const readParams = z.object({
  list: listName('the only list there is'),
});

export const checkParams = z.object({
  items: itemsText('What to look for on the list'),
  list: listName('every list holding it, or the shopping list'),
});

export const listListsParams = z.object({});

export const clearParams = z.object({
  list: listName('the only list there is'),
});

export const createParams = z.object({
  list: z.string().min(1).max(100).describe('The name of the new list, e.g. "camping gear"'),
  items: itemsText('What to put on it from the start ("a packing list with socks and shirts")').optional(),
});

export const deleteParams = z.object({
  list: z.string().min(1).max(100).describe('Which list to delete, e.g. "packing"'),
});

export const renameParams = z.object({
  list: z.string().min(1).max(100).describe('Which list to rename, e.g. "shopping"'),
  to: z.string().min(1).max(100).describe('Its new name, e.g. "groceries"'),
});
