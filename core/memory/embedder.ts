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
