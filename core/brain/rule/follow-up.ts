import type { EarlierRequest } from '../brain.js';
import type { CatalogIndex } from './catalog-index.js';
import { BUILTIN_ENTITY_KINDS as K } from '../../plugin/hints.js';
import { clockTime, dayHuman } from '../../util/time.js';
import { escapeRegExp } from '../../util/text.js';
import { isLengthAlone, readLength, readTimes, type TimeContext } from './entities/time.js';
import { IT_PRONOUNS, SELF, STOPWORDS, TIME_WORDS, nameLike } from './lexicon.js';
import { tokenize } from './tokens.js';

/** "Same for the garage", "do the same thing in the kitchen", "and the porch too". */
const SAME = /^(?:(?:and|now|also|ok|okay)\s*,?\s+)?(?:please\s+)?(?:do\s+)?(?:the\s+)?same\s+(?:thing\s+)?(?:for|with|in|to|on)\s+(.+?)(?:\s+(?:too|as\s+well|please))?[.!]*$/i;

/** "And the garage too", "the porch as well", "also the office": said alone, another thing of the same kind. */
const ALSO = /^(?:(?:and|also|plus|now)\s+(?:also\s+)?(?:the\s+|my\s+|our\s+)?(.+?)(?:\s+(?:too|as\s+well))?|(?:the\s+|my\s+|our\s+)?(.+?)\s+(?:too|as\s+well))[.!]*$/i;

/** "Again", "do that again", "do it again tomorrow at 7", "repeat that". */
const AGAIN = /^(?:(?:and|now|ok|okay)\s*,?\s+)?(?:please\s+)?(?:(?:do|say)\s+(?:that|it|this)\s+again|repeat\s+(?:that|it|this)|again)\b(?:\s*,)?\s*(.*?)[.!]*$/i;

/** "Same time tomorrow", "at the same time on friday": the request before on another day, at its time. */
const SAME_TIME = /^(?:(?:and|now|also|ok|okay)\s*,?\s+)?(?:please\s+)?(?:(?:do\s+)?(?:it|that)\s+)?(?:at\s+)?(?:the\s+)?same\s+time\s+(.+?)(?:\s+(?:too|as\s+well|please))?[.!]*$/i;

/** "Send the same to alice", "forward it to bob too", "give the same to alex": what the request before sent or gave, to someone else. */
const SAME_TO = /^(?:(?:and|now|also|ok|okay)\s*,?\s+)?(?:please\s+)?(?:send|forward|e-?mail|text|message|tell|say|give)\s+(?:the\s+same(?:\s+(?:thing|message|one|text|words))?|it|that|this)\s+to\s+(.+?)(?:\s+(?:too|as\s+well|please))?[.!]*$/i;

/** "Actually, make it 8pm", "no, change that to tomorrow", "sorry, I meant 7": the request before, set right. */
const CORRECTION = /^\s*(?:(?:no|nope|actually|sorry|oops|wait|oh|ok|okay|hmm)[,!.]?\s+)*(?:(?:please\s+)?(?:make|change|move|switch)\s+(?:it|that|this)\s+(?:to\s+)?|i\s+meant?\s+|(?:it\s+)?should\s+(?:be|have\s+been)\s+)(.+?)\s*(?:,?\s*(?:please|instead|thanks))?\s*[.!]*\s*$/i;

/** What a correction of the request before says instead ("8pm" of "actually, make it 8pm"); undefined for any other text. */
export function correctionOf(text: string): string | undefined {
  return CORRECTION.exec(text)?.[1];
}

/** Kinds of parameter that say when an action is done or comes round ("datetime-end": an event's end, the calendar's own). */
const TIME_KINDS: ReadonlySet<string> = new Set([K.datetime, 'datetime-end', K.periodStart, K.periodEnd, K.date, K.clockTime, K.recurrence]);

/** Kinds of parameter that say who an action is for: whom a message goes to, the player given to. */
const PERSON_KINDS: ReadonlySet<string> = new Set([K.recipient, K.person]);

