import type { GroupCheckpoint } from '../../agent/checkpoint.js';
import { silentLogger, type Logger } from '../../util/logger.js';
import type { PluginState } from '../plugin-state.js';
import type { ScheduledJobStore, Store, StoredEvent } from '../store.js';
import { Connection } from './connection.js';
import { EventTable } from './events.js';
import { GroupTable } from './groups.js';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations.js';
import { PluginStateTables } from './plugin-state.js';
import { QuestionTable } from './questions.js';
import { ReportTable } from './reports.js';
import { RequestTable } from './requests.js';
import { answerQuestion } from './resume.js';
import { createScheduledJobStore } from './scheduled-jobs.js';

/** How long an appended event may wait for others to go to the log with it. */
const EVENT_FLUSH_MS = 20;
/** Events waiting that are written at once, without waiting for the rest. */
const EVENT_BATCH = 256;

interface PendingEvent {
  event: { requestId?: string; type: string; data: unknown };
  at: Date;
  resolve(stored: StoredEvent): void;
  reject(error: unknown): void;
}

export interface SqliteStoreOptions {
  /** The database file (its directory is created), or `:memory:` for a store that lives as long as the process. */
  path: string;
  /** Used for the times the store sets itself (event times, request updates). */
  clock?: () => Date;
  logger?: Logger;
}

/** The embedded {@link Store}, and what only SQLite offers on top of it. */
export interface SqliteStore extends Store {
  readonly path: string;
  /** The schema version of the database, after migrating. */
  readonly schemaVersion: number;
  /** The migrations this open applied: none when the database was up to date. */
  readonly migratedOnOpen: readonly number[];
}

/**
 * Opens (creating if needed) the SQLite store and brings its schema up to date. The API of
 * better-sqlite3 is synchronous; the methods are async to honour the {@link Store} contract,
 * and each one has finished its write, synced to disk, when its promise resolves. Fails
 * with a {@link StoreError} when the file is not a Majordomo database or was written by a
 * newer version.
 */
export function openSqliteStore(options: SqliteStoreOptions): SqliteStore {
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? silentLogger;
  const conn = new Connection(options.path, logger);
  let applied;
  try {
    applied = migrate(conn, MIGRATIONS, clock);
  } catch (error) {
    void conn.close();
    throw error;
  }
  const db = conn.db;
  const requests = new RequestTable(db);
  const groups = new GroupTable(db);
  const questions = new QuestionTable(db);
  const reports = new ReportTable(db);
  const events = new EventTable(db);
  // Events appended within EVENT_FLUSH_MS of each other are queued on the connection together
  // (or at once when EVENT_BATCH wait), after the work that logged them: they commit in one
  // transaction, an event that cannot be stored failing alone. A read of the log, and closing,
  // queue them first.
  let pendingEvents: PendingEvent[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  function flushEvents(): void {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const batch = pendingEvents;
    pendingEvents = [];
    for (const p of batch) conn.writeSoon(() => events.append(p.event, p.at)).then(p.resolve, p.reject);
  }

  const pluginState = new PluginStateTables(conn, clock);
  const scheduled = createScheduledJobStore(conn, clock);
  const schemaVersion = MIGRATIONS.at(-1)?.version ?? 0;
  logger.info({ path: options.path, schemaVersion, migrated: applied.map((m) => m.version) }, 'store opened');

  /** A write's result, once the write is on disk. */
  async function durably<T>(value: T): Promise<T> {
    await conn.durable();
    return value;
  }

  /** The same object, whose `writes` resolve only once what they wrote is on disk. */
  function durableWrites<T extends object>(target: T, writes: ReadonlyArray<keyof T & string>): T {
    const wrapped = { ...target };
    for (const name of writes) {
      const fn = target[name] as unknown as (...args: unknown[]) => Promise<unknown>;
      (wrapped as Record<string, unknown>)[name] = async (...args: unknown[]) => durably(await fn.apply(target, args));
    }
    return wrapped;
  }

  return {
    name: 'sqlite',
    path: options.path,
    schemaVersion,
    migratedOnOpen: applied.map((m) => m.version),
    scheduled: durableWrites(scheduled, ['upsert', 'markFired', 'cancel']) satisfies ScheduledJobStore,

    async createRequest(request, checkpoints, options) {
      await conn.writeSoon(() => {
        requests.insert(request);
        for (const checkpoint of checkpoints) groups.save(checkpoint);
      });
      if (options?.wait !== 'committed') await conn.durable();
    },
    getRequest: async (id) => conn.run(() => requests.get(id)),
    listRequests: async (query) => conn.run(() => requests.list(query)),
    async updateRequest(id, patch) {
      const at = clock();
      await conn.writeSoon(() => requests.update(id, patch, at));
      await conn.durable();
    },

    async saveCheckpoint(checkpoint, options) {
      // As it is now: a caller that does not wait may change the object before the write is made.
      const row = GroupTable.row(checkpoint);
      await conn.writeSoon(() => groups.saveRow(row));
      if (options?.wait !== 'committed') await conn.durable();
    },
    async completeGroup(checkpoint, report, request, options) {
      const at = clock();
      await conn.writeSoon(() => {
        groups.save(checkpoint);
        reports.save(report);
        if (request) requests.update(checkpoint.requestId, request, at);
      });
      if (options?.wait !== 'committed') await conn.durable();
    },
    sync: () => conn.durable(),
    async pauseGroup(checkpoint, question) {
      await conn.writeSoon(() => {
        groups.save(checkpoint);
        questions.save(question);
      });
      await conn.durable();
    },
    resumeGroup: async (questionId, answer, at) =>
      durably(await conn.writeSoon((): GroupCheckpoint | undefined => {
        const question = questions.get(questionId);
        if (question?.status !== 'open') return undefined;
        const current = groups.get(question.groupId);
        if (current === undefined) return undefined;
        const answered = answerQuestion(current, question, answer, at);
        questions.save(answered.question);
        groups.save(answered.checkpoint);
        return answered.checkpoint;
      })),
    getCheckpoint: async (groupId) => conn.run(() => groups.get(groupId)),
    listCheckpoints: async (query) => conn.run(() => groups.list(query)),

    async saveQuestion(question) {
      await conn.writeSoon(() => questions.save(question));
      await conn.durable();
    },
    getQuestion: async (id) => conn.run(() => questions.get(id)),
    listQuestions: async (query) => conn.run(() => questions.list(query)),
    async updateQuestion(id, patch) {
      await conn.writeSoon(() => questions.update(id, patch));
      await conn.durable();
    },

    async saveReport(report) {
      await conn.writeSoon(() => reports.save(report));
      await conn.durable();
    },
    listReports: async (requestId) => conn.run(() => reports.list(requestId)),

    appendEvent: (event) =>
      new Promise<StoredEvent>((resolve, reject) => {
        conn.assertOpen();
        pendingEvents.push({ event, at: clock(), resolve, reject });
        if (pendingEvents.length >= EVENT_BATCH) flushEvents();
        else flushTimer ??= setTimeout(flushEvents, EVENT_FLUSH_MS);
      }),
    listEvents: async (query) => {
      flushEvents();
      return conn.run(() => events.list(query));
    },

    pluginState: (namespace): PluginState => durableWrites(pluginState.forNamespace(namespace), ['set', 'delete', 'apply', 'recordApplied']),

    async close() {
      if (conn.closed) return;
      flushEvents();
      await conn.close();
      logger.info({ path: options.path }, 'store closed');
    },
  };
}
