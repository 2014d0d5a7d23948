import type { EntityVocabulary } from '../../plugin/hints.js';
import { words, type Token } from './tokens.js';

/** A value of a vocabulary found in a request. */
export interface VocabularyHit {
  value: string;
  start: number;
  /** One past the last token. */
  end: number;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  value?: string;
  priority?: number;
}

/**
 * The names of one entity kind, in a word trie: the longest name wins ("living room" over
 * "room"), plural and spaced forms included as the plugin lists them.
 */
export class VocabularyIndex {
  readonly kind: string;
  readonly description: string;
  readonly values: readonly string[];
  readonly cues: ReadonlySet<string>;
  readonly #root: TrieNode = { next: new Map() };
  /** Single-word names, for telling a player's name from a thing's. */
  readonly words = new Set<string>();

  constructor(vocabulary: EntityVocabulary) {
    this.kind = vocabulary.kind;
    this.description = vocabulary.description;
    this.values = vocabulary.values.map((v) => v.value);
    this.cues = new Set(vocabulary.cues ?? []);
    for (const v of vocabulary.values) {
      for (const name of new Set([v.value.toLowerCase(), ...v.names])) {
        const seq = words(name);
        if (seq.length === 0) continue;
        // A name that is exactly a value's id means that value ("map" is `map`, not `filled_map`).
        this.#insert(seq, v.value, seq.join('_') === v.value.toLowerCase() ? 2 : 1);
        for (const w of seq) this.words.add(w);
      }
    }
  }

  #insert(seq: string[], value: string, priority: number): void {
    let node = this.#root;
    for (const w of seq) {
      let child = node.next.get(w);
      if (!child) {
        child = { next: new Map() };
        node.next.set(w, child);
      }
      node = child;
    }
    if (node.value === undefined || priority > (node.priority ?? 0)) {
      node.value = value;
      node.priority = priority;
    }
  }

  /** The longest name starting at token `i`. */
  at(tokens: readonly Token[], i: number, free: (i: number) => boolean = () => true): VocabularyHit | undefined {
    let node: TrieNode | undefined = this.#root;
    let found: VocabularyHit | undefined;
    for (let j = i; j < tokens.length && free(j); j++) {
      node = node.next.get(tokens[j]!.norm);
      if (!node) break;
      if (node.value !== undefined) found = { value: node.value, start: i, end: j + 1 };
    }
    return found;
  }

  /** Every name in the tokens, left to right, none overlapping. */
  all(tokens: readonly Token[], free: (i: number) => boolean = () => true): VocabularyHit[] {
    const hits: VocabularyHit[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const hit = this.at(tokens, i, free);
      if (hit) {
        hits.push(hit);
        i = hit.end - 1;
      }
    }
    return hits;
  }

  /** Values spelled almost like `word`, for "did you mean" (small vocabularies only). */
  closest(word: string): string[] {
    if (this.values.length > 300 || word.length < 3) return [];
    return this.values.filter((v) => distance(v, word) <= (word.length > 5 ? 2 : 1));
  }

  /** What the vocabulary holds, for a message: "known: garage, kitchen", or how many when they are too many to list. */
  list(limit = 30): string {
    return this.values.length > limit ? `${this.values.length} of them are known` : `known: ${this.values.join(', ')}`;
  }
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}
