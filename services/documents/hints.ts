import type { MethodHints, RefineInfo } from '../../core/plugin/hints.js';
import { LIST_NAME_WORDS, listNamedIn, listSaid, listTitle, withoutList } from './lists.js';
import { escapeRegExp, joined } from '../../core/util/text.js';

/**
 * Lists people keep, named: "the shopping list" is a list even before one is made, and "shopping
 * list" alone asks for it. Each name is a keyword too, so that it never opens an action of its
 * own ("when is christmas eve" is no list); any other list is named after "the", "my" or "on".
 */
const NAMES = `(${LIST_NAME_WORDS.join('|')}|to do)`;
const OF = '[my|the|our|a|this]';

/** The names of lists but the to-do list's, whose "to" is no way onto a list. */
const NOT_TO_DO = `(${LIST_NAME_WORDS.filter((n) => !n.startsWith('to')).join('|')})`;

/** A list by any name of one or two words: "the hardware store list". */
const ANY = `${OF} * [*] list`;
/** A day said of a list ("my to-do list for today"): it names the list, not when to read it. */
const FOR_DAY = '(for|of) (today|tonight|tomorrow|this week|the week|the weekend|the day)';

/** Verbs that open what goes on (or off) a list: not an item of it. */
const LEAD_VERB = /^(?:please\s+)?(?:add|put|stick|throw|pop|write(?:\s+down)?|jot(?:\s+down)?|include|also|take|cross|strike|remove|delete|scratch|tick)\s+/i;
/** "off" left of "take milk off": the words that end moving an item. */
const TRAILING = /\s+(?:off|out|down|in|back)$/i;

/** Items put on or taken off a list said as "it": "add bacon to it". */
const PUT_ON_IT = /^(?:please\s+)?(?:add|put|take|remove|cross)\s+(.+?)\s+(?:to|on|onto|off|from)\s+(?:it|that)\W*$/i;

/** Items taken off with no list said: "remove milk". */
const BARE_VERB = /^(?:please\s+)?(?:also\s+)?(?:remove|delete)\s/i;

/** Items said as a pronoun: the items of the action before. */
const PRONOUN = /^(?:it|them|that|those|these|this|they)$/i;

/** The arguments of the action before, when it acted on a list: what "it" may stand for. */
function listAction(info: RefineInfo): Record<string, unknown> | undefined {
  return info.antecedent?.target.startsWith('documents.') ? info.antecedent.args : undefined;
}

/** "And milk", "and milk too" after the list: nothing that names another list or place ("and eggs to the to-do list"). */
const MORE_AFTER = /^(?:,\s*)?(?:and|&)\s+(?!.*\b(?:to|on|onto|off|from|in|list)\b)(.+?)(?:\s+(?:too|as\s+well|also))?$/i;

/**
 * "Add call the plumber to my to-do list for tomorrow", "add milk to the shopping list unless
 * it's already there": the items are between the verb and the list, not what follows the list
 * (a purpose, "for tomorrow", stays with them). Undefined when that is what was read, or when
 * another part follows ("... and eggs to the to-do list": better asked for).
 */
function betweenVerbAndList(text: string, read: unknown): string | undefined {
  const verb = LEAD_VERB.exec(text);
  const list = listSaid(text);
  if (!verb || !list || list.index <= verb[0].length) return undefined;
  const between = text.slice(verb[0].length, list.index).trim();
  const after = text.slice(list.end).replace(/[.!?]+$/, '').trim();
  // "Add eggs to the shopping list and milk (too)": more for the same list, said after it.
  const more = between === '' ? null : MORE_AFTER.exec(after);
  if (more) return `${between} and ${more[1]}`;
  if (between === '' || after === '' || /^(?:and|or|&|,|then)(?:\s|$)/i.test(after)) return undefined;
  if (typeof read === 'string' && read.toLowerCase().includes(between.toLowerCase())) return undefined;
  return /^for\s/i.test(after) ? `${between} ${after}` : between;
}

