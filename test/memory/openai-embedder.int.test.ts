import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai/server.js';
import { cosine } from '../../core/memory/embedder.js';
import { createOpenAIEmbedder } from '../../core/memory/openai-embedder.js';
import { openSqliteMemory } from '../../core/memory/sqlite/sqlite-memory.js';

describe('embeddings from an OpenAI-compatible endpoint', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'sk-test', embeddingDimensions: 48 });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('asks /v1/embeddings for float vectors in batches, and keeps their order', async () => {
    const embedder = createOpenAIEmbedder({ baseURL: fake.url, apiKey: 'sk-test', model: 'text-embedding-3-small', dimensions: 48, batch: 2 });
    const before = fake.requests.length;
    const [a, b, c] = await embedder.embed(['turn on the garage light', 'garage light on', 'feed the cat']);
    const sent = fake.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /v1/embeddings 200', 'POST /v1/embeddings 200']);
    expect(sent[0]!.body).toMatchObject({ model: 'text-embedding-3-small', input: ['turn on the garage light', 'garage light on'], encoding_format: 'float' });
    expect(a).toHaveLength(48);
    expect(cosine(a!, b!)).toBeGreaterThan(cosine(a!, c!));
  });

  it('works as the embedder of a memory', async () => {
    const memory = await openSqliteMemory({ path: ':memory:', embedder: createOpenAIEmbedder({ baseURL: fake.url, apiKey: 'sk-test', model: 'm', dimensions: 48 }) });
    await memory.addMany([{ kind: 'fact', text: 'the spare key is under the flower pot' }, { kind: 'fact', text: 'grandma visits on sundays' }]);
    const [hit] = await memory.search({ text: 'where is the spare key?', limit: 1 });
    expect(hit!.memory.text).toBe('the spare key is under the flower pot');
    await memory.close();
  });

  it('says what to set when the model returns vectors of another length', async () => {
    const embedder = createOpenAIEmbedder({ baseURL: fake.url, apiKey: 'sk-test', model: 'm', dimensions: 1536 });
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ code: 'MJ_ERR_MEMORY_DIMENSIONS', hint: 'set MAJORDOMO_EMBEDDINGS_DIMENSIONS=48' });
    const shortened = createOpenAIEmbedder({ baseURL: fake.url, apiKey: 'sk-test', model: 'm', dimensions: 16, sendDimensions: true });
    expect((await shortened.embed(['x']))[0]).toHaveLength(16);
  });

  it('fails with a coded error that names the endpoint when the key is refused', async () => {
    const embedder = createOpenAIEmbedder({ baseURL: fake.url, apiKey: 'wrong', model: 'm', dimensions: 48, retries: 0 });
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ code: 'MJ_ERR_MEMORY_EMBEDDER', message: expect.stringContaining(fake.url) });
  });
});
