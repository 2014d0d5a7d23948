import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { MemoryError } from '../../errors.js';
import { Checkpointer } from '../../store/sqlite/checkpointer.js';
import type { Logger } from '../../util/logger.js';
import type { Embedder } from '../embedder.js';
import type { ListOptions, MemoryFilter, MemoryQuery, MemoryRecord, NewMemory, ScoreWeights, ScoredMemory, VectorMemory } from '../memory.js';
import { checkFilter, filterKinds, matches, toRecord } from '../records.js';
import { DEFAULT_SCORING, rank, type ScoringSettings } from '../scoring.js';
import { KindVectors, type HeldMemory } from './kind-vectors.js';
import { MEMORY_SCHEMA, readMeta, vectorTable, writeMeta } from './schema.js';

export interface SqliteMemoryOptions {
  /** Database file, or `:memory:`. */
  path: string;
  embedder: Embedder;
  scoring?: ScoringSettings;
  logger?: Logger;
  clock?: () => Date;
}

interface Row {
  rowid: number;
  id: string;
  kind: MemoryRecord['kind'];
  key: string | null;
  text: string;
  importance: number;
  x: number | null;
  y: number | null;
  z: number | null;
  dimension: string | null;
  data: string | null;
  created_at: number;
  accessed_at: number;
}

/** A memory with its cosine similarity to the query. */
interface Candidate {
  memory: MemoryRecord;
  similarity: number;
}

/** Candidates the vector index returns for a search, before scoring: sqlite-vec's k is at most 4096. */
const MAX_CANDIDATES = 4096;

/** The columns {@link fromRow} reads: a memory without its vector. */
const COLUMNS = 'id, kind, key, text, importance, x, y, z, dimension, data, created_at, accessed_at';

function fromRow(row: Row): MemoryRecord {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    importance: row.importance,
    ...(row.key !== null ? { key: row.key } : {}),
    ...(row.x !== null ? { position: { x: row.x, y: row.y!, z: row.z! } } : {}),
    ...(row.dimension !== null ? { dimension: row.dimension } : {}),
    ...(row.data !== null ? { data: JSON.parse(row.data) as Record<string, unknown> } : {}),
    createdAt: new Date(row.created_at).toISOString(),
    accessedAt: new Date(row.accessed_at).toISOString(),
  };
}

/** SQL conditions for what the table can check; `matches` checks the rest exactly. */
function where(filter: MemoryFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const kinds = filterKinds(filter);
  if (kinds) {
    parts.push(`kind in (${kinds.map(() => '?').join(',')})`);
    params.push(...kinds);
  }
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (filter.since) add('created_at >= ?', filter.since.getTime());
  if (filter.until) add('created_at <= ?', filter.until.getTime());
  if (filter.idleSince) add('accessed_at < ?', filter.idleSince.getTime());
  if (filter.near) {
    const { position: p, radius: r } = filter.near;
    add('x between ? and ? and z between ? and ? and y between ? and ?', p.x - r, p.x + r, p.z - r, p.z + r, p.y - r, p.y + r);
    if (filter.near.dimension !== undefined) add('dimension = ?', filter.near.dimension);
  }
  return { sql: parts.length > 0 ? `where ${parts.join(' and ')}` : '', params };
}

/**
 * The embedded memory: one SQLite file, memories in a table, their vectors in a sqlite-vec
 * `vec0` index (exact k-nearest search by cosine distance, partitioned by kind) and beside
 * each memory. A search by relevance alone asks the index for the nearest; a search that
 * weighs recency and importance too scores every memory passing the filter in one SQL pass
 * (sqlite-vec's `vec_distance_cosine`), so its results are exact as well. Vectors are kept
 * twice: about 2 KB per memory with the default 256 dimensions.
 *
 * Opened with another embedder than the one it was written with, it embeds every stored
 * text again with the new one.
 */
export class SqliteMemory implements VectorMemory {
  readonly name = 'sqlite-vec';
  readonly #db: Database.Database;
  readonly #embedder: Embedder;
  readonly #scoring: ScoringSettings;
  readonly #clock: () => Date;
  /** Copies the log back into the file off the event loop; none in memory. */
  readonly #checkpointer: Checkpointer | undefined;
  #closed = false;

