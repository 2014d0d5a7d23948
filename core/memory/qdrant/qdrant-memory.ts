import { QdrantClient } from '@qdrant/js-client-rest';
import { MemoryError } from '../../errors.js';
import { cosine, type Embedder } from '../embedder.js';
import type { ListOptions, MemoryFilter, MemoryQuery, MemoryRecord, NewMemory, ScoredMemory, VectorMemory } from '../memory.js';
import { checkFilter, matches, toRecord } from '../records.js';
import { DEFAULT_SCORING, rank, type ScoringSettings } from '../scoring.js';
import { PAYLOAD_INDEXES, qdrantFilter } from './filter.js';

export interface QdrantMemoryOptions {
  /** e.g. `http://localhost:6333`. */
  url: string;
  /** Sent as the `api-key` header. Never logged. */
  apiKey?: string;
  collection: string;
  embedder: Embedder;
  scoring?: ScoringSettings;
  clock?: () => Date;
  /** Longest one request may take; default 10 s. */
  timeoutMs?: number;
}

/** What a point's payload holds: the memory, with times in epoch milliseconds for range filters. */
type MemoryPayload = Omit<MemoryRecord, 'id' | 'createdAt' | 'accessedAt'> & { createdAt: number; accessedAt: number };

/** Candidates asked of Qdrant for a search, before scoring. */
const CANDIDATES = { perResult: 20, min: 200, max: 4096 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toPayload(r: MemoryRecord): MemoryPayload {
  return {
    kind: r.kind,
    text: r.text,
    importance: r.importance,
    ...(r.key !== undefined ? { key: r.key } : {}),
    ...(r.position ? { position: r.position } : {}),
    ...(r.dimension !== undefined ? { dimension: r.dimension } : {}),
    ...(r.data !== undefined ? { data: r.data } : {}),
    createdAt: Date.parse(r.createdAt),
    accessedAt: Date.parse(r.accessedAt),
  };
}

function fromPoint(id: string | number, payload: unknown): MemoryRecord {
  const p = payload as MemoryPayload;
  return {
    id: String(id),
    kind: p.kind,
    text: p.text,
    importance: p.importance,
    ...(p.key !== undefined ? { key: p.key } : {}),
    ...(p.position ? { position: { x: p.position.x, y: p.position.y, z: p.position.z } } : {}),
    ...(p.dimension !== undefined ? { dimension: p.dimension } : {}),
    ...(p.data !== undefined ? { data: p.data } : {}),
    createdAt: new Date(p.createdAt).toISOString(),
    accessedAt: new Date(p.accessedAt).toISOString(),
  };
}

/**
 * The memory on a Qdrant server, through the official REST client: one collection, cosine
 * distance, payload indexes on kind, dimension, times, importance and coordinates. A search
 * asks Qdrant for the nearest candidates by meaning (filtered by kind, time, and a box around
 * a position) and, when recency and importance count, for the most recently used and the most
 * important ones too; it scores them all as the embedded memory does. A memory that is none of
 * these can be missed, so a search that weighs all three is close to exact, not exact.
 */
export class QdrantMemory implements VectorMemory {
  readonly name = 'qdrant';
  readonly #client: QdrantClient;
  readonly #o: QdrantMemoryOptions;
  readonly #scoring: ScoringSettings;
  readonly #clock: () => Date;
  #closed = false;

  private constructor(client: QdrantClient, options: QdrantMemoryOptions) {
    this.#client = client;
    this.#o = options;
    this.#scoring = options.scoring ?? DEFAULT_SCORING;
    this.#clock = options.clock ?? (() => new Date());
  }

  /** Connects, and creates the collection and its indexes when they are missing. */
  static async open(options: QdrantMemoryOptions): Promise<QdrantMemory> {
    const client = new QdrantClient({ url: options.url, ...(options.apiKey ? { apiKey: options.apiKey } : {}), timeout: options.timeoutMs ?? 10_000, checkCompatibility: false });
    const memory = new QdrantMemory(client, options);
    await memory.#call('open the collection', async () => {
      const { exists } = await client.collectionExists(options.collection);
      if (!exists) {
        await client.createCollection(options.collection, { vectors: { size: options.embedder.dimensions, distance: 'Cosine' } });
      } else {
        const info = await client.getCollection(options.collection);
        const vectors = info.config.params.vectors as { size?: number } | undefined;
        if (vectors?.size !== options.embedder.dimensions) {
          throw new MemoryError('MJ_ERR_MEMORY_DIMENSIONS', `the Qdrant collection ${options.collection} holds vectors of ${String(vectors?.size)} numbers, and the embedder makes ${options.embedder.dimensions}`, {
            hint: 'set MAJORDOMO_MEMORY_COLLECTION to a new collection name, or use the embedder the collection was made with',
          });
        }
      }
      for (const index of PAYLOAD_INDEXES) {
        await client.createPayloadIndex(options.collection, { field_name: index.field, field_schema: index.schema, wait: true });
      }
    });
    return memory;
  }

  /** Runs a request; a failure of the server or the connection leaves as a coded error. */
  async #call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    if (this.#closed) throw new MemoryError('MJ_ERR_MEMORY_CLOSED', 'the memory is closed', { hint: 'open it again' });
    try {
      return await fn();
    } catch (error) {
      if (error instanceof MemoryError) throw error;
      const detail = (error as { data?: { status?: { error?: string } } }).data?.status?.error ?? (error as Error).message;
      throw new MemoryError('MJ_ERR_MEMORY_UNAVAILABLE', `Qdrant at ${this.#o.url} could not ${what}: ${detail}`, {
        cause: error,
        hint: 'check that Qdrant is running at QDRANT_URL (and QDRANT_API_KEY), or unset QDRANT_URL to use the embedded memory',
      });
    }
  }

  async add(memory: NewMemory): Promise<MemoryRecord> {
    return (await this.addMany([memory]))[0]!;
  }

  async addMany(memories: readonly NewMemory[]): Promise<MemoryRecord[]> {
    if (this.#closed) throw new MemoryError('MJ_ERR_MEMORY_CLOSED', 'the memory is closed', { hint: 'open it again' });
    const now = this.#clock();
    const records = memories.map((m) => toRecord(m, now));
    if (records.length === 0) return [];
    const vectors = await this.#o.embedder.embed(records.map((r) => r.text));
    await this.#call('store memories', async () => {
      for (let i = 0; i < records.length; i += 256) {
        const points = records.slice(i, i + 256).map((r, j) => ({ id: r.id, vector: Array.from(vectors[i + j]!), payload: toPayload(r) as unknown as Record<string, unknown> }));
        await this.#client.upsert(this.#o.collection, { wait: true, points });
      }
    });
    return records;
  }

  async get(id: string): Promise<MemoryRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const [point] = await this.#call('read a memory', () => this.#client.retrieve(this.#o.collection, { ids: [id], with_payload: true }));
    return point ? fromPoint(point.id, point.payload) : undefined;
  }

  async search(query: MemoryQuery): Promise<ScoredMemory[]> {
    checkFilter(query);
    const limit = query.limit ?? 10;
    if (!Number.isInteger(limit) || limit < 1) throw new MemoryError('MJ_ERR_MEMORY_INVALID', `a search's limit must be a whole number above 0 (got ${limit})`);
    if (this.#closed) throw new MemoryError('MJ_ERR_MEMORY_CLOSED', 'the memory is closed', { hint: 'open it again' });
    const [vector] = await this.#o.embedder.embed([query.text]);
    const k = Math.min(CANDIDATES.max, Math.max(limit * CANDIDATES.perResult, CANDIDATES.min));
    const filter = qdrantFilter(query);
    const found = await this.#call('search', () =>
      this.#client.query(this.#o.collection, { query: Array.from(vector!), limit: k, with_payload: true, ...(filter ? { filter } : {}) }),
    );
    const candidates = new Map(found.points.map((p) => [String(p.id), { memory: fromPoint(p.id, p.payload), similarity: p.score }]));
    const w = { ...this.#scoring.weights, ...query.weights };
    // Recent and important memories may score well with little relevance: they are candidates too.
    for (const [key, weight] of [['accessedAt', w.recency], ['importance', w.importance]] as const) {
      if (weight <= 0 || query.near) continue;
      const page = await this.#call('search', () =>
        this.#client.scroll(this.#o.collection, { limit: k, with_payload: true, with_vector: true, order_by: { key, direction: 'desc' }, ...(filter ? { filter } : {}) }),
      );
      for (const p of page.points) {
        if (candidates.has(String(p.id)) || !Array.isArray(p.vector)) continue;
        candidates.set(String(p.id), { memory: fromPoint(p.id, p.payload), similarity: cosine(vector!, Float32Array.from(p.vector as number[])) });
      }
    }
    const now = this.#clock();
    const scored = rank(candidates.values(), query, limit, now, this.#scoring);
    if (query.touch !== false && scored.length > 0) {
      await this.#call('mark memories recalled', () =>
        this.#client.setPayload(this.#o.collection, { payload: { accessedAt: now.getTime() }, points: scored.map((s) => s.memory.id), wait: true }),
      );
      for (const s of scored) s.memory.accessedAt = now.toISOString();
    }
    return scored;
  }

  async list(filter: MemoryFilter = {}, options: ListOptions = {}): Promise<MemoryRecord[]> {
    checkFilter(filter);
    const offset = options.offset ?? 0;
    // order_by pages have no cursor: ask for everything up to the end of the page at once.
    const wanted = options.limit !== undefined && !filter.near ? offset + options.limit : await this.#countBox(filter);
    if (wanted === 0) return [];
    const qf = qdrantFilter(filter);
    const order = options.order === 'idle' ? { key: 'accessedAt', direction: 'asc' as const } : { key: 'createdAt', direction: 'desc' as const };
    const page = await this.#call('list memories', () =>
      this.#client.scroll(this.#o.collection, { limit: wanted, with_payload: true, order_by: order, ...(qf ? { filter: qf } : {}) }),
    );
    const records = page.points.map((p) => fromPoint(p.id, p.payload)).filter((m) => matches(m, filter));
    return records.slice(offset, options.limit === undefined ? undefined : offset + options.limit);
  }

  async #countBox(filter: MemoryFilter): Promise<number> {
    const qf = qdrantFilter(filter);
    return (await this.#call('count memories', () => this.#client.count(this.#o.collection, { exact: true, ...(qf ? { filter: qf } : {}) }))).count;
  }

  async count(filter: MemoryFilter = {}): Promise<number> {
    checkFilter(filter);
    if (filter.near) return (await this.list(filter)).length;
    return this.#countBox(filter);
  }

  async delete(ids: readonly string[]): Promise<number> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return 0;
    return this.#call('delete memories', async () => {
      const existing = await this.#client.retrieve(this.#o.collection, { ids: valid, with_payload: false });
      if (existing.length > 0) await this.#client.delete(this.#o.collection, { wait: true, points: existing.map((p) => p.id) });
      return existing.length;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}

export function openQdrantMemory(options: QdrantMemoryOptions): Promise<QdrantMemory> {
  return QdrantMemory.open(options);
}
