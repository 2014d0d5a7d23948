import { AUX, PARTICLES, SELF, inflections } from './lexicon.js';
import { words, type Token } from './tokens.js';

/**
 * Phrase patterns as plugins write them (`"turn (on|off) [the] light"`), expanded into word
 * sequences once, and found in requests with a first-word index.
 */

type Node = { word: string } | { choice: Node[][]; optional: boolean };

/**
 * Any one word, in a phrase that does not start with it: `"to the * list"` matches "to the
 * hardware list", and `"is the * on"` "is the porch on" though "porch" was read as an area.
 */
const WILDCARD = '*';

// Enough for the cue patterns; a plugin's phrase that expands further is cut, not rejected.
const MAX_EXPANSIONS = 4096;

function parse(pattern: string): Node[] {
  let pos = 0;
  const seq = (closer: string | undefined): Node[][] => {
    const alternatives: Node[][] = [[]];
    let text = '';
    const flush = () => {
      for (const part of text.split(/(\*)/)) {
        if (part === WILDCARD) alternatives[alternatives.length - 1]!.push({ word: WILDCARD });
        else for (const word of words(part)) alternatives[alternatives.length - 1]!.push({ word });
      }
      text = '';
    };
    while (pos < pattern.length) {
      const c = pattern[pos++]!;
      if (c === '[' || c === '(') {
        flush();
        const inner = seq(c === '[' ? ']' : ')');
        alternatives[alternatives.length - 1]!.push({ choice: inner, optional: c === '[' });
      } else if (c === closer) {
        break;
      } else if (c === '|' && closer !== undefined) {
        flush();
        alternatives.push([]);
      } else {
        text += c;
      }
    }
    flush();
    return alternatives;
  };
  return seq(undefined)[0] ?? [];
}

function expand(nodes: Node[]): string[][] {
  let results: string[][] = [[]];
  for (const node of nodes) {
    if ('word' in node) {
      for (const r of results) r.push(node.word);
      continue;
    }
    const options = node.choice.flatMap(expand);
    if (node.optional) options.push([]);
    const next: string[][] = [];
    for (const r of results) for (const o of options) if (next.length < MAX_EXPANSIONS) next.push([...r, ...o]);
    results = next;
  }
  return results;
}

