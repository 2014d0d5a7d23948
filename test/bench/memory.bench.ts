import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cosine } from '../../core/memory/embedder.js';
import { createHashedEmbedder } from '../../core/memory/hashed-embedder.js';
import type { MemoryKind, MemoryRecord, NewMemory, ScoreWeights } from '../../core/memory/memory.js';
import { DEFAULT_SCORING, scoreMemory } from '../../core/memory/scoring.js';
import { openSqliteMemory } from '../../core/memory/sqlite/sqlite-memory.js';
import { tempDir } from '../support/cli.js';
import { ms, summarize } from './stats.js';

const VERBS = ['turn on', 'turn off', 'water', 'fetch', 'craft', 'mine', 'store', 'find', 'open', 'light', 'feed', 'clean', 'smelt', 'build', 'check'];
const THINGS = ['the lamp', 'the roses', 'oak logs', 'a stone pickaxe', 'iron ore', 'the chest', 'the furnace', 'the cat', 'the porch light', 'wheat', 'torches', 'the door', 'cobblestone', 'the bed', 'bread'];
const PLACES = ['in the garage', 'near the farm', 'by the river', 'in the kitchen', 'at the base', 'in the mine', 'on the porch', 'in the nether', 'by the lake', 'in the office'];
const KINDS: MemoryKind[] = ['lesson', 'place', 'perception', 'fact'];

/** A deterministic pseudo-random sequence, so every run measures the same memories. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function sentence(r: () => number, i: number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  return `${pick(VERBS)} ${pick(THINGS)} ${pick(PLACES)} number ${i % 977}`;
}

/**
 * The embedded memory (SQLite + sqlite-vec, offline embedder, 256 dimensions) with many
 * memories: insert latency, search latency, and recall@10 of its search against an exact
 * search that scores every memory.
 */
export async function benchMemory(total: number, queries: number): Promise<void> {
  const dir = await tempDir('majordomo-bench-memory-');
  const r = rng(42);
  const now = new Date('2026-11-22T00:00:00Z');
  const embedder = createHashedEmbedder({ dimensions: 256 });
  const memory = await openSqliteMemory({ path: join(dir.path, 'memory.db'), embedder, clock: () => now });
  try {
    const all: NewMemory[] = Array.from({ length: total }, (_, i) => ({
      kind: KINDS[i % KINDS.length]!,
      text: sentence(r, i),
      importance: Math.floor(r() * 101),
      at: new Date(now.getTime() - Math.floor(r() * 90 * 24) * 3_600_000),
    }));
    const batch = 1000;
    const batchTimes: number[] = [];
    const records: MemoryRecord[] = [];
    const t0 = performance.now();
    for (let i = 0; i < all.length; i += batch) {
      const b0 = performance.now();
      records.push(...(await memory.addMany(all.slice(i, i + batch))));
      batchTimes.push(performance.now() - b0);
    }
    const insertSeconds = (performance.now() - t0) / 1000;
    const singles: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s0 = performance.now();
      records.push(await memory.add({ kind: 'fact', text: sentence(r, i), importance: 50 }));
      singles.push(performance.now() - s0);
    }
    const b = summarize(batchTimes);
    const s = summarize(singles);
    console.log(`memory, embedded (sqlite-vec, offline embedder, 256 dimensions), ${records.length} memories`);
    console.log(`  insert: ${(total / insertSeconds).toFixed(0)} memories/s in batches of ${batch} (batch median ${ms(b.median)}, p99 ${ms(b.p99)}); one at a time median ${ms(s.median)}, p99 ${ms(s.p99)}`);

    // The exact answer: every memory scored with the store's formula (scoring.ts). A result
    // counts as found when it scores as well as the exact tenth: equal scores are ties, and
    // sqlite-vec computes distances in 32-bit floats.
    const vectors = await embedder.embed(records.map((m) => m.text));
    const index = new Map(records.map((m, i) => [m.id, i]));
    const parts = records.map((m) => scoreMemory(m, 0, now, DEFAULT_SCORING));
    const exact = (q: Float32Array, weights: Partial<ScoreWeights>, kind?: MemoryKind) => {
      const w = { ...DEFAULT_SCORING.weights, ...weights };
      const total = w.recency + w.importance + w.relevance;
      const scores = new Float64Array(records.length).fill(-Infinity);
      for (let i = 0; i < records.length; i++) {
        if (kind && records[i]!.kind !== kind) continue;
        const rel = Math.min(1, Math.max(0, cosine(q, vectors[i]!)));
        scores[i] = (w.recency * parts[i]!.recency + w.importance * parts[i]!.importance + w.relevance * rel) / total;
      }
      const sorted = Float64Array.from(scores).sort();
      return { tenth: sorted[sorted.length - 10]!, score: (id: string) => scores[index.get(id) ?? -1] ?? -Infinity };
    };

    const modes: Array<{ name: string; weights: Partial<ScoreWeights>; kind?: MemoryKind }> = [
      { name: 'relevance only', weights: { recency: 0, importance: 0, relevance: 1 } },
      { name: 'recency + importance + relevance', weights: {} },
      { name: 'same, lessons only', weights: {}, kind: 'lesson' },
    ];
    for (const mode of modes) {
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < queries; i++) {
        const text = sentence(r, i * 7 + 3);
        const q0 = performance.now();
        const found = await memory.search({ text, limit: 10, weights: mode.weights, touch: false, ...(mode.kind ? { kind: mode.kind } : {}) });
        times.push(performance.now() - q0);
        const [qv] = await embedder.embed([text]);
        const truth = exact(qv!, mode.weights, mode.kind);
        hits += found.filter((f) => truth.score(f.memory.id) >= truth.tenth - 1e-6).length;
      }
      const t = summarize(times);
      console.log(`  search, ${mode.name} (${queries} queries): median ${ms(t.median)}, p99 ${ms(t.p99)}; recall@10 against exact ${(hits / (queries * 10)).toFixed(3)}`);
    }
  } finally {
    await memory.close();
    await dir.cleanup();
  }
}
