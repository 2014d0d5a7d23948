import type { CatalogIndex } from './catalog-index.js';
import { endsWithFirst, isCueAt, readOpening, type Link } from './cues.js';
import { ifWordsAt, PREPOSITIONS, SUBORDINATORS, TIME_WORDS } from './lexicon.js';
import { namesSunTime } from './entities/sun.js';
import type { Token } from './tokens.js';

/**
 * Splits a request into the clauses of its actions. Sentences always split; inside one, a
 * comma or "and"/"then"/"also" splits only where a new action is named next (so "the garage
 * and the kitchen" stays one clause); "after X, Y" and "Y when you've done X" split into two
 * clauses, the first to run first.
 */

/** One clause of the request. */
export interface Segment {
  /** Character offsets in the request. */
  start: number;
  end: number;
  /** How it is joined to the clause before it. */
  link: 'first' | 'sentence' | Link;
  /** Segments (by index) that must finish before this one starts. */
  after: number[];
}

/** Subordinate clauses tried per clause: enough for real requests, bounded for pathological ones. */
const MAX_TRIES = 3;
/** The most words of a clause read whole to see whether its parts joined by "and" are one action's: reading is not repeated over a long request. */
const JOINED_MAX = 40;
const FRONTED = new Set([...PREPOSITIONS, 'today', 'tomorrow', 'tonight', 'later', 'first', 'this', 'next', 'every', 'starting', 'beginning']);
const SENTENCE_END = new Set(['.', '!', '?', ';', '\n']);
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'vs', 'etc', 'approx', 'no']);
/** Two words that open what to do if the action before fails, without a comma before them. */
const FALLBACK_OPENING = new Set(['or else', 'or otherwise']);
const BOUNDARY = new Set([',', 'and', 'then', 'also', 'meanwhile', 'plus', 'afterwards', 'next', ':']);
/** Words after which "next" is asked about: "what's next", "what is next", "what comes next". */
const ASKS_NEXT = new Set(["what's", 'whats', 'what', 'is', 'comes', 'happens']);
/** Words after which "next" says which one: "my next reminder", "the next meeting". */
const OWNERS = new Set(['my', 'our', 'your', 'his', 'her', 'their', 'the']);
/** Words of a time said before an action's verb: "then in 5 minutes turn it back on", "and at 7pm turn on the porch light". */
const LEADING_TIME = new Set([...TIME_WORDS, 'in', 'at', 'on', 'by', 'after', 'wait', 'for', 'then', 'and', 'a', 'an', 'half', 'quarter', 'few', 'couple', 'of', 'o', 'clock', ':']);

/** Words of when, said before an action's verb: days, times, "every", "other". */
const WHEN = new Set([...LEADING_TIME, ...[...TIME_WORDS].map((w) => `${w}s`), 'every', 'each', 'other', 'weekday', 'the', 'this', 'next']);

/** Whether tokens `[from, to)` say only when: "every monday", "on saturdays", "tomorrow at 9". */
function saysOnlyWhen(tokens: readonly Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'number' && !/^\d/.test(t.norm) && !WHEN.has(t.norm)) return false;
  }
  return true;
}

/** Verbs of what people ask of a home that no plugin may do ("lock the door", "feed the cat"). */
const OTHER_DOINGS: ReadonlySet<string> = new Set(['lock', 'unlock', 'open', 'close', 'shut', 'feed', 'water', 'walk', 'vacuum', 'clean', 'wash', 'cook', 'make', 'order', 'buy', 'play', 'start', 'book', 'pay', 'fix', 'charge', 'mow', 'empty', 'fill', 'heat', 'cool', 'arm', 'disarm']);
/** Words that join a clause to the one before. */
const JOINERS: ReadonlySet<string> = new Set(['and', 'then', 'also']);
/** Words that open what such a verb is done to: "lock the door", not "milk and water to the list". */
const DOING_OBJECT: ReadonlySet<string> = new Set(['the', 'my', 'our', 'a', 'an', 'all', 'some', 'this', 'that', 'these', 'those', 'his', 'her', 'their', 'your']);

