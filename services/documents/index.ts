import { z } from 'zod';
import { defineMethod, failedResult, type ActionContext } from '../../core/plugin/method.js';
import type { PluginContext, PluginModule, ServicePlugin } from '../../core/plugin/plugin.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import type { ActionResult } from '../../core/types.js';
import { documentsHints } from './hints.js';
import { itemsMeant, LIST_NAME_WORDS, listKey, listTitle, sameItem, splitItems } from './lists.js';
import { addParams, checkParams, clearParams, createParams, deleteParams, listListsParams, readParams, removeParams, renameParams } from './params.js';
import { capitalize, counted, joined } from '../../core/util/text.js';

const env = z.object({});

/** One thing on a list, with who put it there and when. */
export interface ListItem {
  text: string;
  addedBy: string;
  addedAt: string;
}

/** A list the household keeps: shopping, to-do, packing. */
export interface HouseholdList {
  key: string;
  items: ListItem[];
  createdBy: string;
  updatedAt: string;
  /** The idempotency key of the action that gave it this name, when one did. */
  renamedBy?: string;
}

/** What a rename did, as recorded under its idempotency key. */
interface Renamed {
  from: string;
  to: string;
  items: number;
}

const KEY = 'list:';

/** What a change to a list did, as recorded under its idempotency key. */
interface Change {
  list: string;
  done: string[];
  /** Said, but already on it (adding) or not on it (taking off). */
  passed: string[];
  /** Said, but more than one item of the list could be meant. */
  unclear: Array<{ said: string; meant: string[] }>;
  left: number;
}


/** What was put on a list and what was on it already, as the requester is told ("added milk to the shopping list (3 items on it now)"). */
function addedSummary(c: Change, title: string): string {
  return [
    ...(c.done.length > 0 ? [`added ${joined(c.done)} to ${title} (${counted(c.left, 'item')} on it now)`] : []),
    ...(c.passed.length > 0 ? [`${joined(c.passed)} ${c.passed.length === 1 ? 'was' : 'were'} already on ${c.done.length > 0 ? 'it' : title}`] : []),
  ].join('; ');
}

/** The lists people keep, by their keys: read before anything is put on them, they are empty. */
const KEPT_LISTS: ReadonlySet<string> = new Set(LIST_NAME_WORDS.map(listKey));

/** What a list holds, as the requester is told. */
function contents(list: HouseholdList): string {
  const title = listTitle(list.key);
  if (list.items.length === 0) return `${capitalize(title)} is empty.`;
  return `On ${title} (${counted(list.items.length, 'item')}): ${joined(list.items.map((i) => i.text))}.`;
}

/**
 * Lists the household keeps (shopping, to-do, packing): things put on them and taken off
 * them by anyone allowed to command the assistant, read back, cleared. Kept in the plugin's
 * durable state; every change is made once per idempotency key, so a resumed action never
 * puts "milk" on the list twice.
 */