  private constructor(db: Database.Database, options: SqliteMemoryOptions) {
    this.#db = db;
    this.#checkpointer = options.path === ':memory:' ? undefined : Checkpointer.start(db, options.path, options.logger);
    this.#embedder = options.embedder;
    this.#scoring = options.scoring ?? DEFAULT_SCORING;
    this.#clock = options.clock ?? (() => new Date());
  }

  static async open(options: SqliteMemoryOptions): Promise<SqliteMemory> {
    let db: Database.Database;
    try {
      if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
      db = new Database(options.path);
      db.pragma('busy_timeout = 5000');
      if (options.path !== ':memory:') db.pragma('journal_mode = WAL');
      // Memories survive a killed process; a power cut may cost the last few (the log is synced at
      // checkpoints), never the file. So neither a recall (it marks what it returned as used) nor
      // a lesson waits for the disk on the event loop.
      db.pragma('synchronous = NORMAL');
      sqliteVec.load(db);
      db.exec(MEMORY_SCHEMA);
    } catch (error) {
      throw new MemoryError('MJ_ERR_MEMORY_OPEN', `cannot open the memory at ${options.path}: ${(error as Error).message}`, {
        cause: error,
        hint: 'check that the data directory is writable',
      });
    }
    const memory = new SqliteMemory(db, options);
    await memory.#prepareIndex(options.logger);
    return memory;
  }