/** Whether an action is named at `k`, or after a time said first ("in 5 minutes turn it back on"). */
function namesAction(tokens: readonly Token[], k: number, to: number, env: SegmentEnv, joined = false): boolean {
  if (env.index.starts.at(tokens, k).length > 0 || subordinator(tokens, k) !== undefined) return true;
  // "... and lock the door": something to do that no plugin does, joined by "and" or "then", is a clause of its own (said
  // so), not words of the one before; after a comma alone it may be the next thing of a list ("a to-do list: call the bank, fix the sink").
  if (joined && OTHER_DOINGS.has(tokens[k]?.norm ?? '') && DOING_OBJECT.has(tokens[k + 1]?.norm ?? '')) return true;
  // "... and back on at 7": a switch the other way, read as one (see extract).
  if (tokens[k]?.norm === 'back' && ['on', 'off'].includes(tokens[k + 1]?.norm ?? '')) return true;
  for (let j = k; j < Math.min(to, k + 6); j++) {
    const t = tokens[j]!;
    if (j > k && env.index.starts.at(tokens, j).length > 0) return true;
    if (t.kind !== 'number' && !/^\d/.test(t.norm) && !LEADING_TIME.has(t.norm) && t.norm !== ',') return false;
  }
  return false;
}

interface Part {
  from: number;
  to: number;
  link: Segment['link'];
  /** Offsets into the parts list of the sentence. */
  after: number[];
}

/** What splitting needs from the catalog and the brain. */
export interface SegmentEnv {
  index: CatalogIndex;
  /** Whether this text alone reads as a call: a subordinate clause must, or it stays a condition. */
  isAction(text: string): boolean;
  /** At most this many segments. */
  max: number;
}

/** The clauses of a request, in its order. `cut` says that some were dropped past `max`. */
export function segment(text: string, tokens: readonly Token[], env: SegmentEnv): { segments: Segment[]; cut: boolean } {
  const segments: Segment[] = [];
  let cut = false;
  let s = 0;
  let first = true;
  for (let i = 0; i <= tokens.length && !cut; i++) {
    const t = tokens[i];
    const end = t === undefined || (SENTENCE_END.has(t.norm) && !(t.norm === '.' && ABBREVIATIONS.has(tokens[i - 1]?.norm ?? '')));
    if (!end) continue;
    if (i > s) {
      const parts = splitSentence(text, tokens, s, i, env);
      const base = segments.length;
      for (const [k, p] of parts.entries()) {
        if (segments.length >= env.max) {
          cut = true;
          break;
        }
        const link = k === 0 ? (first ? 'first' : p.link === 'and' ? 'sentence' : p.link) : p.link;
        segments.push({
          start: tokens[p.from]!.start,
          end: tokens[p.to - 1]!.end,
          link,
          after: p.after.map((a) => base + a).filter((a) => a < base + parts.length),
        });
        first = false;
      }
    }
    s = i + 1;
  }
  return { segments: segments.map((seg) => ({ ...seg, after: seg.after.filter((a) => a < segments.length) })), cut };
}

function sliceText(text: string, tokens: readonly Token[], from: number, to: number): string {
  return from < to ? text.slice(tokens[from]!.start, tokens[to - 1]!.end) : '';
}

const SUBJECTS = new Set(['you', 'u', 'we', 'i']);
const SUBJECT_AUX = new Set(['have', 'are', 'will', 'would', 'had', 'did']);

const REQUESTER = new Set(['i', 'we']);

/** Words that open a thing or someone named as who does something: "the kitchen light", "my son". */
const NAMED_SUBJECT = new Set(['the', 'my', 'our', 'your', 'his', 'her', 'their']);
/** Someone said before, as who does something. */
const SOMEONE = new Set(['he', 'she', 'they']);
/** What a thing or someone does by itself, said of them: "the kitchen light turns on", "the kids get home". */
const HAPPENS = /^(?:turns?|goes|go|comes?|gets?|arrives?|starts?|stops?|opens?|closes?|finishes|finish|ends?|leaves?|rings?|changes?|switches|switch|wakes?)$/;

/** "When I go to bed", "once we get home": what the requester does, which no one can see; never an action to take. */
function requestersDoing(tokens: readonly Token[], from: number): boolean {
  return REQUESTER.has(tokens[from]?.norm ?? '');
}

/**
 * What the requester or a thing or someone does by itself: "when the kitchen light turns on",
 * "once the kids get home", said with them first as an order never is (watched for, which
 * nothing here can do): never an action to take first. "When the light is off" still says what
 * to do first.
 */
