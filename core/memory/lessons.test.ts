import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GroupReport } from '../agent/checkpoint.js';
import { createHashedEmbedder } from './hashed-embedder.js';
import { LessonMemory, RECALL_MS } from './lessons.js';
import type { MemoryQuery, VectorMemory } from './memory.js';
import { openSqliteMemory } from './sqlite/sqlite-memory.js';

/** A group of one action, its one attempt at `target` ending as `ok` says. */
function report(requestId: string, text: string, target: string, ok: boolean): GroupReport {
  const at = '2026-11-21T10:00:00Z';
  return {
    requestId,
    groupId: `${requestId}.g1`,
    status: ok ? 'done' : 'failed',
    dispatch: 0,
    finishedAt: at,
    actions: [
      {
        action: { id: 'a1', text, dependsOn: [], optional: false, decision: { kind: 'call', target, args: {}, confidence: 1 } },
        status: ok ? 'done' : 'failed',
        decisions: [],
        attempts: [
          {
            n: 1,
            idempotencyKey: `${requestId}:a1:1`,
            target,
            args: {},
            startedAt: at,
            result: ok ? { ok: true, summary: 'done' } : { ok: false, retryable: false, error: { code: 'X', message: 'broke' } },
            evaluation: { ok },
          },
        ],
        feedback: [],
      },
    ],
  };
}

/** The memory, counting its searches. */
function counted(memory: VectorMemory): { memory: VectorMemory; searches: () => number } {
  let n = 0;
  const wrapped: VectorMemory = {
    name: memory.name,
    add: (m) => memory.add(m),
    addMany: (m) => memory.addMany(m),
    get: (id) => memory.get(id),
    search: (query: MemoryQuery) => {
      n++;
      return memory.search(query);
    },
    list: (filter, options) => memory.list(filter, options),
    count: (filter) => memory.count(filter),
    delete: (ids) => memory.delete(ids),
    ...(memory.version ? { version: () => memory.version!() } : {}),
    close: () => memory.close(),
  };
  return { memory: wrapped, searches: () => n };
}

describe('lessons recalled', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('are recalled again as they were while the memory is unchanged, for a while; a new lesson is found at once', async () => {
    const store = await openSqliteMemory({ path: ':memory:', embedder: createHashedEmbedder() });
    const { memory, searches } = counted(store);
    let now = Date.parse('2026-11-21T10:00:00Z');
    const lessons = new LessonMemory(memory, { minRelevance: 0.3 }, () => now);
    await lessons.learn(report('r1', 'turn on the garage light', 'lights.toggle_lights_in_location', true));
    const first = await lessons.recall('turn on the garage light');
    expect(first.map((l) => l.outcome)).toEqual(['worked']);
    // Again: no search, the same lessons, a copy of its own (changing it changes nothing held).
    const again = await lessons.recall('turn on the garage light');
    expect(searches()).toBe(1);
    expect(again).toEqual(first);
    again[0]!.outcome = 'failed';
    expect((await lessons.recall('turn on the garage light'))[0]!.outcome).toBe('worked');
    // A lesson learned since is found at once.
    await lessons.learn(report('r2', 'turn on the garage light', 'minecraft.send_message', false));
    expect((await lessons.recall('turn on the garage light')).map((l) => l.target).sort()).toEqual(['lights.toggle_lights_in_location', 'minecraft.send_message']);
    expect(searches()).toBe(2);
    // Once the while is over, searched again.
    now += RECALL_MS;
    await lessons.recall('turn on the garage light');
    expect(searches()).toBe(3);
    await store.close();
  });

  it('find what another process stored in the same memory at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'majordomo-lessons-'));
    dirs.push(dir);
    const path = join(dir, 'memory.db');
    const here = await openSqliteMemory({ path, embedder: createHashedEmbedder() });
    const there = await openSqliteMemory({ path, embedder: createHashedEmbedder() });
    const lessons = new LessonMemory(here, { minRelevance: 0.3 });
    expect(await lessons.recall('turn on the garage light')).toEqual([]);
    await new LessonMemory(there, { minRelevance: 0.3 }).learn(report('r1', 'turn on the garage light', 'lights.toggle_lights_in_location', false));
    expect((await lessons.recall('turn on the garage light')).map((l) => l.outcome)).toEqual(['failed']);
    await there.close();
    await here.close();
  });

  it('are searched every time in a memory that cannot tell whether it changed', async () => {
    const store = await openSqliteMemory({ path: ':memory:', embedder: createHashedEmbedder() });
    const { memory, searches } = counted(store);
    delete memory.version;
    const lessons = new LessonMemory(memory, { minRelevance: 0.3 });
    await lessons.recall('turn on the garage light');
    await lessons.recall('turn on the garage light');
    expect(searches()).toBe(2);
    await store.close();
  });
});
