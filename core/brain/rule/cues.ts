import { PhraseMatcher, type PhraseHit } from './pattern.js';
import { isNumberSign, type Token } from './tokens.js';
import { TIME_WORDS } from './lexicon.js';
import type { ActionOutcome } from '../../types.js';

/**
 * Words around an action that say how it relates to the others, or how much it matters,
 * rather than what to do: "and then", "if you can", "when that's over", "please".
 */

export type Link = 'and' | 'then' | 'also' | 'meanwhile';

type Cue = 'polite' | 'optional' | 'after-previous' | 'if-failed' | 'if-done' | Link;

/** A greeting said before what to do: "good morning, turn on the kitchen light", "goodnight, lights off". */
const GREETINGS = ['good (morning|night|evening|afternoon|day)', 'goodnight', 'goodmorning'];

const LEADING = new PhraseMatcher<Cue>();
for (const p of ['and', '(hey|hi|hello|ok|okay|so|now|oh|well|but|right)', 'plus', 'first [of all]', 'to start [with]', ...GREETINGS]) LEADING.add(p, 'and');
for (const p of ['[and] then', 'next', 'finally', 'and after that', 'after (that|this)', 'afterwards', 'afterward', 'later [on]']) LEADING.add(p, 'then');
for (const p of ['[and] also', 'as well', 'additionally', 'besides']) LEADING.add(p, 'also');
for (const p of ['meanwhile', 'in the meantime', 'at the same time', 'while you are at it', 'simultaneously']) LEADING.add(p, 'meanwhile');
// "Turn on the porch light; otherwise, email me": what to do if the action before fails. Only in the
// opening: "turn the light off if not already off" is no fallback.
for (const p of ['[and|but|or] (otherwise|failing that|if not|else)']) LEADING.add(p, 'if-failed');
for (const p of [
  '(can|could|would|will|can not) (you|u) [please]',
  'i (want|need) (you|u) to',
  'i would (like|love) (you|u) to',
  'i would like',
  'go ahead and',
  '(be|make) sure (to|you)',
  'please',
  'kindly',
]) {
  LEADING.add(p, 'polite');
}

/** Words that name the assistant (or its game bot) when the requester turns to it. */
const ASSISTANT = '(bot|robot|assistant|majordomo)';
// "tell the bot to come here", "have the bot follow me", "hey bot, ...": the request is for the assistant itself.
for (const p of [`(tell|ask|get) [the|my|our|your] ${ASSISTANT} to`, `have [the|my|our|your] ${ASSISTANT}`, `(hey|hi|hello|ok|okay|yo) [the] ${ASSISTANT}`, ...GREETINGS.map((g) => `${g} [the] ${ASSISTANT}`)]) LEADING.add(p, 'polite');
/** "bot, come here": the assistant's name said on its own before what to do (the comma ends it). */
const VOCATIVE = new PhraseMatcher<Cue>();
VOCATIVE.add(ASSISTANT, 'polite');

/** A part of the day said alone, set apart, is a greeting: "morning! turn on the kitchen light", "night, lights off". */
const DAY_GREETING = new PhraseMatcher<Cue>();
DAY_GREETING.add('(morning|mornin|afternoon|evening|night|nite)', 'polite');

/** Words that end what is asked, so that the assistant's name after them is said to it: "come here bot". */
const CLOSED_BEFORE = new Set(['here', 'there', 'me', 'us', 'now', 'please', 'up', 'down', 'back', 'off', 'on', 'it', 'them', 'again']);

/** Words after "next" that make it a time ("next week"), not "then". */
const NEXT_TIME = new Set([...TIME_WORDS, 'time']);

/** An opening cue at token `i`: "and", "then", "please" ... ; "next week" is a time, not "then". */
function leadingAt(tokens: readonly Token[], i: number): PhraseHit<Cue> | undefined {
  const named = VOCATIVE.at(tokens, i)[0] ?? DAY_GREETING.at(tokens, i)[0];
  if (named && (named.end === tokens.length || tokens[named.end]!.kind === 'punct')) return named;
  const hit = LEADING.at(tokens, i)[0];
  return hit && tokens[i]!.norm === 'next' && hit.end === i + 1 && NEXT_TIME.has(tokens[i + 1]?.norm ?? '') ? undefined : hit;
}

