import { MemoryError } from '../errors.js';

/**
 * Turns text into vectors whose cosine similarity says how alike two texts are. Every
 * vector an embedder returns has `dimensions` numbers.
 */
export interface Embedder {
  /** Names the embedder and its settings: a store refuses vectors of another one. */
  readonly id: string;
  readonly dimensions: number;
  /** One vector per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Cosine similarity of two vectors of the same length; 0 when either is all zeros. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Texts whose vectors a {@link cachedEmbedder} keeps, by default. */
export const EMBEDDING_CACHE_SIZE = 2_000;

/**
 * The same embedder, remembering the vectors of the texts it embedded last: an assistant is
 * told the same things again and again ("turn off the garage light"), and an action's
 * lessons are recalled by its text before every attempt. Texts it does not hold go to the
 * embedder in one call; the least recently used are forgotten past `size`. Each call gets
 * its own copies, so that a caller changing a vector changes nothing here.
 */
export function cachedEmbedder(embedder: Embedder, size = EMBEDDING_CACHE_SIZE): Embedder {
  const held = new Map<string, Float32Array>();
  const hold = (text: string, vector: Float32Array) => {
    held.delete(text);
    held.set(text, vector);
    if (held.size > size) held.delete(held.keys().next().value!);
  };
  return {
    id: embedder.id,
    dimensions: embedder.dimensions,
    async embed(texts) {
      // What is held now is taken now: other calls may make room while the embedder works.
      const vectors = new Map<string, Float32Array>();
      for (const text of texts) {
        const vector = held.get(text);
        if (vector) vectors.set(text, vector);
      }
      const missing = [...new Set(texts.filter((t) => !vectors.has(t)))];
      if (missing.length > 0) {
        const fresh = await embedder.embed(missing);
        if (fresh.length !== missing.length) throw new MemoryError('MJ_ERR_MEMORY_EMBEDDER', `the embedder returned ${fresh.length} vectors for ${missing.length} texts`);
        // Held as made: a vector of the wrong length is the caller's to refuse, each time.
        missing.forEach((text, i) => vectors.set(text, fresh[i]!));
      }
      for (const [text, vector] of vectors) hold(text, vector);
      return texts.map((text) => vectors.get(text)!.slice());
    },
  };
}