function doneByOthers(tokens: readonly Token[], from: number): boolean {
  if (requestersDoing(tokens, from)) return true;
  // "When he stops", "once they get home": someone named before.
  if (SOMEONE.has(tokens[from]?.norm ?? '')) return HAPPENS.test(tokens[from + 1]?.norm ?? '');
  if (!NAMED_SUBJECT.has(tokens[from]?.norm ?? '')) return false;
  for (let i = from + 2; i <= from + 4 && i < tokens.length; i++) if (HAPPENS.test(tokens[i]!.norm)) return true;
  return false;
}

/** "you've turned off the light" → "turned off the light": the action, without who does it. */
function withoutSubject(tokens: readonly Token[], from: number, to: number): number {
  let i = from;
  if (i < to && SUBJECTS.has(tokens[i]!.norm)) {
    i++;
    if (i < to && SUBJECT_AUX.has(tokens[i]!.norm)) i++;
  }
  return i < to ? i : from;
}

function subordinator(tokens: readonly Token[], i: number): { kind: 'after' | 'before'; length: number } | undefined {
  const norm = tokens[i]?.norm ?? '';
  if (norm === 'as' && tokens[i + 1]?.norm === 'soon' && tokens[i + 2]?.norm === 'as') return { kind: 'after', length: 3 };
  const kind = SUBORDINATORS.get(norm);
  return kind ? { kind, length: 1 } : undefined;
}

function splitSentence(text: string, tokens: readonly Token[], from: number, to: number, env: SegmentEnv): Part[] {
  const opening = readOpening(tokens, from, to);
  const link = opening.link ?? 'and';
  const sub = subordinator(tokens, opening.contentStart);
  if (sub) {
    const subFrom = opening.contentStart + sub.length;
    const split = subordinateEnd(tokens, subFrom, to, env);
    if (split && !doneByOthers(tokens, subFrom) && env.isAction(sliceText(text, tokens, subFrom, split.at))) {
      const main = splitClauses(text, tokens, split.resume, to, env, 'and');
      if (main.length > 0) {
        const parts: Part[] = [{ from: withoutSubject(tokens, subFrom, split.at), to: split.at, link, after: [] }];
        const shifted = main.map((p) => ({ ...p, after: p.after.map((a) => a + 1) }));
        // "after X, Y": Y waits for X. "before Y, X": Y waits for X, which is said second.
        if (sub.kind === 'after') shifted[0]!.after.push(0);
        else parts[0]!.after.push(1);
        return [...parts, ...shifted];
      }
    }
  }
  return splitClauses(text, tokens, opening.connectivesEnd, to, env, link);
}

/** Where a leading "after ..." clause ends: at a comma or "then", else where a new action is named. */
function subordinateEnd(tokens: readonly Token[], from: number, to: number, env: SegmentEnv): { at: number; resume: number } | undefined {
  for (let i = from + 1; i < to; i++) {
    if (tokens[i]!.norm === ',' || tokens[i]!.norm === 'then') return { at: i, resume: i };
  }
  const named = env.index.phrases.all(tokens, undefined, from, to);
  if (named.length === 0) return undefined;
  // The first action named after the subordinate clause has named its own.
  const firstEnd = named.reduce((min, h) => Math.min(min, h.end), to);
  const inside = new Uint8Array(to - from + 1);
  for (const h of named) for (let k = h.start + 1; k < h.end; k++) inside[k - from] = 1;
  for (let p = Math.max(from + 1, firstEnd); p < to; p++) {
    if (!inside[p - from] && env.index.starts.at(tokens, p).length > 0) return { at: p, resume: p };
  }
  return undefined;
}

/** What the assistant finds or gets, said as a condition: "if you find diamonds ...". */
const FINDS = new Set(['find', 'get', 'mine', 'collect', 'gather']);

/**
 * Whether tokens `[from, to)` say a condition that ends there: a state ("if the garage light
 * is on", "in case the lights are still off"), or what the assistant finds ("if you find diamonds").
 */
function conditionSaid(tokens: readonly Token[], from: number, to: number): boolean {
  const opens = tokens[from]?.norm === 'if' || (tokens[from]?.norm === 'in' && tokens[from + 1]?.norm === 'case');
  if (opens && tokens[from + 1]?.norm === 'you' && FINDS.has(tokens[from + 2]?.norm ?? '') && to > from + 3) return true;
  const state = tokens[to - 1]?.norm;
  const verb = tokens[to - 2]?.norm === 'still' ? tokens[to - 3]?.norm : tokens[to - 2]?.norm;
  return opens && (state === 'on' || state === 'off') && (verb === 'is' || verb === 'are');
}