/** "tell me what's on my calendar" asks what's on the calendar: the wrapper goes, the question stays. */
const ASK = new PhraseMatcher<Cue>();
for (const p of ['(tell|show) me', 'let me know', '(can|could) you (tell|show) me', 'i (want|would like) to know', 'do you know', 'i wonder']) ASK.add(p, 'polite');
const QUESTION_WORDS = new Set(['what', 'which', 'how', 'where', 'who']);

/** "Tell me how it went": what to be told is how the actions before went, a message, not a question to look up. */
const HOW_IT_WENT = new PhraseMatcher<Cue>();
for (const p of ['how (it|that|this|things|everything|they|all that) (went|goes|go|turned out)', 'how (it|that|they) (is|are|looks|look) [now]', 'what happened']) HOW_IT_WENT.add(p, 'polite');

function askAt(tokens: readonly Token[], i: number): PhraseHit<Cue> | undefined {
  const hit = ASK.at(tokens, i)[0];
  if (hit && HOW_IT_WENT.at(tokens, hit.end).length > 0) return undefined;
  return hit && QUESTION_WORDS.has(tokens[hit.end]?.norm ?? '') ? hit : undefined;
}

const OPTIONAL_EDGE = new PhraseMatcher<Cue>();
for (const p of ['maybe', 'perhaps', 'optionally', 'ideally', 'possibly', 'if you want', 'if you like', 'no rush', 'optional']) OPTIONAL_EDGE.add(p, 'optional');

const ANYWHERE = new PhraseMatcher<Cue>();
for (const p of [
  '[only] if (you|u) (can|could)',
  'if (possible|feasible|convenient)',
  'if (it is|that is) (possible|ok|okay|not too much trouble)',
  'if (you|u) (have|get|find) [the|some|a] (time|chance|moment|minute|sec|second)',
  'when (you|u) (have|get|find) [the|some|a] (time|chance|moment|minute|sec|second)',
  'if there is [enough] time',
  'time permitting',
  'if you do not mind',
]) {
  ANYWHERE.add(p, 'optional');
}
for (const p of [
  '(when|once|after|as soon as) (that|it|this|they|those|you|everything) (is|are|was|were) [all] (over|done|finished|complete|completed|through|ready|sorted)',
  '(when|once|after|as soon as) (that|it|this|they|those|everything) (has|have) (been|finished|ended) [done|completed|finished]',
  '(when|once|after|as soon as) (done|finished|complete|ready)',
  '(when|once|after|as soon as) (that|it|this|you) (finishes|ends|finish|end|completes)',
  '(when|once|after|as soon as) (you|u) (have|are) (done|finished) (that|it|this)',
  '(when|once|after|as soon as) (you|u) (did|do|finish|have done|have finished) (that|it|this)',
  'after (that|this|which)',
  'afterwards',
  'afterward',
]) {
  ANYWHERE.add(p, 'after-previous');
}
/** What an earlier action is called in "if that fails". */
const EARLIER = '(that|it|this|they|those|that one|this one)';
for (const p of [
  `(if|in case|should) ${EARLIER} (fails|failed|fail|breaks|does not work|did not work|do not work|will not work|is not working|does not happen|did not happen|goes wrong|went wrong|does not go through|did not go through)`,
  `(if|in case) ${EARLIER} (can not|could not) be done`,
  `(if|in case) (you|u) (can not|could not|are unable to|were unable to|fail to|failed to) [do] (that|it|this)`,
  // "if you can't": longer than "if you can", which makes an action optional.
  '(if|in case|should) (you|u) (can not|could not|fail|failed|are unable to|were unable to|do not manage|did not manage)',
  '(if|in case) (that|it|this) (is|was) (not possible|impossible)',
]) {
  ANYWHERE.add(p, 'if-failed');
}
for (const p of [
  `(if|when|once) ${EARLIER} (works|worked|succeeds|succeeded|goes through|went through|goes well|went well|is successful|was successful|does work|did work)`,
  'if (all|everything) (goes|went) well',
  'if successful',
]) {
  ANYWHERE.add(p, 'if-done');
}
for (const p of ['(please|pls|plz|thanks|thx|cheers)', 'thank (you|u)', 'thanks (a lot|so much|very much|a million|a bunch)', 'thank (you|u) (so|very) much', 'many thanks', 'much appreciated']) ANYWHERE.add(p, 'polite');

