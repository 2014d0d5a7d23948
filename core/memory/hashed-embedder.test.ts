import { describe, expect, it } from 'vitest';
import { cosine } from './embedder.js';
import { createHashedEmbedder } from './hashed-embedder.js';

describe('the offline embedder', () => {
  const embedder = createHashedEmbedder({ dimensions: 256 });

  it('is deterministic and gives unit vectors of the configured length', async () => {
    const [a, b] = await embedder.embed(['get me a crafting table', 'get me a crafting table']);
    expect(a).toHaveLength(256);
    expect([...a!]).toEqual([...b!]);
    expect(cosine(a!, a!)).toBeCloseTo(1, 6);
    const norm = Math.sqrt([...a!].reduce((s, x) => s + x * x, 0));
    expect(norm).toBeCloseTo(1, 5);
  });

  it('puts texts that share words and stems closer than unrelated ones', async () => {
    const [q, near, stem, far] = await embedder.embed(['turn on the garage lights', 'turn off the garage light', 'lighting in the garages', 'remind me to feed the cat']);
    expect(cosine(q!, near!)).toBeGreaterThan(cosine(q!, far!));
    expect(cosine(q!, stem!)).toBeGreaterThan(cosine(q!, far!));
    expect(cosine(q!, far!)).toBeLessThan(0.3);
  });

  it('gives an empty text the zero vector, which matches nothing', async () => {
    const [empty, other] = await embedder.embed(['', 'something']);
    expect([...empty!].every((x) => x === 0)).toBe(true);
    expect(cosine(empty!, other!)).toBe(0);
  });
});
