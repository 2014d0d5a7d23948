import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../errors.js';
import { storeConformance } from '../conformance.js';
import { Connection } from './connection.js';
import { appliedMigrations, migrate } from './migrate.js';
import { MIGRATIONS } from './migrations.js';
import { openSqliteStore, type SqliteStore } from './sqlite-store.js';

const dir = mkdtempSync(join(tmpdir(), 'mj-sqlite-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tempPath = (): string => join(dir, `${randomUUID()}`, 'majordomo.db');

storeConformance('sqlite file', async () => openSqliteStore({ path: tempPath() }));
storeConformance('sqlite :memory:', async () => openSqliteStore({ path: ':memory:' }));

describe('sqlite store', () => {
  const opened: SqliteStore[] = [];
  const open = (path: string): SqliteStore => {
    const store = openSqliteStore({ path });
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  it('creates the directory and the schema, and migrates nothing on reopen', async () => {
    const path = tempPath();
    const first = open(path);
    expect(first.migratedOnOpen).toEqual(MIGRATIONS.map((m) => m.version));
    await first.createRequest(
      { id: 'r1', text: 't', requester: { address: { channel: 'c', conversationId: 'x', userId: 'u' } }, status: 'running', plan: { groups: [] }, brain: 'rule', createdAt: 'a', updatedAt: 'a' },
      [],
    );
    await first.close();
    const again = open(path);
    expect(again.migratedOnOpen).toEqual([]);
    expect(again.schemaVersion).toBe(MIGRATIONS.length);
    expect((await again.getRequest('r1'))?.text).toBe('t');
  });

  it('uses WAL, synced by group commit rather than at each commit, foreign keys and a busy timeout', async () => {
    const conn = new Connection(tempPath());
    try {
      expect(conn.db.pragma('journal_mode', { simple: true })).toBe('wal');
      // NORMAL: commits do not sync; `durable()` syncs the log for every commit made before it.
      expect(conn.db.pragma('synchronous', { simple: true })).toBe(1);
      conn.db.exec('CREATE TABLE t (x)');
      const syncs = await Promise.all(Array.from({ length: 20 }, (_, i) => (conn.db.prepare('INSERT INTO t VALUES (?)').run(i), conn.durable())));
      expect(syncs).toHaveLength(20);
      expect(conn.db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(conn.db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    } finally {
      await conn.close();
    }
  });

  it('copies the log back into the file on its own thread, never at the end of a commit', async () => {
    const path = tempPath();
    const conn = new Connection(path);
    try {
      expect(conn.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      conn.write(() => conn.db.exec('CREATE TABLE t (x TEXT)'));
      const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : 0);
      const before = sizeOf(path);
      const insert = conn.db.prepare('INSERT INTO t VALUES (?)');
      for (let i = 0; i < 300; i++) conn.write(() => insert.run('x'.repeat(2000)));
      // Commits alone leave the file as it was: the rows are in the log until the thread copies them.
      expect(sizeOf(path)).toBe(before);
      for (const until = Date.now() + 5_000; sizeOf(path) <= before + 300 * 2000; ) {
        if (Date.now() > until) throw new Error('the log was not checkpointed into the file within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await conn.close();
    }
    // The last connection closed: the log was checkpointed whole and removed.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const check = new Database(path);
    expect(check.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 300 });
    check.close();
  });

  it('refuses a database written by a newer version', async () => {
    const path = tempPath();
    await open(path).close();
    const db = new Database(path);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(MIGRATIONS.length + 1, 'future', new Date().toISOString());
    db.close();
    let error: unknown;
    try {
      openSqliteStore({ path });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'MJ_ERR_STORE_SCHEMA_NEWER' });
  });

  it('refuses a file that is not a database', () => {
    const path = join(dir, `${randomUUID()}.db`);
    writeFileSync(path, 'this is not sqlite, just some text that is long enough to be looked at '.repeat(20));
    expect(() => openSqliteStore({ path })).toThrow(expect.objectContaining({ code: 'MJ_ERR_STORE_CORRUPT' }));
  });

  it('applies only the migrations not yet recorded, in one go', async () => {
    const conn = new Connection(':memory:');
    try {
      const now = (): Date => new Date('2026-01-01T00:00:00Z');
      const extra = { version: MIGRATIONS.length + 1, name: 'notes', sql: 'CREATE TABLE notes (id TEXT PRIMARY KEY) STRICT;' };
      expect(migrate(conn, MIGRATIONS, now).map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(migrate(conn, [...MIGRATIONS, extra], now)).toEqual([extra]);
      expect(appliedMigrations(conn).map((m) => m.name)).toEqual([...MIGRATIONS.map((m) => m.name), 'notes']);
      const broken = { version: MIGRATIONS.length + 2, name: 'broken', sql: 'CREATE TABLE a (x TEXT) STRICT; CREATE TABLE nonsense (' };
      const alsoFine = { version: MIGRATIONS.length + 3, name: 'fine', sql: 'CREATE TABLE fine (x TEXT) STRICT;' };
      expect(() => migrate(conn, [...MIGRATIONS, extra, broken, alsoFine], now)).toThrow();
      expect(appliedMigrations(conn)).toHaveLength(MIGRATIONS.length + 1);
      expect(conn.db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name IN ('a', 'fine')`).get()).toEqual({ n: 0 });
      expect(() => migrate(conn, MIGRATIONS, now)).toThrow(expect.objectContaining({ code: 'MJ_ERR_STORE_SCHEMA_NEWER' }));
      const renamed = [...MIGRATIONS, { ...extra, name: 'other' }];
      expect(() => migrate(conn, renamed, now)).toThrow(expect.objectContaining({ code: 'MJ_ERR_STORE_SCHEMA_UNKNOWN' }));
    } finally {
      await conn.close();
    }
  });

  it('fails with a coded error once closed', async () => {
    const store = open(tempPath());
    const state = store.pluginState('p');
    await store.close();
    await store.close();
    await expect(store.getRequest('r1')).rejects.toMatchObject({ code: 'MJ_ERR_STORE_CLOSED' });
    await expect(state.get('k')).rejects.toMatchObject({ code: 'MJ_ERR_STORE_CLOSED' });
    await expect(store.scheduled.next()).rejects.toMatchObject({ code: 'MJ_ERR_STORE_CLOSED' });
  });

  it('lets exactly one of two processes answer a question (two connections to one file)', async () => {
    const path = tempPath();
    const a = open(path);
    const b = open(path);
    const address = { channel: 'c', conversationId: 'x', userId: 'u' };
    await a.createRequest(
      { id: 'r1', text: 't', requester: { address }, status: 'waiting', plan: { groups: [] }, brain: 'rule', createdAt: 'a', updatedAt: 'a' },
      [{ version: 1, requestId: 'r1', groupId: 'g1', requester: { address }, requestText: 't', dispatch: 0, position: 0, actions: [], status: 'waiting', createdAt: 'a', updatedAt: 'a' }],
    );
    await a.saveQuestion({ id: 'q1', requestId: 'r1', groupId: 'g1', actionId: 'a1', reason: 'confirmation', text: '?', address, status: 'open', createdAt: 'a' });
    const results = await Promise.all([a, b, a, b].map((s, i) => s.resumeGroup('q1', `answer ${i}`, new Date())));
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
  });

  it('commits the writes of one turn together: pages written once, a failing write fails alone, reads see them all', async () => {
    const address = { channel: 'c', conversationId: 'x', userId: 'u' };
    const requestOf = (id: string) => ({ id, text: 't', requester: { address }, status: 'running' as const, plan: { groups: [] }, brain: 'rule', createdAt: 'a', updatedAt: 'a' });
    const groupOf = (id: string) => ({ version: 1 as const, requestId: id, groupId: `${id}.g1`, requester: { address }, requestText: 't', dispatch: 0, position: 0, actions: [], status: 'queued' as const, createdAt: 'a', updatedAt: 'a' });
    const walBytes = (path: string) => statSync(`${path}-wal`).size;

    const oneByOne = tempPath();
    const a = open(oneByOne);
    await a.getRequest('none');
    const before = walBytes(oneByOne);
    for (let i = 0; i < 20; i++) await a.createRequest(requestOf(`r${i}`), [groupOf(`r${i}`)], { wait: 'committed' });
    const apart = walBytes(oneByOne) - before;
    await a.close();

    const together = tempPath();
    const b = open(together);
    await b.getRequest('none');
    const start = walBytes(together);
    const writes = Array.from({ length: 20 }, (_, i) => b.createRequest(requestOf(`r${i}`), [groupOf(`r${i}`)], { wait: 'committed' }));
    // A read in the same turn commits what waits first.
    expect((await b.getRequest('r19'))?.id).toBe('r19');
    await Promise.all(writes);
    expect(walBytes(together) - start).toBeLessThan(apart / 4);

    // An id taken already, among new ones in one turn: a conflict for that write alone.
    const more = ['r20', 'r3', 'r21'].map((id) => b.createRequest(requestOf(id), [groupOf(id)], { wait: 'committed' }));
    const settled = await Promise.allSettled(more);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'MJ_ERR_CONFLICT' });
    expect((await b.listRequests()).map((r) => r.id).sort()).toEqual(Array.from({ length: 22 }, (_, i) => `r${i}`).sort());
    expect(await b.listCheckpoints({ requestId: 'r3' })).toHaveLength(1);
    await b.close();
  });

  it('refuses values that have no JSON form', async () => {
    const store = open(':memory:');
    await expect(store.pluginState('p').set('k', undefined)).rejects.toMatchObject({ code: 'MJ_ERR_INVALID_INPUT' });
    await expect(store.scheduled.upsert({ id: 'j', kind: 'reminder', at: new Date(Number.NaN), text: 't', deliverTo: { channel: 'c', conversationId: 'x', userId: 'u' } })).rejects.toMatchObject({ code: 'MJ_ERR_INVALID_INPUT' });
  });
});
