import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { Logger } from '../../util/logger.js';

/** Commits after which the log is copied back into the database file. */
const COMMITS_PER_CHECKPOINT = 128;
/** How often commits fewer than that are checkpointed all the same. */
const CHECKPOINT_EVERY_MS = 1_000;

/**
 * The worker's code, plain CommonJS so that it loads the same way under node, tsx and the
 * test runner. Its own connection runs PASSIVE checkpoints: they never block the writer, and
 * with `synchronous = NORMAL` they are where SQLite syncs the file.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String(error && error.message || error) });
  }
});
`;

/**
 * Copies a database's write-ahead log back into its file on a worker thread, instead of at
 * the end of whichever commit crosses SQLite's threshold: that copy, and the two syncs that
 * come with it, would otherwise stall the event loop for milliseconds every few dozen
 * requests. The connection it serves turns its own automatic checkpoints off and calls
 * {@link committed} after each write.
 */
export class Checkpointer {
  readonly #path: string;
  readonly #logger: Logger | undefined;
  readonly #timer: NodeJS.Timeout;
  /** Started at the first checkpoint: a database written a little and closed needs none. */
  #worker: { thread: Worker; exited: Promise<void> } | undefined;
  #commits = 0;
  #busy = false;
  #closed = false;

  private constructor(path: string, logger: Logger | undefined) {
    this.#path = path;
    this.#logger = logger;
    this.#timer = setInterval(() => {
      if (this.#commits > 0) this.#request();
    }, CHECKPOINT_EVERY_MS);
    this.#timer.unref();
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker.thread;
    const path = this.#path;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const thread = new Worker(WORKER, { eval: true, workerData: { path, driver } });
    // Never what keeps a process alive: a log left behind is replayed at the next open.
    thread.unref();
    const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
    thread.on('message', (reply: { ok: boolean; error?: string }) => {
      this.#busy = false;
      if (!reply.ok) this.#logger?.warn({ path, error: reply.error }, 'could not checkpoint the database; it is done when it closes');
    });
    thread.on('error', (error) => {
      this.#busy = false;
      this.#worker = undefined;
      this.#logger?.warn({ err: error, path }, 'the checkpoint thread failed; a new one takes the next checkpoint');
    });
    this.#worker = { thread, exited };
    return thread;
  }

  /** Takes over the checkpoints of `db`, a file database in WAL mode. */
  static start(db: Database.Database, path: string, logger?: Logger): Checkpointer {
    db.pragma('wal_autocheckpoint = 0');
    return new Checkpointer(path, logger);
  }

  /** A write transaction committed. */
  committed(): void {
    if (++this.#commits >= COMMITS_PER_CHECKPOINT) this.#request();
  }

  #request(): void {
    if (this.#busy || this.#closed) return;
    this.#busy = true;
    this.#commits = 0;
    this.#thread().postMessage('checkpoint');
  }

  /** Stops the thread once its checkpoint (if one runs) is over; closing the database then checkpoints the rest. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#timer);
    const worker = this.#worker;
    if (!worker) return;
    // Held while it closes: the process must not end with this wait unsettled.
    worker.thread.ref();
    worker.thread.postMessage('close');
    await worker.exited;
  }
}
