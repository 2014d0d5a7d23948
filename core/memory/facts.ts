import type { MemoryRecord, ScoredMemory, VectorMemory } from './memory.js';
import { words } from './hashed-embedder.js';

/** Relevance below which a fact is not an answer. */
const FACT_RELEVANCE = 0.25;

/**
 * What people tell the assistant to remember ("my email is …", "the garage light is the one
 * by the door"), in their words, with who said it.
 */
export class FactMemory {
  readonly #memory: VectorMemory;

  constructor(memory: VectorMemory) {
    this.#memory = memory;
  }

  /** Remembers a fact; the same words told again are kept once. */
  remember(text: string, toldBy?: string, at?: Date): Promise<MemoryRecord> {
    return this.#memory.add({
      kind: 'fact',
      key: `${toldBy ?? ''}:${words(text).join(' ')}`,
      text,
      importance: 70,
      ...(toldBy !== undefined ? { data: { toldBy } } : {}),
      ...(at ? { at } : {}),
    });
  }

  /** Forgets facts by id; resolves with how many there were. */
  forget(ids: readonly string[]): Promise<number> {
    return this.#memory.delete(ids);
  }

  /** The facts told last, newest first. */
  latest(limit = 10): Promise<MemoryRecord[]> {
    return this.#memory.list({ kind: 'fact' }, { order: 'newest', limit });
  }

  /** Facts about something, best first. */
  recall(about: string, limit = 5): Promise<ScoredMemory[]> {
    return this.#memory.search({ kind: 'fact', text: about, limit, minRelevance: FACT_RELEVANCE });
  }
}
