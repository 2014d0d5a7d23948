import { PRIMARY_CHANNEL } from '../../plugin/catalog.js';
import { BUILTIN_ENTITY_KINDS as K } from '../../plugin/hints.js';
import { formatZoned, wallTime } from '../../util/time.js';
import { escapeRegExp } from '../../util/text.js';
import type { CatalogIndex, MethodIndex } from './catalog-index.js';
import { tokensIn, type ClauseView } from './clause.js';
import { readFreeText, readsAsClause } from './entities/free-text.js';
import { readPerson, readRecipient, recipientList, type NameScope } from './entities/names.js';
import { readCount, readPercent } from './entities/numbers.js';
import { readRecurrence, type RecurrenceHit } from './entities/recurrence.js';
import { readOnOff } from './entities/switch.js';
import { readPosition } from './entities/position.js';
import { sunRoutine } from './entities/sun.js';
import { isLengthAlone, readDuration, readLength, readTimes, sunIn, SUNISH, WAKING, type LeadHit, type TimeContext, type TimeHit } from './entities/time.js';
import { CLOCK_WORDS, DEGREE, DETERMINERS, HALF_HOUR, OBJECT_PRONOUNS, PERSON_PRONOUNS, SELF, STOPWORDS } from './lexicon.js';
import type { ParamInfo } from './params.js';
import { nonOverlapping, type PhraseHit } from './pattern.js';
import { inherit, likeBefore, NOT_INHERITED, takePronouns } from './pronouns.js';
import { findUnknown } from './unknown-values.js';
import type { Token } from './tokens.js';
import type { VocabularyHit } from './vocabulary.js';

/** What an "it" or "them" stands for: the call of the action it refers to. */
export interface Antecedent {
  target: string;
  args: Record<string, unknown>;
  /** Entity kind of each argument. */
  kinds: Record<string, string | undefined>;
  /** How the words named an argument's thing, where a word of the method followed its value ("kitchen light" for "kitchen"). */
  named?: Record<string, string>;
}

/** How well one method explains a clause, and the arguments it would take from it. */
export interface Reading {
  method: MethodIndex;
  args: Record<string, unknown>;
  /** Arguments the words stated (not defaults, not inherited). */
  explicit: string[];
  /** Required parameters still without a value. */
  missing: ParamInfo[];
  /** A word that was meant as a value of a vocabulary that does not have it ("the attic light"). */
  unknown?: { param: ParamInfo; words: string; count: number };
  phrase: PhraseHit<string> | undefined;
  phraseAtStart: boolean;
  keywords: number;
  /** The plugin was named ("in minecraft", "on discord"). */
  mentioned: boolean;
  /** For the requester's own channel: another channel was named ("let me know by email"). */
  otherChannel: boolean;
  /** Arguments read from precise evidence: a vocabulary name, a time, a percentage, on/off, an address. */
  typed: number;
  /** Arguments read from weaker evidence: a name, a count. */
  loose: number;
  /** Words nothing explained. */
  leftovers: string[];
  pronoun: 'object' | 'source' | 'person' | undefined;
  /** Where the first pronoun is, the one `pronoun` says the role of. */
  pronounAt?: number;
  inherited: string[];
  /** Several values for a one-value parameter ("the kitchen and the garage"): one action each. */
  list?: { param: string; hits: VocabularyHit[] };
  /** Several people a message goes to ("bob and alice"): the tokens from the first name to the last, and the names (undefined: the requester). */
  recipients?: { param: string; first: number; last: number; names: Array<string | undefined> };
  /** Where the free text starts when an intro ("saying", "that") opened it, else 0. */
  textFrom: number;
  excluded: boolean;
  /**
   * For a method that takes no time and no text: the time said, and how often, that it cannot
   * take ("at 7pm", "every morning"), with the tokens that said them (see decide: it is asked for then).
   */
  when?: { indices: number[]; hit: TimeHit | undefined; every: RecurrenceHit | undefined; lead?: LeadHit };
  /** For a method that takes no time, no text and no count: how long what it does is to last ("for an hour", "until 11pm"), with its tokens. */
  lasting?: Lasting;
  /** The on/off said, and the token that said it ("on" in "turn on"). */
  onOff?: { param: string; value: boolean; index: number };
}

/** How long what a clause asks for is to last: "for an hour", "for the next 10 minutes", "until 11pm", "till midnight". */
export interface Lasting {
  /** The tokens that say it, "for" or "until" included. */
  indices: number[];
  /** Its words, as said. */
  words: string;
  /** When it is over. */
  until: Date;
}

/** What reading a clause needs besides the clause: the catalog's index, the zone, what "it" stands for. */
export interface ReadEnv {
  index: CatalogIndex;
  timeZone: string;
  antecedent?: Antecedent;
  /** Targets not to choose (lessons say they failed for actions like this one). */
  avoid?: ReadonlySet<string>;
  /** The channel the request was said on: a method's phrases said there only count there (`phrasesThere`). */
  channel?: string;
}

/** The phrases of a method said in a clause: its own, and those that count on its channel when the request was said there. */
export function phrasesSaid(method: MethodIndex, tokens: readonly Token[], free: (i: number) => boolean, env: ReadEnv): Array<PhraseHit<string>> {
  const hits = method.phrases.all(tokens, free);
  return method.phrasesThere && env.channel === method.plugin ? [...hits, ...method.phrasesThere.all(tokens, free)] : hits;
}

/** Words that say when, unlike the number words chrono also reads as times ("a quarter", "half"). */
const SAYS_WHEN = new RegExp(String.raw`\d|\b(today|tomorrow|tonight|morning|afternoon|evening|night|noon|midnight|midday|sunday|monday|tuesday|wednesday|thursday|friday|saturday|minutes?|hours?|week|weekend|month|sunset|sundown|dusk|nightfall|twilight|sunrise|sunup|dawn|daybreak|dark|light|sun|eod|end\s+of\s+(?:the\s+)?(?:(?:working|work|business)\s+)?day)\b|\b${CLOCK_WORDS}|${HALF_HOUR}`, 'i');

