import type { MemoryFilter, Position, ScoredMemory, VectorMemory } from './memory.js';

/** Something observed: a question, its answer, where and when. */
export interface PerceptionInput {
  question: string;
  answer: string;
  position?: Position;
  dimension?: string;
  /** 0–100; default 40. */
  importance?: number;
  at?: Date;
}

/** What was observed, to answer later questions ("were there zombies near the farm?"). */
export class PerceptionMemory {
  readonly #memory: VectorMemory;

  constructor(memory: VectorMemory) {
    this.#memory = memory;
  }

  async record(input: PerceptionInput): Promise<string> {
    const stored = await this.#memory.add({
      kind: 'perception',
      text: `${input.question.trim()} ${input.answer.trim()}`,
      importance: input.importance ?? 40,
      ...(input.position ? { position: input.position } : {}),
      ...(input.dimension !== undefined ? { dimension: input.dimension } : {}),
      data: { question: input.question, answer: input.answer },
      ...(input.at ? { at: input.at } : {}),
    });
    return stored.id;
  }

  /** Observations that answer a question, best first. */
  recall(question: string, filter: Omit<MemoryFilter, 'kind'> = {}, limit = 5): Promise<ScoredMemory[]> {
    return this.#memory.search({ ...filter, kind: 'perception', text: question, limit });
  }
}