/** Every word sequence a pattern stands for. Empty ones are dropped. */
export function expandPattern(pattern: string): string[][] {
  const seen = new Set<string>();
  return expand(parse(pattern.toLowerCase())).filter((w) => {
    const key = w.join(' ');
    if (w.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One place a phrase was found. */
export interface PhraseHit<P> {
  payload: P;
  /** Indices of the tokens it covers; a phrasal verb's object in between is not among them. */
  indices: number[];
  start: number;
  /** One past the last covered token. */
  end: number;
  /** Words matched: longer phrases are stronger evidence. */
  length: number;
  /** Matched through another form of its first word ("turned off"). */
  inflected: boolean;
  /** Tokens a "*" stood for ("7am" in "cancel my 7am alarm"): words of the request the phrase did not name. */
  wild?: number[];
}

interface Entry<P> {
  words: string[];
  payload: P;
  inflected: boolean;
  /** "turn (on|off)" also matches "turn the light off". */
  gap: boolean;
}

const GAP_LIMIT = 4;
const GAP_STOP = new Set(['and', 'then', 'also', 'but', 'or']);

/** Finds phrases in token sequences. */
export class PhraseMatcher<P> {
  readonly #byFirst = new Map<string, Entry<P>[]>();

  /** Adds every expansion of `pattern`; with `inflect`, also other forms of its first word. */
  add(pattern: string, payload: P, options: { inflect?: boolean } = {}): this {
    for (const seq of expandPattern(pattern)) {
      // Only a verb and its particle part around an object: "turn the light off".
      const gap = seq.length === 2 && PARTICLES.has(seq[1]!) && !AUX.has(seq[0]!);
      this.#put({ words: seq, payload, inflected: false, gap });
      if (options.inflect) {
        for (const form of inflections(seq[0]!)) this.#put({ words: [form, ...seq.slice(1)], payload, inflected: true, gap });
      }
    }
    return this;
  }

  #put(entry: Entry<P>): void {
    const list = this.#byFirst.get(entry.words[0]!);
    if (list) list.push(entry);
    else this.#byFirst.set(entry.words[0]!, [entry]);
    if (entry.words[0] === WILDCARD) this.#wild = this.#byFirst.get(WILDCARD);
  }

  /** The phrases that open with "*", tried at every word; none in most matchers. */
  #wild: Entry<P>[] | undefined;

  get size(): number {
    return this.#byFirst.size;
  }

  /** Phrases that start at token `i`, longest first. */
  at(tokens: readonly Token[], i: number, free: (i: number) => boolean = () => true): PhraseHit<P>[] {
    const token = tokens[i];
    const own = this.#byFirst.get(token?.norm ?? '');
    // A phrase that opens with "*" ("* email is": "bob's email is") starts at any word but the requester.
    const wild = this.#wild && token && token.kind !== 'punct' && !SELF.has(token.norm) ? this.#wild : undefined;
    if ((!own && !wild) || !free(i)) return [];
    const hits: PhraseHit<P>[] = [];
    if (own) matchAll(tokens, i, own, free, hits);
    if (wild) matchAll(tokens, i, wild, free, hits);
    return hits.sort((a, b) => b.length - a.length);
  }

  /** Every phrase anywhere in `tokens[from, to)`. */
  all(tokens: readonly Token[], free: (i: number) => boolean = () => true, from = 0, to = tokens.length): PhraseHit<P>[] {
    const hits: PhraseHit<P>[] = [];
    for (let i = from; i < to; i++) {
      for (const h of this.at(tokens, i, free)) if (h.end <= to) hits.push(h);
    }
    return hits;
  }
}

function matchAll<P>(tokens: readonly Token[], i: number, entries: readonly Entry<P>[], free: (i: number) => boolean, hits: PhraseHit<P>[]): void {
  const next = tokens[i + 1]?.norm;
  for (const e of entries) {
    // Most phrases fail at their second word: that is looked at before anything is made.
    const second = e.words[1];
    if (second !== undefined && second !== WILDCARD && second !== next && !(e.gap && e.words.length === 2)) continue;
    const hit = match(tokens, i, e, free);
    // A "*" may match what an optional word of another expansion did: the same words once.
    if (hit && !hits.some((h) => h.payload === hit.payload && h.end === hit.end && h.indices.length === hit.indices.length)) hits.push(hit);
  }
}

function match<P>(tokens: readonly Token[], i: number, e: Entry<P>, free: (i: number) => boolean): PhraseHit<P> | undefined {
  const indices = [i];
  const wild: number[] = e.words[0] === WILDCARD ? [i] : [];
  let j = i + 1;
  for (let w = 1; w < e.words.length; w++, j++) {
    const word = e.words[w]!;
    // A "*" may stand for a word already understood otherwise ("is the porch on": the porch is an area);
    // it stands for something or someone, never for the requester ("let * know" is not "let me know").
    if (j < tokens.length && ((tokens[j]!.norm === word && free(j)) || (word === WILDCARD && tokens[j]!.kind !== 'punct' && !SELF.has(tokens[j]!.norm)))) {
      indices.push(j);
      if (word === WILDCARD && tokens[j]!.norm !== word) wild.push(j);
      continue;
    }
    if (!e.gap || w !== e.words.length - 1) return undefined;
    let found = -1;
    for (let k = j; k < Math.min(tokens.length, j + GAP_LIMIT + 1); k++) {
      const t = tokens[k]!;
      if (t.kind === 'punct' || GAP_STOP.has(t.norm)) break;
      if (t.norm === word && free(k)) {
        found = k;
        break;
      }
    }
    if (found < 0) return undefined;
    indices.push(found);
    j = found;
  }
  return { payload: e.payload, indices, start: i, end: indices[indices.length - 1]! + 1, length: e.words.length, inflected: e.inflected, ...(wild.length > 0 ? { wild } : {}) };
}

/** The longest hits that do not share a token, earliest first among equals. */
export function nonOverlapping<P>(hits: readonly PhraseHit<P>[]): PhraseHit<P>[] {
  const sorted = [...hits].sort((a, b) => b.length - a.length || Number(a.inflected) - Number(b.inflected) || a.start - b.start);
  const taken = new Set<number>();
  const chosen: PhraseHit<P>[] = [];
  for (const h of sorted) {
    if (h.indices.some((i) => taken.has(i))) continue;
    for (const i of h.indices) taken.add(i);
    chosen.push(h);
  }
  return chosen.sort((a, b) => a.start - b.start);
}