/** Cheap words without which no time says when (most requests): the times are then not parsed at all. */
const WHEN_GATE =
  new RegExp(String.raw`\b(today|tomorrow|tonight|morning|afternoon|evening|night|noon|midnight|midday|(sun|mon|tues?|wed(nes)?|thu(rs)?|fri|sat(ur)?)days?|minutes?|hours?|week|weekends?|weekdays?|month|rest\s+of|daily|weekly|hourly|monthly|nightly|yearly|annual|annually|fortnightly|bi-?weekly|quarterly|everyday|every|each|twice|(?:once|times)\s+(?:a|per|each|every)\s+day|sunset|sundown|dusk|nightfall|twilight|sunrise|sunup|dawn|daybreak|eod|end\s+of\s+(?:the\s+)?(?:(?:working|work|business)\s+)?day)\b|\b(at|by|around|in|before|after|until|from)\s+\d|\d\s*(am|pm|a\.m|p\.m)\b|\d:\d\d|\b\d{1,2}(?:st|nd|rd|th)\b|\b${CLOCK_WORDS}|${HALF_HOUR}`, 'i');

/** Words that ask for what is still to come in a period: "coming up this week", "the rest of today". */
const ONWARD = /\b(?:coming\s+up|upcoming|ahead|left|remaining|rest\s+of|still\s+to\s+come)\b/i;

/** A time said as an end: "until 11pm", "till midnight". */
const UNTIL = /\b(until|till|til)\s*$/i;
const UNTIL_GATE = /\b(until|till|til)\b/i;

const lastingCache = new WeakMap<ClauseView, Lasting | null>();

/** How long what a clause asks for is to last, when it says so; a duration counts from the request's now. */
export function lastingOf(view: ClauseView): Lasting | undefined {
  const cached = lastingCache.get(view);
  if (cached !== undefined) return cached ?? undefined;
  const { text, tokens } = view;
  let found: Lasting | undefined;
  const duration = /\bfor\b/i.test(text) ? readDuration(text) : undefined;
  if (duration) {
    found = { indices: tokensIn(tokens, [[duration.start, duration.end]]), words: text.slice(duration.start, duration.end), until: new Date(view.time.now.getTime() + duration.ms) };
  } else if (UNTIL_GATE.test(text)) {
    for (const h of view.times()) {
      const lead = UNTIL.exec(text.slice(0, h.spans[0]![0]));
      if (!lead) continue;
      const end = Math.max(...h.spans.map(([, e]) => e));
      found = { indices: tokensIn(tokens, [[lead.index, end]]), words: text.slice(lead.index, end), until: h.at };
      break;
    }
  }
  lastingCache.set(view, found ?? null);
  return found;
}

/** The times of a clause: all, the one that says when, how often, and when what comes round starts ("starting December 7th"). */
interface When {
  hits: TimeHit[];
  best: TimeHit | undefined;
  every: RecurrenceHit | undefined;
  start?: TimeHit;
}

/** Per clause, the time that says when and how often: read once, whichever methods are tried. */
const whenCache = new WeakMap<ClauseView, When>();

/** A clock time said as one: "6:30", "7am", "7 o'clock", "noon". */
const CLOCK_SAID = /\d:\d\d|\d\s*(?:am|pm|a\.m\.|p\.m\.)|o'?clock|\bnoon\b|\bmidnight\b/i;

/**
 * The times of a clause that say when something is to happen: not a duration ("for an hour"),
 * not a level ("at 7 percent"), not number words alone ("a quarter"); the most precise of them,
 * and how often it comes round when the clause says so.
 */
