/**
 * Lists as people say them: which list ("the shopping list", "my to-do list", "groceries"),
 * and which items ("milk, eggs and bread").
 */

/** Names said for the same list: whichever is said, the same list is meant. */
const SAME_LIST: ReadonlyArray<readonly [string, RegExp]> = [
  ['shopping', /^(shopping|grocery|groceries|grocery shopping|food shopping)$/],
  ['to-do', /^(to ?-? ?do|todo|to do's|todos|things to do|jobs|chores)$/],
];

const LEADING = /^(?:(?:my|our|the|your|a|an|this|that|his|her|their)(?:\s+|$))+/;

/**
 * The key a list is kept under: lower case, without "my"/"the" or the word "list", one name
 * for names that mean the same ("groceries" is the shopping list). Empty when nothing names one.
 */
export function listKey(name: string): string {
  const bare = name
    .toLowerCase()
    .replace(/[“”"']/g, (c) => (c === "'" ? "'" : ''))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LEADING, '')
    .replace(/\s*\blists?$/, '')
    .trim();
  for (const [key, said] of SAME_LIST) if (said.test(bare)) return key;
  return bare;
}

/** How a list is named back to the requester: "the shopping list". */
export function listTitle(key: string): string {
  return `the ${key} list`;
}

/** Words before "list" that say which one, after the preposition that leads to it: "to the shopping list", "off my to do list". */
const LIST_SAID = /(?:^|\s)(?:to|on|onto|in|into|from|off|of|for)\s+((?:(?:my|our|the|your|this|that)\s+)?[\p{L}\p{N}'’ -]*?)\s*\blist\b/iu;
/** A list named where it is read or cleared: "what's on my shopping list", "clear the packing list", "read me the to-do list". */
const LIST_NAMED = /(?:^|\s)((?:my|our|the|your|this|that)\s+[\p{L}\p{N}'’ -]*?)\s*\blist\b/iu;

/** Names of lists people keep, a list even before one is made: a name said alone is that list ("add eggs to groceries"). */
export const LIST_NAME_WORDS: readonly string[] = ['shopping', 'grocery', 'groceries', 'to-do', 'todo', 'packing'];

/** A list known by its name alone, without the word "list": "add eggs to groceries". */
const LIST_KNOWN = new RegExp(String.raw`(?:^|\s)(?:to|on|onto|in|into|from|off)\s+(?:(?:my|our|the)\s+)?(${[...LIST_NAME_WORDS, 'to do'].join('|')})\b`, 'iu');

/** A list said first, as a request of its own: "shopping list?", "groceries list please". */
const LIST_FIRST = /^((?:[\p{L}\p{N}'’-]+\s+){1,2}?)list\b/iu;

/** The list a request names, as said ("shopping", "to do"), or undefined when it names none but "the list". */
export function listNamedIn(text: string): string | undefined {
  const said = listSaid(text);
  const name = said?.name ?? (LIST_NAMED.exec(text) ?? LIST_KNOWN.exec(text) ?? LIST_FIRST.exec(text.trim()))?.[1];
  if (name === undefined) return undefined;
  const key = listKey(name);
  return key === '' ? undefined : key;
}

/** A preposition that may lead to a list's name. */
const TO_LIST = /(?:^|\s)(?:to|on|onto|in|into|from|off|of|for)\s/giu;
/** What is left of "to do" when its "to" is read as the way to the list. */
const HALF_TO_DO = /^(?:-\s*)?(?:do|dos|do's)$/i;

/**
 * Where a text says which list, with the preposition that leads to it: the last one before
 * "list", so that "add write to grandma to my to do list" names the to-do list, not
 * "grandma to my to do".
 */
export function listSaid(text: string): { index: number; end: number; name: string } | undefined {
  const m = LIST_SAID.exec(text);
  // "Read me the to do list": the "to" of "to do" leads to no list.
  if (!m || HALF_TO_DO.test(m[1]!.trim())) return undefined;
  const end = m.index + m[0].length;
  const list = text.slice(0, end).search(/\blist\b[^]*$/iu);
  let best = { index: m.index, name: m[1]! };
  for (const p of text.slice(0, list).matchAll(TO_LIST)) {
    if (p.index <= m.index) continue;
    const name = text.slice(p.index + p[0].length, list).trim();
    if (name !== '' && !HALF_TO_DO.test(name)) best = { index: p.index, name };
  }
  return { index: best.index, end, name: best.name };
}

/** The items of a text that also names the list they go to: "milk and eggs to the shopping list" → "milk and eggs". */
export function withoutList(text: string): string {
  const m = listSaid(text);
  const cut = m ? text.slice(0, m.index) + text.slice(m.end) : text;
  return cut.replace(/\s+/g, ' ').trim();
}

/** Words before an item that are none of it: "some bread", "maybe some bread", "also a loaf of bread". */
const ITEM_LEAD = /^(?:(?:a|an|some|the|more|few|a few|a couple of|couple of|any|maybe|perhaps|possibly|also|optionally)\s+)+/i;

/**
 * The items of a text: "milk, eggs and bread" → milk, eggs, bread. An "and" inside a name
 * stays in it only when commas split the text and it is not the last one ("mac and cheese, eggs").
 */
export function splitItems(text: string): string[] {
  const cleaned = text.replace(/[.!?]+$/, '').trim();
  const byComma = cleaned.split(/\s*[,;]\s*/).filter((s) => s.length > 0);
  const parts =
    byComma.length > 1
      ? byComma.flatMap((part, i) => (i === byComma.length - 1 ? part.split(/\s+(?:and|&|plus)\s+(?!.*\s(?:and|&|plus)\s)/i) : [part]))
      : cleaned.split(/\s+(?:and|&|plus)\s+/i);
  // Said without commas ("eggs milk and bread"), a plural ends an item where more words follow it.
  const listed = byComma.length === 1 && parts.length > 1 ? parts.flatMap(afterPlurals) : parts;
  const out: string[] = [];
  for (const part of listed) {
    const item = part.replace(/^[\s,;]+|[\s,;]+$/g, '').replace(/^(?:and|&|plus)(?:\s+|$)/i, '').replace(ITEM_LEAD, '').trim();
    if (/[\p{L}\p{N}]/u.test(item) && !out.some((o) => sameItem(o, item))) out.push(item);
  }
  return out;
}

const PHRASE_WORDS = new Set(['to', 'the', 'for', 'from', 'with', 'at', 'of', 'in', 'on', 'up', 'my', 'our', 'your', 'his', 'her', 'their']);

/** Words ending in a plural's "s" that end no item: "brussels sprouts" ("hummus", "swiss" do not read as plurals). */
const NOT_AN_END = new Set(['brussels', 'series', 'species', 'news']);

/** "eggs milk" → eggs, milk; "green beans rice" → green beans, rice; "paper towels" stays one. */
function afterPlurals(part: string): string[] {
  const words = part.trim().split(/\s+/);
  // Words that tie a phrase together say it is one thing to do or get: "return books to the library".
  if (words.some((w) => PHRASE_WORDS.has(w.toLowerCase()))) return [part];
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < words.length - 1; i++) {
    const w = words[i]!.toLowerCase();
    if (w.length > 3 && /[^s]s$/.test(w) && !/(?:us|is)$/.test(w) && !NOT_AN_END.has(w)) {
      out.push(words.slice(from, i + 1).join(' '));
      from = i + 1;
    }
  }
  out.push(words.slice(from).join(' '));
  return out;
}

/** The words of an item, each without a plural ending: "Eggs" and "egg" are one item. */
function itemWords(item: string): string[] {
  return (item.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => (w.length > 3 && w.endsWith('es') && /(?:sh|ch|ss|x|o)es$/.test(w) ? w.slice(0, -2) : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** Whether two items are the same thing, said alike: "eggs" and "Egg", "the milk" and "milk". */
export function sameItem(a: string, b: string): boolean {
  const x = itemWords(a.replace(ITEM_LEAD, ''));
  const y = itemWords(b.replace(ITEM_LEAD, ''));
  return x.length > 0 && x.length === y.length && x.every((w, i) => w === y[i]);
}

/**
 * The items of a list that `said` means: the same item, or else the ones all of whose words it
 * says or that have all of its words ("milk" for "oat milk" when that is the only milk).
 */
export function itemsMeant(items: readonly string[], said: string): string[] {
  const same = items.filter((i) => sameItem(i, said));
  if (same.length > 0) return same;
  const words = itemWords(said.replace(ITEM_LEAD, ''));
  if (words.length === 0) return [];
  return items.filter((i) => {
    const own = itemWords(i);
    return words.every((w) => own.includes(w)) || own.every((w) => words.includes(w));
  });
}