/**
 * "Turn off the lights but first email me", "..., but email me first": the clause after "but"
 * is to be done before the one said before it. Where that clause ends, at `to` or at the next
 * boundary, is not known here: "first" must open it, or end the sentence.
 */
function firstAfterBut(tokens: readonly Token[], i: number, to: number): boolean {
  const but = tokens[i]!.norm === ',' ? i + 1 : i;
  return tokens[but]?.norm === 'but' && (tokens[but + 1]?.norm === 'first' || endsWithFirst(tokens, to));
}

/** Splits at boundaries followed by a new action, then at subordinators inside each clause. */
function splitClauses(text: string, tokens: readonly Token[], from: number, to: number, env: SegmentEnv, link: Segment['link']): Part[] {
  const parts: Part[] = [];
  const open = readOpening(tokens, from, to);
  let start = open.connectivesEnd;
  let startLink = open.link === undefined || open.link === 'and' ? link : open.link;
  /** The part that waits for the clause being read ("turn off the lights but first email me": the lights). */
  let waits: number | undefined;
  const push = (more: Part[]) => {
    if (waits !== undefined && more.length > 0) parts[waits]!.after.push(parts.length);
    waits = undefined;
    parts.push(...more);
  };
  for (let i = start + 1; i < to; i++) {
    // "turn on the porch light or else email me": what to do if it fails starts a clause, with those words.
    const first = firstAfterBut(tokens, i, to);
    const boundary = BOUNDARY.has(tokens[i]!.norm) || first;
    // "if the garage light is on turn it off", "if you find diamonds bring them to me": a condition ends where what to do starts, comma or not.
    const fallback =
      !boundary && (FALLBACK_OPENING.has(`${tokens[i]!.norm} ${tokens[i + 1]?.norm ?? ''}`) || tokens[i]!.norm === 'otherwise' || (conditionSaid(tokens, start, i) && env.index.starts.at(tokens, i).length > 0));
    if (!boundary && !fallback) continue;
    // "What's next on my calendar": asked about, not an action to come next; nor is "my next reminder" ("when's my next reminder").
    if (tokens[i]!.norm === 'next' && (ASKS_NEXT.has(tokens[i - 1]?.norm ?? '') || OWNERS.has(tokens[i - 1]?.norm ?? ''))) continue;
    // "walk to 10, 70, -5": a comma between numbers lists them (coordinates); no action starts there.
    if (tokens[i]!.norm === ',' && tokens[i - 1]?.kind === 'number' && tokens[i + 1]?.kind === 'number') continue;
    const opening = readOpening(tokens, i, to);
    if (opening.contentStart >= to || (opening.connectivesEnd === i && !fallback)) continue;
    // "if possible, dim the light": a clause of cues alone belongs to the next one.
    const left = readOpening(tokens, start, i).contentStart;
    if (left >= i) continue;
    // "sunrise and sunset times for friday": a lone word before "and" that does nothing alone goes with what follows.
    if (tokens[i]!.norm === 'and' && i - left === 1 && !env.isAction(sliceText(text, tokens, left, i))) continue;
    // "every monday and thursday at 8pm remind me ...": days and times said first are one when, not a clause of their own.
    if (tokens[i]!.norm === 'and' && saysOnlyWhen(tokens, left, i) && !env.isAction(sliceText(text, tokens, left, i))) continue;
    // "in the kitchen, turn the lights off", "tomorrow at 9, remind me...": a fronted place or time.
    // "15 minutes after sunset, turn off the garden lights" too.
    if (tokens[i]!.norm === ',' && (FRONTED.has(tokens[left]!.norm) || namesSunTime(tokens[i - 1]!.norm, tokens[i - 2]?.norm)) && env.index.phrases.all(tokens, undefined, left, i).length === 0) continue;
    // "when I leave, turn off the lights": a condition that is no action of ours stays with what it conditions.
    const condition = subordinator(tokens, left);
    if (condition && (requestersDoing(tokens, left + condition.length) || !env.isAction(sliceText(text, tokens, left + condition.length, i)))) continue;
    // "if it rains, turn on the porch light", "if bob calls, email me": so does one said with "if" that nothing here can
    // tell (the clause is then asked about, never done without it); the state of a light can be told.
    const ifSaid = ifWordsAt(tokens, left);
    if (ifSaid > 0 && !conditionSaid(tokens, left, i) && !env.isAction(sliceText(text, tokens, left + ifSaid, i))) continue;
    const next = opening.contentStart;
    // "..., and if that fails, try again in 10 minutes": what to do then is a clause of its own, whatever it says.
    // Not in what a list is given ("create a to-do list: call the bank and fix the sink").
    const joined = tokens.slice(i, next).some((t) => JOINERS.has(t.norm)) && !tokens.slice(left, i).some((t) => t.norm === ':' || t.norm === 'list');
    if (!namesAction(tokens, next, to, env, joined) && opening.onlyIf === undefined) continue;
    // "add buy stamps and return books to the library to my to-do list": neither side does anything alone, together they do.
    if (tokens[i]!.norm === 'and' && to - left <= JOINED_MAX && !env.isAction(sliceText(text, tokens, left, i)) && !env.isAction(sliceText(text, tokens, next, to)) && env.isAction(sliceText(text, tokens, left, to))) continue;
    push(splitSubordinate(text, tokens, start, i, env, startLink, parts.length));
    if (first) waits = parts.length - 1;
    start = fallback ? i : opening.connectivesEnd;
    startLink = opening.link ?? 'and';
    i = Math.max(i, opening.connectivesEnd - 1);
  }
  push(splitSubordinate(text, tokens, start, to, env, startLink, parts.length));
  return parts.filter((p) => p.to > p.from);
}

