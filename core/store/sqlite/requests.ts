import type Database from 'better-sqlite3';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { RequestStatus } from '../../events.js';
import type { Plan, Requester } from '../../types.js';
import type { RequestQuery, RequestRecord } from '../store.js';
import { isUniqueViolation } from './connection.js';
import { fromJson, toJson } from './json.js';
import { limitOffset, Where, prepared } from './query.js';

interface Row {
  id: string;
  text: string;
  summary: string | null;
  status: RequestStatus;
  brain: string;
  requester: string;
  plan: string;
  created_at: string;
  updated_at: string;
}

/** The `requests` table. Synchronous: the store wraps calls in its guard and transactions. */
export class RequestTable {
  readonly #db: Database.Database;
  readonly #insert: Database.Statement;
  readonly #get: Database.Statement<[string], Row>;
  readonly #update: Database.Statement;

  constructor(db: Database.Database) {
    this.#db = db;
    // SQLite's lower() folds ASCII only; the search must also match "Éclairage" with "éclairage".
    db.function('mj_contains', { deterministic: true }, (haystack: unknown, needle: unknown) =>
      typeof haystack === 'string' && typeof needle === 'string' && haystack.toLowerCase().includes(needle) ? 1 : 0,
    );
    this.#insert = db.prepare(
      `INSERT INTO requests (id, text, summary, status, brain, requester, plan, created_at, updated_at)
       VALUES (@id, @text, @summary, @status, @brain, @requester, @plan, @created_at, @updated_at)`,
    );
    this.#get = db.prepare('SELECT * FROM requests WHERE id = ?');
    this.#update = db.prepare(
      `UPDATE requests SET status = coalesce(@status, status), summary = coalesce(@summary, summary), updated_at = @updated_at
       WHERE id = @id`,
    );
  }

  insert(request: RequestRecord): void {
    try {
      this.#insert.run({
        id: request.id,
        text: request.text,
        summary: request.summary ?? null,
        status: request.status,
        brain: request.brain,
        requester: toJson(request.requester, `the requester of request ${request.id}`),
        plan: toJson(request.plan, `the plan of request ${request.id}`),
        created_at: request.createdAt,
        updated_at: request.updatedAt,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`request ${request.id} already exists`);
      throw error;
    }
  }

  get(id: string): RequestRecord | undefined {
    const row = this.#get.get(id);
    return row === undefined ? undefined : toRecord(row);
  }

  /** Newest first. Every word of `search` must appear, in any case, in the text or the summary; of the requester and since, when given. */
  list(query: RequestQuery = {}): RequestRecord[] {
    const where = new Where();
    if (query.status !== undefined) where.in('status', query.status);
    for (const word of words(query.search)) where.add('(mj_contains(text, ?) OR mj_contains(summary, ?))', word, word);
    if (query.since !== undefined) where.add('created_at >= ?', query.since);
    if (query.requester !== undefined) {
      const { channel, conversationId, userId } = query.requester;
      where
        .add("json_extract(requester, '$.address.channel') = ?", channel)
        .add("json_extract(requester, '$.address.conversationId') = ?", conversationId)
        .add("json_extract(requester, '$.address.userId') = ?", userId);
    }
    const page = limitOffset(query.limit, query.offset);
    const rows = prepared(this.#db, `SELECT * FROM requests ${where} ORDER BY created_at DESC, rowid DESC ${page.sql}`)
      .all(...where.params, ...page.params) as Row[];
    return rows.map(toRecord);
  }

  update(id: string, patch: { status?: RequestStatus; summary?: string }, at: Date): void {
    const info = this.#update.run({ id, status: patch.status ?? null, summary: patch.summary ?? null, updated_at: at.toISOString() });
    if (info.changes === 0) throw new NotFoundError(`request ${id}`);
  }
}

function words(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/u).filter((w) => w.length > 0);
}

function toRecord(row: Row): RequestRecord {
  const record: RequestRecord = {
    id: row.id,
    text: row.text,
    requester: fromJson<Requester>(row.requester),
    status: row.status,
    plan: fromJson<Plan>(row.plan),
    brain: row.brain,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.summary !== null) record.summary = row.summary;
  return record;
}
