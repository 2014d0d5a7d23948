import { join } from 'node:path';
import type { Logger } from '../util/logger.js';
import { agentMemory, type AgentMemory } from './agent-memory.js';
import { cachedEmbedder, type Embedder } from './embedder.js';
import type { MemoryEnv } from './env.js';
import type { ForgettingPolicy } from './forgetting.js';
import { createHashedEmbedder } from './hashed-embedder.js';
import type { VectorMemory } from './memory.js';
import { createOpenAIEmbedder } from './openai-embedder.js';
import { openQdrantMemory } from './qdrant/qdrant-memory.js';
import type { ScoringSettings } from './scoring.js';
import { openSqliteMemory } from './sqlite/sqlite-memory.js';

/**
 * The embedder the configuration names: a model endpoint when one is set, else the offline
 * one; either remembers the vectors of the texts it embedded last (a model is not asked
 * twice for the same text).
 */
export function embedderOf(env: MemoryEnv): Embedder {
  if (env.MAJORDOMO_EMBEDDINGS_MODEL === undefined) return cachedEmbedder(createHashedEmbedder({ dimensions: env.MAJORDOMO_MEMORY_HASH_DIMENSIONS }));
  return cachedEmbedder(
    createOpenAIEmbedder({
      baseURL: env.MAJORDOMO_EMBEDDINGS_BASE_URL!,
      ...(env.MAJORDOMO_EMBEDDINGS_API_KEY ? { apiKey: env.MAJORDOMO_EMBEDDINGS_API_KEY } : {}),
      model: env.MAJORDOMO_EMBEDDINGS_MODEL,
      dimensions: env.MAJORDOMO_EMBEDDINGS_DIMENSIONS,
    }),
  );
}

export function scoringOf(env: MemoryEnv): ScoringSettings {
  return Object.freeze({
    weights: Object.freeze({
      recency: env.MAJORDOMO_MEMORY_RECENCY_WEIGHT,
      importance: env.MAJORDOMO_MEMORY_IMPORTANCE_WEIGHT,
      relevance: env.MAJORDOMO_MEMORY_RELEVANCE_WEIGHT,
    }),
    decayPerHour: env.MAJORDOMO_MEMORY_DECAY,
  });
}

export function forgettingOf(env: MemoryEnv): ForgettingPolicy {
  return Object.freeze({
    caps: Object.freeze({
      lesson: env.MAJORDOMO_MEMORY_MAX_LESSONS,
      place: env.MAJORDOMO_MEMORY_MAX_PLACES,
      perception: env.MAJORDOMO_MEMORY_MAX_PERCEPTIONS,
      fact: env.MAJORDOMO_MEMORY_MAX_FACTS,
    }),
    maxAgeMs: env.MAJORDOMO_MEMORY_MAX_AGE_DAYS * 86_400_000,
  });
}

/** The store the configuration names: Qdrant when QDRANT_URL is set, else SQLite in the data dir. */
export function openVectorMemory(env: MemoryEnv, dataDir: string, logger: Logger, clock?: () => Date): Promise<VectorMemory> {
  const embedder = embedderOf(env);
  const scoring = scoringOf(env);
  if (env.QDRANT_URL !== undefined) {
    return openQdrantMemory({
      url: env.QDRANT_URL,
      ...(env.QDRANT_API_KEY ? { apiKey: env.QDRANT_API_KEY } : {}),
      collection: env.MAJORDOMO_MEMORY_COLLECTION,
      embedder,
      scoring,
      ...(clock ? { clock } : {}),
    });
  }
  return openSqliteMemory({ path: join(dataDir, 'memory.db'), embedder, scoring, logger, ...(clock ? { clock } : {}) });
}

/** Long-term memory as the configuration asks for it, or undefined when it is off. */
export async function openAgentMemory(env: MemoryEnv, dataDir: string, logger: Logger, clock?: () => Date): Promise<AgentMemory | undefined> {
  if (!env.MAJORDOMO_MEMORY) return undefined;
  const store = await openVectorMemory(env, dataDir, logger, clock);
  return agentMemory(store, { minRelevance: env.MAJORDOMO_MEMORY_LESSON_RELEVANCE });
}
