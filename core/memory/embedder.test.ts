import { describe, expect, it } from 'vitest';
import { cachedEmbedder, type Embedder } from './embedder.js';
import { createHashedEmbedder } from './hashed-embedder.js';

/** The offline embedder, counting the texts it is asked for. */
function counting(): Embedder & { asked: string[][] } {
  const inner = createHashedEmbedder({ dimensions: 64 });
  const asked: string[][] = [];
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    asked,
    async embed(texts) {
      asked.push([...texts]);
      return inner.embed(texts);
    },
  };
}

describe('cachedEmbedder', () => {
  it('embeds a text once, and asks only for the texts it does not hold, in one call', async () => {
    const inner = counting();
    const cached = cachedEmbedder(inner);
    const [a] = await cachedEmbedder(counting()).embed(['turn off the garage light']);
    const [first] = await cached.embed(['turn off the garage light']);
    const [again, other, twice] = await cached.embed(['turn off the garage light', 'feed the cat', 'feed the cat']);
    expect([...first!]).toEqual([...a!]);
    expect([...again!]).toEqual([...first!]);
    expect([...twice!]).toEqual([...other!]);
    expect(inner.asked).toEqual([['turn off the garage light'], ['feed the cat']]);
    expect(cached.id).toBe(inner.id);
    expect(cached.dimensions).toBe(64);
  });

  it('hands out copies: changing a vector it returned changes nothing it holds', async () => {
    const cached = cachedEmbedder(counting());
    const [mine] = await cached.embed(['water the roses']);
    const kept = [...mine!];
    mine!.fill(0);
    const [again] = await cached.embed(['water the roses']);
    expect([...again!]).toEqual(kept);
  });

  it('forgets the least recently used text past its size', async () => {
    const inner = counting();
    const cached = cachedEmbedder(inner, 2);
    await cached.embed(['one']);
    await cached.embed(['two']);
    await cached.embed(['one']); // now the most recently used
    await cached.embed(['three']); // "two" goes
    await cached.embed(['one', 'three']);
    await cached.embed(['two']);
    expect(inner.asked).toEqual([['one'], ['two'], ['three'], ['two']]);
  });

  it('says so when the embedder returns fewer vectors than texts, and holds nothing of that call', async () => {
    const inner = counting();
    const short: Embedder = { id: inner.id, dimensions: inner.dimensions, embed: async (texts) => (await inner.embed(texts)).slice(1) };
    const cached = cachedEmbedder(short);
    await expect(cached.embed(['one', 'two'])).rejects.toMatchObject({ code: 'MJ_ERR_MEMORY_EMBEDDER' });
    await expect(cached.embed(['one'])).rejects.toMatchObject({ code: 'MJ_ERR_MEMORY_EMBEDDER' });
  });

  it('answers a call whose held texts another call pushed out while the embedder worked', async () => {
    const inner = counting();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow: Embedder = { id: inner.id, dimensions: inner.dimensions, embed: async (texts) => (texts.includes('slow') ? gate.then(() => inner.embed(texts)) : inner.embed(texts)) };
    const cached = cachedEmbedder(slow, 1);
    await cached.embed(['held']);
    const waiting = cached.embed(['held', 'slow']);
    await cached.embed(['other']); // with room for one, "held" goes
    release();
    const [held, slowOne] = await waiting;
    expect(held).toHaveLength(64);
    expect(slowOne).toHaveLength(64);
  });
});