/** "Mark eggs as done (on the shopping list)": what is marked is what comes off. */
const MARKED = /^(?:please\s+)?mark\s+(.+?)\s+as\s+(?:done|bought|got|purchased)\b/i;

/** The list said, and the items without it or the verb that opened them. */
function refineItems(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  const before = listAction(info);
  // "... and add bacon to it": the list of the action before.
  const list = args['list'] ?? listNamedIn(info.text) ?? before?.['list'];
  // "Add bacon to it", "take eggs off it": what goes on (or off) the list the action before named; only after one.
  const toIt = PUT_ON_IT.exec(info.text);
  if (toIt && !before) return {};
  // "... and remove milk": a list only after an action on one.
  if (!before && list === undefined && BARE_VERB.test(info.text)) return {};
  const said = MARKED.exec(info.text)?.[1] ?? betweenVerbAndList(info.text, args['items']) ?? (typeof args['items'] === 'string' ? args['items'] : toIt?.[1]);
  const bare = said === undefined ? undefined : withoutList(said);
  // The verb that opened the request is not an item ("write down milk"); one inside what goes on the list is ("add write to grandma").
  const opens = bare !== undefined && info.text.replace(/^please\s+/i, '').toLowerCase().startsWith(bare.toLowerCase());
  const items = bare === undefined ? undefined : (opens ? bare.replace(LEAD_VERB, '') : bare).replace(TRAILING, '').trim();
  // "and eggs" of "add milk to the shopping list and eggs to the to-do list": a part of what was said, not an item; better asked for.
  const { items: _, ...rest } = args;
  // "take milk off the shopping list and put it on the packing list": what "it" stands for goes on.
  // "Remind me to call the vet and put it on my to-do list": what the reminder is of, or the event's title.
  const earlier = info.antecedent?.args;
  const those = before?.['items'] ?? (info.antecedent?.target.startsWith('calendar.') ? (earlier?.['text'] ?? earlier?.['title']) : undefined);
  if (items !== undefined && PRONOUN.test(items) && typeof those === 'string') return { ...rest, items: those, ...(list !== undefined ? { list } : {}) };
  if (items !== undefined && /^(?:and|or|&|,)(?:\s|$)/i.test(items)) return { ...rest, ...(list !== undefined ? { list } : {}) };
  // "Add buy stamps to my to-do list": on a to-do list, buying is the thing to do (it added "stamps").
  const errand = list === 'to-do' && items ? new RegExp(`^(?:please\\s+)?(?:add|put|stick|pop|write(?:\\s+down)?|jot(?:\\s+down)?)\\s+((?:buy|get)\\s+${escapeRegExp(items)})\\b`, 'i').exec(info.text)?.[1] : undefined;
  return { ...args, ...(items ? { items: errand ?? items } : {}), ...(list !== undefined ? { list } : {}) };
}

/** "Is milk on the shopping list", "have we got eggs on the list", "do we have milk on it": what is asked about, between the question's words and the list. */
const ASKED_ON = /^\s*(?:(?:check|see)\s+(?:if|whether)\s+(.+?)\s+(?:is|are)|(?:is|are)(?:\s+there)?|(?:have|has)\s+(?:we|i)\s+got|(?:do|did)\s+(?:we|i)\s+have)\s+(.+?)?\s*(?:on|in)\s+(?:(?:my|the|our|a|this)\s+)?(?:[\w-]+\s+){0,2}list\b/i;

function askedAbout(args: Record<string, unknown>, text: string): Record<string, unknown> {
  const m = ASKED_ON.exec(text);
  const asked = m?.[1] ?? m?.[2];
  return asked === undefined ? args : { ...args, items: asked };
}

/** The list named, for the methods that take one whole; "it" after an action on a list is that list. */
function refineList(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  const list = args['list'] ?? listNamedIn(info.text) ?? listAction(info)?.['list'];
  return list === undefined ? args : { ...args, list };
}