const TRAILING = new PhraseMatcher<Cue>();
for (const p of ['for me', '(right|straight) (now|away)', 'now', 'asap', 'as soon as possible', 'again', 'instead', 'rather']) TRAILING.add(p, 'polite');

/** Words after which a trailing "first" is what is first of something ("on the first"), not when to do it. */
const FIRST_OF = new Set(['the', 'on', 'by', 'of', 'this', 'that', 'my', 'your', 'our', 'its', 'their', 'his', 'her', 'a', 'at', 'from', 'until', 'till', 'before', 'after', 'since']);

const FIRST = new PhraseMatcher<Cue>();
FIRST.add('first', 'polite');

/** Whether a clause's last word is "first" said of when to do it: "email me first". */
export function endsWithFirst(tokens: readonly Token[], end: number): boolean {
  while (end > 0 && tokens[end - 1]!.kind === 'punct') end--;
  return end >= 2 && tokens[end - 1]!.norm === 'first' && !FIRST_OF.has(tokens[end - 2]!.norm);
}

/** What the cues of one clause say, and which tokens they take. */
export interface ClauseCues {
  /** 1 for a token that belongs to a cue and to no argument. */
  covered: Uint8Array;
  optional: boolean;
  /** "when that's over", "after that": the clause waits for the one before it. */
  afterPrevious: boolean;
  /** "If that fails", "if it worked": the clause runs only on that outcome of the one before it (which it waits for). */
  onlyIf: ActionOutcome | undefined;
  /** How the clause is joined to the one before, from its opening words. */
  link: Link | undefined;
  /** Where "please" and "thanks" were said, [start, end) token spans: in a message ("saying thanks for dinner") they are its words. */
  courtesy: Array<[number, number]>;
}

/** The outcome of the clause before that a cue makes a clause wait for ("if that fails": failed). */
function outcomeOf(cue: Cue): ActionOutcome | undefined {
  return cue === 'if-failed' ? 'failed' : cue === 'if-done' ? 'done' : undefined;
}

function take(covered: Uint8Array, hit: PhraseHit<Cue>): void {
  for (let i = hit.start; i < hit.end; i++) covered[i] = 1;
}

/** Finds the cues of a clause: at its start, at its end, and the unmistakable ones anywhere. */
export function readCues(tokens: readonly Token[]): ClauseCues {
  const covered = new Uint8Array(tokens.length);
  const result: ClauseCues = { covered, optional: false, afterPrevious: false, onlyIf: undefined, link: undefined, courtesy: [] };
  const note = (hit: PhraseHit<Cue>) => {
    take(covered, hit);
    if (hit.payload === 'optional') result.optional = true;
    else if (hit.payload === 'after-previous') result.afterPrevious = true;
    else if (hit.payload === 'if-failed' || hit.payload === 'if-done') {
      result.onlyIf = outcomeOf(hit.payload);
      result.afterPrevious = true;
    }
    else if (hit.payload !== 'polite') {
      if (hit.payload === 'then') result.afterPrevious = true;
      if (result.link === undefined || result.link === 'and') result.link = hit.payload;
    }
  };
  for (const hit of ANYWHERE.all(tokens)) {
    if (hit.indices.some((i) => covered[i])) continue;
    note(hit);
    if (hit.payload === 'polite') result.courtesy.push([hit.start, hit.end]);
  }
  // Opening words: connectives, politeness and "maybe", in any order.
  let i = 0;
  for (let guard = 0; i < tokens.length && guard < 20; guard++) {
    if (covered[i] || tokens[i]!.kind === 'punct') {
      covered[i] = 1;
      i++;
      continue;
    }
    const hit = askAt(tokens, i) ?? leadingAt(tokens, i) ?? OPTIONAL_EDGE.at(tokens, i)[0];
    if (!hit) break;
    note(hit);
    i = hit.end;
  }
  // Closing words: "if you can", "for me", "maybe", trailing punctuation.
  let end = tokens.length;
  for (let guard = 0; end > i && guard < 20; guard++) {
    if (covered[end - 1] || (tokens[end - 1]!.kind === 'punct' && !isNumberSign(tokens, end - 1))) {
      covered[end - 1] = 1;
      end--;
      continue;
    }
    let found: PhraseHit<Cue> | undefined;
    for (let s = Math.max(i, end - 6); s < end && !found; s++) {
      found = [...TRAILING.at(tokens, s), ...OPTIONAL_EDGE.at(tokens, s)].find((h) => h.end === end);
    }
    // "turn on the lights, bot": the assistant's name after a comma closes the clause.
    // "come here bot", "follow me bot": also without the comma, after a word that cannot take it as its object.
    found ??= VOCATIVE.at(tokens, end - 1).find((h) => h.end === end && h.start > i && (tokens[h.start - 1]!.kind === 'punct' || CLOSED_BEFORE.has(tokens[h.start - 1]!.norm)));
    // "email me first": when, not whom; "on the first" is a day.
    found ??= end - 1 > i && endsWithFirst(tokens, end) ? FIRST.at(tokens, end - 1)[0] : undefined;
    if (!found) break;
    note(found);
    end = found.start;
  }
  return result;
}

