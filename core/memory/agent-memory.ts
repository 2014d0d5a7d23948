import { FactMemory } from './facts.js';
import { LessonMemory, type LessonOptions } from './lessons.js';
import type { VectorMemory } from './memory.js';
import { PerceptionMemory } from './perceptions.js';
import { PlaceMemory } from './places.js';

/**
 * Long-term memory as agents and plugins use it: one store, with an API per kind.
 * Plugins get it in their context (`ctx.memory`) when memory is on.
 */
export interface AgentMemory {
  /** The store itself: search, list and delete any memory. */
  readonly store: VectorMemory;
  /** Where things are: record a chest, a bed, a crafting table; find the nearest one. */
  readonly places: PlaceMemory;
  /** What was observed, where and when. */
  readonly perceptions: PerceptionMemory;
  /** What people told the assistant to remember. */
  readonly facts: FactMemory;
  /** What worked and what failed, per kind of action. */
  readonly lessons: LessonMemory;
}

export function agentMemory(store: VectorMemory, lessons: LessonOptions): AgentMemory {
  return Object.freeze({
    store,
    places: new PlaceMemory(store),
    perceptions: new PerceptionMemory(store),
    facts: new FactMemory(store),
    lessons: new LessonMemory(store, lessons),
  });
}
