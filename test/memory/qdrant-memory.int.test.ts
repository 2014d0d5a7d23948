import { randomUUID } from 'node:crypto';
import { QdrantClient } from '@qdrant/js-client-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryConformance } from '../../core/memory/conformance.js';
import { createHashedEmbedder } from '../../core/memory/hashed-embedder.js';
import { openQdrantMemory } from '../../core/memory/qdrant/qdrant-memory.js';
import type { VectorMemory } from '../../core/memory/memory.js';
import { startFakeQdrant, type FakeQdrant } from '../fakes/qdrant/server.js';

let fake: FakeQdrant;
/** A server that wants a key, as Qdrant Cloud does. */
let guarded: FakeQdrant;
beforeAll(async () => {
  fake = await startFakeQdrant();
  guarded = await startFakeQdrant({ apiKey: 'test-key' });
});
afterAll(async () => {
  await fake.close();
  await guarded.close();
});

/** A memory on a fresh collection, dropped again when the memory is closed. */
function onServer(url: () => string, apiKey: string | undefined) {
  return async ({ embedder, clock, scoring }: Parameters<Parameters<typeof memoryConformance>[1]>[0]): Promise<VectorMemory> => {
    const collection = `conformance_${randomUUID().slice(0, 8)}`;
    const memory = await openQdrantMemory({ url: url(), ...(apiKey ? { apiKey } : {}), collection, embedder, clock, ...(scoring ? { scoring } : {}) });
    const close = memory.close.bind(memory);
    memory.close = async () => {
      await close();
      await new QdrantClient({ url: url(), ...(apiKey ? { apiKey } : {}), checkCompatibility: false }).deleteCollection(collection);
    };
    return memory;
  };
}

memoryConformance('qdrant (fake server)', onServer(() => fake.url, undefined));

const realUrl = process.env['QDRANT_URL'];
if (realUrl) memoryConformance(`qdrant (${realUrl})`, onServer(() => realUrl, process.env['QDRANT_API_KEY']));

describe('the Qdrant memory against the fake', () => {
  it('creates the collection with cosine distance and the payload indexes it orders and filters by', async () => {
    const memory = await openQdrantMemory({ url: fake.url, collection: 'setup_check', embedder: createHashedEmbedder({ dimensions: 32 }) });
    await memory.add({ kind: 'fact', text: 'x' });
    expect(fake.collection('setup_check')).toMatchObject({ size: 32, points: 1 });
    expect(fake.collection('setup_check')!.indexes.sort()).toEqual(['accessedAt', 'createdAt', 'dimension', 'importance', 'kind', 'position.x', 'position.y', 'position.z']);
    await memory.close();
    // Opened again: the collection is kept, not made twice.
    const again = await openQdrantMemory({ url: fake.url, collection: 'setup_check', embedder: createHashedEmbedder({ dimensions: 32 }) });
    expect(await again.count()).toBe(1);
    await again.close();
  });

  it('refuses a collection made for another embedder, saying what to set', async () => {
    await (await openQdrantMemory({ url: fake.url, collection: 'sized', embedder: createHashedEmbedder({ dimensions: 16 }) })).close();
    await expect(openQdrantMemory({ url: fake.url, collection: 'sized', embedder: createHashedEmbedder({ dimensions: 24 }) })).rejects.toMatchObject({
      code: 'MJ_ERR_MEMORY_DIMENSIONS',
      hint: expect.stringContaining('MAJORDOMO_MEMORY_COLLECTION'),
    });
  });

  it('sends the key, and fails with a coded error naming the server when the key is wrong or nothing answers', async () => {
    const keyed = await openQdrantMemory({ url: guarded.url, apiKey: 'test-key', collection: 'c', embedder: createHashedEmbedder() });
    await keyed.add({ kind: 'fact', text: 'the key works' });
    expect(guarded.collection('c')!.points).toBe(1);
    await keyed.close();
    await expect(openQdrantMemory({ url: guarded.url, apiKey: 'wrong', collection: 'c', embedder: createHashedEmbedder() })).rejects.toMatchObject({
      code: 'MJ_ERR_MEMORY_UNAVAILABLE',
      message: expect.stringContaining(guarded.url),
    });
    await expect(openQdrantMemory({ url: 'http://127.0.0.1:9', collection: 'c', embedder: createHashedEmbedder(), timeoutMs: 2000 })).rejects.toMatchObject({
      code: 'MJ_ERR_MEMORY_UNAVAILABLE',
      hint: expect.stringContaining('QDRANT_URL'),
    });
  });
});
