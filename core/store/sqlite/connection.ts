import { mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MajordomoError, StoreError } from '../../errors.js';
import type { Logger } from '../../util/logger.js';
import { Checkpointer } from './checkpointer.js';

/** How long a writer waits for another connection's write lock before giving up. */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * One open SQLite database, with the guard every operation goes through: a closed store
 * fails with `MJ_ERR_STORE_CLOSED` instead of better-sqlite3's untyped TypeError, and
 * SQLite's own failures leave as coded {@link StoreError}s with the original as `cause`.
 */
export class Connection {
  readonly path: string;
  readonly #db: Database.Database;
  /** Copies the log back into the file off the event loop; none in memory. */
  #checkpointer: Checkpointer | undefined;
  #closed = false;

  constructor(path: string, logger?: Logger) {
    this.path = path;
    try {
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
      this.#db = new Database(path);
    } catch (error) {
      throw translateSqliteError(error, `cannot open the store at ${path}`);
    }
    try {
      this.#configure();
      if (path !== ':memory:') this.#checkpointer = Checkpointer.start(this.#db, path, logger);
    } catch (error) {
      this.#db.close();
      throw translateSqliteError(error, `cannot open the store at ${path}`);
    }
  }

  #configure(): void {
    const db = this.#db;
    // Set first, so that switching to WAL waits for a concurrent opener instead of failing.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // WAL lets the dashboard read while agents write. It does not exist for :memory:.
    if (this.path !== ':memory:') db.pragma('journal_mode = WAL');
    // In WAL mode NORMAL only syncs at checkpoints: a commit survives a killed process but
    // not a power loss. A checkpoint saved before a side effect must survive both, or a
    // resumed agent would repeat the side effect. So writers await {@link durable}, which
    // syncs the WAL off the main thread, once for every commit made while the last sync ran
    // (group commit): under load, one fsync covers many writes and the event loop never
    // blocks on the disk. In memory there is nothing to sync.
    db.pragma(this.path === ':memory:' ? 'synchronous = OFF' : 'synchronous = NORMAL');
    // better-sqlite3 builds turn this on by default; the guarantee should not rest on a build flag.
    db.pragma('foreign_keys = ON');
  }

  /** The database, or a `MJ_ERR_STORE_CLOSED` error once the store is closed. */
  get db(): Database.Database {
    this.assertOpen();
    return this.#db;
  }

  assertOpen(): void {
    if (this.#closed) {
      throw new StoreError('MJ_ERR_STORE_CLOSED', 'the store is closed', { hint: 'open a new store; this one was closed' });
    }
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Runs `fn` as one write transaction, after the writes queued by {@link writeSoon}.
   * IMMEDIATE takes the write lock before the first read, so a read-check-write (is the
   * question still open?) cannot interleave with another connection's.
   */
  write<T>(fn: () => T): T {
    this.#flush();
    return this.#transaction(fn);
  }

  /** One transaction function for every write (better-sqlite3 builds four wrappers for each it makes). */
  #tx: Database.Transaction<(fn: () => unknown) => unknown> | undefined;

  #transaction<T>(fn: () => T): T {
    this.assertOpen();
    let result: T;
    try {
      this.#tx ??= this.#db.transaction((run: () => unknown) => run());
      result = this.#tx.immediate(fn) as T;
    } catch (error) {
      throw translateSqliteError(error);
    }
    this.#checkpointer?.committed();
    return result;
  }

  /** Runs `fn` against the open database (after the writes queued), translating SQLite's errors. */
  run<T>(fn: () => T): T {
    this.#flush();
    this.assertOpen();
    try {
      return fn();
    } catch (error) {
      throw translateSqliteError(error);
    }
  }

  /** Writes queued by {@link writeSoon}, in order. */
  #queued: QueuedWrite[] = [];

  /**
   * Runs `fn` in a write transaction with the other writes queued before the current task
   * ends (a burst of requests, groups ending together): they commit together, so that the
   * pages they share are written once. Should one of them fail, the transaction is undone
   * and each is made again alone, so that it fails alone. Every other use of the connection
   * (a read, a write, a sync) commits what is queued first: the order of writes is kept and
   * reads see every write made before them. Resolves once committed.
   */
  writeSoon<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.assertOpen();
      this.#queued.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (this.#queued.length === 1) queueMicrotask(() => this.#flush());
    });
  }

  /** Commits the writes queued by {@link writeSoon}. */
  #flush(): void {
    const batch = this.#queued;
    if (batch.length === 0) return;
    this.#queued = [];
    if (batch.length > 1) {
      let values: unknown[] | undefined;
      try {
        values = this.#transaction(() => batch.map((w) => w.fn()));
      } catch {
        // Undone: each again alone, below.
      }
      if (values) {
        batch.forEach((w, i) => w.resolve(values[i]));
        return;
      }
    }
    for (const w of batch) {
      let value: unknown;
      try {
        value = this.#transaction(w.fn);
      } catch (error) {
        w.reject(error);
        continue;
      }
      w.resolve(value);
    }
  }

  /** The sync running now, and the one that will cover commits made while it runs. */
  #syncing: Promise<void> | undefined;
  #next: Promise<void> | undefined;
  #wal: FileHandle | undefined;

  /**
   * Resolves once every commit made before the call is on disk: the write-ahead log is
   * synced, by one fsync for all the commits made since the previous one started.
   */
  durable(): Promise<void> {
    this.#flush();
    if (this.path === ':memory:' || this.#closed) return Promise.resolve();
    // A sync that is already running may have missed this commit: join the one after it.
    this.#next ??= (async () => {
      await this.#syncing?.catch(() => {});
      this.#next = undefined;
      const sync = this.#syncWal();
      this.#syncing = sync;
      try {
        await sync;
      } finally {
        if (this.#syncing === sync) this.#syncing = undefined;
      }
    })();
    return this.#next;
  }

  async #syncWal(): Promise<void> {
    try {
      // Linux syncs every dirty page of the file, whichever descriptor wrote it. The data, and
      // the metadata needed to read it back (a longer file): not its times, as SQLite does.
      this.#wal ??= await open(`${this.path}-wal`, 'r+');
      await this.#wal.datasync();
    } catch (error) {
      throw new StoreError('MJ_ERR_STORE_IO', `cannot sync the store's log at ${this.path}-wal: ${(error as Error).message}`, { cause: error, hint: 'check the disk the data directory is on' });
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#flush();
    this.#closed = true;
    const wal = this.#wal;
    this.#wal = undefined;
    void wal?.close().catch(() => {});
    // The checkpoint thread lets go first, so that this connection is the last: closing it
    // checkpoints the rest of the log into the file, with a sync of its own, and removes the log.
    await this.#checkpointer?.close();
    this.#db.close();
  }
}