/** A word that opens a follow-up and says nothing of it: "ok, email it to me". */
const OPENER = /^(?:and|now|ok|okay|also|great|thanks)\s*[,!.]?\s+/i;
/** "Email it to me", "send that to bob", "forward it to alice", "text me that": what the request before looked up or acted on, sent. */
const SENDS_IT = /^(?:(?:please|can you|could you)\s+)?(?:e-?mail|send|forward|text|message|share)\s+(?:(?:me|him|her|us|them)\s+)?(?:it|that|this|them)(?=\s*(?:$|[.!?,]|(?:to|again|now|please|too|as\s+well|over)\b))/i;

/**
 * What a follow-up that only makes sense after the request before stands for, as a request of
 * its own: "same for the garage" after "turn off the kitchen light" is "turn off the garage
 * light" (the one thing the request before named, named anew); "do that again tomorrow" is
 * that request, tomorrow. Undefined when the text is no such follow-up, or the request before
 * does not say what to change.
 */
export function followUpText(text: string, earlier: EarlierRequest, index: CatalogIndex, time: TimeContext): string | undefined {
  const said = text.trim();
  const sendTo = SAME_TO.exec(said);
  const resent = sendTo ? toSomeoneElse(sendTo[1]!, earlier, index, true) : undefined;
  if (resent !== undefined) return resent;
  const send = said.replace(OPENER, '');
  if (SENDS_IT.test(send)) return sendsWhatWasLookedUp(send, earlier, index);
  const again = AGAIN.exec(said);
  if (again) return (again[1] ? atAnotherTime(again[1], earlier, index, time) : undefined) ?? `${earlier.text.replace(/[.!]+$/, '')}${again[1] ? ` ${again[1]}` : ''}`;
  // Set right: "make it 5" of a request that counted and said no time is how many; else a time, someone else or another thing.
  const corrected = correctionOf(said)?.replace(/^to\s+/i, '');
  if (corrected !== undefined) {
    const counted = countedAnew(corrected, earlier, index);
    if (counted !== undefined) return counted;
  }
  const sameTime = corrected === undefined ? SAME_TIME.exec(said) : null;
  if (sameTime) return atAnotherTime(sameTime[1]!, earlier, index, time);
  const same = corrected === undefined ? SAME.exec(said) : null;
  const also = same || corrected !== undefined ? null : ALSO.exec(said);
  const whole = corrected ?? same?.[1] ?? also?.[1] ?? also?.[2];
  if (whole === undefined) return undefined;
  // Said with "same" or as a correction: someone else said in any words, not only as a name.
  const loose = same !== null || corrected !== undefined;
  // "Same for tomorrow", "and at 8pm too": another time; "same for alice", "and Bob too", "actually, make it alice": someone else.
  const other = atAnotherTime(whole, earlier, index, time) ?? toSomeoneElse(whole, earlier, index, loose);
  if (other !== undefined) return other;
  const instead = whole.replace(/^(?:the|my|our)\s+/i, '');
  // The things the request before acted on, by a word of a vocabulary ("kitchen", "steve", "the shopping list"), and whether its words name them or an "it" stood for them.
  const named = new Map<string, { kind: string; keywords: ReadonlySet<string>; said: boolean }>();
  for (const action of earlier.actions) {
    const method = index.methods.find((m) => m.target === action.target);
    for (const p of method?.params ?? []) {
      const value = action.args[p.name];
      if (p.kind !== undefined && index.vocabularies.has(p.kind) && typeof value === 'string') named.set(value.toLowerCase(), { kind: p.kind, keywords: method!.keywords, said: new RegExp(`\\b${escapeRegExp(value)}\\b`, 'i').test(earlier.text) });
    }
  }
  // Things named by a method's text ("add milk to the shopping list"): "and eggs too", "same for bread" are of those, unless the
  // new one is of the named kind, or says a word of the method ("same for the to-do list" is no thing to put on the list).
  const things = thingsSaid(earlier, index);
  const insteadTokens = tokenize(instead).filter((t) => t.kind !== 'punct');
  const ofKind = (kind: string) => index.vocabularies.get(kind)?.at(insteadTokens, 0);
  const keyword = insteadTokens.some((t) => earlier.actions.some((a) => index.methods.find((m) => m.target === a.target)?.keywords.has(t.norm)));
  if (things !== undefined && !keyword && ![...named.values()].some((n) => ofKind(n.kind))) return earlier.text.replace(new RegExp(`\\b${escapeRegExp(things)}\\b`, 'i'), instead);
  // Two things: which one the new one replaces is not for a guess.
  if (named.size !== 1) return undefined;
  const [value, { kind, keywords, said: inWords }] = [...named][0]!;
  // "Turn it back on" acted on the kitchen: its "it" is what changes.
  const pronoun = new RegExp(`\\b(?:${[...IT_PRONOUNS].join('|')})\\b`, 'i');
  if (!inWords && !pronoun.test(earlier.text)) return undefined;
  let thing = instead;
  // Said without "same" (or set right): only a thing of that kind, maybe with a word of its method ("and the garage too", "the porch light too",
  // "actually, make it the garage"; not "and turn on the radio").
  if (!same) {
    const hit = ofKind(kind);
    if (!hit || insteadTokens.slice(hit.end).some((t) => !keywords.has(t.norm))) return undefined;
    thing = instead.slice(0, insteadTokens[hit.end - 1]!.end);
  }
  return inWords ? earlier.text.replace(new RegExp(`\\b${escapeRegExp(value)}\\b`, 'gi'), thing) : earlier.text.replace(pronoun, `the ${thing}`);
}

