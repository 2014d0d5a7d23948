import type Database from 'better-sqlite3';
import type { ActionRecord, ActionStatus, GroupCheckpoint, GroupStatus } from '../../agent/checkpoint.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ActionQuery, ActionRow } from '../store.js';
import { isForeignKeyViolation } from './connection.js';
import { fromJson, toJson } from './json.js';
import { Where, prepared } from './query.js';

interface ActionTableRow {
  request_id: string;
  group_id: string;
  action_id: string;
  position: number;
  text: string;
  optional: number;
  status: ActionStatus;
  target: string | null;
  attempts: number;
  updated_at: string;
}

/**
 * The `groups` table (one checkpoint per group, as JSON) and the `actions` rows derived
 * from it. Every save brings the group's action rows in line in the same transaction, so
 * that the rows never disagree with the checkpoint. Synchronous: callers hold the transaction.
 */
export class GroupTable {
  readonly #db: Database.Database;
  readonly #upsert: Database.Statement;
  readonly #get: Database.Statement<[string], { checkpoint: string }>;
  readonly #dropActionsFrom: Database.Statement<[string, number]>;
  readonly #upsertAction: Database.Statement;

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
    this.#dropActionsFrom = db.prepare('DELETE FROM actions WHERE group_id = ? AND position >= ?');
    // A row is written only when its action changed (its time says when it last did): a save
    // that moves one action on leaves the others, and their indexes, untouched.
    this.#upsertAction = db.prepare(
      `INSERT INTO actions (group_id, position, request_id, action_id, text, optional, status, target, attempts, updated_at)
       VALUES (@group_id, @position, @request_id, @action_id, @text, @optional, @status, @target, @attempts, @updated_at)
       ON CONFLICT (group_id, position) DO UPDATE SET
         request_id = excluded.request_id, action_id = excluded.action_id, text = excluded.text, optional = excluded.optional,
         status = excluded.status, target = excluded.target, attempts = excluded.attempts, updated_at = excluded.updated_at
       WHERE actions.request_id IS NOT excluded.request_id OR actions.action_id IS NOT excluded.action_id OR actions.text IS NOT excluded.text
         OR actions.optional IS NOT excluded.optional OR actions.status IS NOT excluded.status OR actions.target IS NOT excluded.target
         OR actions.attempts IS NOT excluded.attempts`,
    );
  }

  /** Replaces the group's checkpoint and its action rows. Call inside a write transaction. */
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
    this.#dropActionsFrom.run(groupId, checkpoint.actions.length);
    checkpoint.actions.forEach((record, position) => this.#upsertAction.run(actionRow(checkpoint, record, position)));
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

  listActions(query: ActionQuery = {}): ActionRow[] {
    const where = new Where();
    if (query.requestId !== undefined) where.add('request_id = ?', query.requestId);
    if (query.groupId !== undefined) where.add('group_id = ?', query.groupId);
    if (query.status !== undefined) where.in('status', query.status);
    if (query.target !== undefined) where.add('target = ?', query.target);
    const rows = prepared(this.#db, `SELECT * FROM actions ${where} ORDER BY request_id, group_id, position`)
      .all(...where.params) as ActionTableRow[];
    return rows.map(toActionRow);
  }
}

function actionRow(checkpoint: GroupCheckpoint, record: ActionRecord, position: number): ActionTableRow {
  const decision = record.action.decision;
  return {
    request_id: checkpoint.requestId,
    group_id: checkpoint.groupId,
    action_id: record.action.id,
    position,
    text: record.action.text,
    optional: record.action.optional ? 1 : 0,
    status: record.status,
    target: decision.kind === 'call' ? decision.target : null,
    attempts: record.attempts.length,
    updated_at: checkpoint.updatedAt,
  };
}

function toActionRow(row: ActionTableRow): ActionRow {
  const out: ActionRow = {
    requestId: row.request_id,
    groupId: row.group_id,
    actionId: row.action_id,
    position: row.position,
    text: row.text,
    optional: row.optional === 1,
    status: row.status,
    attempts: row.attempts,
    updatedAt: row.updated_at,
  };
  if (row.target !== null) out.target = row.target;
  return out;
}
