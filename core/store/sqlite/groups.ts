import type Database from 'better-sqlite3';
import type { GroupCheckpoint, GroupStatus } from '../../agent/checkpoint.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { isForeignKeyViolation } from './connection.js';
import { fromJson, toJson } from './json.js';
import { Where, prepared } from './query.js';

/** A checkpoint as the `groups` table holds it. */
export interface GroupRow {
  group_id: string;
  request_id: string;
  status: string;
  dispatch: number;
  position: number;
  waiting_question_id: string | null;
  checkpoint: string;
  created_at: string;
  updated_at: string;
}

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
    this.saveRow(GroupTable.row(checkpoint));
  }

  /**
   * The row of a checkpoint as it is now: a write queued for later stores what the group was
   * when it was asked for, whatever the caller changes in the object meanwhile.
   */
  static row(checkpoint: GroupCheckpoint): GroupRow {
    return {
      group_id: checkpoint.groupId,
      request_id: checkpoint.requestId,
      status: checkpoint.status,
      dispatch: checkpoint.dispatch,
      position: checkpoint.position,
      waiting_question_id: checkpoint.waiting?.questionId ?? null,
      checkpoint: toJson(checkpoint, `the checkpoint of group ${checkpoint.groupId}`),
      created_at: checkpoint.createdAt,
      updated_at: checkpoint.updatedAt,
    };
  }

  /** Stores a row made by {@link GroupTable.row}. Call inside a write transaction. */
  saveRow(row: GroupRow): void {
    let changes: number;
    try {
      changes = this.#upsert.run(row).changes;
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new NotFoundError(`request ${row.request_id} of group ${row.group_id}`);
      throw error;
    }
    if (changes === 0) throw new ConflictError(`group ${row.group_id} belongs to another request than ${row.request_id}`);
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