/**
 * The request before at the time `when` says, when `when` says nothing else ("tomorrow", "at
 * 8pm on friday"): its time words replaced, keeping what `when` leaves unsaid ("same for
 * tomorrow" after "... at 6pm" is tomorrow at 6pm; "and at 8pm too" after "... on friday at
 * 6pm" is friday at 8pm), or `when` added where it said no time. Undefined when `when` is no
 * time alone, or the request before said more than one time.
 */
function atAnotherTime(said: string, earlier: EarlierRequest, index: CatalogIndex, time: TimeContext): string | undefined {
  const kinds = earlier.actions.flatMap((a) => (index.methods.find((m) => m.target === a.target)?.params ?? []).filter((p) => a.args[p.name] !== undefined).map((p) => p.kind));
  const base = earlier.text.replace(/[.!]+$/, '');
  // "Set a timer for 10 minutes", then "make it 15 minutes": how long, said anew.
  const long = said.replace(/^for\s+/i, '');
  if (kinds.includes(K.duration) && isLengthAlone(long)) {
    const length = readLength(base);
    return length ? `${base.slice(0, length.start)}${/^\s*for\b/i.test(base.slice(length.start)) ? 'for ' : ''}${long}${base.slice(length.end)}` : undefined;
  }
  // "Make it 10", "8pm": a clock time, said as one.
  const when = /^\d/.test(said) ? `at ${said}` : said;
  const hits = readTimes(when, time);
  if (hits.length !== 1) return undefined;
  const hit = hits[0]!;
  const rest = hit.spans.reduce((t, [s, e]) => `${t.slice(0, s)}${' '.repeat(e - s)}${t.slice(e)}`, when);
  if (/[\p{L}\p{N}]/u.test(rest.replace(/\b(?:at|on|for|in|the|same|time)\b/gi, ''))) return undefined;
  const before = readTimes(base, time);
  // A time the request before did not act at is in the words it said or sent ("email bob saying dinner is at 8"), as would be one added after them.
  if (!kinds.some((k) => k !== undefined && TIME_KINDS.has(k))) return before.length === 0 && !kinds.includes(K.text) ? `${base} ${when}` : undefined;
  if (before.length !== 1) return undefined;
  const old = before[0]!;
  let phrase = when;
  if (!hit.said.clock && old.said.clock) phrase = `${when} at ${clockTime(old.at, time.timeZone)}`;
  else if (!hit.said.date && old.said.date) {
    const day = dayHuman(old.at, time.timeZone, time.now);
    phrase = `${day === 'today' || day === 'tomorrow' ? day : `on ${day}`} ${when}`;
  }
  const spans = [...old.spans].sort((a, b) => b[0] - a[0]);
  const replaced = spans.reduce((t, [s, e], i) => `${t.slice(0, s)}${i === spans.length - 1 ? phrase : ''}${t.slice(e)}`, base);
  return replaced.replace(/\s{2,}/g, ' ').trim();
}

