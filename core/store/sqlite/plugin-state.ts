import type Database from 'better-sqlite3';
import { InvalidInputError } from '../../errors.js';
import type { PluginState } from '../plugin-state.js';
import type { Connection } from './connection.js';
import { fromJson, toJson } from './json.js';

/**
 * The `plugin_state` and `applied_effects` tables, shared by every plugin and partitioned
 * by namespace. {@link forNamespace} gives one plugin its view.
 */
export class PluginStateTables {
  readonly #conn: Connection;
  readonly #clock: () => Date;
  readonly #get: Database.Statement<[string, string], { value: string }>;
  readonly #set: Database.Statement<[string, string, string, string]>;
  readonly #delete: Database.Statement<[string, string]>;
  readonly #list: Database.Statement<[{ namespace: string; prefix: string }], { key: string; value: string }>;
  readonly #applied: Database.Statement<[string, string], { result: string | null }>;
  readonly #record: Database.Statement<[string, string, string | null, string]>;

  constructor(conn: Connection, clock: () => Date) {
    this.#conn = conn;
    this.#clock = clock;
    const db = conn.db;
    this.#get = db.prepare('SELECT value FROM plugin_state WHERE namespace = ? AND key = ?');
    this.#set = db.prepare(
      `INSERT INTO plugin_state (namespace, key, value, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    );
    this.#delete = db.prepare('DELETE FROM plugin_state WHERE namespace = ? AND key = ?');
    // substr rather than LIKE: LIKE ignores ASCII case and treats % and _ in a prefix as wildcards.
    this.#list = db.prepare(
      `SELECT key, value FROM plugin_state
       WHERE namespace = @namespace AND substr(key, 1, length(@prefix)) = @prefix ORDER BY key`,
    );
    this.#applied = db.prepare('SELECT result FROM applied_effects WHERE namespace = ? AND idempotency_key = ?');
    // The first result recorded for a key stands: recording is as exactly-once as applying.
    this.#record = db.prepare(
      `INSERT INTO applied_effects (namespace, idempotency_key, result, at) VALUES (?, ?, ?, ?)
       ON CONFLICT (namespace, idempotency_key) DO NOTHING`,
    );
  }

  /** The state of one plugin: its keys and its idempotency ledger, apart from every other plugin's. */
  forNamespace(namespace: string): PluginState {
    if (namespace.length === 0) throw new InvalidInputError('a plugin state namespace must not be empty');
    const conn = this.#conn;
    const now = (): string => this.#clock().toISOString();
    const readApplied = <R>(idempotencyKey: string): { result: R | undefined } | undefined => {
      const row = this.#applied.get(namespace, idempotencyKey);
      if (row === undefined) return undefined;
      return { result: row.result === null ? undefined : fromJson<R>(row.result) };
    };
    const what = (key: string): string => `the value of ${namespace}/${key}`;

    return {
      get: async <T>(key: string) =>
        conn.run(() => {
          const row = this.#get.get(namespace, key);
          return row === undefined ? undefined : fromJson<T>(row.value);
        }),
      set: async <T>(key: string, value: T) => {
        const json = toJson(value, what(key));
        conn.run(() => this.#set.run(namespace, key, json, now()));
      },
      delete: async (key: string) => {
        conn.run(() => this.#delete.run(namespace, key));
      },
      list: async <T>(prefix: string) =>
        conn.run(() => this.#list.all({ namespace, prefix }).map((r) => ({ key: r.key, value: fromJson<T>(r.value) }))),
      apply: async <T, R>(key: string, idempotencyKey: string, update: (current: T | undefined) => { next: T; result: R }) =>
        // One IMMEDIATE transaction: the ledger check, the read, the write and the ledger entry
        // cannot interleave with another apply, in this process or another.
        conn.write(() => {
          const done = readApplied<R>(idempotencyKey);
          if (done !== undefined) return { result: done.result as R, replayed: true };
          const row = this.#get.get(namespace, key);
          const { next, result } = update(row === undefined ? undefined : fromJson<T>(row.value));
          const at = now();
          this.#set.run(namespace, key, toJson(next, what(key)), at);
          this.#record.run(namespace, idempotencyKey, result === undefined ? null : toJson(result, `the result of ${idempotencyKey}`), at);
          return { result, replayed: false };
        }),
      applied: async <R>(idempotencyKey: string) => conn.run(() => readApplied<R>(idempotencyKey)?.result),
      recordApplied: async <R>(idempotencyKey: string, result: R) => {
        const json = result === undefined ? null : toJson(result, `the result of ${idempotencyKey}`);
        conn.run(() => this.#record.run(namespace, idempotencyKey, json, now()));
      },
    };
  }
}
