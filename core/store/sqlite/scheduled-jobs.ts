import { InvalidInputError } from '../../errors.js';
import type { ScheduledJob, ScheduledRecord, ScheduledStatus } from '../../scheduler/scheduler.js';
import type { ScheduledJobStore } from '../store.js';
import type { Connection } from './connection.js';
import { fromJson, toJson } from './json.js';
import { limitOffset, Where, prepared } from './query.js';

interface Row {
  id: string;
  kind: ScheduledJob['kind'];
  at: number;
  payload: string;
  status: ScheduledStatus;
  fired_at: number | null;
}

/**
 * The `scheduled_jobs` table behind the embedded scheduler. Times are epoch milliseconds, so
 * that "due" is a plain integer comparison; they come back as Dates. The fields of a job
 * other than id, kind and time are kept as a JSON payload, so that new kinds of job need no
 * new columns.
 */
export function createScheduledJobStore(conn: Connection, clock: () => Date): ScheduledJobStore {
  const db = conn.db;
  // A fired job keeps its row as it was; a pending or cancelled one is replaced and pending again.
  const upsert = db.prepare(
    `INSERT INTO scheduled_jobs (id, kind, at, payload, status, fired_at, created_at, updated_at)
     VALUES (@id, @kind, @at, @payload, 'pending', NULL, @now, @now)
     ON CONFLICT (id) DO UPDATE SET
       kind = excluded.kind, at = excluded.at, payload = excluded.payload,
       status = 'pending', updated_at = excluded.updated_at
     WHERE scheduled_jobs.status <> 'fired'`,
  );
  const get = db.prepare<[string], Row>('SELECT * FROM scheduled_jobs WHERE id = ?');
  const next = db.prepare<[], Row>(`SELECT * FROM scheduled_jobs WHERE status = 'pending' ORDER BY at, id LIMIT 1`);
  const markFired = db.prepare<[number, string, string]>(
    `UPDATE scheduled_jobs SET status = 'fired', fired_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'`,
  );
  const advance = db.prepare<[number, number, string, string, number]>(
    `UPDATE scheduled_jobs SET at = ?, fired_at = ?, updated_at = ? WHERE id = ? AND status = 'pending' AND at = ?`,
  );
  const cancel = db.prepare<[string, string]>(
    `UPDATE scheduled_jobs SET status = 'cancelled', updated_at = ? WHERE id = ? AND status = 'pending'`,
  );

  const select = (where: Where, limit?: number): ScheduledRecord[] => {
    const page = limitOffset(limit, undefined);
    const rows = prepared(db, `SELECT * FROM scheduled_jobs ${where} ORDER BY at, id ${page.sql}`).all(...where.params, ...page.params) as Row[];
    return rows.map(toRecord);
  };

  return {
    async upsert(job) {
      const { id, kind, at, ...payload } = job;
      const now = clock().toISOString();
      const params = { id, kind, at: epochMs(at, `the time of job ${id}`), payload: toJson(payload, `job ${id}`), now };
      conn.run(() => upsert.run(params));
    },
    async get(id) {
      return conn.run(() => {
        const row = get.get(id);
        return row === undefined ? undefined : toRecord(row);
      });
    },
    async list(filter = {}) {
      const where = new Where();
      if (filter.status !== undefined) where.add('status = ?', filter.status);
      if (filter.from !== undefined) where.add('at >= ?', epochMs(filter.from, 'from'));
      if (filter.to !== undefined) where.add('at < ?', epochMs(filter.to, 'to'));
      return conn.run(() => select(where));
    },
    async due(at, limit) {
      const where = new Where().add(`status = 'pending'`).add('at <= ?', epochMs(at, 'the due time'));
      return conn.run(() => select(where, limit));
    },
    async next() {
      return conn.run(() => {
        const row = next.get();
        return row === undefined ? undefined : toRecord(row);
      });
    },
    async markFired(id, at) {
      const firedAt = epochMs(at, 'the firing time');
      return conn.run(() => markFired.run(firedAt, clock().toISOString(), id).changes === 1);
    },
    async advance(id, from, to, firedAt) {
      const params = [epochMs(to, 'the next occurrence'), epochMs(firedAt, 'the firing time'), clock().toISOString(), id, epochMs(from, 'the occurrence')] as const;
      return conn.run(() => advance.run(...params).changes === 1);
    },
    async cancel(id) {
      return conn.run(() => cancel.run(clock().toISOString(), id).changes === 1);
    },
  };
}

function epochMs(date: Date, what: string): number {
  const ms = date instanceof Date ? date.getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw new InvalidInputError(`${what} is not a valid date`);
  return ms;
}

function toRecord(row: Row): ScheduledRecord {
  const payload = fromJson<Omit<ScheduledJob, 'id' | 'kind' | 'at'>>(row.payload);
  const record: ScheduledRecord = { ...payload, id: row.id, kind: row.kind, at: new Date(row.at), status: row.status };
  if (row.fired_at !== null) record.firedAt = new Date(row.fired_at);
  return record;
}