/**
 * "Make it 5" after "give bob 3 apples": the count said anew, where the request before counted
 * and said no time (after "remind me at 5pm", it is a time); undefined otherwise.
 */
function countedAnew(said: string, earlier: EarlierRequest, index: CatalogIndex): string | undefined {
  const n = /^\d{1,4}$/.exec(said.trim())?.[0];
  if (n === undefined) return undefined;
  const counts: number[] = [];
  for (const action of earlier.actions) {
    for (const p of index.methods.find((m) => m.target === action.target)?.params ?? []) {
      const value = action.args[p.name];
      if (value === undefined || p.kind === undefined) continue;
      if (TIME_KINDS.has(p.kind)) return undefined;
      if (p.kind === K.count && typeof value === 'number') counts.push(value);
    }
  }
  if (counts.length !== 1) return undefined;
  const word = new RegExp(`\\b${counts[0]}\\b`);
  return word.test(earlier.text) ? earlier.text.replace(word, n) : undefined;
}

/**
 * The request before for someone else (`who`: a name, "me", an address, or, with `loose`, "my
 * sister"), in place of the one person its actions were for or went to, as its words named
 * them. A name said alone after "and" ("and Bob too") is one only when written as one, so that
 * "and lunch too" is not a person. Undefined when `who` is no person, or the request before
 * was for no one, or for several.
 */
function toSomeoneElse(who: string, earlier: EarlierRequest, index: CatalogIndex, loose: boolean): string | undefined {
  const people = new Set<string>();
  for (const action of earlier.actions) {
    for (const p of index.methods.find((m) => m.target === action.target)?.params ?? []) {
      if (p.kind === undefined || !PERSON_KINDS.has(p.kind)) continue;
      const value = action.args[p.name];
      people.add(typeof value === 'string' && !SELF.has(value.toLowerCase()) ? value : 'me');
    }
  }
  if (people.size !== 1) return undefined;
  const tokens = tokenize(who).filter((t) => t.kind !== 'punct');
  const [first, second] = tokens;
  if (!first || tokens.length > 2) return undefined;
  const named = (i: number) => {
    const t = tokens[i]!;
    return nameLike(who.slice(t.start, t.end)) && !STOPWORDS.has(t.norm) && !TIME_WORDS.has(t.norm) && ![...index.vocabularies.values()].some((v) => v.at(tokens, i));
  };
  const person =
    tokens.length === 1
      ? first.kind === 'email' || SELF.has(first.norm) || (named(0) && (loose || /^\p{Lu}/u.test(who)))
      : loose && (first.norm === 'my' || first.norm === 'our') && second !== undefined && named(1);
  if (!person) return undefined;
  const word = new RegExp(`\\b${escapeRegExp([...people][0]!)}\\b`, 'i');
  return word.test(earlier.text) ? earlier.text.replace(word, who.trim()) : undefined;
}

/**
 * "Email it to me" after a lookup ("what's on my calendar tomorrow") is that lookup, then the
 * mail; after a change to something ("add milk to the shopping list"), the lookup of what it
 * changed, as its plugin words it. The request before's result is not at hand: it is looked up
 * again, now. Undefined when the request before had no last call to look up by.
 */
function sendsWhatWasLookedUp(said: string, earlier: EarlierRequest, index: CatalogIndex): string | undefined {
  const last = earlier.actions.at(-1);
  const method = last && index.methods.find((m) => m.target === last.target);
  if (!method) return undefined;
  const lookup = method.readOnly && earlier.actions.length === 1 ? earlier.text.replace(/[.!?]+$/, '') : method.lookupText?.(last!.args);
  return lookup === undefined ? undefined : `${lookup}, and ${said}`;
}

/** The words of the one text of the request before that names the things it acted on, as said in it; undefined when there is none such. */
function thingsSaid(earlier: EarlierRequest, index: CatalogIndex): string | undefined {
  const said = earlier.actions.flatMap((action) => {
    const method = index.methods.find((m) => m.target === action.target);
    const value = method?.textNamesThings && method.text ? action.args[method.text.name] : undefined;
    return typeof value === 'string' && new RegExp(`\\b${escapeRegExp(value)}\\b`, 'i').test(earlier.text) ? [value] : [];
  });
  return new Set(said).size === 1 ? said[0] : undefined;
}
