/**
 * Long-term memory: what the assistant learned (lessons), where things are (places), what it
 * observed (perceptions) and what people told it (facts). One contract, two implementations:
 * SQLite with sqlite-vec (embedded, the default) and Qdrant. Both pass the conformance suite
 * in `conformance.ts`.
 */

/** The kinds of memory. */
export const MEMORY_KINDS = ['lesson', 'place', 'perception', 'fact'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** A point in a world: Minecraft block coordinates, or any other 3-D frame. */
export interface Position {
  x: number;
  y: number;
  z: number;
}

/** What a caller stores. The store embeds `text` and keeps the rest as it is. */
export interface NewMemory {
  kind: MemoryKind;
  /** What is remembered, in words: it is embedded and searched by meaning. */
  text: string;
  /** How much it matters, 0 (trivial) to 100 (vital), given when stored. Default 50. */
  importance?: number;
  /**
   * A stable name for what this memory is about (a place's position and type, a lesson's
   * action and approach). A memory stored with the key of an earlier one of the same kind
   * replaces it: its id stays the same.
   */
  key?: string;
  position?: Position;
  /** The world or dimension the position is in (`overworld`, `the_nether`). */
  dimension?: string;
  /** Plain JSON that the kind's helpers read back (a lesson's approaches, a place's contents). */
  data?: Record<string, unknown>;
  /** When it happened; default now. */
  at?: Date;
}

/** A stored memory. */
export interface MemoryRecord {
  id: string;
  kind: MemoryKind;
  text: string;
  importance: number;
  key?: string;
  position?: Position;
  dimension?: string;
  data?: Record<string, unknown>;
  /** ISO-8601: when it was stored (or last replaced). */
  createdAt: string;
  /** ISO-8601: when it was last stored or recalled by a search; recency counts from here. */
  accessedAt: string;
}

/** Which memories a search or listing looks at. Every condition given must hold. */
export interface MemoryFilter {
  kind?: MemoryKind | readonly MemoryKind[];
  /** Stored at or after. */
  since?: Date;
  /** Stored at or before. */
  until?: Date;
  /** Within `radius` blocks (straight-line distance) of a position, in a dimension when given. */
  near?: { position: Position; radius: number; dimension?: string };
  /** Not stored or recalled since this time (what forgetting looks at). */
  idleSince?: Date;
}

/** How much each part of the score counts; the score is their weighted mean. */
export interface ScoreWeights {
  recency: number;
  importance: number;
  relevance: number;
}

export interface MemoryQuery extends MemoryFilter {
  /** What to look for, in words. */
  text: string;
  /** Most results; default 10. */
  limit?: number;
  /** Drop memories whose relevance (cosine similarity, 0..1) is below this. Default: keep all. */
  minRelevance?: number;
  /** Weights for this search, over the store's defaults. */
  weights?: Partial<ScoreWeights>;
  /** Count the results as recalled (recency starts again). Default true. */
  touch?: boolean;
}

/** A search result with the parts of its score, each 0..1. */
export interface ScoredMemory {
  memory: MemoryRecord;
  score: number;
  recency: number;
  importance: number;
  relevance: number;
  /** Straight-line distance to the `near` position of the query, when it had one. */
  distance?: number;
}

export interface ListOptions {
  /** `newest` first (default), or `idle`: longest not recalled first. */
  order?: 'newest' | 'idle';
  limit?: number;
  offset?: number;
}

/**
 * A vector memory. Implementations embed text with the embedder they were given, keep
 * memories durably, and score searches as in Generative Agents (recency, importance,
 * relevance; see `scoring.ts`).
 */
export interface VectorMemory {
  /** `sqlite-vec` or `qdrant`, for logs and health. */
  readonly name: string;
  /** Stores one memory (or replaces the one with the same kind and key) and returns it. */
  add(memory: NewMemory): Promise<MemoryRecord>;
  /** Stores many at once: faster than one by one. Returned in the order given. */
  addMany(memories: readonly NewMemory[]): Promise<MemoryRecord[]>;
  get(id: string): Promise<MemoryRecord | undefined>;
  /** The best memories for a query, best first. */
  search(query: MemoryQuery): Promise<ScoredMemory[]>;
  /** Memories matching a filter, without scoring. */
  list(filter?: MemoryFilter, options?: ListOptions): Promise<MemoryRecord[]>;
  count(filter?: MemoryFilter): Promise<number>;
  /** Deletes memories by id; returns how many existed. */
  delete(ids: readonly string[]): Promise<number>;
  /**
   * Changes whenever what a search can find may have changed: memories stored or deleted here,
   * or anything written by another process. Marking memories recalled is no change. A store
   * that cannot tell cheaply has none, and its searches are never taken from earlier ones.
   */
  version?(): string;
  close(): Promise<void>;
}
