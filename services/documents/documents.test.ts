import { afterEach, describe, expect, it } from 'vitest';
import type { ServicePlugin } from '../../core/plugin/plugin.js';
import { openSqliteStore, type SqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import { silentLogger } from '../../core/util/logger.js';
import { methodCaller } from '../../core/plugin/method-caller.js';
import { createDocuments, type HouseholdList } from './index.js';

describe('the household lists', () => {
  let store: SqliteStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  async function lists() {
    store = openSqliteStore({ path: ':memory:' });
    const state = store.pluginState('documents');
    const plugin: ServicePlugin = createDocuments({ clock: () => new Date('2026-11-21T10:00:00Z') });
    await plugin.start!({ logger: silentLogger, dataDir: '', state, scheduler: undefined as never });
    const call = methodCaller(plugin);
    const items = async (key: string) => (await state.get<HouseholdList>(`list:${key}`))?.items.map((i) => i.text);
    return { call, items };
  }

  it('take things on once, whatever they are called, and say what was there already', async () => {
    const { call, items } = await lists();
    expect(await call('add_to_list', { items: 'milk, eggs and bread', list: 'groceries' })).toMatchObject({ ok: true, summary: 'Added milk, eggs and bread to the shopping list (3 items on it now).' });
    expect(await call('add_to_list', { items: 'Eggs and coffee', list: 'shopping' })).toMatchObject({ ok: true, summary: 'Added coffee to the shopping list (4 items on it now); Eggs was already on it.' });
    expect(await call('add_to_list', { items: 'milk' })).toMatchObject({ ok: true, summary: 'Milk was already on the shopping list.' });
    expect(await items('shopping')).toEqual(['milk', 'eggs', 'bread', 'coffee']);
    expect(await call('read_list', {})).toMatchObject({ ok: true, summary: 'On the shopping list (4 items): milk, eggs, bread and coffee.' });
  });

  it('change a list once per idempotency key: an attempt run again after a crash adds nothing more', async () => {
    const { call, items } = await lists();
    const first = await call('add_to_list', { items: 'milk', list: 'shopping' }, 'r1:a1:1');
    await call('remove_from_list', { items: 'milk' }, 'r2:a1:1');
    // The first attempt again: it returns what it did then, and does not put milk back.
    expect(await call('add_to_list', { items: 'milk', list: 'shopping' }, 'r1:a1:1')).toEqual(first);
    expect(await items('shopping')).toEqual([]);
  });

  it('take things off by words of them, and leave what could be either of two', async () => {
    const { call, items } = await lists();
    await call('add_to_list', { items: 'oat milk, whole milk, bread and eggs', list: 'shopping' });
    expect(await call('remove_from_list', { items: 'the bread and the cheese' })).toMatchObject({ ok: true, summary: 'Took bread off the shopping list (3 items left); cheese was not on it.' });
    const unclear = await call('remove_from_list', { items: 'milk' });
    expect(unclear).toMatchObject({ ok: false, error: { code: 'DOCUMENTS_ITEM_NOT_FOUND', message: '"milk" could be "oat milk" and "whole milk" (the shopping list)' } });
    expect(await call('remove_from_list', { items: 'cheese', list: 'shopping' })).toMatchObject({ ok: false, error: { message: 'cheese is not on the shopping list (on it: oat milk, whole milk and eggs)' } });
    expect(await items('shopping')).toEqual(['oat milk', 'whole milk', 'eggs']);
  });

  it('ask which list when more than one could be meant, and take an item off the one that holds it', async () => {
    const { call, items } = await lists();
    await call('add_to_list', { items: 'milk', list: 'shopping' });
    await call('add_to_list', { items: 'call the plumber', list: 'to do' });
    expect(await call('add_to_list', { items: 'eggs' })).toMatchObject({ ok: false, error: { code: 'DOCUMENTS_WHICH_LIST', message: 'which list? there is the shopping list and the to-do list' } });
    expect(await call('remove_from_list', { items: 'plumber' })).toMatchObject({ ok: true, summary: 'Took call the plumber off the to-do list (0 items left).' });
    expect(await call('read_list', { list: 'hardware' })).toMatchObject({ ok: false, error: { code: 'DOCUMENTS_LIST_NOT_FOUND', message: 'there is no hardware list (there is the shopping list and the to-do list)' } });
    // A list people keep, never made: empty, not unknown.
    expect(await call('read_list', { list: 'packing' })).toMatchObject({ ok: true, summary: 'Nothing is on the packing list yet.', data: { items: [] } });
    expect(await call('list_lists', {})).toMatchObject({ ok: true, summary: 'Lists: shopping (1 item) and to-do (0 items).' });
    expect(await items('shopping')).toEqual(['milk']);
  });

  it('are cleared, or deleted whole, and say what they held', async () => {
    const { call, items } = await lists();
    await call('add_to_list', { items: 'sunscreen and hats', list: 'packing' });
    await call('add_to_list', { items: 'milk', list: 'shopping' });
    expect(await call('clear_list', { list: 'shopping' })).toMatchObject({ ok: true, summary: 'Cleared the shopping list: milk.' });
    expect(await items('shopping')).toEqual([]);
    const deleted = await call('delete_list', { list: 'the packing list' }, 'r9:a1:1');
    expect(deleted).toMatchObject({ ok: true, summary: 'Deleted the packing list and the 2 items on it.' });
    expect(await items('packing')).toBeUndefined();
    // Run again after a crash: the same answer, not "there is no packing list".
    expect(await call('delete_list', { list: 'packing' }, 'r9:a1:1')).toEqual(deleted);
    expect(await call('read_list', {})).toMatchObject({ ok: true, summary: 'The shopping list is empty.' });
  });

  it('are made empty, once, and one of that name already there is kept as it is', async () => {
    const { call, items } = await lists();
    const made = await call('create_list', { list: 'Camping gear' }, 'c1:a1:1');
    expect(made).toMatchObject({ ok: true, summary: 'Made the camping gear list; it is empty.', data: { list: 'camping gear', created: true } });
    expect(await items('camping gear')).toEqual([]);
    expect(await call('read_list', { list: 'camping gear' })).toMatchObject({ ok: true, summary: 'The camping gear list is empty.' });
    // Run again after a crash: the same answer, not "there is one already".
    expect(await call('create_list', { list: 'camping gear' }, 'c1:a1:1')).toEqual(made);
    await call('add_to_list', { items: 'tent and stove', list: 'camping gear' });
    // Asked again: what is on it stays.
    expect(await call('create_list', { list: 'the camping gear list' }, 'c2:a1:1')).toMatchObject({ ok: true, summary: 'There is the camping gear list already (2 items on it).', data: { created: false } });
    expect(await items('camping gear')).toEqual(['tent', 'stove']);
    expect(await call('create_list', { list: 'the list' })).toMatchObject({ ok: false, error: { code: 'DOCUMENTS_NO_NAME' } });
  });

  it('are made with what is said to be on them, and one there already gets it too', async () => {
    const { call, items } = await lists();
    const made = await call('create_list', { list: 'packing', items: 'socks, shirts and a toothbrush' }, 'c1:a1:1');
    expect(made).toMatchObject({ ok: true, summary: 'Made the packing list with socks, shirts and toothbrush.', data: { created: true, items: 3 } });
    expect(await items('packing')).toEqual(['socks', 'shirts', 'toothbrush']);
    // Run again after a crash: the same answer, nothing twice.
    expect(await call('create_list', { list: 'packing', items: 'socks, shirts and a toothbrush' }, 'c1:a1:1')).toEqual(made);
    expect(await call('create_list', { list: 'the packing list', items: 'shirts and a hat' }, 'c2:a1:1')).toMatchObject({
      ok: true,
      summary: 'There is the packing list already: added hat to it (4 items on it now); shirts was already on it.',
      data: { created: false },
    });
    expect(await items('packing')).toEqual(['socks', 'shirts', 'toothbrush', 'hat']);
  });

  it('are renamed keeping what is on them, never over another list, once per idempotency key', async () => {
    const { call, items } = await lists();
    await call('add_to_list', { items: 'tent and torch', list: 'packing' });
    await call('add_to_list', { items: 'milk', list: 'shopping' });
    const renamed = await call('rename_list', { list: 'the packing list', to: 'camping gear' }, 'r9:a1:1');
    expect(renamed).toMatchObject({ ok: true, summary: 'Renamed the packing list to the camping gear list (2 items on it).' });
    expect(await items('camping gear')).toEqual(['tent', 'torch']);
    expect(await items('packing')).toBeUndefined();
    // The same attempt again (after a crash) says the same, and changes nothing.
    expect(await call('rename_list', { list: 'packing', to: 'camping gear' }, 'r9:a1:1')).toEqual(renamed);
    expect(await call('rename_list', { list: 'camping gear', to: 'shopping' })).toMatchObject({ ok: false, error: { code: 'DOCUMENTS_LIST_EXISTS', message: 'there is the shopping list already (1 item on it)' } });
    expect(await call('rename_list', { list: 'packing', to: 'trip' })).toMatchObject({ ok: false, error: { code: 'DOCUMENTS_LIST_NOT_FOUND' } });
    // Another name of the same list is no new name.
    expect(await call('rename_list', { list: 'shopping', to: 'groceries' })).toMatchObject({ ok: true, summary: '"groceries" is a name of the shopping list already: either name finds it.' });
    expect(await call('read_list', { list: 'camping gear' })).toMatchObject({ summary: 'On the camping gear list (2 items): tent and torch.' });
  });

  it('finish a rename a crash cut short: the copy this action made is no other list', async () => {
    const { call, items } = await lists();
    await call('add_to_list', { items: 'tent', list: 'packing' });
    const state = store!.pluginState('documents');
    // The first run wrote the list under its new name, then died before removing the old one.
    const old = (await state.get<HouseholdList>('list:packing'))!;
    await state.set<HouseholdList>('list:trip', { ...old, key: 'trip', renamedBy: 'r5:a1:1' });
    expect(await call('rename_list', { list: 'packing', to: 'trip' }, 'r5:a1:1')).toMatchObject({ ok: true, summary: 'Renamed the packing list to the trip list (1 item on it).' });
    expect(await items('packing')).toBeUndefined();
    expect(await items('trip')).toEqual(['tent']);
  });

  it('refuse an empty list of things, and say there are no lists to read', async () => {
    const { call } = await lists();
    expect(await call('read_list', {})).toMatchObject({ ok: false, error: { code: 'DOCUMENTS_NO_LISTS' } });
    expect(await call('add_to_list', { items: ', and ' })).toMatchObject({ ok: false, error: { code: 'DOCUMENTS_NO_ITEMS' } });
  });
});
