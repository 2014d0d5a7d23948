import type { MemoryQuery, MemoryRecord, ScoreWeights, ScoredMemory } from './memory.js';
import { distance, matches } from './records.js';

/**
 * Retrieval scoring as in Generative Agents (Park et al., 2023): a memory's score is the
 * weighted mean of its recency (exponential decay since it was last stored or recalled),
 * its importance (given when stored, 0–100, scaled to 0..1) and its relevance (cosine
 * similarity of its text to the query's, below zero counted as zero).
 */
export interface ScoringSettings {
  weights: ScoreWeights;
  /** Recency is `decay ^ hours` since last access; Generative Agents use 0.995. */
  decayPerHour: number;
}

export const DEFAULT_SCORING: ScoringSettings = Object.freeze({
  weights: Object.freeze({ recency: 1, importance: 1, relevance: 1 }),
  decayPerHour: 0.995,
});

export function recency(accessedAt: string, now: Date, decayPerHour: number): number {
  const hours = Math.max(0, (now.getTime() - Date.parse(accessedAt)) / 3_600_000);
  return Math.pow(decayPerHour, hours);
}

/** Scores one memory given its cosine similarity to the query. */
export function scoreMemory(memory: MemoryRecord, similarity: number, now: Date, settings: ScoringSettings, weights: Partial<ScoreWeights> = {}): ScoredMemory {
  const w = { ...settings.weights, ...weights };
  const parts = {
    recency: recency(memory.accessedAt, now, settings.decayPerHour),
    importance: Math.min(100, Math.max(0, memory.importance)) / 100,
    relevance: Math.min(1, Math.max(0, similarity)),
  };
  const total = w.recency + w.importance + w.relevance;
  const score = total <= 0 ? 0 : (w.recency * parts.recency + w.importance * parts.importance + w.relevance * parts.relevance) / total;
  return { memory, score, ...parts };
}

/** Best first; ties go to the more relevant, then the newer. */
export function byScore(a: ScoredMemory, b: ScoredMemory): number {
  return b.score - a.score || b.relevance - a.relevance || b.memory.createdAt.localeCompare(a.memory.createdAt);
}

/**
 * The best `limit` of a store's candidates for a query: the ones that pass its filter and
 * relevance floor, scored and sorted, with their distance when the query is near a position.
 */
export function rank(candidates: Iterable<{ memory: MemoryRecord; similarity: number }>, query: MemoryQuery, limit: number, now: Date, settings: ScoringSettings): ScoredMemory[] {
  const out: ScoredMemory[] = [];
  for (const c of candidates) {
    if (!matches(c.memory, query) || (query.minRelevance !== undefined && c.similarity < query.minRelevance)) continue;
    const s = scoreMemory(c.memory, c.similarity, now, settings, query.weights);
    out.push(query.near && c.memory.position ? { ...s, distance: distance(c.memory.position, query.near.position) } : s);
  }
  return out.sort(byScore).slice(0, limit);
}
