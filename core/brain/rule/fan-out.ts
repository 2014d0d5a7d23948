import type { ClauseView } from './clause.js';
import { readQuantity } from './entities/numbers.js';
import { plural } from '../../util/text.js';
import { words } from './tokens.js';
import type { VocabularyHit, VocabularyIndex } from './vocabulary.js';

/**
 * One action per value when a clause lists several values for a parameter that takes one:
 * "turn off the kitchen, living room and bedroom lights" is three actions. Each gets the
 * clause's words with only its own value, so that it reads the same when decided alone.
 */

const SEPARATORS = new Set([',', 'and', 'or', 'the', 'my', 'plus', '&', 'as', 'well', 'also', 'in', 'at', 'on', 'then', 'after', 'that', 'next']);
/** Separators that make the next value wait for the one before: "the kitchen light, then the porch light". */
const SEQUENCE = new Set(['then', 'after', 'next']);

/** One action of a list: its words, and whether it waits for the one before. */
export interface ListItem {
  text: string;
  afterPrevious: boolean;
}

/**
 * Texts for each listed value, or undefined when the values are not a plain list. Words in
 * `repeated` may come back between values ("the kitchen light and the garage light").
 */
export function listTexts(view: ClauseView, hits: readonly VocabularyHit[], repeated: ReadonlySet<string> = new Set()): ListItem[] | undefined {
  const { tokens, text } = view;
  const seen = new Set<string>();
  const elements: Array<{ from: number; to: number }> = [];
  for (const h of hits) {
    if (seen.has(h.value)) continue;
    seen.add(h.value);
    // A count before a thing belongs to it: "2 torches and 3 apples".
    let from = h.start;
    for (let s = Math.max(0, h.start - 3); s < h.start; s++) {
      const q = readQuantity(tokens, s, () => true);
      if (q && q.end === h.start) {
        from = s;
        break;
      }
    }
    elements.push({ from, to: h.end });
  }
  if (elements.length < 2) return undefined;
  // "the kitchen light and also the garage light": each value keeps its own words when all have them.
  const own = elements.map((e) => {
    let to = e.to;
    while (to < tokens.length && repeated.has(tokens[to]!.norm)) to++;
    return { from: e.from, to };
  });
  const parts = own.every((e, k) => e.to > elements[k]!.to) ? own : elements;
  const sequential = parts.map(() => false);
  for (let k = 1; k < parts.length; k++) {
    for (let i = parts[k - 1]!.to; i < parts[k]!.from; i++) {
      if (!SEPARATORS.has(tokens[i]!.norm) && !repeated.has(tokens[i]!.norm)) return undefined;
      // "the porch light on and the basement light off": "on" ends the first part, not a list.
      if (tokens[i]!.norm === 'on' && [',', 'and', 'but'].includes(tokens[i + 1]?.norm ?? '')) return undefined;
      if (SEQUENCE.has(tokens[i]!.norm)) sequential[k] = true;
    }
  }
  const prefix = text.slice(0, tokens[parts[0]!.from]!.start);
  let suffix = text.slice(tokens[parts[parts.length - 1]!.to - 1]!.end);
  // "a wooden sword and a stone one": "one" stands for the thing the first value names ("sword"), said last; it is no word of each.
  const one = ONE.exec(suffix);
  let last = '';
  let items = parts;
  if (one) {
    // Every value but the last keeps its words up to the next one's ("the kitchen light", not "the kitchen").
    items = parts.map((e, k) => {
      if (k === parts.length - 1) return e;
      let to = parts[k + 1]!.from;
      while (to > e.to && SEPARATORS.has(tokens[to - 1]!.norm)) to--;
      return { from: e.from, to };
    });
    const noun = text.slice(tokens[items[0]!.to - 1]!.start, tokens[items[0]!.to - 1]!.end);
    last = ` ${one[1]!.toLowerCase() === 'ones' && !/s$/i.test(noun) ? plural(noun) : noun}`;
    suffix = suffix.slice(one[0].length);
  }
  return items.map((e, k) => ({
    text: `${prefix}${text.slice(tokens[e.from]!.start, tokens[e.to - 1]!.end)}${k === items.length - 1 ? last : ''}${suffix}`.replace(/\s+/g, ' ').trim(),
    afterPrevious: sequential[k]!,
  }));
}

/** "One" or "ones" right after the last value of a list. */
const ONE = /^\s*(ones?)\b/i;

const GAP_BOUNDARY = new Set([',', 'and', 'then', 'but', 'while']);
const LEADING_ARTICLE = new Set(['the', 'my', 'a', 'an']);

/**
 * One action per value when each value comes with its own words and the verb is said once:
 * "turn the basement lights off and the porch lights on", "set the kitchen to 20% and the
 * bedroom to 40%". Each later part borrows the words before the first value.
 */
