import { StoreError } from '../../errors.js';
import type { Connection } from './connection.js';
import type { Migration } from './migrations.js';

/** A migration recorded in `schema_migrations`. */
export interface AppliedMigration {
  version: number;
  name: string;
  appliedAt: string;
}

/**
 * Brings the schema up to date: applies the migrations not yet recorded, all in one
 * transaction, and records them. Refuses a database that records a migration this version
 * does not know (it was written by a newer Majordomo), since running old code over a newer
 * schema could lose data. Returns the migrations it applied.
 */
export function migrate(conn: Connection, migrations: readonly Migration[], now: () => Date): Migration[] {
  checkOrder(migrations);
  return conn.write(() => {
    const db = conn.db;
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER PRIMARY KEY,
      name       TEXT NOT NULL,
      applied_at TEXT NOT NULL
    ) STRICT`);
    // Read inside the write transaction: two processes opening the same new file migrate once.
    const recorded = appliedMigrations(conn);
    const known = new Map(migrations.map((m) => [m.version, m]));
    for (const r of recorded) {
      const m = known.get(r.version);
      if (m === undefined || m.name !== r.name) throw unknownMigration(conn.path, r, migrations);
    }
    const done = new Set(recorded.map((r) => r.version));
    const pending = migrations.filter((m) => !done.has(m.version));
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const m of pending) {
      db.exec(m.sql);
      record.run(m.version, m.name, now().toISOString());
    }
    return pending;
  });
}

/** The migrations recorded in the database, oldest first. */
export function appliedMigrations(conn: Connection): AppliedMigration[] {
  const rows = conn.db
    .prepare('SELECT version, name, applied_at AS appliedAt FROM schema_migrations ORDER BY version')
    .all() as AppliedMigration[];
  return rows;
}

function checkOrder(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new StoreError('MJ_ERR_STORE_MIGRATIONS', `migration "${m.name}" has version ${m.version}, expected ${i + 1}`, {
        hint: 'migrations are numbered 1, 2, 3… in order, without gaps',
      });
    }
  });
}

function unknownMigration(path: string, found: AppliedMigration, migrations: readonly Migration[]): StoreError {
  const latest = migrations.at(-1)?.version ?? 0;
  if (found.version > latest) {
    return new StoreError(
      'MJ_ERR_STORE_SCHEMA_NEWER',
      `the store at ${path} has schema version ${found.version} ("${found.name}"); this version of Majordomo knows up to ${latest}`,
      { hint: 'it was written by a newer Majordomo: upgrade, or point the data directory somewhere else' },
    );
  }
  return new StoreError(
    'MJ_ERR_STORE_SCHEMA_UNKNOWN',
    `the store at ${path} records migration ${found.version} as "${found.name}", which this version of Majordomo does not know`,
    { hint: 'the file comes from a different build of Majordomo; point the data directory somewhere else' },
  );
}
