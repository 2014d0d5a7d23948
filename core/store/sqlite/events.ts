import type Database from 'better-sqlite3';
import type { StoredEvent } from '../store.js';
import { fromJson, toJson } from './json.js';
import { limitOffset, Where, prepared } from './query.js';

interface Row {
  id: number;
  at: string;
  request_id: string | null;
  type: string;
  data: string;
}

/** The append-only `events` log. Ids grow with every append and are never reused. */
export class EventTable {
  readonly #db: Database.Database;
  readonly #insert: Database.Statement<[string, string | null, string, string]>;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#insert = db.prepare('INSERT INTO events (at, request_id, type, data) VALUES (?, ?, ?, ?)');
  }

  append(event: { requestId?: string; type: string; data: unknown }, at: Date): StoredEvent {
    // An event without data is stored as null: JSON has no undefined.
    const data = toJson(event.data ?? null, `the data of event ${event.type}`);
    const row: Row = { id: 0, at: at.toISOString(), request_id: event.requestId ?? null, type: event.type, data };
    row.id = Number(this.#insert.run(row.at, row.request_id, row.type, row.data).lastInsertRowid);
    // The event as it reads back from the table.
    return toEvent(row);
  }

  /** Oldest first. */
  list(query: { requestId?: string; afterId?: number; limit?: number } = {}): StoredEvent[] {
    const where = new Where();
    if (query.requestId !== undefined) where.add('request_id = ?', query.requestId);
    if (query.afterId !== undefined) where.add('id > ?', query.afterId);
    const page = limitOffset(query.limit, undefined);
    const rows = prepared(this.#db, `SELECT * FROM events ${where} ORDER BY id ${page.sql}`).all(...where.params, ...page.params) as Row[];
    return rows.map(toEvent);
  }
}

function toEvent(row: Row): StoredEvent {
  const event: StoredEvent = { id: row.id, at: row.at, type: row.type, data: fromJson(row.data) };
  if (row.request_id !== null) event.requestId = row.request_id;
  return event;
}