export function whenOf(view: ClauseView): When {
  const cached = whenCache.get(view);
  if (cached) return cached;
  const { text } = view;
  // "When it gets dark": only where the home is known ("light" is said of most requests).
  const gate = WHEN_GATE.test(text) || (view.time.place !== undefined && SUNISH.test(text));
  const hits = !gate
    ? []
    : view.times().filter((h) => {
        const said = h.spans.map(([s, e]) => text.slice(s, e)).join(' ');
        const end = Math.max(...h.spans.map(([, e]) => e));
        const before = text.slice(0, h.spans[0]![0]);
        // Nor a length said of a thing: "a 5 minute timer", "pause the 10 minute timer", "a quick five minute timer", "a half hour timer".
        const ofThing = /\b(a|an|the|my|that|this)(\s+[a-z]+)?\s*$/i.test(before) && isLengthAlone(said) && !/^\s*(?:from\s+now|later|ago|before|after)\b/i.test(text.slice(end));
        // "From 20 to 60" is levels, not from 20:00.
        const levels = /^\s*from\s+\d+\s*$/i.test(said) && /^\s*%?\s*to\s+(?:2[5-9]|[3-9]\d|100)\b/i.test(text.slice(end));
        // "For 10 minutes" is how long; "an alarm for 6:30am" is when.
        // Of something that comes round, "for tomorrow" is what it is of ("send me my calendar for tomorrow every night at 9"), not how long.
        const ofDay = REPEATING.test(text) && FOR_DAY.test(text.slice(h.spans[0]![0], h.spans[0]![1]));
        const lasting = !CLOCK_SAID.test(said) && (/^\s*for\b/i.test(said) || /\bfor\s*$/i.test(before)) && !(WAKING.test(text) && /^\s*(?:for\s+)?\d{1,2}\s*$/i.test(said)) && !ofDay;
        return SAYS_WHEN.test(said) && !ofThing && !levels && !lasting && !UNTIL.test(before) && !/^\s*(%|percent\b|per cent\b)/i.test(text.slice(end));
      });
  // "Every Monday, starting December 7th": the time said after "starting" is when it starts, not when on each day.
  const said = gate ? startSaid(text, hits, view.time) : undefined;
  // With no other time, the start says the day of the week or of the month, and the hour ("every other week starting December 14": Mondays).
  const startRead = said ? readRecurrence(text, mostPrecise(said.others) ?? said.start, view.time, [...said.others, said.start]) : undefined;
  const start = startRead ? said!.start : undefined;
  let best = mostPrecise(start ? said!.others : hits);
  const every = startRead ?? (gate ? readRecurrence(text, best, view.time, hits) : undefined);
  // "Email me tomorrow's calendar every night at 9", "send me my calendar for tomorrow every night at 9": how often says when;
  // the day's own ("tomorrow's", "for tomorrow") says what is sent, and stays in its words.
  const own = every && best ? best.spans.filter(([s, e]) => !/^['’]s\b/.test(text.slice(e)) && !(FOR_DAY.test(text.slice(s, e)) && /\bfor\s+$/i.test(text.slice(0, s)))) : undefined;
  if (best && own && own.length > 0 && own.length < best.spans.length) {
    const kept = { ...best, spans: own };
    hits.splice(hits.indexOf(best), 1, kept);
    best = kept;
  }
  const found = { hits, best, every, ...(start ? { start } : {}) };
  whenCache.set(view, found);
  return found;
}

/** Words that say something comes round. */
const REPEATING = /\b(?:every|each|daily|nightly|weekly)\b/i;
/** A day said as what something is for: "for tomorrow", "for today", "for the week". */
const FOR_DAY = /^(?:today|tomorrow|tonight|this\s+week|next\s+week|the\s+(?:day|week|weekend))$/i;

/** The time said in one span of a clause's text, read alone (its spans in the clause's); none when it says none. */
function readAlone(text: string, [from, to]: [number, number], time: TimeContext): TimeHit[] {
  const found = mostPrecise(readTimes(text.slice(from, to), time));
  return found ? [{ ...found, spans: found.spans.map(([s, e]) => [s + from, e + from] as [number, number]) }] : [];
}

function mostPrecise(hits: readonly TimeHit[]): TimeHit | undefined {
  return [...hits].sort((a, b) => b.precision - a.precision)[0];
}

/** Words before a time that say something starts then: "starting", "beginning", "as of"; "from" before a day ("from 9 to 5" is hours). */
const STARTING = /\b(?:starting|beginning|commencing|as\s+of)\s+(?:on\s+|from\s+)?$/i;
const FROM = /\bfrom\s+(?:on\s+)?$/i;

/** Whether words that say something starts are said right before `at` (a position in `text`). */
function startWordBefore(text: string, at: number): boolean {
  const before = text.slice(0, at);
  return STARTING.test(before) || FROM.test(before);
}

/** Whether `hit`, one time said alone, is said as when something starts ("from" only of a day). */
function startsThen(text: string, hit: TimeHit): boolean {
  if (hit.spans.length !== 1) return false;
  const before = text.slice(0, hit.spans[0]![0]);
  return STARTING.test(before) || (FROM.test(before) && !hit.said.clock && !hit.until);
}

/**
 * The time said as when something starts, and the other times; a time read as one with another
 * ("every day at 8 starting tomorrow": "8 ... tomorrow") is read again a part at a time.
 */
function startSaid(text: string, hits: readonly TimeHit[], time: TimeContext): { start: TimeHit; others: TimeHit[] } | undefined {
  const joined = hits.some((h) => startsThen(text, h)) ? undefined : hits.find((h) => h.spans.length > 1 && h.spans.some(([from]) => startWordBefore(text, from)));
  const parts = joined ? joined.spans.flatMap((span) => readAlone(text, span, time)) : [];
  const pool = joined && parts.length === joined.spans.length ? [...hits.filter((h) => h !== joined), ...parts] : hits;
  const start = pool.find((h) => startsThen(text, h));
  return start ? { start, others: pool.filter((h) => h !== start) } : undefined;
}

/** The words that say something starts at a time: "starting", "on"... */
export const START_WORDS: ReadonlySet<string> = new Set(['starting', 'beginning', 'commencing', 'as', 'of', 'from', 'on']);

/** The time a clause opens with, before the token `named` (the first that names its method) and with nothing but words that lead to a time around it: "on Monday at 9, add ...". */
function openingTime(view: ClauseView, named: number): Reading['when'] {
  const { tokens } = view;
  const { best: hit, every } = whenOf(view);
  const spans = [...(hit?.spans ?? []), ...(every?.spans ?? [])];
  if (spans.length === 0) return undefined;
  const indices = new Set(tokensIn(tokens, spans));
  // A time no word of the clause says alone ("today's meeting") opens nothing.
  if (indices.size === 0 || [...indices].some((i) => i >= named)) return undefined;
  for (let i = view.first; i < named; i++) {
    if (indices.has(i)) continue;
    if (tokens[i]!.kind !== 'punct' && !TIME_LEAD.has(tokens[i]!.norm)) return undefined;
    indices.add(i);
  }
  return { indices: [...indices], hit, every };
}

/**
 * How often, said last of a message to the requester that no intro opened ("text me the weather
 * every morning"): when it is sent, as said first would be. Said to someone else it may be what
 * they are told ("tell bob the bins go out every monday"), and after an intro it is the message's;
 * but someone reminded is reminded that often ("remind the kids to brush their teeth every night
 * at 8": a time said once stays the message's, "remind alice to call me tomorrow").
 */
function closingRecurrence(view: ClauseView, phrases: readonly PhraseHit<unknown>[], intros: MethodIndex['intros'], free: (i: number) => boolean): Reading['when'] {
  const { tokens } = view;
  const { best: hit, every } = whenOf(view);
  if (!every) return undefined;
  const toSelf = phrases.some((h) => h.indices.some((i) => SELF.has(tokens[i]!.norm)) || SELF.has(tokens[h.end]?.norm ?? ''));
  if (!toSelf && !phrases.some((h) => tokens[h.start]?.norm === 'remind')) return undefined;
  const indices = new Set(tokensIn(tokens, [...every.spans, ...(hit?.spans ?? [])]));
  if (indices.size === 0) return undefined;
  const first = Math.min(...indices);
  if (intros.all(tokens, free).some((h) => h.start < first)) return undefined;
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last]!.kind === 'punct') last--;
  for (let i = first; i <= last; i++) if (!indices.has(i) && !TIME_LEAD.has(tokens[i]!.norm)) return undefined;
  for (let i = first - 1; i >= 0 && TIME_LEAD.has(tokens[i]!.norm); i--) indices.add(i);
  for (let i = first; i <= last; i++) indices.add(i);
  return { indices: [...indices], hit, every };
}

/** A time a phrase's "*" stood for says when: "remind bob tomorrow at 9 to bring the projector", "remind bob every monday to ...". */
function wildTime(view: ClauseView, phrases: readonly PhraseHit<unknown>[]): Reading['when'] {
  const wild = new Set(phrases.flatMap((h) => h.wild ?? []));
  if (wild.size === 0) return undefined;
  // The phrase may say the time's first word itself: "tell * (at|tomorrow|...) [*] to".
  const said = new Set(phrases.flatMap((h) => h.indices));
  const timeWord = (i: number) => TIME_LEAD.has(view.tokens[i]!.norm) || DAY_WORD.test(view.tokens[i]!.norm) || view.tokens[i]!.norm === 'next';
  const within = (spans: ReadonlyArray<readonly [number, number]>) => {
    const at = tokensIn(view.tokens, spans);
    return at.length > 0 && at.every((i) => said.has(i) && (wild.has(i) || timeWord(i))) && at.some((i) => wild.has(i) || DAY_WORD.test(view.tokens[i]!.norm));
  };
  const { every } = whenOf(view);
  const often = every && within(every.spans) ? every : undefined;
  const hit = view.times().find((h) => within(h.spans));
  if (!hit && !often) return undefined;
  const indices = tokensIn(view.tokens, [...(hit?.spans ?? []), ...(often?.spans ?? [])]);
  for (let k = Math.min(...indices) - 1; wild.has(k) && TIME_LEAD.has(view.tokens[k]!.norm); k--) indices.push(k);
  return { indices, hit, every: often };
}

