import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryConformance } from '../conformance.js';
import { createHashedEmbedder } from '../hashed-embedder.js';
import { openSqliteMemory } from './sqlite-memory.js';

memoryConformance('sqlite-vec', ({ embedder, clock, scoring }) => openSqliteMemory({ path: ':memory:', embedder, clock, ...(scoring ? { scoring } : {}) }));

describe('embedded memory on disk', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('keeps memories across a reopen, and embeds them again when the embedder changes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'majordomo-memory-'));
    dirs.push(dir);
    const path = join(dir, 'memory.db');
    const first = await openSqliteMemory({ path, embedder: createHashedEmbedder({ dimensions: 64 }) });
    await first.addMany([
      { kind: 'fact', text: 'the garage light is the one by the door' },
      { kind: 'fact', text: 'my email is ada@example.com' },
    ]);
    await first.close();
    const second = await openSqliteMemory({ path, embedder: createHashedEmbedder({ dimensions: 96 }) });
    expect(await second.count()).toBe(2);
    const [hit] = await second.search({ text: 'garage light', limit: 1 });
    expect(hit!.memory.text).toBe('the garage light is the one by the door');
    expect(hit!.relevance).toBeGreaterThan(0.3);
    await second.close();
  });

  it('copies the log of embedding every memory again back into the file on its own thread', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'majordomo-memory-'));
    dirs.push(dir);
    const path = join(dir, 'memory.db');
    const first = await openSqliteMemory({ path, embedder: createHashedEmbedder({ dimensions: 64 }) });
    await first.addMany(Array.from({ length: 300 }, (_, i) => ({ kind: 'fact' as const, text: `fact number ${i} about the house` })));
    await first.close();
    const sizeOf = () => statSync(path).size;
    const before = sizeOf();
    // Vectors three times as long: the file grows once the log is copied into it.
    const second = await openSqliteMemory({ path, embedder: createHashedEmbedder({ dimensions: 192 }) });
    try {
      for (const until = Date.now() + 5_000; sizeOf() <= before; ) {
        if (Date.now() > until) throw new Error('the log was not checkpointed into the file within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await second.count()).toBe(300);
    } finally {
      await second.close();
    }
  });
});

describe('searches by kind alone, scored over vectors held in the process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  const words = ['light', 'kitchen', 'garage', 'water', 'roses', 'sprinkler', 'hose', 'email', 'ada', 'porch', 'door', 'lock'];
  const text = (i: number) => Array.from({ length: 3 + (i % 4) }, (_, j) => words[(i * 7 + j * 5) % words.length]).join(' ');

  it('find what the table scan finds, and see what another connection wrote', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'majordomo-memory-'));
    dirs.push(dir);
    const path = join(dir, 'memory.db');
    let now = Date.parse('2026-11-22T08:00:00Z');
    const clock = () => new Date(now);
    const embedder = createHashedEmbedder({ dimensions: 64 });
    const here = await openSqliteMemory({ path, embedder, clock });
    const there = await openSqliteMemory({ path, embedder, clock });
    try {
      for (let i = 0; i < 60; i++) {
        now += 3_600_000;
        await here.add({ kind: i % 3 === 0 ? 'fact' : 'lesson', text: text(i), importance: (i * 37) % 100 });
      }
      for (let i = 0; i < 12; i++) {
        const query = { text: text(i * 5 + 1), limit: 5, minRelevance: 0.2, touch: false };
        // A filter the held vectors cannot answer (a time) sends the search to the table: the same filter in effect.
        const scan = await here.search({ ...query, kind: 'lesson', since: new Date(0) });
        const held = await here.search({ ...query, kind: 'lesson' });
        expect(held.map((s) => s.memory.id)).toEqual(scan.map((s) => s.memory.id));
        held.forEach((s, k) => expect(s.relevance).toBeCloseTo(scan[k]!.relevance, 5));
        expect(held.length).toBeGreaterThan(0);
      }
      // Written here between searches (new lessons, a lesson learned again, memories marked used): held as written.
      for (let i = 0; i < 30; i++) {
        now += 600_000;
        await here.add({ kind: 'lesson', text: i % 3 === 0 ? text(i) : `${text(i)} ${words[i % words.length]} again ${i}`, importance: (i * 53) % 100 });
        await here.search({ text: text(i + 2), kind: 'lesson', limit: 3 });
        const query = { text: text(i * 3 + 2), limit: 5, minRelevance: 0.1, touch: false };
        const scan = await here.search({ ...query, kind: 'lesson', since: new Date(0) });
        const held = await here.search({ ...query, kind: 'lesson' });
        // Whole memories, as the table has them: rows read for an earlier search are not stale.
        expect(held.map((s) => s.memory)).toEqual(scan.map((s) => s.memory));
        held.forEach((s, k) => expect(s.score).toBeCloseTo(scan[k]!.score, 5));
      }
      // A memory found, then written again under its key, here and through another connection: found as it is now.
      const find = async () => (await here.search({ kind: 'lesson', text: 'the garage door opener needs a new battery', limit: 1, touch: false }))[0]!.memory;
      await here.add({ kind: 'lesson', key: 'opener', text: 'the garage door opener needs a new battery', data: { tried: 1 } });
      expect((await find()).data).toEqual({ tried: 1 });
      now += 60_000;
      await here.add({ kind: 'lesson', key: 'opener', text: 'the garage door opener needs a new battery', importance: 80, data: { tried: 2 } });
      expect(await find()).toMatchObject({ importance: 80, data: { tried: 2 }, createdAt: new Date(now).toISOString() });
      await there.add({ kind: 'lesson', key: 'opener', text: 'the garage door opener needs a new battery', data: { tried: 3 } });
      expect((await find()).data).toEqual({ tried: 3 });
      // Written through another connection: seen at the next search here.
      const fresh = await there.add({ kind: 'lesson', text: 'the porch door lock sticks in the cold', importance: 90 });
      const [top] = await here.search({ kind: 'lesson', text: 'the porch door lock sticks in the cold', limit: 1, touch: false });
      expect(top!.memory.id).toBe(fresh.id);
      await there.delete([fresh.id]);
      const [after] = await here.search({ kind: 'lesson', text: 'the porch door lock sticks in the cold', limit: 1, touch: false });
      expect(after?.memory.id).not.toBe(fresh.id);
    } finally {
      await here.close();
      await there.close();
    }
  });
});