  async #prepareIndex(logger: Logger | undefined): Promise<void> {
    const db = this.#db;
    const embedder = this.#embedder;
    const previous = readMeta(db, 'embedder');
    if (previous === embedder.id) return;
    const texts = db.prepare('select rowid, kind, text, created_at from memories order by rowid').all() as Array<Pick<Row, 'rowid' | 'kind' | 'text' | 'created_at'>>;
    if (previous !== undefined) logger?.warn({ from: previous, to: embedder.id, memories: texts.length }, 'the embedder changed; embedding every memory again');
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += 512) vectors.push(...(await embedder.embed(texts.slice(i, i + 512).map((t) => t.text))));
    this.#transaction(() => {
      db.exec('drop table if exists memory_vectors');
      db.exec(vectorTable(embedder.dimensions));
      const insert = db.prepare('insert into memory_vectors(rowid, embedding, kind, created_at) values (?, ?, ?, ?)');
      const keep = db.prepare('update memories set embedding = ? where rowid = ?');
      texts.forEach((t, i) => {
        insert.run(BigInt(t.rowid), vectors[i]!, t.kind, BigInt(t.created_at));
        keep.run(vectors[i]!, t.rowid);
      });
      writeMeta(db, 'embedder', embedder.id);
    });
  }

  /** Runs `fn` as one write transaction, and counts it towards the next checkpoint of the log. */
  #transaction<T>(fn: () => T): T {
    const result = this.#open().transaction(fn)();
    this.#checkpointer?.committed();
    return result;
  }

  #open(): Database.Database {
    if (this.#closed) throw new MemoryError('MJ_ERR_MEMORY_CLOSED', 'the memory is closed', { hint: 'open it again' });
    return this.#db;
  }

  /** Vectors of the kinds searched by kind alone, held here; told whenever this process writes. */
  #kinds: KindVectors | undefined;

  /** Memories stored or deleted by this process: with SQLite's `data_version` (another connection wrote), the {@link version}. */
  #changes = 0;
  #dataVersion: Database.Statement | undefined;

  version(): string {
    this.#dataVersion ??= this.#open().prepare('pragma data_version').pluck();
    return `${this.#changes}:${this.#dataVersion.get() as number}`;
  }

  /** When this process last marked each memory used. */
  readonly #touched = new Map<string, number>();

  /** Statements by their SQL, prepared once: searches and lessons come with every action. */
  readonly #statements = new Map<string, Database.Statement>();

  #stmt(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      // The SQL varies with the shape of a filter only, so this stays small; a bound all the same.
      if (this.#statements.size >= 256) this.#statements.clear();
      statement = this.#open().prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async add(memory: NewMemory): Promise<MemoryRecord> {
    return (await this.addMany([memory]))[0]!;
  }

  async addMany(memories: readonly NewMemory[]): Promise<MemoryRecord[]> {
    this.#open();
    const now = this.#clock();
    const records = memories.map((m) => toRecord(m, now));
    const vectors = await this.#embed(records.map((r) => r.text));
    const written: HeldMemory[] = [];
    this.#changes++;
    try {
      this.#write(records, vectors, written);
    } catch (error) {
      this.#kinds?.invalidate();
      throw error;
    }
    this.#kinds?.wrote(written);
    return records;
  }

  #write(records: MemoryRecord[], vectors: Float32Array[], written: HeldMemory[]): void {
    const find = this.#stmt('select rowid, text from memories where id = ?');
    const insert = this.#stmt(
      'insert into memories(id, kind, key, text, importance, x, y, z, dimension, data, created_at, accessed_at, embedding) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const update = this.#stmt('update memories set text = ?, importance = ?, x = ?, y = ?, z = ?, dimension = ?, data = ?, created_at = ?, accessed_at = ?, embedding = ? where rowid = ?');
    const dropVector = this.#stmt('delete from memory_vectors where rowid = ?');
    const addVector = this.#stmt('insert into memory_vectors(rowid, embedding, kind, created_at) values (?, ?, ?, ?)');
    const moveVector = this.#stmt('update memory_vectors set created_at = ? where rowid = ?');
    this.#transaction(() => {
      records.forEach((r, i) => {
        const p = r.position;
        const data = r.data === undefined ? null : JSON.stringify(r.data);
        const created = Date.parse(r.createdAt);
        const existing = find.get(r.id) as { rowid: number; text: string } | undefined;
        let rowid: number;
        if (existing) {
          rowid = existing.rowid;
          update.run(r.text, r.importance, p?.x ?? null, p?.y ?? null, p?.z ?? null, r.dimension ?? null, data, created, created, vectors[i]!, rowid);
          written.push({ kind: r.kind, rowid, vector: vectors[i]!, importance: r.importance, createdAt: created, accessedAt: created });
          // The same text (a lesson learned again) keeps its vector: only its time moves.
          if (existing.text === r.text) {
            moveVector.run(BigInt(created), BigInt(rowid));
            return;
          }
          dropVector.run(BigInt(rowid));
        } else {
          rowid = Number(insert.run(r.id, r.kind, r.key ?? null, r.text, r.importance, p?.x ?? null, p?.y ?? null, p?.z ?? null, r.dimension ?? null, data, created, created, vectors[i]!).lastInsertRowid);
          written.push({ kind: r.kind, rowid, vector: vectors[i]!, importance: r.importance, createdAt: created, accessedAt: created });
        }
        addVector.run(BigInt(rowid), vectors[i]!, r.kind, BigInt(created));
      });
    });
  }

  async #embed(texts: string[]): Promise<Float32Array[]> {
    const vectors = await this.#embedder.embed(texts);
    for (const v of vectors) {
      if (v.length !== this.#embedder.dimensions) {
        throw new MemoryError('MJ_ERR_MEMORY_DIMENSIONS', `the embedder returned ${v.length} numbers, not ${this.#embedder.dimensions}`);
      }
    }
    return vectors;
  }

  async get(id: string): Promise<MemoryRecord | undefined> {
    const row = this.#stmt('select * from memories where id = ?').get(id) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  async search(query: MemoryQuery): Promise<ScoredMemory[]> {
    checkFilter(query);
    const limit = query.limit ?? 10;
    if (!Number.isInteger(limit) || limit < 1) throw new MemoryError('MJ_ERR_MEMORY_INVALID', `a search's limit must be a whole number above 0 (got ${limit})`);
    const [vector] = await this.#embed([query.text]);
    // Closed meanwhile: said so, not searched.
    this.#open();
    const now = this.#clock();
    const w = { ...this.#scoring.weights, ...query.weights };
    // Relevance alone is what the vector index answers; any other part needs every memory scored.
    const candidates =
      w.recency === 0 && w.importance === 0 && !query.near ? this.#nearest(query, vector!, limit) : (this.#byKind(query, vector!, limit, w, now) ?? this.#scan(query, vector!, limit, w, now));
    const scored = rank(candidates, query, limit, now, this.#scoring);
    if (query.touch !== false && scored.length > 0) {
      const at = now.getTime();
      // A memory this process marked used within the last minute is not written again: recency decays by the hour.
      const stale = scored.filter((s) => !(at - (this.#touched.get(s.memory.id) ?? -Infinity) < RETOUCH_MS && Date.parse(s.memory.accessedAt) >= at - RETOUCH_MS));
      if (stale.length > 0) {
        const touch = this.#stmt('update memories set accessed_at = ? where id = ? returning rowid').pluck();
        const rowids = this.#transaction(() => stale.flatMap((s) => (touch.get(at, s.memory.id) as number | undefined) ?? []));
        this.#kinds?.touched(rowids, at);
        if (this.#touched.size >= 10_000) this.#touched.clear();
        for (const s of stale) this.#touched.set(s.memory.id, at);
      }
      const accessedAt = now.toISOString();
      for (const s of scored) s.memory.accessedAt = accessedAt;
    }
    return scored;
  }

  /**
   * Every memory that passes the filter, scored whole by SQLite (sqlite-vec's
   * `vec_distance_cosine` for relevance): exact, in one pass. Near a position the box
   * decides, and the sphere is checked afterwards, so no limit is set there.
   */
  #scan(query: MemoryQuery, vector: Float32Array, limit: number, w: ScoreWeights, now: Date): Candidate[] {
    const f = where(query);
    const floor = query.minRelevance === undefined ? '' : 'where similarity >= ?';
    // The similarity once per memory (materialized), the score over it, and whole rows only for the best.
    const rows = this
      .#stmt(
        `with scored as materialized (
           select rowid, created_at, accessed_at, importance, 1 - vec_distance_cosine(embedding, ?) as similarity from memories ${f.sql}
         ),
         best as (
           select rowid, similarity, created_at,
             ? * pow(?, max(0, (? - accessed_at) / 3600000.0)) + ? * min(100, max(0, importance)) / 100.0 + ? * max(0, min(1, similarity)) as total
           from scored ${floor} order by total desc, created_at desc ${query.near ? '' : 'limit ?'}
         )
         select m.*, best.similarity as similarity from best join memories m on m.rowid = best.rowid order by best.total desc, best.created_at desc`,
      )
      .all(
        vector,
        ...f.params,
        w.recency,
        this.#scoring.decayPerHour,
        now.getTime(),
        w.importance,
        w.relevance,
        ...(query.minRelevance === undefined ? [] : [query.minRelevance]),
        ...(query.near ? [] : [limit]),
      ) as Array<Row & { similarity: number }>;
    return rows.map((row) => ({ memory: fromRow(row), similarity: row.similarity }));
  }

  /** A search by kind alone, scored over the vectors this process holds; undefined when it cannot be. */
  #byKind(query: MemoryQuery, vector: Float32Array, limit: number, w: ScoreWeights, now: Date): Candidate[] | undefined {
    const kinds = filterKinds(query);
    if (!kinds || query.near || query.since || query.until || query.idleSince) return undefined;
    this.#kinds ??= new KindVectors(this.#open(), this.#embedder.dimensions);
    const best = this.#kinds.search({
      kinds,
      vector,
      limit,
      ...(query.minRelevance !== undefined ? { minRelevance: query.minRelevance } : {}),
      weights: w,
      decayPerHour: this.#scoring.decayPerHour,
      now: now.getTime(),
    });
    if (!best) return undefined;
    return this.#heldRows(best, this.#kinds);
  }

  /** The memories of these rowids, in their order: rows read before and unchanged since from what is held, the rest in one read. */
  #heldRows(hits: ReadonlyArray<{ rowid: number; similarity: number }>, kinds: KindVectors): Candidate[] {
    const missing = hits.filter((h) => kinds.row(h.rowid) === undefined);
    for (const row of this.#readRows(missing)) kinds.keepRow(row.rowid, row);
    return hits.flatMap(({ rowid, similarity }) => {
      const held = kinds.row<Row>(rowid);
      return held ? [{ memory: fromRow({ ...held.row, accessed_at: held.accessedAt }), similarity }] : [];
    });
  }

  /** The memories of these rowids, in their order, in one read (without their vectors). */
  #rows(hits: ReadonlyArray<{ rowid: number; similarity: number }>): Candidate[] {
    if (hits.length === 0) return [];
    const rows = this.#readRows(hits);
    const byRowid = new Map(rows.map((r) => [r.rowid, r]));
    return hits.flatMap(({ rowid, similarity }) => {
      const row = byRowid.get(rowid);
      return row ? [{ memory: fromRow(row), similarity }] : [];
    });
  }

  /** The rows (without their vectors) of these rowids, in no particular order. */
  #readRows(hits: ReadonlyArray<{ rowid: number }>): Row[] {
    if (hits.length === 0) return [];
    return this.#stmt(`select rowid, ${COLUMNS} from memories where rowid in (${hits.map(() => '?').join(',')})`).all(...hits.map((h) => h.rowid)) as Row[];
  }

  /** The nearest by meaning, from the vector index (an exact k-nearest search). */
  #nearest(query: MemoryQuery, vector: Float32Array, limit: number): Candidate[] {
    const parts = ['embedding match ?', 'k = ?'];
    // Room for what the index cannot filter (idle time); more is asked when that is in the query.
    const k = Math.min(MAX_CANDIDATES, query.idleSince ? Math.max(limit * 20, 200) : limit);
    const params: unknown[] = [vector, k];
    const kinds = filterKinds(query);
    if (kinds) {
      parts.push(`kind in (${kinds.map(() => '?').join(',')})`);
      params.push(...kinds);
    }
    if (query.since) {
      parts.push('created_at >= ?');
      params.push(BigInt(query.since.getTime()));
    }
    if (query.until) {
      parts.push('created_at <= ?');
      params.push(BigInt(query.until.getTime()));
    }
    const hits = this.#stmt(`select rowid, distance from memory_vectors where ${parts.join(' and ')} order by distance`).all(...params) as Array<{ rowid: number; distance: number }>;
    return this.#rows(hits.map((h) => ({ rowid: h.rowid, similarity: 1 - h.distance })));
  }

  async list(filter: MemoryFilter = {}, options: ListOptions = {}): Promise<MemoryRecord[]> {
    checkFilter(filter);
    const db = this.#open();
    const w = where(filter);
    const order = options.order === 'idle' ? 'accessed_at asc, rowid asc' : 'created_at desc, rowid desc';
    const limit = options.limit ?? -1;
    const offset = options.offset ?? 0;
    if (!filter.near) {
      const rows = db.prepare(`select * from memories ${w.sql} order by ${order} limit ? offset ?`).all(...w.params, limit, offset) as Row[];
      return rows.map(fromRow);
    }
    const rows = db.prepare(`select * from memories ${w.sql} order by ${order}`).all(...w.params) as Row[];
    const exact = rows.map(fromRow).filter((m) => matches(m, filter));
    return exact.slice(offset, limit < 0 ? undefined : offset + limit);
  }

  async count(filter: MemoryFilter = {}): Promise<number> {
    if (filter.near) return (await this.list(filter)).length;
    checkFilter(filter);
    const w = where(filter);
    return (this.#open().prepare(`select count(*) as n from memories ${w.sql}`).get(...w.params) as { n: number }).n;
  }

  async delete(ids: readonly string[]): Promise<number> {
    const db = this.#open();
    const find = db.prepare('select rowid from memories where id = ?');
    const drop = db.prepare('delete from memories where rowid = ?');
    const dropVector = db.prepare('delete from memory_vectors where rowid = ?');
    this.#kinds?.invalidate();
    this.#changes++;
    return this.#transaction(() => {
      let n = 0;
      for (const id of ids) {
        const row = find.get(id) as { rowid: number } | undefined;
        if (!row) continue;
        drop.run(row.rowid);
        dropVector.run(BigInt(row.rowid));
        n++;
      }
      return n;
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#statements.clear();
    this.#kinds = undefined;
    this.#dataVersion = undefined;
    await this.#checkpointer?.close();
    this.#db.close();
  }
}

/** How recent a mark of use stands: a memory found again within it is not marked again. */
const RETOUCH_MS = 60_000;

/** Opens (or creates) the embedded memory. */
export function openSqliteMemory(options: SqliteMemoryOptions): Promise<SqliteMemory> {
  return SqliteMemory.open(options);
}