/** Words after a count that say it counts nothing named there ("give one to alice", "give two, please"). */
const COUNTS_NOTHING: ReadonlySet<string> = new Set(['', 'to', 'for', ',', '.', '!', 'please', 'and']);

/** A day's own, as in "tomorrow's standup", "friday's meeting": when, wherever it is said. */
const DAY_OWN = /^(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)['’]s$/;

/** A day said by a word of its own. */
const DAY_WORD = /^(?:today|tomorrow|tonight)$/;

/** A part of the day, which may end a phrase and still say when: "clear my friday morning". */
const DAY_PART = /^(?:morning|afternoon|evening|tonight)$/;

/** The first day's own of a clause, and that day. */
function dayOwnOf(view: ClauseView): { index: number; period: TimeHit['period'] } | undefined {
  const index = view.tokens.findIndex((t) => DAY_OWN.test(t.norm));
  if (index < 0) return undefined;
  const period = readTimes(view.tokens[index]!.norm.slice(0, -2), view.time)[0]?.period;
  return period ? { index, period } : undefined;
}

const TIME_KINDS: ReadonlySet<string> = new Set<string>([K.datetime, K.periodStart, K.periodEnd, 'datetime-end', K.date, K.clockTime]);
const TIME_LEAD: ReadonlySet<string> = new Set(['at', 'on', 'in', 'by', 'before', 'for', 'the', 'this', 'around', 'from', 'starting', 'every', 'each']);
/** Of those, the prepositions: a time takes one ("at 5pm", "on monday"); another before it is the verb's ("bring the cat in"). */
const TIME_PREPOSITIONS: ReadonlySet<string> = new Set(['at', 'on', 'in', 'by', 'before', 'for', 'around', 'from']);
/**
 * The preposition just before a time's first word (`first`) that leads to it, "on" of "on the
 * 1st"; -1 when the time opens otherwise: with its own ("at 6"), a day ("tomorrow"), a while.
 */
export function leadingPreposition(tokens: readonly Token[], first: number): number {
  const opening = tokens[first]?.norm ?? '';
  const before = tokens[first - 1]?.norm ?? '';
  // Only a time that opens with a date's words ("the 1st", "5pm"): "turn the lights on when it gets dark" keeps its "on".
  if (!TIME_PREPOSITIONS.has(before) || !(opening === 'the' || tokens[first]?.kind === 'number')) return -1;
  return first - 1;
}

/** Days said without "in", "on" or "at": "tomorrow", not "on tomorrow". */
const OWN_DAYS: ReadonlySet<string> = new Set(['today', 'tonight', 'tomorrow', 'yesterday']);
const PARTICLE_PREPOSITIONS: ReadonlySet<string> = new Set(['in', 'on', 'at']);

/** Reads a clause as a call of `method`: which words it explains, which arguments it finds. */
export function readMethod(view: ClauseView, method: MethodIndex, env: ReadEnv): Reading {
  const { tokens, text } = view;
  const n = tokens.length;
  const taken = Uint8Array.from(view.cues.covered);
  const free = (i: number) => i >= 0 && i < n && taken[i] === 0;
  const take = (indices: Iterable<number>) => {
    for (const i of indices) taken[i] = 1;
  };
  const isThing = (w: string) => env.index.thingWords.has(w);
  const args: Record<string, unknown> = {};
  const explicit: string[] = [];
  const set = (p: ParamInfo, value: unknown) => {
    args[p.name] = value;
    explicit.push(p.name);
  };
  let textFrom = 0;
  // "An hour before my dentist appointment": a time said against an event, taken by a method that
  // takes one, or asked for then of one that takes no time and no text (see decide). Its words are
  // no other argument's: not "kitchen" of "before the kitchen party".
  const eventParam = method.params.find((p) => p.kind === K.eventRef);
  const timed = method.params.some((p) => p.kind !== undefined && TIME_KINDS.has(p.kind));
  const leadSaid = view.lead();
  const lead = leadSaid && (eventParam !== undefined || (!method.text && !timed && leadSaid.event !== undefined)) ? leadSaid : undefined;
  const leadTokens = lead ? tokensIn(tokens, [[lead.start, lead.end]]).filter(free) : [];
  take(leadTokens);
  const r: Reading = {
    method, args, explicit, missing: [], phrase: undefined, phraseAtStart: false, keywords: 0, mentioned: false, otherChannel: false,
    typed: 0, loose: 0, leftovers: [], pronoun: undefined, inherited: [], textFrom: 0, excluded: false,
  };

  // Names of things first, so that a phrase cannot eat a word of "crafting table".
  let firstThing: number | undefined;
  for (const p of method.params) {
    const vocabulary = p.kind ? env.index.vocabularies.get(p.kind) : undefined;
    if (!vocabulary || args[p.name] !== undefined) continue;
    const hits = vocabulary.all(tokens, free);
    if (hits.length === 0) continue;
    set(p, hits[0]!.value);
    r.typed++;
    firstThing ??= hits[0]!.start;
    for (const h of hits) for (let i = h.start; i < h.end; i++) taken[i] = 1;
    // The first parameter said with several values is the one to fan out on ("the porch light green and the kitchen light blue").
    if (new Set(hits.map((h) => h.value)).size > 1) r.list ??= { param: p.name, hits };
  }

  // A lone word of the method's right after a phrase of it (an article between maybe) is what that phrase acts on: "book" in "add book club", "add the book club".
  const actedOn = (o: PhraseHit<unknown>, h: PhraseHit<unknown>) => o.end === h.start || (o.end === h.start - 1 && DETERMINERS.has(tokens[o.end]!.norm));
  const phrases = nonOverlapping(phrasesSaid(method, tokens, free, env)).filter((h, _, all) => h.length > 1 || !all.some((o) => o !== h && actedOn(o, h)));
  // A pronoun inside a phrase ("bring them to") still refers to something.
  const inPhrase = new Uint8Array(n);
  for (const h of phrases) for (const i of h.indices) inPhrase[i] = 1;
  /** Phrases from where a message starts are its own words ("saying I told you so"); `naming` stays the method's. */
  const messageFrom = (from: number, naming?: PhraseHit<unknown>) => {
    for (const h of phrases) if (h.start >= from && h !== naming) for (const i of h.indices) inPhrase[i] = taken[i] = 0;
  };
  /** Tokens of the times said: none of them is a count, and a phrase's "*" gives them back. */
  let timeTokens: Set<number> | undefined;
  const inTime = (i: number) => (timeTokens ??= new Set(view.times().flatMap((h) => tokensIn(tokens, h.spans)))).has(i);
  for (const h of phrases) take(h.indices);
  r.phrase = [...phrases].sort((a, b) => b.length - a.length || a.start - b.start)[0];
  r.phraseAtStart = r.phrase !== undefined && phrases.some((h) => h.start === view.first);
  // At the start, or after a possessive that opens it ("bob's email is ...").
  const opening = [view.first, ...(/['’]s$/.test(tokens[view.first]?.norm ?? '') ? [view.first + 1] : [])];
  // What a method with text is about, after its phrase and "to" (a time between them maybe), excludes nothing:
  // "remind me (tomorrow) to change the smoke alarm batteries" changes no alarm.
  const toAfter = (from: number) => {
    for (let i = from; i < n; i++) {
      if (tokens[i]!.norm === 'to') return i + 1;
      if (!inTime(i) && !TIME_LEAD.has(tokens[i]!.norm)) break;
    }
    return n;
  };
  const excluding = method.exclude.all(tokens);
  const about = excluding.length > 0 && method.text ? Math.min(...phrases.map((h) => (tokens[h.end - 1]?.norm === 'to' ? h.end : toAfter(h.end)))) : n;
  const asked = opening.some((i) => method.askedAtStart.at(tokens, i).length > 0);
  r.excluded = !asked && (excluding.some((h) => h.start < about) || opening.some((i) => method.excludeAtStart.at(tokens, i).length > 0));

  let timeUsed: TimeHit | undefined;
  const movesTo = method.params.some((p) => p.kind === K.clockTime || p.kind === K.date);
  // "Move tomorrow's standup to 11": to a method that moves a thing and takes the period it is in
  // now, a day's own says that period, and is no day it moves to; any other time is where it goes.
  const findsBy = movesTo && method.params.some((p) => p.kind === K.periodStart);
  const ownDay = findsBy ? dayOwnOf(view) : undefined;
  if (ownDay) take([ownDay.index]);
  // "Email me my reminders every sunday evening": how often, said to a method that takes a time but no recurrence, is when the whole is done, not the period it looks at.
  const recurs = method.params.some((p) => p.kind === K.recurrence) ? undefined : whenOf(view).every;
  const recurring = new Set(recurs ? tokensIn(tokens, recurs.spans) : []);
  // The time it comes round at is part of it: "evening" of "every sunday evening".
  const roundAt = recurs ? whenOf(view).best : undefined;
  if (roundAt && tokensIn(tokens, roundAt.spans).some((i) => recurring.has(i))) for (const i of tokensIn(tokens, roundAt.spans)) recurring.add(i);
  const time = (): TimeHit | undefined => {
    if (timeUsed) return timeUsed;
    // The most precise time said wins ("tomorrow at 8pm" over the "night" of "game night").
    // A preposition of the time may have been taken by a phrase ("what's on" + "on Friday").
    const usable = (h: TimeHit) => tokensIn(tokens, h.spans).every((i) => (free(i) || TIME_LEAD.has(tokens[i]!.norm) || i === ownDay?.index) && !recurring.has(i));
    // A method that moves a thing to a time takes the time it moves to: "move my 3pm meeting to 4pm".
    const toward = (h: TimeHit) => (movesTo && tokens[tokensIn(tokens, h.spans)[0]! - 1]?.norm === 'to' ? 1 : 0);
    const hit = [...view.times()].filter(usable).sort((a, b) => b.precision - a.precision || toward(b) - toward(a))[0];
    if (!hit) return undefined;
    const indices = tokensIn(tokens, hit.spans).filter(free);
    // The words that lead to it, one preposition at most: "bring the cat in at 5pm" keeps its "in", "check in on monday"
    // its "in". "Tomorrow", "tonight" take no "in", "on" or "at": "let the dog in tomorrow" keeps its "in" ("for tomorrow" is one).
    const opening = tokens[indices.length > 0 ? Math.min(...indices) : -1]?.norm ?? '';
    let preposition = TIME_PREPOSITIONS.has(opening);
    for (let i = (indices[0] ?? 0) - 1; i >= 0 && free(i) && TIME_LEAD.has(tokens[i]!.norm); i--) {
      const norm = tokens[i]!.norm;
      if (TIME_PREPOSITIONS.has(norm)) {
        if (preposition || (OWN_DAYS.has(opening) && PARTICLE_PREPOSITIONS.has(norm))) break;
        preposition = true;
      }
      indices.push(i);
    }
    take(indices);
    timeUsed = hit;
    return hit;
  };
  if (lead && eventParam) {
    const ahead = method.params.find((p) => p.kind === K.leadTime);
    if (lead.event !== undefined) set(eventParam, lead.event);
    if (ahead) set(ahead, Math.round(lead.ms / 1000));
    r.typed++;
  }
  // Times first: "of" in "the 3rd of January" is not the "of" that opens a reminder's text.
  if (timed) {
    // A time a phrase's "*" stood for is the time said ("cancel my 7am alarm"); so is a day it
    // says in its words ("tell me tomorrow to ..."), and a day's own or a part of the day that ends
    // it ("cancel tomorrow's standup", "clear my friday morning").
    for (const h of phrases) {
      const last = Math.max(...h.indices);
      const saysWhen = (i: number) => h.wild?.includes(i) || DAY_WORD.test(tokens[i]!.norm) || (i === last && (DAY_OWN.test(tokens[i]!.norm) || DAY_PART.test(tokens[i]!.norm)));
      for (const i of h.indices) if (saysWhen(i) && inTime(i)) taken[i] = 0;
    }
    time();
  }
  // How long it is to last is no argument of a method that takes no time, no text and no count
  // (which may be the length: "water the lawn for 10 minutes"): "half" in "for half an hour" is
  // no level, "2 hours" no area (see decide: it is undone then).
  if (!timed && !method.text && !method.params.some((p) => p.kind === K.count || p.kind === K.duration)) {
    const lasting = lastingOf(view);
    if (lasting) {
      take(lasting.indices);
      r.lasting = lasting;
    }
  }

  if (method.text && !timed) {
    // A time said before the words that name a method of free text ("tomorrow, add eggs to the
    // shopping list", "at 5 email bob saying dinner is ready") says when, not what: it is asked
    // for then (see decide), instead of being dropped. Said after them, it is the text's.
    const named = [...phrases, ...method.intros.all(tokens, (i) => free(i) || inPhrase[i] === 1)].map((h) => h.start);
    const opening = named.length === 0 ? undefined : openingTime(view, Math.min(...named));
    const when = opening ?? (method.params.some((p) => p.kind === K.recurrence) ? undefined : (closingRecurrence(view, phrases, method.intros, free) ?? wildTime(view, phrases)));
    if (when) {
      take(when.indices);
      r.when = when;
    }
  }

  if (method.text) {
    // The text follows the phrase that named the method; or, when that phrase ends the clause ("delete lunch with alice from my calendar"), an intro before it.
    const after = r.phrase?.end ?? 0;
    const last = r.phrase !== undefined && !tokens.some((_, i) => i >= after && free(i));
    const intro = method.intros
      .all(tokens, (i) => free(i) || inPhrase[i] === 1)
      .filter((h) => h.start >= after || r.phrase === undefined || (last && h.end <= r.phrase.start))
      .filter((h) => !sentThat(tokens, h))
      .sort((a, b) => a.start - b.start || b.length - a.length)[0];
    if (intro) {
      // An intro wins over a phrase in the same words ("and tell her ...").
      for (const i of intro.indices) inPhrase[i] = 0;
      take(intro.indices);
      textFrom = intro.end;
      r.textFrom = textFrom;
      // What the intro opened is the message's own words: "saying I told you so", "that I sent the email".
      messageFrom(textFrom, r.phrase);
    } else if (phrases.length > 0) {
      // Without an intro the text follows the words that named the method ("email me the list").
      textFrom = phrases[0]!.start;
    }
    // "Email bob tomorrow saying hi": a time between the method's words and where the text starts says when (it was dropped, and the mail sent now).
    if (!timed && r.when === undefined && r.textFrom > 0) {
      const inside = (h: TimeHit) => {
        const at = tokensIn(tokens, h.spans);
        return at.length > 0 && at.every((i) => i < r.textFrom && free(i));
      };
      let before = view.times().filter(inside);
      // "Email bob tomorrow saying the party is at 8": the time before the text, read apart from the one inside it.
      if (before.length === 0) before = readTimes(text.slice(0, tokens[r.textFrom - 1]!.start), view.time).filter(inside);
      const hit = [...before].sort((a, b) => b.precision - a.precision)[0];
      if (hit) {
        const indices = tokensIn(tokens, hit.spans);
        for (let k = (indices[0] ?? 0) - 1; k >= 0 && free(k) && TIME_LEAD.has(tokens[k]!.norm); k--) indices.push(k);
        take(indices);
        r.when = { indices, hit, every: undefined };
      }
    }
  }

  const PLACE = ['in', 'on', 'via', 'over', 'by', 'through'];
  for (let i = 0; i < n; i++) {
    const norm = tokens[i]!.norm;
    if (method.keywords.has(norm)) {
      r.keywords++;
      if (!method.text && free(i)) taken[i] = 1;
    }
    if (method.plugin === PRIMARY_CHANNEL && env.index.channels.has(norm)) r.otherChannel = true;
    const lead = i > 0 && PLACE.includes(tokens[i - 1]!.norm) ? i - 1 : i > 1 && tokens[i - 1]!.norm === 'the' && PLACE.includes(tokens[i - 2]!.norm) ? i - 2 : i;
    // Its own name anywhere; another word for it only where it says where ("in the game", not "game night").
    if (norm === method.plugin || (method.aliases.has(norm) && lead < i)) {
      r.mentioned = true;
      // "on discord" says where, not what: it is not part of a message's text.
      if (!method.text || i < r.textFrom || lead < i) for (let k = lead; k <= i; k++) taken[k] = 1;
    }
  }

  const outsideText = r.textFrom > 0 ? r.textFrom : n;
  /** Where who is told ends (a recipient read), for the pronouns after it. */
  let recipientEnd: number | undefined;

  const notAName = (w: string) => isThing(w) || method.phraseWords.has(w) || method.keywords.has(w) || env.index.plugins.has(w);
  const scope = (from: number, to: number): NameScope => ({ text, tokens, free, isThing: notAName, from, to });

  for (const p of method.params) {
    if (args[p.name] !== undefined) continue;
    switch (p.kind) {
      case K.datetime:
      case K.periodStart: {
        // When is the event's less the lead, not a time of its own.
        if (lead && eventParam) break;
        if (findsBy && p.kind === K.periodStart) {
          if (ownDay) set(p, formatZoned(ownDay.period.from, env.timeZone));
          break;
        }
        const hit = time();
        if (hit) {
          // "What's coming up this week": from now on, not the week's days gone by.
          const from = ONWARD.test(text) && hit.period.from.getTime() < view.time.now.getTime() ? view.time.now : hit.period.from;
          set(p, formatZoned(p.kind === K.datetime ? hit.at : from, env.timeZone));
          r.typed++;
        }
        break;
      }
      case K.periodEnd: {
        if (findsBy) {
          if (ownDay) set(p, formatZoned(ownDay.period.to, env.timeZone));
          break;
        }
        const hit = time();
        if (hit) set(p, formatZoned(hit.period.to, env.timeZone));
        break;
      }
      case 'datetime-end': {
        const hit = time();
        if (hit?.until) set(p, formatZoned(hit.until, env.timeZone));
        if (hit?.until && hit.duration) take(tokensIn(tokens, [hit.duration]));
        break;
      }
      case K.date:
      case K.clockTime: {
        // Only what was said: "move it to 4pm" keeps its day, "to Friday" its time; "tomorrow's" is the day it is on.
        const hit = time();
        const ofOwnDay = p.kind === K.date && ownDay !== undefined && hit !== undefined && tokensIn(tokens, hit.spans).includes(ownDay.index);
        if (hit && !ofOwnDay && (p.kind === K.date ? hit.said.date : hit.said.clock)) {
          const w = wallTime(hit.at, env.timeZone);
          const pad = (n: number) => String(n).padStart(2, '0');
          set(p, p.kind === K.date ? `${w.year}-${pad(w.month)}-${pad(w.day)}` : `${pad(w.hour)}:${pad(w.minute)}`);
          r.typed++;
        }
        break;
      }
      case K.duration: {
        const hit = readLength(text);
        if (hit) {
          set(p, Math.round(hit.ms / 1000));
          const indices = tokensIn(tokens, [[hit.start, hit.end]]);
          take(indices);
          // "for" before it goes with it.
          for (let i = indices[0]! - 1; free(i) && tokens[i]!.norm === 'for'; i--) take([i]);
          r.typed++;
        }
        break;
      }
      case K.recurrence: {
        const hit = whenOf(view).every;
        if (hit) {
          set(p, hit.cron);
          // "Every other Tuesday": only every so many of the pattern's, where the method takes it (else refused before).
          const step = hit.interval ? method.params.find((q) => q.kind === K.recurrenceInterval) : undefined;
          if (step) set(step, hit.interval);
          // "The last Friday of every month": only that one of the pattern's weekdays in each month (else refused before).
          const week = hit.week !== undefined ? method.params.find((q) => q.kind === K.recurrenceWeek) : undefined;
          if (week) set(week, hit.week);
          take(tokensIn(tokens, hit.spans));
          r.typed++;
          // The time said with it is when it comes round, not one instant ("every day at 7" is not today at 19:00).
          for (const q of method.params) {
            if (q.kind !== undefined && TIME_KINDS.has(q.kind) && !q.required && args[q.name] !== undefined) {
              delete args[q.name];
              explicit.splice(explicit.indexOf(q.name), 1);
              r.typed--;
            }
          }
          // But one said as when it starts is that ("every Monday, starting December 7th").
          const { start } = whenOf(view);
          const from = start ? method.params.find((q) => q.kind === K.datetime && !q.required) : undefined;
          if (start && from) {
            set(from, formatZoned(startsAt(start), env.timeZone));
            take(startTokens(tokens, start));
          }
        }
        break;
      }
      case K.sunEvent:
      case K.sunOffset: {
        // "Every day at sunset": how often says the days, the sun when on each (as the recurrence read it, a clock time of today's).
        const often = method.params.find((q) => q.kind === K.recurrence);
        const sun = often && typeof args[often.name] === 'string' ? sunIn(text, view.time) : undefined;
        if (!sun?.at) break;
        const routine = sunRoutine(String(args[often!.name]), sun);
        if (p.kind === K.sunEvent) {
          set(p, routine.event);
          args[often!.name] = routine.days;
          take(tokensIn(tokens, [[sun.start, sun.end]]));
          r.typed++;
        } else if (routine.offsetSeconds !== undefined) {
          set(p, routine.offsetSeconds);
        }
        break;
      }
      case K.percent: {
        // A number of a time said is not a level: "at 7" is not 7% ("at 7 percent" is, and "a quarter" may be either).
        const inTime = new Set(whenOf(view).hits.flatMap((h) => tokensIn(tokens, h.spans)));
        const hit = readPercent(tokens, (i) => free(i) && !inTime.has(i));
        if (hit) {
          set(p, hit.value);
          take(hit.indices);
          r.typed++;
        }
        break;
      }
      case K.position: {
        const hit = readPosition(text);
        if (hit) {
          set(p, hit.value);
          take(tokensIn(tokens, [[hit.start, hit.end]]));
          r.typed++;
        }
        break;
      }
      case K.onOff: {
        const hit = readOnOff(tokens, free, r.phrase?.indices ?? [], isThing);
        if (hit) {
          set(p, hit.value);
          r.onOff = { param: p.name, value: hit.value, index: hit.index };
          taken[hit.index] = 1;
          r.typed++;
        }
        break;
      }
      case K.recipient: {
        const within = scope(0, outsideText);
        // After words that name the person already ("remind him to"), what follows is what they are told, not who.
        const namesPerson = (h: PhraseHit<unknown>) => h.indices.some((i) => PERSON_PRONOUNS.has(tokens[i]!.norm));
        const wild = phrases.flatMap((h) => h.wild ?? []);
        const hit = readRecipient(within, phrases.filter((h) => !namesPerson(h)).map((h) => h.end), wild);
        if (hit) {
          take(hit.indices);
          recipientEnd = hit.indices.at(-1)! + 1;
          // "Email bob and alice saying ...": one message to each.
          const listed = recipientList(within, hit, wild);
          if (listed.length > 1) {
            const [first, last] = [listed[0]!.index, listed.at(-1)!.index];
            for (let i = first; i <= last; i++) taken[i] = 1;
            r.recipients = { param: p.name, first, last, names: listed.map((m) => m.value) };
          }
          if (hit.value !== undefined) set(p, hit.value);
          if (hit.value?.includes('@')) r.typed++;
          else r.loose++;
          // "Tell bob to send me the report": what he is told to do is the message, every word of it.
          const to = hit.indices.at(-1)! + 1;
          if (method.text && r.textFrom === 0 && tokens[to]?.norm === 'to' && tokens[to + 1]?.kind === 'word') {
            taken[to] = 1;
            textFrom = r.textFrom = to + 1;
            // Words that would name a way to send are the message's, once words before them named it ("tell alice to email me").
            messageFrom(textFrom, phrases.some((h) => h.end <= to) ? undefined : r.phrase);
          }
        }
        break;
      }
      default:
        break;
    }
  }
  // A count that counts nothing said after it ("give one to alice"): where it stands, for the thing before.
  let bareCount: number | undefined;
  for (const p of method.params) {
    if (args[p.name] !== undefined || p.kind !== K.count) continue;
    // A number of a time is no count: "give them to bob tomorrow at 9" gives as many as "them", not 9.
    const hit = readCount(tokens, (i) => free(i) && !inTime(i), firstThing);
    if (hit && Number.isInteger(hit.value) && hit.value > 0) {
      set(p, hit.value);
      take(rangeOf(hit.start, hit.end));
      r.loose++;
      if (hit.end - hit.start === 1 && COUNTS_NOTHING.has(tokens[hit.end]?.norm ?? '')) bareCount = hit.start;
    }
  }

  // "Tell alice it is raining", "tell bob to bring it home": after who is told, a pronoun is a word of what they are told.
  const told = (i: number) => method.text !== undefined && recipientEnd !== undefined && i >= recipientEnd;
  const pronoun = takePronouns(tokens, outsideText, (i) => free(i) && !told(i), (i) => inPhrase[i] === 1 && !told(i), (i) => (taken[i] = 1), method.text !== undefined && r.textFrom === 0);
  r.pronoun = pronoun?.role;
  if (pronoun) r.pronounAt = pronoun.at;
  // "Get 2 stone pickaxes and give one to alice": "one" is one of those.
  const thing = method.params.find((p) => p.required && p.kind !== undefined && p.kind !== K.count && p.kind !== K.person && args[p.name] === undefined && !NOT_INHERITED.has(p.kind));
  if (!pronoun && bareCount !== undefined && thing) {
    r.pronoun = 'object';
    r.pronounAt = bareCount;
  }

  for (const p of method.params) {
    if (args[p.name] !== undefined || p.kind !== K.person) continue;
    const hit = readPerson(scope(0, outsideText));
    if (hit) {
      take(hit.indices);
      set(p, hit.value ?? 'me');
      r.loose++;
    }
  }

  if (method.text && args[method.text.name] === undefined) {
    // "Saying thanks for dinner", "tell alice thank you for the flowers": politeness inside the text is its words; at its end, after other words, it is the requester's ("remind me to call mom please").
    const real = (i: number) => free(i) && tokens[i]!.kind !== 'punct';
    for (const [start, end] of view.cues.courtesy) {
      if (start < textFrom || start < view.first) continue;
      const last = !tokens.some((_, i) => i >= end && real(i));
      if (last && tokens.some((_, i) => i >= textFrom && i < start && real(i))) continue;
      for (let i = start; i < end; i++) taken[i] = 0;
    }
    // Text no intro opened is named, not quoted: "add a meeting with the plumber" → "meeting with the plumber";
    // unless what is said to someone is a sentence: "tell alice the kids are asleep" says "the kids are asleep".
    const said = method.params.some((p) => p.kind === K.recipient) && readsAsClause({ text, tokens, free }, textFrom);
    const hit = readFreeText({ text, tokens, free }, textFrom, method.intros, r.textFrom === 0 && !said, method.params.some((p) => p.kind === K.recipient));
    if (hit) {
      set(method.text, hit.value);
      take(hit.indices);
      // "Put it on the packing list": a text that is only a pronoun stands for what an earlier action acted on.
      const only = hit.indices.length === 1 ? hit.indices[0]! : -1;
      if (r.pronoun === undefined && only >= 0 && OBJECT_PRONOUNS.has(tokens[only]!.norm)) {
        r.pronoun = 'object';
        r.pronounAt = only;
      }
    }
  }

  // "Remind me about the dentist an hour before": the event is what the text names. Not what is to be
  // done: "remind me to leave 10 minutes before it starts" is before an event said elsewhere, or asked for.
  const named = method.text ? args[method.text.name] : undefined;
  if (lead && eventParam && lead.event === undefined && typeof named === 'string' && !new RegExp(String.raw`\bto\s+${escapeRegExp(named)}`, 'i').test(view.text)) set(eventParam, named);

  if (timed && recurs && r.when === undefined) {
    const indices = [...recurring].filter(free);
    for (const i of [...indices]) for (let k = i - 1; k >= 0 && free(k) && TIME_LEAD.has(tokens[k]!.norm); k--) indices.push(k);
    take(indices);
    r.when = { indices, hit: roundAt, every: recurs };
  }
  if (!method.text && !timed) {
    // When it is to be done is not a word of this method's ("at 11pm" is no area): it is asked for then (see decide).
    const { best: hit, every } = whenOf(view);
    if (lead) {
      r.when = { indices: leadTokens, hit: undefined, every: undefined, lead };
    } else if (hit || every) {
      const said = tokensIn(tokens, [...(hit?.spans ?? []), ...(every?.spans ?? [])]);
      const indices = said.filter(free);
      for (const i of [...indices]) for (let k = i - 1; k >= 0 && free(k) && TIME_LEAD.has(tokens[k]!.norm); k--) indices.push(k);
      take(indices);
      // Words the method took already say no time: "add 10 minutes to the timer" is how much, not when.
      if (indices.length > 0 || said.length === 0) r.when = { indices, hit, every };
    }
  }

  const leftoverIdx: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    // A word of the method's own phrases is not noise ("send" in "send bob an email"); how much is not ("a little brighter").
    if (free(i) && t.kind !== 'punct' && !STOPWORDS.has(t.norm) && !DEGREE.has(t.norm) && !method.phraseWords.has(t.norm)) leftoverIdx.push(i);
  }
  r.leftovers = leftoverIdx.map((i) => tokens[i]!.norm);
  inherit(r, env.antecedent, (kind) => env.index.vocabularies.has(kind));
  // "Tell her I'll be late" with no one named before: sent to "her", which is asked about, not to the requester (who a missing recipient is).
  const to = method.params.find((p) => p.kind === K.recipient);
  // Not said outright: a message that only goes on ("email mom@example.com and tell her ...") is still one message.
  if (r.pronoun === 'person' && r.pronounAt !== undefined && to && args[to.name] === undefined) args[to.name] = tokens[r.pronounAt]!.norm;
  r.unknown = findUnknown(r, view, env.index.vocabularies, leftoverIdx);
  for (const p of method.params) if (p.kind === K.count && args[p.name] === undefined) args[p.name] = 1;
  if (method.refine) refine(r, method.refine, text, tokens, env.antecedent);
  const given = (name: string) => args[name] !== undefined && args[name] !== '';
  r.missing = method.params.filter((p) => (p.required || (p.unless !== undefined && !p.unless.some(given))) && !given(p.name));
  return r;
}

/** Lets the plugin fix the arguments with what only it knows; a plugin that throws changes nothing. */
function refine(r: Reading, hook: NonNullable<MethodIndex['refine']>, said: string, tokens: readonly Token[], antecedent: Antecedent | undefined): void {
  let refined: unknown;
  try {
    refined = hook({ ...r.args }, {
      text: tokens.map((t) => t.norm).join(' '),
      said,
      ...(antecedent ? { antecedent: { target: antecedent.target, args: antecedent.args } } : {}),
      ...(antecedent && likeBefore(said) !== undefined ? { like: likeBefore(said)! } : {}),
      explicit: [...r.explicit],
    });
  } catch {
    return;
  }
  if (refined === null || typeof refined !== 'object') return;
  for (const key of Object.keys(r.args)) delete r.args[key];
  Object.assign(r.args, refined);
}

function rangeOf(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}

/** When something said to start at a time starts: a day said alone from its beginning ("starting tomorrow": tomorrow's first time counts). */
export function startsAt(start: TimeHit): Date {
  return start.said.clock ? start.at : start.period.from;
}

/** The tokens of a time said as when something starts, with the words that say so before it. */
export function startTokens(tokens: readonly Token[], start: TimeHit): number[] {
  const indices = tokensIn(tokens, start.spans);
  for (let k = Math.min(...indices) - 1; k >= 0 && START_WORDS.has(tokens[k]!.norm); k--) indices.push(k);
  return indices;
}

/**
 * "Send that to bob", "email this to me": "that" is what is sent, not what opens the words of a
 * message ("tell bob that dinner is ready"), when only whom it goes to follows it.
 */
function sentThat(tokens: readonly Token[], intro: PhraseHit<unknown>): boolean {
  const word = tokens[intro.start]?.norm;
  if (intro.length !== 1 || (word !== 'that' && word !== 'this') || tokens[intro.end]?.norm !== 'to') return false;
  const rest = tokens.slice(intro.end + 1).filter((t) => t.kind !== 'punct');
  return rest.length > 0 && rest.length <= 3;
}
