import type Database from 'better-sqlite3';
import type { MemoryKind, ScoreWeights } from '../memory.js';

/** Memories of one kind beyond which their vectors are not held in memory (the search goes to SQL). */
export const MAX_HELD = 20_000;

/** The vectors and score columns of one kind's memories, as the database held them at `version`; `size` of them are in use. */
interface Held {
  version: number;
  size: number;
  rowids: number[];
  /** Where each rowid is in the arrays. */
  index: Map<number, number>;
  vectors: Float32Array;
  norms: Float64Array;
  importance: Float64Array;
  accessedAt: Float64Array;
  createdAt: Float64Array;
  /** The rows of memories searches returned, as read (their vectors aside): read once while they stay the same. */
  rows: Map<number, unknown>;
}

/** One memory as this process just wrote it. */
export interface HeldMemory {
  kind: MemoryKind;
  rowid: number;
  vector: Float32Array;
  importance: number;
  createdAt: number;
  accessedAt: number;
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
 * JavaScript over one array instead of a table scan. Exact: what this process writes is
 * applied to it once committed (it is told), and it is read again after another connection
 * wrote (SQLite's `data_version`) or after a change it was not told the details of.
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

  /** This process changed memories in a way not told here: what is held is read again when next needed. */
  invalidate(): void {
    this.#held.clear();
  }

  /** This process committed these memories (new, or written again): what is held takes them as they are now. */
  wrote(memories: readonly HeldMemory[]): void {
    for (const m of memories) {
      const held = this.#held.get(m.kind);
      if (!held || 'tooMany' in held) continue;
      if (!held.index.has(m.rowid) && held.size >= MAX_HELD) {
        this.#held.delete(m.kind);
        continue;
      }
      const i = held.index.get(m.rowid) ?? this.#append(held, m.rowid);
      held.rows.delete(m.rowid);
      this.#place(held, i, m.vector);
      held.importance[i] = m.importance;
      held.createdAt[i] = m.createdAt;
      held.accessedAt[i] = m.accessedAt;
    }
  }

  /** This process marked these memories used at `at`. */
  touched(rowids: readonly number[], at: number): void {
    for (const held of this.#held.values()) {
      if ('tooMany' in held) continue;
      for (const rowid of rowids) {
        const i = held.index.get(rowid);
        if (i !== undefined) held.accessedAt[i] = at;
      }
    }
  }

  /**
   * The row of a memory held here, with when it was last used as held (touches move that
   * without reading the row again), if a search read it since it last changed.
   */
  row<R>(rowid: number): { row: R; accessedAt: number } | undefined {
    for (const held of this.#held.values()) {
      if ('tooMany' in held) continue;
      const row = held.rows.get(rowid);
      if (row !== undefined) return { row: row as R, accessedAt: held.accessedAt[held.index.get(rowid)!]! };
    }
    return undefined;
  }

  /** Keeps the row of a memory held here, as just read. */
  keepRow(rowid: number, row: unknown): void {
    for (const held of this.#held.values()) {
      if (!('tooMany' in held) && held.index.has(rowid)) held.rows.set(rowid, row);
    }
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
    // The dimensions the query has: a hashed bag of words has few, and the dot product only needs those (the same sum).
    const dims: number[] = [];
    for (let j = 0; j < d; j++) if (q.vector[j] !== 0) dims.push(j);
    const weights = Float64Array.from(dims, (j) => q.vector[j]!);
    const best: Array<{ rowid: number; similarity: number; total: number; createdAt: number }> = [];
    for (const h of helds) {
      for (let i = 0; i < h.size; i++) {
        let dot = 0;
        const offset = i * d;
        for (let k = 0; k < dims.length; k++) dot += weights[k]! * h.vectors[offset + dims[k]!]!;
        const norms = qNorm * h.norms[i]!;
        const similarity = norms === 0 ? 0 : dot / norms;
        if (q.minRelevance !== undefined && similarity < q.minRelevance) continue;
        const total =
          q.weights.recency * Math.pow(q.decayPerHour, Math.max(0, (q.now - h.accessedAt[i]!) / 3_600_000)) +
          (q.weights.importance * Math.min(100, Math.max(0, h.importance[i]!))) / 100 +
          q.weights.relevance * Math.max(0, Math.min(1, similarity));
        const createdAt = h.createdAt[i]!;
        // The best `limit` so far, best first; on a tie the one seen first stays ahead.
        if (best.length === q.limit && !ahead(total, createdAt, best.at(-1)!)) continue;
        let at = best.length;
        while (at > 0 && ahead(total, createdAt, best[at - 1]!)) at--;
        best.splice(at, 0, { rowid: h.rowids[i]!, similarity, total, createdAt });
        if (best.length > q.limit) best.pop();
      }
    }
    return best.map(({ rowid, similarity }) => ({ rowid, similarity }));
  }

  #get(kind: MemoryKind, version: number): Held | undefined {
    const held = this.#held.get(kind);
    if (held && held.version === version) return 'tooMany' in held ? undefined : held;
    if ((this.#count.get(kind) as number) > MAX_HELD) {
      this.#held.set(kind, { version, tooMany: true });
      return undefined;
    }
    const rows = this.#load.all(kind) as Array<{ rowid: number; importance: number; created_at: number; accessed_at: number; embedding: Buffer }>;
    const loaded = this.#empty(version, rows.length);
    for (const r of rows) {
      const i = this.#append(loaded, r.rowid);
      // A copy: the blob's bytes need not be aligned for a Float32Array view.
      this.#place(loaded, i, new Float32Array(r.embedding.buffer.slice(r.embedding.byteOffset, r.embedding.byteOffset + r.embedding.byteLength)));
      loaded.importance[i] = r.importance;
      loaded.accessedAt[i] = r.accessed_at;
      loaded.createdAt[i] = r.created_at;
    }
    this.#held.set(kind, loaded);
    return loaded;
  }

  #empty(version: number, capacity: number): Held {
    const n = Math.max(16, capacity);
    return {
      version,
      size: 0,
      rowids: [],
      index: new Map(),
      vectors: new Float32Array(n * this.#dimensions),
      norms: new Float64Array(n),
      importance: new Float64Array(n),
      accessedAt: new Float64Array(n),
      createdAt: new Float64Array(n),
      rows: new Map(),
    };
  }

  /** A new slot at the end for `rowid`, the arrays grown (doubled) when full. */
  #append(held: Held, rowid: number): number {
    if (held.size === held.norms.length) {
      const bigger = this.#empty(held.version, held.size * 2);
      bigger.vectors.set(held.vectors);
      bigger.norms.set(held.norms);
      bigger.importance.set(held.importance);
      bigger.accessedAt.set(held.accessedAt);
      bigger.createdAt.set(held.createdAt);
      Object.assign(held, { vectors: bigger.vectors, norms: bigger.norms, importance: bigger.importance, accessedAt: bigger.accessedAt, createdAt: bigger.createdAt });
    }
    const i = held.size++;
    held.rowids[i] = rowid;
    held.index.set(rowid, i);
    return i;
  }

  #place(held: Held, i: number, vector: Float32Array): void {
    const d = this.#dimensions;
    const v = vector.subarray(0, d);
    held.vectors.set(v, i * d);
    let n = 0;
    for (let j = 0; j < d; j++) n += v[j]! * v[j]!;
    held.norms[i] = Math.sqrt(n);
  }
}

/** Whether a memory scored `total`, made at `createdAt`, ranks above `other`: a higher score, then the newer. */
function ahead(total: number, createdAt: number, other: { total: number; createdAt: number }): boolean {
  return total > other.total || (total === other.total && createdAt > other.createdAt);
}