/** Where a clause's own words begin after its opening connectives, and after all its opening cues. */
export interface Opening {
  /** After punctuation and connectives ("and then", "also"): where the action's text starts. */
  connectivesEnd: number;
  /** After politeness and "maybe" too: where its method should be named. */
  contentStart: number;
  link: Link | undefined;
  /** "If that fails, ...", "otherwise ...": the clause runs only on that outcome of the one before. */
  onlyIf?: ActionOutcome;
}

/** Reads the opening words of a clause that starts at `from`, up to `to`. */
export function readOpening(tokens: readonly Token[], from: number, to: number): Opening {
  let i = from;
  let link: Link | undefined;
  let connectivesEnd = from;
  let connectives = true;
  let onlyIf: ActionOutcome | undefined;
  for (let guard = 0; i < to && guard < 12; guard++) {
    if (tokens[i]!.kind === 'punct') {
      i++;
      if (connectives) connectivesEnd = i;
      continue;
    }
    const hit = askAt(tokens, i) ?? leadingAt(tokens, i) ?? ANYWHERE.at(tokens, i)[0] ?? OPTIONAL_EDGE.at(tokens, i)[0];
    if (!hit || hit.end > to) break;
    const isLink = hit.payload === 'and' || hit.payload === 'then' || hit.payload === 'also' || hit.payload === 'meanwhile';
    if (isLink) {
      if (link === undefined || link === 'and') link = hit.payload as Link;
      if (connectives) connectivesEnd = hit.end;
    } else {
      connectives = false;
      onlyIf = outcomeOf(hit.payload) ?? onlyIf;
    }
    i = hit.end;
  }
  return { connectivesEnd, contentStart: i, link, ...(onlyIf ? { onlyIf } : {}) };
}

/**
 * Where an optional cue is said right after a list's "and" or comma, in the middle of a clause:
 * "turn on the porch light, and optionally the hallway light", "... and if possible the garage".
 * The offset in the text where the joiner starts, or undefined when there is none.
 */
export function optionalAfterJoiner(tokens: readonly Token[]): number | undefined {
  for (let i = 1; i < tokens.length - 1; i++) {
    const joiner = tokens[i - 1]!.norm;
    if (joiner !== ',' && joiner !== 'and') continue;
    const hit = [...OPTIONAL_EDGE.at(tokens, i), ...ANYWHERE.at(tokens, i)].find((h) => h.payload === 'optional');
    if (hit && hit.end < tokens.length) return tokens[i - 1]!.start;
  }
  return undefined;
}

/** Whether a cue such as "when that's over" or "if you can" starts at token `i`. */
export function isCueAt(tokens: readonly Token[], i: number): boolean {
  return ANYWHERE.at(tokens, i).length > 0;
}
