import { describe, expect, it } from 'vitest';
import { randomHex } from './ids.js';

describe('randomHex', () => {
  it('gives as many bytes as asked, in hex, and different ones across refills of its pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const id = randomHex(4);
      expect(id).toMatch(/^[0-9a-f]{8}$/);
      seen.add(id);
    }
    // 5,000 draws of 32 bits: a repeat is possible but would take far more draws to be likely.
    expect(seen.size).toBeGreaterThan(4_990);
    expect(randomHex(3)).toMatch(/^[0-9a-f]{6}$/);
    expect(randomHex(5_000)).toMatch(/^[0-9a-f]{10000}$/);
  });
});
