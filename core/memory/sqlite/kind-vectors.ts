import type Database from 'better-sqlite3';
import type { MemoryKind, ScoreWeights } from '../memory.js';

/** Memories of one kind beyond which their vectors are not held in memory (the search goes to SQL). */
export const MAX_HELD = 20_000;

/** The vectors and score columns of one kind's memories, as the database held them at `version`. */
interface Held {
  version: number;
  rowids: number[];
  vectors: Float32Array;
  norms: Float64Array;
  importance: Float64Array;
  accessedAt: Float64Array;
  createdAt: Float64Array;
}

export interface KindSearch {
  kinds: readonly MemoryKind[];
  vector: Float32Array;
  limit: number;
  minRelevance?: number;
  weights: ScoreWeights;
  decayPerHour: number;
  now: number;
}

/**
 * What a search by kind alone needs of every memory of the kinds it asks for (the lessons an
 * agent recalls before each action), held in this process: the search scores them with
 * JavaScript over one array instead of a table scan. Exact: it is read again after this
 * process wrote (it is told) and after another connection did (SQLite's `data_version`).
 */
export class KindVectors {
  readonly #dimensions: number;
  readonly #held = new Map<MemoryKind, Held | { version: number; tooMany: true }>();
  readonly #version: Database.Statement;
  readonly #load: Database.Statement;
  readonly #count: Database.Statement;

  constructor(db: Database.Database, dimensions: number) {
    this.#dimensions = dimensions;
    this.#version = db.prepare('pragma data_version').pluck();
    this.#count = db.prepare('select count(*) from memories where kind = ?').pluck();
    this.#load = db.prepare('select rowid, importance, created_at, accessed_at, embedding from memories where kind = ? order by rowid');
  }

  /** This process changed memories: what is held is read again when next needed. */
  invalidate(): void {
    this.#held.clear();
  }

  /**
   * The rowids and similarities of the best `limit` memories by score (then the newest), or
   * undefined when a kind has too many memories to hold (search with SQL then).
   */
  search(q: KindSearch): Array<{ rowid: number; similarity: number }> | undefined {
    const version = this.#version.get() as number;
    const helds: Held[] = [];
    for (const kind of q.kinds) {
      const held = this.#get(kind, version);
      if (held === undefined) return undefined;
      helds.push(held);
    }
    const d = this.#dimensions;
    let qNorm = 0;
    for (let j = 0; j < d; j++) qNorm += q.vector[j]! * q.vector[j]!;
    qNorm = Math.sqrt(qNorm);
    const best: Array<{ rowid: number; similarity: number; total: number; createdAt: number }> = [];
    for (const h of helds) {
      for (let i = 0; i < h.rowids.length; i++) {
        let dot = 0;
        const offset = i * d;
        for (let j = 0; j < d; j++) dot += q.vector[j]! * h.vectors[offset + j]!;
        const norms = qNorm * h.norms[i]!;
        const similarity = norms === 0 ? 0 : dot / norms;
        if (q.minRelevance !== undefined && similarity < q.minRelevance) continue;
        const total =
          q.weights.recency * Math.pow(q.decayPerHour, Math.max(0, (q.now - h.accessedAt[i]!) / 3_600_000)) +
          (q.weights.importance * Math.min(100, Math.max(0, h.importance[i]!))) / 100 +
          q.weights.relevance * Math.max(0, Math.min(1, similarity));
        best.push({ rowid: h.rowids[i]!, similarity, total, createdAt: h.createdAt[i]! });
      }
    }
    best.sort((a, b) => b.total - a.total || b.createdAt - a.createdAt);
    return best.slice(0, q.limit).map(({ rowid, similarity }) => ({ rowid, similarity }));
  }

  #get(kind: MemoryKind, version: number): Held | undefined {
    const held = this.#held.get(kind);
    if (held && held.version === version) return 'tooMany' in held ? undefined : held;
    if ((this.#count.get(kind) as number) > MAX_HELD) {
      this.#held.set(kind, { version, tooMany: true });
      return undefined;
    }
    const rows = this.#load.all(kind) as Array<{ rowid: number; importance: number; created_at: number; accessed_at: number; embedding: Buffer }>;
    const d = this.#dimensions;
    const loaded: Held = {
      version,
      rowids: rows.map((r) => r.rowid),
      vectors: new Float32Array(rows.length * d),
      norms: new Float64Array(rows.length),
      importance: Float64Array.from(rows, (r) => r.importance),
      accessedAt: Float64Array.from(rows, (r) => r.accessed_at),
      createdAt: Float64Array.from(rows, (r) => r.created_at),
    };
    rows.forEach((r, i) => {
      // A copy: the blob's bytes need not be aligned for a Float32Array view.
      const v = new Float32Array(r.embedding.buffer.slice(r.embedding.byteOffset, r.embedding.byteOffset + r.embedding.byteLength));
      loaded.vectors.set(v.subarray(0, d), i * d);
      let n = 0;
      for (let j = 0; j < d; j++) n += v[j]! * v[j]!;
      loaded.norms[i] = Math.sqrt(n);
    });
    this.#held.set(kind, loaded);
    return loaded;
  }
}