/** "email me after the light is off": two clauses, the second to run first. */
function splitSubordinate(text: string, tokens: readonly Token[], from: number, to: number, env: SegmentEnv, link: Segment['link'], offset: number): Part[] {
  const lead = subordinator(tokens, from);
  if (lead) {
    // A clause that opens with "after"/"before" after a comma: "turn on the light, and after that ...".
    const split = subordinateEnd(tokens, from + lead.length, to, env);
    if (split && !doneByOthers(tokens, from + lead.length) && env.isAction(sliceText(text, tokens, from + lead.length, split.at))) {
      const sub: Part = { from: withoutSubject(tokens, from + lead.length, split.at), to: split.at, link, after: [] };
      const main: Part = { from: readOpening(tokens, split.resume, to).connectivesEnd, to, link: 'and', after: [] };
      if (lead.kind === 'after') main.after.push(offset);
      else sub.after.push(offset + 1);
      return [sub, main];
    }
  }
  // Phrases are found once; a subordinate clause is only tried where one still follows, a few times at most.
  const named = env.index.phrases.all(tokens, undefined, from, to);
  const lastStart = named.reduce((max, h) => Math.max(max, h.start), -1);
  let tries = 0;
  const asked = askAt(tokens, from);
  for (let m = from + 1; m < to - 1 && tries < MAX_TRIES; m++) {
    const sub = subordinator(tokens, m);
    // "An hour before sunrise turn on ...": a while against what the sun does, not a clause to run before another.
    if (!sub || isCueAt(tokens, m) || namesSunTime(tokens[m + sub.length]?.norm ?? '', tokens[m + sub.length - 1]?.norm)) continue;
    // "Ask bob when he's coming home": what is asked, not when to do it.
    if (asked >= 0 && m <= asked + 3) continue;
    const subFrom = m + sub.length;
    if (lastStart < subFrom) break;
    tries++;
    if (doneByOthers(tokens, subFrom) || !env.isAction(sliceText(text, tokens, subFrom, to))) continue;
    const main: Part = { from, to: m, link, after: [] };
    const part: Part = { from: withoutSubject(tokens, subFrom, to), to, link: 'and', after: [] };
    if (sub.kind === 'after') main.after.push(offset + 1);
    else part.after.push(offset);
    return [main, part];
  }
  return [{ from, to, link, after: [] }];
}

/** Where "ask" opens the clause at `from`, after polite words ("please", "could you"); -1 when it does not. */
function askAt(tokens: readonly Token[], from: number): number {
  let i = from;
  for (;;) {
    const norm = tokens[i]?.norm;
    if (norm === 'please' || norm === 'pls') i++;
    else if ((norm === 'can' || norm === 'could' || norm === 'would' || norm === 'will') && tokens[i + 1]?.norm === 'you') i += 2;
    else break;
  }
  return tokens[i]?.norm === 'ask' ? i : -1;
}
