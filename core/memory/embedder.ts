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
      const missing = [...new Set(texts.filter((t) => !held.has(t)))];
      const fresh = missing.length > 0 ? await embedder.embed(missing) : [];
      // Held as made: a vector of the wrong length is the caller's to refuse, each time.
      missing.forEach((text, i) => hold(text, fresh[i]!));
      return texts.map((text) => {
        const vector = held.get(text)!;
        hold(text, vector);
        return vector.slice();
      });
    },
  };
}
