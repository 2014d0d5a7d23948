import { z } from 'zod';
import { envBool, envInt, envNumber, envOptional, envString, envUrl } from '../config/env.js';
import type { EnvSection } from '../config/load.js';

const OPENAI_URL = 'https://api.openai.com/v1';

/**
 * The variables of the long-term memory. The embedded store and the offline embedder are the
 * defaults: memory works with nothing set and sends nothing anywhere.
 */
export const memoryEnv = z
  .object({
    MAJORDOMO_MEMORY: envBool('Long-term memory (lessons, places, perceptions, facts); off remembers nothing', true),
    QDRANT_URL: envUrl('Qdrant server for the memory, e.g. http://localhost:6333; unset keeps it embedded (SQLite + sqlite-vec in the data dir)', ['http', 'https']),
    QDRANT_API_KEY: envOptional('Key of the Qdrant server, when it has one', { secret: true }),
    MAJORDOMO_MEMORY_COLLECTION: envString('Qdrant collection of the memory; a new name for another embedder', 'majordomo_memories'),
    MAJORDOMO_EMBEDDINGS_MODEL: envOptional('Embedding model of an OpenAI-compatible /v1/embeddings endpoint, e.g. text-embedding-3-small or nomic-embed-text; unset uses the offline embedder'),
    MAJORDOMO_EMBEDDINGS_BASE_URL: envUrl('OpenAI-compatible endpoint of the embedding model (OpenAI, Ollama, vLLM, llama.cpp, LM Studio)', ['http', 'https'], OPENAI_URL),
    MAJORDOMO_EMBEDDINGS_API_KEY: envOptional('Key of the embeddings endpoint; local servers need none', { secret: true }),
    MAJORDOMO_EMBEDDINGS_DIMENSIONS: envInt('Length of the vectors the embedding model returns (1536 for text-embedding-3-small, 768 for nomic-embed-text)', 1536, { min: 1, max: 16_384 }),
    MAJORDOMO_MEMORY_HASH_DIMENSIONS: envInt('Length of the vectors of the offline embedder', 256, { min: 16, max: 4096 }),
    MAJORDOMO_MEMORY_RECENCY_WEIGHT: envNumber('Weight of recency in a memory search', 1, { min: 0, max: 100 }),
    MAJORDOMO_MEMORY_IMPORTANCE_WEIGHT: envNumber('Weight of importance in a memory search', 1, { min: 0, max: 100 }),
    MAJORDOMO_MEMORY_RELEVANCE_WEIGHT: envNumber('Weight of relevance (cosine similarity) in a memory search', 1, { min: 0, max: 100 }),
    MAJORDOMO_MEMORY_DECAY: envNumber('Recency decay per hour since a memory was last stored or recalled (Generative Agents: 0.995)', 0.995, { min: 0.5, max: 1 }),
    MAJORDOMO_MEMORY_LESSON_RELEVANCE: envNumber('How alike (cosine, 0..1) an earlier action must be for its lesson to be used', 0.6, { min: 0, max: 1 }),
    MAJORDOMO_MEMORY_MAX_LESSONS: envInt('Lessons kept at most; the longest unused go first', 2000, { min: 0, max: 10_000_000 }),
    MAJORDOMO_MEMORY_MAX_PLACES: envInt('Places kept at most; the longest unused go first', 10_000, { min: 0, max: 10_000_000 }),
    MAJORDOMO_MEMORY_MAX_PERCEPTIONS: envInt('Perceptions kept at most; the longest unused go first', 10_000, { min: 0, max: 10_000_000 }),
    MAJORDOMO_MEMORY_MAX_FACTS: envInt('Facts people told the assistant, kept at most; the longest unused go first', 2000, { min: 0, max: 10_000_000 }),
    MAJORDOMO_MEMORY_MAX_AGE_DAYS: envNumber('Memories neither stored nor recalled for this many days are forgotten; 0 keeps them', 365, { min: 0, max: 36_500 }),
  })
  .superRefine((env, ctx) => {
    if (env.MAJORDOMO_EMBEDDINGS_MODEL !== undefined && env.MAJORDOMO_EMBEDDINGS_API_KEY === undefined && new URL(env.MAJORDOMO_EMBEDDINGS_BASE_URL!).hostname === new URL(OPENAI_URL).hostname) {
      ctx.addIssue({ code: 'custom', path: ['MAJORDOMO_EMBEDDINGS_API_KEY'], message: 'api.openai.com needs a key; set MAJORDOMO_EMBEDDINGS_BASE_URL for a local server' });
    }
  });

export type MemoryEnv = z.output<typeof memoryEnv>;

export const memorySection: EnvSection = { name: 'memory', env: memoryEnv };
