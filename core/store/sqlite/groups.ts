import type Database from 'better-sqlite3';
import type { GroupCheckpoint, GroupStatus } from '../../agent/checkpoint.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { isForeignKeyViolation } from './connection.js';
import { fromJson, toJson } from './json.js';
import { Where, prepared } from './query.js';

/** The `groups` table: one checkpoint per group, as JSON. Synchronous: callers hold the transaction. */
export class GroupTable {
  readonly #db: Database.Database;
  readonly #upsert: Database.Statement;
  readonly #get: Database.Statement<[string], { checkpoint: string }>;

  constructor(db: Database.Database) {
    this.#db = db;
    // The WHERE keeps a group from silently moving to another request when ids collide.
    this.#upsert = db.prepare(
      `INSERT INTO groups (group_id, request_id, status, dispatch, position, waiting_question_id, checkpoint, created_at, updated_at)
       VALUES (@group_id, @request_id, @status, @dispatch, @position, @waiting_question_id, @checkpoint, @created_at, @updated_at)
       ON CONFLICT (group_id) DO UPDATE SET
         status = excluded.status, dispatch = excluded.dispatch, position = excluded.position,
         waiting_question_id = excluded.waiting_question_id, checkpoint = excluded.checkpoint,
         created_at = excluded.created_at, updated_at = excluded.updated_at
       WHERE groups.request_id = excluded.request_id`,
    );
    this.#get = db.prepare('SELECT checkpoint FROM groups WHERE group_id = ?');
  }

  /** Replaces the group's checkpoint. Call inside a write transaction. */
  save(checkpoint: GroupCheckpoint): void {
    const { groupId, requestId } = checkpoint;
    let changes: number;
    try {
      changes = this.#upsert.run({
        group_id: groupId,
        request_id: requestId,
        status: checkpoint.status,
        dispatch: checkpoint.dispatch,
        position: checkpoint.position,
        waiting_question_id: checkpoint.waiting?.questionId ?? null,
        checkpoint: toJson(checkpoint, `the checkpoint of group ${groupId}`),
        created_at: checkpoint.createdAt,
        updated_at: checkpoint.updatedAt,
      }).changes;
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new NotFoundError(`request ${requestId} of group ${groupId}`);
      throw error;
    }
    if (changes === 0) throw new ConflictError(`group ${groupId} belongs to another request than ${requestId}`);
  }

  get(groupId: string): GroupCheckpoint | undefined {
    const row = this.#get.get(groupId);
    return row === undefined ? undefined : fromJson<GroupCheckpoint>(row.checkpoint);
  }

  /** In the order the groups were first stored. */
  list(query: { requestId?: string; status?: GroupStatus[] } = {}): GroupCheckpoint[] {
    const where = new Where();
    if (query.requestId !== undefined) where.add('request_id = ?', query.requestId);
    if (query.status !== undefined) where.in('status', query.status);
    const rows = prepared(this.#db, `SELECT checkpoint FROM groups ${where} ORDER BY rowid`).all(...where.params) as Array<{ checkpoint: string }>;
    return rows.map((r) => fromJson<GroupCheckpoint>(r.checkpoint));
  }
}