export function gappedTexts(view: ClauseView, hits: readonly VocabularyHit[]): ListItem[] | undefined {
  const { tokens, text } = view;
  const distinct = hits.filter((h, k) => hits.findIndex((x) => x.value === h.value) === k);
  if (distinct.length < 2) return undefined;
  const cuts: Array<{ at: number; sequential: boolean }> = [];
  for (let k = 1; k < distinct.length; k++) {
    let at = -1;
    for (let i = distinct[k - 1]!.end; i < distinct[k]!.start; i++) if (GAP_BOUNDARY.has(tokens[i]!.norm)) at = i;
    if (at < 0) return undefined;
    // Back to the first of a run of boundary words: ", and then".
    while (at > distinct[k - 1]!.end && GAP_BOUNDARY.has(tokens[at - 1]!.norm)) at--;
    const sequential = tokens.slice(at, distinct[k]!.start).some((t) => t.norm === 'then');
    cuts.push({ at, sequential });
  }
  const first = distinct[0]!.start;
  let from = first;
  while (from > 0 && LEADING_ARTICLE.has(tokens[from - 1]!.norm)) from--;
  const prefix = text.slice(0, tokens[from]!.start);
  const slice = (a: number, b: number) => text.slice(tokens[a]!.start, tokens[b - 1]!.end);
  const items: ListItem[] = [{ text: slice(0, cuts[0]!.at), afterPrevious: false }];
  for (let k = 1; k < distinct.length; k++) {
    let start = distinct[k]!.start;
    while (LEADING_ARTICLE.has(tokens[start - 1]?.norm ?? '') && start - 1 > cuts[k - 1]!.at) start--;
    const end = k < cuts.length ? cuts[k]!.at : tokens.length;
    items.push({ text: `${prefix}${slice(start, end)}`.replace(/\s+/g, ' ').trim(), afterPrevious: cuts[k - 1]!.sequential });
  }
  return items;
}

const EVERY = /\b(all|every|each|everywhere|everything|whole (house|home|place)|entire (house|home)|(in|around|throughout) the (house|home|apartment|flat))\b/i;

/** "turn off all the lights": every value of a small vocabulary, when the clause says all. */
export function everyValueTexts(view: ClauseView, values: readonly string[]): ListItem[] | undefined {
  if (values.length < 2 || values.length > 30 || !EVERY.test(view.text)) return undefined;
  return values.map((v) => ({ text: `${view.text.trim()} (${v})`, afterPrevious: false }));
}

/** Lights said in the plural, of no area: "the lights", "my lamps". */
const THE_LIGHTS = /\b(?:the|my|our)\s+(?:lights|lamps)\b/i;

/** Words that take values out of "all": "all the lights except the porch", "everything but the bedroom". */
const EXCEPT = /\b(?:except(?:\s+for)?|but(?:\s+not)?|other\s+than|apart\s+from|besides|excluding|save\s+for)\b/i;
/** What may come between the values taken out: "except the porch and the kitchen lights". */
const BETWEEN_EXCEPTED = new Set([',', 'and', 'or', 'the', 'my', 'nor', 'light', 'lights', 'lamp', 'lamps', 'one', 'ones', 'in', 'not', 'leave', 'keep']);
/** "but leave the porch on": how the values taken out are to stay. */
const KEPT = new Set(['leave', 'keep']);

/**
 * "Turn off all the lights except the porch": every value of the vocabulary but the ones said
 * after "except", each with the clause's words without the exception. Undefined when the
 * clause does not say all, or names no value after the exception.
 */
export function exceptTexts(view: ClauseView, vocabulary: VocabularyIndex): ListItem[] | undefined {
  const { tokens, text } = view;
  const m = EXCEPT.exec(text);
  if (!m) return undefined;
  // "Turn off the lights except the bedroom": the lights of no area said are all of them, as with "all".
  const before = text.slice(0, m.index);
  const all = EVERY.test(before) || (THE_LIGHTS.test(before) && !vocabulary.all(tokens).some((h) => tokens[h.start]!.start < m.index));
  if (!all) return undefined;
  const from = tokens.findIndex((t) => t.start >= m.index);
  if (from < 0) return undefined;
  const excepted: string[] = [];
  let end = from + words(m[0]).length;
  for (const hit of vocabulary.all(tokens).filter((h) => h.start >= end)) {
    if (tokens.slice(end, hit.start).some((t) => !BETWEEN_EXCEPTED.has(t.norm))) break;
    excepted.push(hit.value);
    end = hit.end;
  }
  while (end < tokens.length && BETWEEN_EXCEPTED.has(tokens[end]!.norm) && tokens[end]!.norm !== ',' && tokens[end]!.norm !== 'and') end++;
  if (excepted.length === 0) return undefined;
  if (tokens.slice(from, end).some((t) => KEPT.has(t.norm)) && ['on', 'off', 'alone', 'be'].includes(tokens[end]?.norm ?? '')) end++;
  const kept = vocabulary.values.filter((v) => !excepted.includes(v));
  if (kept.length === 0 || kept.length > 30) return undefined;
  const said = `${text.slice(0, m.index).replace(/[\s,]+$/, '')}${end < tokens.length ? ` ${text.slice(tokens[end]!.start)}` : ''}`.trim();
  return kept.map((v) => ({ text: `${said} (${v})`, afterPrevious: false }));
}
