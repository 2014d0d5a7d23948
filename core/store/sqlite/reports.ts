import type Database from 'better-sqlite3';
import type { GroupReport } from '../../agent/checkpoint.js';
import { NotFoundError } from '../../errors.js';
import { isForeignKeyViolation } from './connection.js';
import { fromJson, toJson } from './json.js';

/**
 * The `reports` table: one report per group and dispatch. Saving a report again for the
 * same group and dispatch (a completion retried after a crash) replaces it, so the stored
 * report always matches the group's last checkpoint. Synchronous: callers hold the transaction.
 */
export class ReportTable {
  readonly #upsert: Database.Statement;
  readonly #list: Database.Statement<[string], { report: string }>;

  constructor(db: Database.Database) {
    this.#upsert = db.prepare(
      `INSERT INTO reports (group_id, dispatch, request_id, status, finished_at, report)
       VALUES (@group_id, @dispatch, @request_id, @status, @finished_at, @report)
       ON CONFLICT (group_id, dispatch) DO UPDATE SET
         request_id = excluded.request_id, status = excluded.status,
         finished_at = excluded.finished_at, report = excluded.report`,
    );
    this.#list = db.prepare('SELECT report FROM reports WHERE request_id = ? ORDER BY finished_at, rowid');
  }

  save(report: GroupReport): void {
    try {
      this.#upsert.run({
        group_id: report.groupId,
        dispatch: report.dispatch,
        request_id: report.requestId,
        status: report.status,
        finished_at: report.finishedAt,
        report: toJson(report, `the report of group ${report.groupId}`),
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new NotFoundError(`group ${report.groupId} of the report`);
      throw error;
    }
  }

  /** In the order the groups finished. */
  list(requestId: string): GroupReport[] {
    return this.#list.all(requestId).map((r) => fromJson<GroupReport>(r.report));
  }
}
