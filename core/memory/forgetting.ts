import { MEMORY_KINDS, type MemoryKind, type VectorMemory } from './memory.js';

/** How much the memory keeps. */
export interface ForgettingPolicy {
  /** Most memories of each kind; the ones not stored or recalled for longest go first. */
  caps: Readonly<Record<MemoryKind, number>>;
  /** Memories neither stored nor recalled for this long are forgotten; 0 keeps them. */
  maxAgeMs: number;
}

/** What one round of forgetting removed, by kind. */
export type Forgotten = Record<MemoryKind, number>;

/**
 * Forgets what the policy says: first everything idle for longer than the age limit, then,
 * per kind, the longest idle memories beyond the cap. Works through the contract, so it is
 * the same for every store.
 */
export async function forget(memory: VectorMemory, policy: ForgettingPolicy, now: Date): Promise<Forgotten> {
  const forgotten = Object.fromEntries(MEMORY_KINDS.map((k) => [k, 0])) as Forgotten;
  for (const kind of MEMORY_KINDS) {
    if (policy.maxAgeMs > 0) {
      const old = await memory.list({ kind, idleSince: new Date(now.getTime() - policy.maxAgeMs) });
      if (old.length > 0) forgotten[kind] += await memory.delete(old.map((m) => m.id));
    }
    const over = (await memory.count({ kind })) - policy.caps[kind];
    if (over > 0) {
      const idle = await memory.list({ kind }, { order: 'idle', limit: over });
      forgotten[kind] += await memory.delete(idle.map((m) => m.id));
    }
  }
  return forgotten;
}