/** Whatever else is said of a list: it is not what to do with its items. */
const WHOLE_LIST = ['(clear|empty|wipe|reset) [out]', '(delete|scrap) [my|the|our|this|that] [whole]', 'bin (my|the|our|this|that)', 'get rid of', 'start [a|an] new', 'what is on', "what's on", 'read', 'show', 'tell me', 'what do i need', 'what do we need', 'how many'];

/** The name of a list being made: "a list called camping gear", "a new packing list", "a camping gear list". */
const CALLED = /\b(?:list|document|doc|note)\s+(?:called|named|for)\s+(?:the\s+)?(.+?)(?:\s+list)?(?:\s+(?:with|containing|including|saying|that\s+says)\s.*)?[.!?]*$/i;
const NEW_NAMED = /\b(?:a|an|my|our|the)\s+(?:new\s+)?([\p{L}\p{N}'’ -]+?)\s+list\b/iu;
/** What is put on a new list from the start: "a packing list with socks and shirts". */
const WITH_ITEMS = /\b(?:list|document|doc|note)\b.*?\s(?:with|containing|including|saying|that\s+says)\s+\S/i;
/** Or said after a named list's "of", or after a colon: "a grocery list of apples and pears", "a to-do list: call the bank, fix the sink". */
const LISTED_ITEMS = /\b(?:a|an|my|our|the)\s+(?:new\s+)?[\p{L}\p{N}'’-][\p{L}\p{N}'’ -]*?\s+list\s*(?::|\bof\b)\s*(.+?)[.!?]*$/iu;

/** A list of no name, of what it is for: "make a list of things to pack" (named so). */
const LIST_OF = /\b(?:a|an)\s+(?:new\s+)?list\s+of\s+(?:the\s+)?(.+?)[.!?]*$/i;

function refineNewList(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  const list = CALLED.exec(info.text)?.[1] ?? NEW_NAMED.exec(info.text)?.[1] ?? LIST_OF.exec(info.text)?.[1] ?? args['list'];
  // Without "with" there is nothing to put on it: the words read as such were its name ("a list called camping gear").
  const { items, ...rest } = args;
  const listed = LISTED_ITEMS.exec(info.text)?.[1]?.replace(/\s+([,;])/g, '$1');
  const refined = listed !== undefined ? { ...rest, items: listed } : WITH_ITEMS.test(info.text) && items !== undefined ? args : rest;
  return list === undefined ? refined : { ...refined, list };
}

/** "Rename the shopping list to groceries", "change the name of my packing list to camping gear": which list, then its new name. */
const RENAMED = /\b(?:rename|call|change\s+the\s+name\s+of)\s+(?:(?:my|our|the|this|that)\s+)?(.+?)\s+list\s+(?:to|as|into)?\s*(?:(?:the|a|an)\s+)?(.+?)(?:\s+list)?[.!?]*$/i;

function refineRename(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  const m = RENAMED.exec(info.text);
  return m ? { ...args, list: m[1]!, to: m[2]! } : args;
}

/** "What's on the shopping list": what a list is, looked up again ("email it to me" after an action on it). */
function whatIsOn(args: Record<string, unknown>): string | undefined {
  const list = args['list'];
  return typeof list === 'string' && list.trim() !== '' ? `what's on the ${list.replace(/\s+list$/i, '')} list` : undefined;
}

/** "What did I add to the shopping list?", "what have we put on it": what is on it, asked. */
const ASKED_WHAT_WENT_ON = ['what (did|have) (i|we|you) [just] (add|added|put) [to|on|onto]', 'which (items|things) (did|have) (i|we|you) (add|added|put) [to|on|onto]'];

/** Something running out, said of the home: "I need more eggs", "we're running low on coffee", "I'm almost out of dish soap" (the shopping list's, unless one is named). */
const RUNNING_OUT = [
  'i need more',
  "(i'm|i am|we're|we are) [running|getting] low on",
  "(i'm|i am|we're|we are) [almost|nearly] out of",
  '(i|we) (have|just) run out of',
  "(i've|we've) [just] run out of",
  'i ran out of',
];
/** Out of what is no thing to buy: "we're out of time", "I'm out of ideas". */
const OUT_OF_SAYING = 'out of (time|ideas|luck|breath|patience|energy|order|town|reach|control|sight|options|money|here|it)';

/** "Add toothpaste", "buy milk", "I need to buy batteries": onto the list, said short (no list named); not "buy me ...", nor an event or a reminder. */
const SAID_SHORT = /^(?:please\s+)?(?:add|buy|(?:i|we)\s+(?:need|have)\s+to\s+buy)\s+(?!(?:me|us|him|her|them)\b|(?:a|an|the|my|our)\s+(?:event|meeting|appointment|reminder|timer|alarm)\b)([^,;:!?]+?)[.!]*$/i;

/**
 * What puts back a change to a list once it is done ("undo" after it), from what it did: the
 * items it put on or took off (`done` of its result), taken off or put back; "" when it changed
 * nothing. Asked ahead ("for an hour") there is no result, and nothing is undone.
 */
function undoneBy(verb: 'take' | 'add'): (args: Record<string, unknown>, done?: unknown) => string | undefined {
  return (_args, done) => {
    const change = done as { list?: unknown; done?: unknown } | undefined;
    if (typeof change?.list !== 'string' || !Array.isArray(change.done)) return undefined;
    const items = change.done.filter((i): i is string => typeof i === 'string');
    if (items.length === 0) return '';
    return verb === 'take' ? `take ${joined(items)} off ${listTitle(change.list)}` : `add ${joined(items)} to ${listTitle(change.list)}`;
  };
}

/** How the rule brain recognizes each method of the lists. */
export const documentsHints = {
  add_to_list: {
    // Said short, nothing else fitting: "add toothpaste" is "add toothpaste to the list"; "buy me a pizza" asks the assistant to buy.
    saidInFull: (text) => {
      const m = SAID_SHORT.exec(text.trim());
      return m ? `add ${m[1]} to the list` : undefined;
    },
    lookupText: whatIsOn,
    undoText: undoneBy('take'),
    textNamesThings: true,
    phrases: [`(to|on|onto) ${OF} ${NAMES} list`, `(to|on|onto) ${ANY}`, `(to|on|onto) ${OF} list`, `(to|on|onto) ${OF} ${NAMES}`, '(add|put) * [*] [*] (to|on|onto) (it|that)', 'we need [more|some]', 'we are out of', "we're out of", 'we have run out of', 'we ran out of', "we've run out of", ...RUNNING_OUT],
    keywords: ['list', ...LIST_NAME_WORDS],
    // The items follow the verb: "add milk and eggs to the shopping list".
    textIntros: ['(add|put|stick|throw|pop|include) [also]', '(write|jot) down', 'buy', 'get'],
    refine: refineItems,
    // Off a list, not "from school" in what goes on one ("add pick up the kids from school to my to-do list").
    exclude: [`(off|from) ${OF} ${NAMES} [list]`, `(off|from) ${ANY}`, `(off|from) ${OF} list`, ...WHOLE_LIST, '(rename|merge)', 'remind', 'reminder', 'calendar', 'email', 'lights', 'light', 'do (we|i) need', '(have|has) (we|i) got', '(do|did) (we|i) have * [*] [*] on', OUT_OF_SAYING],
    // Asking what is on one ("is milk on the shopping list"); "we're running low on coffee" is no question.
    excludeAtStart: ['(is|are) * [*] [*] on', ...ASKED_WHAT_WENT_ON],
  },
  remove_from_list: {
    lookupText: whatIsOn,
    undoText: undoneBy('add'),
    textNamesThings: true,
    phrases: [`(off|from) ${OF} ${NAMES} list`, `(off|from) ${ANY}`, `(off|from) ${OF} list`, `(off|from) ${OF} ${NAMES}`, '(cross|tick|strike|scratch|check) off', 'mark * [*] [*] as (done|bought|got|purchased)', '(take|remove|cross) * [*] [*] (off|from) (it|that)', '[also] (remove|delete)', '(i|we) [have|just|already] (bought|picked up)', "(i've|we've) [just|already] (bought|picked up)", '(i|we) [just|already] got'],
    keywords: ['list', ...LIST_NAME_WORDS],
    textIntros: ['(take|remove|delete|cross|strike|scratch|tick|check) [off]', 'mark'],
    refine: refineItems,
    // Onto a list, not the "to" of "my to do list".
    exclude: ['(to|onto) (my|the|our|a|this)', '(put|add|write|stick) * [*] [*] on (my|the|our|a|this)', `(to|on|onto) ${NOT_TO_DO}`, 'remind', 'reminder', 'calendar', 'email', 'lights', 'light', '(off|remove|delete|take) (everything|all items|all the items)', 'got (home|back|up|in|out|there|here|to|into|a call|an email|a message)', '(have|has) (we|i) got', '(do|did) (we|i) (have|get)'],
  },
  check_list: {
    textNamesThings: true,
    // "Is milk on the shopping list?", "do we need milk?", "have we got eggs on the list": a question, nothing changes.
    phrases: [
      `(is|are) * [*] [*] on ${OF} ${NAMES} [list]`,
      `(is|are) * [*] [*] on ${ANY}`,
      `(is|are) * [*] [*] on ${OF} list`,
      // "Check if milk is on the shopping list": asked of the assistant.
      `(check|see) (if|whether) * [*] [*] (is|are) on ${OF} ${NAMES} [list]`,
      `(check|see) (if|whether) * [*] [*] (is|are) on ${ANY}`,
      'do (we|i) need [to buy|to get|any|some]',
      '(have|has) (we|i) got * [*] [*] on',
      '(do|did) (we|i) have * [*] [*] on',
      // "Have we got eggs", "did we get milk": whether they are still on the list (it asked the game's bot to get them).
      '(have|has) (we|i) got [any|some]',
      'did (we|i) get [any|some]',
    ],
    keywords: ['list', ...LIST_NAME_WORDS],
    phraseOnly: true,
    // "Is there anything on the to-do list", "what's left on it": what is on it, read.
    exclude: ['(is|are) [there] anything', "(what is|what's) left", '(email|emails|e-mail|mail|mails|message|messages|inbox|texts)'],
    textIntros: ['do (we|i) need [to buy|to get|any|some]'],
    refine: (args, info) => refineItems(askedAbout(args, info.text), info),
  },
  read_list: {
    phrases: [
      `(what is|what's|anything) on ${OF} ${NAMES} [list]`,
      `((is|are) there|is) anything [left] on ${OF} ${NAMES} [list]`,
      `((is|are) there|is) anything [left] on ${ANY}`,
      `(what is|what's|anything) left on ${OF} ${NAMES} [list]`,
      `(what is|what's|anything) left on ${ANY}`,
      // "What's on my to-do list for today": the list as it is; a list holds no days (it was the calendar's day).
      `(what is|what's|anything) on ${OF} ${NAMES} list ${FOR_DAY}`,
      `(read|show|tell|give|send) [me|us] ${OF} ${NAMES} list ${FOR_DAY}`,
      `how many (items|things) [are|do we have|do i have] on ${ANY}`,
      `(what is|what's|anything) on ${OF} list`,
      `(what is|what's|anything) on ${ANY}`,
      `(read|show|tell|give|send) [me|us] ${ANY}`,
      `(read|show|tell|give|send) [me|us] ${OF} ${NAMES} list`,
      `(read|show|tell|give) [me|us] ${OF} list`,
      `(what is|what's) in ${OF} ${NAMES} list`,
      'what do (i|we) need [to buy|to get|from the shop|from the store]',
      '(what is|what\'s) on (it|there) now',
      '(what is|what\'s) [now] on (it|there)',
      '(read|show) (it|that) [back] [to me|out]',
      `${NAMES} list`,
    ],
    askedAtStart: ASKED_WHAT_WENT_ON,
    keywords: ['list', ...LIST_NAME_WORDS],
    refine: refineList,
    // Onto a list, not the "to" of "my to do list"; asked what was put on one, it is read.
    exclude: [`(to|onto) (my|the|our|a|this) [*] [*] list`, `(to|onto) ${NOT_TO_DO} list`, `(off|from) ${OF} [*] [*] list`, '(add|put|stick) * ', '(clear|empty|wipe|reset|delete)', '(rename|merge|forward)', 'what lists', 'which lists', 'my lists', 'remind', 'reminder', 'calendar', 'email'],
  },
  list_lists: {
    phrases: ['what lists', 'which lists', '(list|show) [me] [all] [my|our|the] lists', 'my lists', 'our lists', 'do (i|we) have [any] lists'],
    keywords: ['lists'],
  },
  clear_list: {
    // "Email it to me, then clear the shopping list": what is on it, looked up.
    lookupText: whatIsOn,
    phrases: [`(cross|tick|check|strike|take) off (everything|all) on ${OF} ${NAMES} [list]`, `(cross|tick|check|strike|take) off (everything|all) on ${ANY}`, `(remove|delete|take) (everything|all items|all the items) (from|off) ${OF} ${NAMES} [list]`, `(clear|empty|wipe|reset) [out] ${OF} ${NAMES} list`, `(clear|empty|wipe|reset) [out] ${ANY}`, `(clear|empty|wipe|reset) [out] ${OF} list`, `start [a|an] new ${NAMES} list`, '(clear|empty|wipe) (it|that) [out]'],
    keywords: ['list', ...LIST_NAME_WORDS],
    refine: refineList,
    exclude: ['calendar', 'schedule', 'agenda', 'reminder', 'reminders', 'delete', 'get rid of'],
  },
  create_list: {
    lookupText: whatIsOn,
    phrases: [
      '(create|make|set up|open) [me|us] [a|an|my|our] [new] list (called|named|for)',
      '(create|make|set up|open) [me|us] (a|an|my|our) [new] * [*] list',
      'new list (called|named)',
      // The household's lists are its documents: "create a document called packing list", "make a note called ideas".
      '(create|make|set up|open|start) [me|us] [a|an|my|our] [new] (document|doc|note) (called|named)',
      '(create|make|set up|start) [me|us] (a|an) [new] list of',
    ],
    keywords: ['list', 'document', 'note', ...LIST_NAME_WORDS],
    phraseOnly: true,
    textIntros: ['(with|containing|including)', 'saying', 'that says'],
    refine: refineNewList,
    exclude: ['(to|onto|off|from) (my|the|our|a|this)', '(add|put|clear|empty|delete|remove)', 'calendar', 'reminder', 'reminders', 'email'],
  },
  rename_list: {
    lookupText: (args) => whatIsOn({ list: args['to'] }),
    phrases: [`(rename|call) ${OF} ${NAMES} list`, `(rename|call) ${ANY}`, `change the name of ${OF} ${NAMES} list`, `change the name of ${ANY}`],
    keywords: ['rename', 'list'],
    phraseOnly: true,
    refine: refineRename,
  },
  delete_list: {
    phrases: [`(delete|scrap|bin|remove) ${OF} [whole] ${NAMES} list`, `(delete|scrap|bin|remove) ${ANY}`, `(delete|scrap|bin|remove) ${OF} [whole] list`, `get rid of ${OF} [whole] ${NAMES} list`, `get rid of ${OF} [whole] list`],
    keywords: ['list', ...LIST_NAME_WORDS],
    refine: refineList,
    exclude: ['(off|from) [my|the|our]', 'calendar', 'reminder', 'reminders'],
  },
} satisfies Record<string, MethodHints>;