interface QueuedWrite {
  fn: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const CODES: Record<string, `MJ_ERR_STORE_${string}`> = {
  SQLITE_BUSY: 'MJ_ERR_STORE_BUSY',
  SQLITE_LOCKED: 'MJ_ERR_STORE_BUSY',
  SQLITE_FULL: 'MJ_ERR_STORE_FULL',
  SQLITE_READONLY: 'MJ_ERR_STORE_READONLY',
  SQLITE_CORRUPT: 'MJ_ERR_STORE_CORRUPT',
  SQLITE_NOTADB: 'MJ_ERR_STORE_CORRUPT',
  SQLITE_CANTOPEN: 'MJ_ERR_STORE_OPEN',
  SQLITE_PERM: 'MJ_ERR_STORE_OPEN',
  SQLITE_IOERR: 'MJ_ERR_STORE_IO',
};

const HINTS: Record<string, string> = {
  MJ_ERR_STORE_BUSY: `another process held the database for more than ${BUSY_TIMEOUT_MS} ms; try again`,
  MJ_ERR_STORE_FULL: 'free some disk space',
  MJ_ERR_STORE_READONLY: 'make the data directory writable',
  MJ_ERR_STORE_CORRUPT: 'the file is not a Majordomo database or is damaged; restore a backup or move it away',
  MJ_ERR_STORE_OPEN: 'check that the data directory exists and is writable',
};

/**
 * Our own errors (and errors thrown by callers' code inside a transaction) pass through;
 * SQLite's become a {@link StoreError} whose code says what kind of failure it was.
 */
export function translateSqliteError(error: unknown, context?: string): unknown {
  if (error instanceof MajordomoError) return error;
  if (context !== undefined && error instanceof Error && 'code' in error && !(error instanceof Database.SqliteError)) {
    // The data directory could not be created.
    return new StoreError('MJ_ERR_STORE_OPEN', `${context}: ${error.message}`, { cause: error, hint: HINTS['MJ_ERR_STORE_OPEN'] });
  }
  if (!(error instanceof Database.SqliteError)) return error;
  const primary = /^SQLITE_[A-Z]+/.exec(error.code)?.[0] ?? error.code;
  const code = CODES[primary] ?? 'MJ_ERR_STORE_FAILED';
  const message = context === undefined ? `store: ${error.message}` : `${context}: ${error.message}`;
  const hint = HINTS[code];
  return new StoreError(code, message, hint === undefined ? { cause: error } : { cause: error, hint });
}

/** True for a violated UNIQUE or PRIMARY KEY constraint. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Database.SqliteError && (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === 'SQLITE_CONSTRAINT_UNIQUE');
}

/** True for a violated FOREIGN KEY constraint. */
export function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
