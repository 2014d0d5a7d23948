import type Database from 'better-sqlite3';
import { NotFoundError } from '../../errors.js';
import type { QuestionQuery, QuestionRecord, QuestionStatus } from '../store.js';
import { isForeignKeyViolation } from './connection.js';
import { fromJson, toJson } from './json.js';
import { Where, prepared } from './query.js';

/**
 * The `questions` table: each question as JSON, with the fields the gateway looks questions
 * up by (conversation, status) copied into columns on every write. Synchronous: callers
 * hold the transaction.
 */
export class QuestionTable {
  readonly #db: Database.Database;
  readonly #upsert: Database.Statement;
  readonly #get: Database.Statement<[string], { record: string }>;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO questions (id, request_id, group_id, status, channel, conversation_id, record, created_at)
       VALUES (@id, @request_id, @group_id, @status, @channel, @conversation_id, @record, @created_at)
       ON CONFLICT (id) DO UPDATE SET
         request_id = excluded.request_id, group_id = excluded.group_id, status = excluded.status,
         channel = excluded.channel, conversation_id = excluded.conversation_id,
         record = excluded.record, created_at = excluded.created_at`,
    );
    this.#get = db.prepare('SELECT record FROM questions WHERE id = ?');
  }

  /** Inserts or replaces the question. Its group must be stored. */
  save(question: QuestionRecord): void {
    try {
      this.#upsert.run({
        id: question.id,
        request_id: question.requestId,
        group_id: question.groupId,
        status: question.status,
        channel: question.address.channel,
        conversation_id: question.address.conversationId,
        record: toJson(question, `question ${question.id}`),
        created_at: question.createdAt,
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new NotFoundError(`group ${question.groupId} of question ${question.id}`);
      throw error;
    }
  }

  get(id: string): QuestionRecord | undefined {
    const row = this.#get.get(id);
    return row === undefined ? undefined : fromJson<QuestionRecord>(row.record);
  }

  /** Oldest first. */
  list(query: QuestionQuery = {}): QuestionRecord[] {
    const where = new Where();
    if (query.status !== undefined) where.in('status', query.status);
    if (query.channel !== undefined) where.add('channel = ?', query.channel);
    if (query.conversationId !== undefined) where.add('conversation_id = ?', query.conversationId);
    if (query.requestId !== undefined) where.add('request_id = ?', query.requestId);
    if (query.groupId !== undefined) where.add('group_id = ?', query.groupId);
    const rows = prepared(this.#db, `SELECT record FROM questions ${where} ORDER BY created_at, rowid`)
      .all(...where.params) as Array<{ record: string }>;
    return rows.map((r) => fromJson<QuestionRecord>(r.record));
  }

  /** Applies a patch to a stored question; fails with NotFoundError when there is none. */
  update(id: string, patch: { status?: QuestionStatus; askedAt?: string; messageId?: string; answer?: string; answeredAt?: string }): QuestionRecord {
    const current = this.get(id);
    if (current === undefined) throw new NotFoundError(`question ${id}`);
    // An undefined field in the patch leaves the stored one alone.
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const next: QuestionRecord = { ...current, ...given };
    this.save(next);
    return next;
  }
}