export function createDocuments(options: { clock?: () => Date } = {}): ServicePlugin {
  const clock = options.clock ?? (() => new Date());
  let state: PluginState | undefined;

  function started(): PluginState {
    if (!state) throw new Error('the documents service was used before it started');
    return state;
  }

  async function allLists(): Promise<HouseholdList[]> {
    return (await started().list<HouseholdList>(KEY)).map((e) => e.value).sort((a, b) => a.key.localeCompare(b.key));
  }

  /**
   * The list an action means: the one it names, else the only one there is (or, to put
   * something on, the shopping list when there is none yet). `holding` narrows the choice to
   * the lists that hold an item said.
   */
  async function whichList(said: string | undefined, fallback: string | undefined, holding?: (l: HouseholdList) => boolean): Promise<{ key: string; list?: HouseholdList } | { error: ActionResult }> {
    const lists = await allLists();
    if (said !== undefined) {
      const key = listKey(said);
      if (key !== '') {
        const list = lists.find((l) => l.key === key);
        return list ? { key, list } : { key };
      }
    }
    const candidates = holding && lists.length > 1 ? lists.filter(holding) : lists;
    if (candidates.length === 1) return { key: candidates[0]!.key, list: candidates[0]! };
    if (lists.length === 0 && fallback !== undefined) return { key: fallback };
    if (lists.length === 0) return { error: failedResult('DOCUMENTS_NO_LISTS', 'there are no lists yet', { hint: 'put something on one first, e.g. "add milk to the shopping list"' }) };
    return { error: failedResult('DOCUMENTS_WHICH_LIST', `which list? there is ${joined(lists.map((l) => listTitle(l.key)))}`, { hint: 'say which, e.g. "on the shopping list"' }) };
  }

  function unknownList(key: string, lists: HouseholdList[]): ActionResult {
    const there = lists.length === 0 ? 'there are no lists yet' : `there is ${joined(lists.map((l) => listTitle(l.key)))}`;
    return failedResult('DOCUMENTS_LIST_NOT_FOUND', `there is no ${key} list (${there})`, { hint: 'say which list by its name' });
  }

  /** Puts the items on a list, each once: one there already (by its words) is passed over. */
  function adding(items: readonly string[], by: string): (current: ListItem[], now: string) => { items: ListItem[]; change: Omit<Change, 'list' | 'left'> } {
    return (current, now) => {
      const added: ListItem[] = [];
      const passed: string[] = [];
      for (const text of items) {
        if ([...current, ...added].some((i) => sameItem(i.text, text))) passed.push(text);
        else added.push({ text, addedBy: by, addedAt: now });
      }
      return { items: [...current, ...added], change: { done: added.map((i) => i.text), passed, unclear: [] } };
    };
  }

  /** Applies a change to the items of a list once per idempotency key; `update` is pure. */
  async function change(key: string, ctx: ActionContext, update: (items: ListItem[], now: string) => { items: ListItem[]; change: Omit<Change, 'list' | 'left'> }): Promise<Change> {
    const { result } = await started().apply<HouseholdList, Change>(`${KEY}${key}`, ctx.idempotencyKey, (current) => {
      const now = clock().toISOString();
      const before = current ?? { key, items: [], createdBy: ctx.requester.address.userId, updatedAt: now };
      const { items, change } = update(before.items, now);
      return { next: { ...before, items, updatedAt: now }, result: { ...change, list: key, left: items.length } };
    });
    return result;
  }

  return {
    kind: 'service',
    name: 'documents',
    description: 'Lists the household keeps (shopping, to-do, packing): put things on them, take them off, read them, clear, rename or delete them',
    examples: ['add milk and eggs to the shopping list', "what's on the shopping list?", 'take the eggs off the list'],
    configured: true,
    async start(ctx: PluginContext) {
      state = ctx.state;
    },
    methods: {
      add_to_list: defineMethod({
        description: 'Put one or more things on a list ("add milk and eggs to the shopping list", "we are out of coffee"); the list is made if there is none of that name',
        params: addParams,
        hints: documentsHints.add_to_list,
        flags: { idempotent: true },
        async run(args, ctx) {
          const items = splitItems(args.items);
          if (items.length === 0) return failedResult('DOCUMENTS_NO_ITEMS', 'nothing was said to put on the list', { hint: 'say what, e.g. "add milk to the shopping list"' });
          const which = await whichList(args.list, 'shopping');
          if ('error' in which) return which.error;
          const c = await change(which.key, ctx, adding(items, ctx.requester.address.userId));
          return { ok: true, summary: `${capitalize(addedSummary(c, listTitle(c.list)))}.`, data: c };
        },
      }),
      remove_from_list: defineMethod({
        description: 'Take things off a list, found by words of them ("take milk off the shopping list", "cross off eggs")',
        params: removeParams,
        hints: documentsHints.remove_from_list,
        flags: { idempotent: true },
        async run(args, ctx) {
          const said = splitItems(args.items);
          if (said.length === 0) return failedResult('DOCUMENTS_NO_ITEMS', 'nothing was said to take off the list', { hint: 'say what, e.g. "take milk off the shopping list"' });
          const holds = (l: HouseholdList) => said.some((s) => itemsMeant(l.items.map((i) => i.text), s).length > 0);
          const which = await whichList(args.list, undefined, holds);
          if ('error' in which) return which.error;
          if (!which.list) return unknownList(which.key, await allLists());
          const c = await change(which.key, ctx, (current) => {
            let items = current;
            const done: string[] = [];
            const passed: string[] = [];
            const unclear: Change['unclear'] = [];
            for (const s of said) {
              const meant = itemsMeant(items.map((i) => i.text), s);
              if (meant.length === 1) {
                items = items.filter((i) => i.text !== meant[0]);
                done.push(meant[0]!);
              } else if (meant.length === 0) passed.push(s);
              else unclear.push({ said: s, meant });
            }
            return { items, change: { done, passed, unclear } };
          });
          const title = listTitle(c.list);
          if (c.done.length === 0) {
            const on = which.list.items.length === 0 ? `${title} is empty` : `on it: ${joined(which.list.items.map((i) => i.text))}`;
            const unclear = c.unclear.map((u) => `"${u.said}" could be ${joined(u.meant.map((m) => `"${m}"`))}`);
            const message = c.unclear.length > 0 ? `${unclear.join('; ')} (${title})` : `${joined(c.passed)} ${c.passed.length === 1 ? 'is' : 'are'} not on ${title} (${on})`;
            return failedResult('DOCUMENTS_ITEM_NOT_FOUND', message, { hint: 'say which by words of it' });
          }
          const notes = [
            ...(c.passed.length > 0 ? [`${joined(c.passed)} ${c.passed.length === 1 ? 'was' : 'were'} not on it`] : []),
            ...c.unclear.map((u) => `"${u.said}" could be ${joined(u.meant.map((m) => `"${m}"`))}, so I left ${u.meant.length === 2 ? 'both' : 'them'}`),
          ];
          return { ok: true, summary: `Took ${joined(c.done)} off ${title} (${counted(c.left, 'item')} left)${notes.length > 0 ? `; ${notes.join('; ')}` : ''}.`, data: c };
        },
      }),
      read_list: defineMethod({
        description: 'Say what is on a list ("what\'s on the shopping list", "read me my to-do list")',
        params: readParams,
        hints: documentsHints.read_list,
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          const which = await whichList(args.list, undefined);
          if ('error' in which) return which.error;
          // A list people keep that nothing was put on yet is empty, not unknown ("what's on the shopping list" on a new install).
          if (!which.list && KEPT_LISTS.has(which.key)) return { ok: true, summary: `Nothing is on ${listTitle(which.key)} yet.`, data: { list: which.key, items: [] } };
          if (!which.list) return unknownList(which.key, await allLists());
          return { ok: true, summary: contents(which.list), data: { list: which.key, items: which.list.items } };
        },
      }),
      check_list: defineMethod({
        description: 'Say whether things are on a list ("is milk on the shopping list?", "do we need eggs?"); changes nothing',
        params: checkParams,
        hints: documentsHints.check_list,
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          const said = splitItems(args.items);
          if (said.length === 0) return failedResult('DOCUMENTS_NO_ITEMS', 'nothing was said to look for', { hint: 'say what, e.g. "is milk on the shopping list?"' });
          const lists = await allLists();
          const key = args.list === undefined ? undefined : listKey(args.list);
          const named = key === undefined || key === '' ? undefined : lists.find((l) => l.key === key);
          if (key !== undefined && key !== '' && !named) return unknownList(key, lists);
          // Without a list named: every list, the shopping list first.
          const looked = named ? [named] : [...lists].sort((a, b) => Number(b.key === 'shopping') - Number(a.key === 'shopping'));
          const answers = said.map((s) => {
            const on = looked.flatMap((l) => itemsMeant(l.items.map((i) => i.text), s).map((text) => ({ text, list: l.key })));
            return { said: s, on };
          });
          const where = named ? listTitle(named.key) : looked.length === 1 ? listTitle(looked[0]!.key) : 'any list';
          const lines = answers.map((a) =>
            a.on.length > 0 ? `Yes: ${joined(a.on.map((o) => `"${o.text}" is on ${listTitle(o.list)}`))}.` : `No, "${a.said}" is not on ${where}.`,
          );
          return { ok: true, summary: lines.join('\n'), data: { items: answers.map((a) => ({ said: a.said, on: a.on })) } };
        },
      }),
      list_lists: defineMethod({
        description: 'Say which lists there are, and how long each is',
        params: listListsParams,
        hints: documentsHints.list_lists,
        flags: { readOnly: true, idempotent: true },
        async run() {
          const lists = await allLists();
          if (lists.length === 0) return { ok: true, summary: 'There are no lists yet.', data: { lists: [] } };
          return {
            ok: true,
            summary: `Lists: ${joined(lists.map((l) => `${l.key} (${counted(l.items.length, 'item')})`))}.`,
            data: { lists: lists.map((l) => ({ list: l.key, items: l.items.length, updatedAt: l.updatedAt })) },
          };
        },
      }),
      clear_list: defineMethod({
        description: 'Take everything off a list, keeping the list ("clear the shopping list"); asks first',
        params: clearParams,
        hints: documentsHints.clear_list,
        flags: { idempotent: true, needsConfirmation: true },
        async run(args, ctx) {
          const which = await whichList(args.list, undefined);
          if ('error' in which) return which.error;
          if (!which.list) return unknownList(which.key, await allLists());
          const c = await change(which.key, ctx, (current) => ({ items: [], change: { done: current.map((i) => i.text), passed: [], unclear: [] } }));
          const title = listTitle(c.list);
          return { ok: true, summary: c.done.length === 0 ? `${capitalize(title)} was empty already.` : `Cleared ${title}: ${joined(c.done)}.`, data: c };
        },
      }),
      create_list: defineMethod({
        description: 'Start a new, empty list ("make a list called camping gear", "create a packing list"); one of that name already there is kept as it is',
        params: createParams,
        hints: documentsHints.create_list,
        flags: { idempotent: true },
        async run(args, ctx) {
          const key = listKey(args.list);
          if (key === '') return failedResult('DOCUMENTS_NO_NAME', 'the new list needs a name', { hint: 'say what to call it, e.g. "make a list called camping gear"' });
          const items = args.items === undefined ? [] : splitItems(args.items);
          const existing = (await allLists()).find((l) => l.key === key);
          // Made by this very action (a run taking over after a crash): it says so again.
          const ours = await started().applied<Change>(ctx.idempotencyKey);
          const created = !existing || ours !== undefined;
          if (!created && items.length === 0) return { ok: true, summary: `There is ${listTitle(key)} already (${counted(existing.items.length, 'item')} on it).`, data: { list: key, created: false, items: existing.items.length } };
          // "A packing list with socks and shirts": made with them on it; one there already gets them too.
          const c = await change(key, ctx, adding(items, ctx.requester.address.userId));
          const title = listTitle(c.list);
          const summary = !created ? `There is ${title} already: ${addedSummary(c, 'it')}` : c.done.length > 0 ? `Made ${title} with ${joined(c.done)}` : `Made ${title}; it is empty`;
          return { ok: true, summary: `${summary}.`, data: { ...c, created, items: c.left } };
        },
      }),
      rename_list: defineMethod({
        description: 'Give a list another name, keeping what is on it ("rename the shopping list to groceries")',
        params: renameParams,
        hints: documentsHints.rename_list,
        flags: { idempotent: true },
        async run(args, ctx) {
          const s = started();
          const from = listKey(args.list);
          const to = listKey(args.to);
          if (to === '') return failedResult('DOCUMENTS_NO_NAME', 'the list needs a new name', { hint: 'say what to call it, e.g. "rename the shopping list to groceries"' });
          const said = (r: Renamed) => ({ ok: true, summary: `Renamed ${listTitle(r.from)} to ${listTitle(r.to)} (${counted(r.items, 'item')} on it).`, data: r }) as const;
          // Run again after a crash: what the first run did.
          const earlier = await s.applied<Renamed>(ctx.idempotencyKey);
          if (earlier) return said(earlier);
          const lists = await allLists();
          const old = lists.find((l) => l.key === from);
          const there = lists.find((l) => l.key === to);
          // Copied by this very action before a crash cut it short: it goes on from there.
          const ours = there?.renamedBy === ctx.idempotencyKey;
          if (!old && !ours) return unknownList(from, lists);
          if (from === to) return { ok: true, summary: `"${args.to}" is a name of ${listTitle(to)} already: either name finds it.`, data: { from, to, items: old!.items.length } };
          if (there && !ours) return failedResult('DOCUMENTS_LIST_EXISTS', `there is ${listTitle(to)} already (${counted(there.items.length, 'item')} on it)`, { hint: `say another name, or delete ${listTitle(to)} first` });
          if (old) await s.set<HouseholdList>(`${KEY}${to}`, { ...old, key: to, updatedAt: clock().toISOString(), renamedBy: ctx.idempotencyKey });
          await s.delete(`${KEY}${from}`);
          const done: Renamed = { from, to, items: (old ?? there!).items.length };
          await s.recordApplied(ctx.idempotencyKey, done);
          return said(done);
        },
      }),
      delete_list: defineMethod({
        description: 'Delete a whole list and what is on it ("delete the packing list"); asks first',
        params: deleteParams,
        hints: documentsHints.delete_list,
        flags: { idempotent: true, needsConfirmation: true },
        async run(args, ctx) {
          const s = started();
          // Run again after a crash: what the first run deleted.
          const earlier = await s.applied<HouseholdList>(ctx.idempotencyKey);
          const lists = await allLists();
          const list = earlier ?? lists.find((l) => l.key === listKey(args.list));
          if (!list) return unknownList(listKey(args.list), lists);
          await s.delete(`${KEY}${list.key}`);
          await s.recordApplied(ctx.idempotencyKey, list);
          return { ok: true, summary: `Deleted ${listTitle(list.key)}${list.items.length > 0 ? ` and the ${counted(list.items.length, 'item')} on it` : ''}.`, data: { list: list.key, items: list.items } };
        },
      }),
    },
  };
}

export const documentsModule: PluginModule<typeof env> = {
  name: 'documents',
  env,
  create: () => createDocuments(),
};
