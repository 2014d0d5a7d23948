import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from './memory.js';
import { byScore, DEFAULT_SCORING, recency, scoreMemory } from './scoring.js';

const now = new Date('2026-11-22T00:00:00Z');
const memory = (importance: number, hoursAgo: number): MemoryRecord => {
  const at = new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
  return { id: `m${importance}-${hoursAgo}`, kind: 'fact', text: 'x', importance, createdAt: at, accessedAt: at };
};

describe('Generative Agents scoring', () => {
  it('decays recency exponentially per hour since last access', () => {
    expect(recency(now.toISOString(), now, 0.995)).toBe(1);
    expect(recency(memory(0, 10).accessedAt, now, 0.995)).toBeCloseTo(Math.pow(0.995, 10), 12);
    expect(recency(memory(0, 1000).accessedAt, now, 0.5)).toBeLessThan(1e-100);
  });

  it('is the weighted mean of its parts, each within 0..1', () => {
    const s = scoreMemory(memory(80, 0), 0.5, now, DEFAULT_SCORING);
    expect(s).toMatchObject({ recency: 1, importance: 0.8, relevance: 0.5 });
    expect(s.score).toBeCloseTo((1 + 0.8 + 0.5) / 3, 12);
    const weighted = scoreMemory(memory(80, 0), 0.5, now, DEFAULT_SCORING, { recency: 0, importance: 3, relevance: 1 });
    expect(weighted.score).toBeCloseTo((3 * 0.8 + 0.5) / 4, 12);
    expect(scoreMemory(memory(50, 0), -0.4, now, DEFAULT_SCORING).relevance).toBe(0);
  });

  it('orders best first, more relevant first on a tie', () => {
    const a = scoreMemory(memory(50, 0), 0.9, now, DEFAULT_SCORING, { recency: 0, importance: 1, relevance: 0 });
    const b = scoreMemory(memory(50, 0), 0.2, now, DEFAULT_SCORING, { recency: 0, importance: 1, relevance: 0 });
    const c = scoreMemory(memory(90, 0), 0.1, now, DEFAULT_SCORING, { recency: 0, importance: 1, relevance: 0 });
    expect([b, a, c].sort(byScore)).toEqual([c, a, b]);
  });
});
