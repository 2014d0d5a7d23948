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
});
