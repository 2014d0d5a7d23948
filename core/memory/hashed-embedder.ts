import type { Embedder } from './embedder.js';

/** Words that say little about what a text is about. */
const STOP = new Set(
  'a an the and or but of to in on at by for with from is are was were be been it its this that these those i me my you your we our he she they them his her their do does did so as if then than there here what which who how when where please can could would should will just'.split(
    ' ',
  ),
);

export interface HashedEmbedderOptions {
  /** Length of the vectors; more means fewer collisions and more storage. Default 256. */
  dimensions?: number;
  /** Character n-gram length; default 3. */
  ngram?: number;
}

/** FNV-1a, 32 bits: fast, and the same on every machine. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Lower-case words of letters and digits, with a crude plural/verb-ending cut. */
export function words(text: string): string[] {
  return (text.toLowerCase().normalize('NFKD').match(/[\p{L}\p{N}_]+/gu) ?? []).map((w) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/**
 * The offline default: a deterministic vector from hashed words (weight 1, 0.3 for function
 * words), word pairs (0.5) and character n-grams of each word (0.25), each hashed to a
 * position and a sign ("feature hashing"). Texts that share words or word stems come out
 * close; it knows no synonyms ("lamp" and "light" are unrelated to it).
 */
export function createHashedEmbedder(options: HashedEmbedderOptions = {}): Embedder {
  const dimensions = options.dimensions ?? 256;
  const n = options.ngram ?? 3;
  const add = (v: Float32Array, feature: string, weight: number) => {
    const h = fnv1a(feature);
    v[h % dimensions]! += h & 0x80000000 ? -weight : weight;
  };
  const one = (text: string): Float32Array => {
    const v = new Float32Array(dimensions);
    const ws = words(text);
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i]!;
      const stop = STOP.has(w);
      add(v, `w:${w}`, stop ? 0.3 : 1);
      if (i + 1 < ws.length) add(v, `b:${w} ${ws[i + 1]}`, 0.5);
      if (stop) continue;
      const padded = `^${w}$`;
      for (let j = 0; j + n <= padded.length; j++) add(v, `g:${padded.slice(j, j + n)}`, 0.25);
    }
    let norm = 0;
    for (const x of v) norm += x * x;
    if (norm > 0) {
      const s = 1 / Math.sqrt(norm);
      for (let i = 0; i < dimensions; i++) v[i]! *= s;
    }
    return v;
  };
  return {
    id: `hashed-v1-${dimensions}-${n}`,
    dimensions,
    async embed(texts) {
      return texts.map(one);
    },
  };
}
