import OpenAI from 'openai';
import { MemoryError } from '../errors.js';
import type { Embedder } from './embedder.js';

export interface OpenAIEmbedderOptions {
  /** e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1` (Ollama). */
  baseURL: string;
  /** Sent as a bearer token; local servers take any. Never logged. */
  apiKey?: string;
  /** e.g. `text-embedding-3-small`, `nomic-embed-text`. */
  model: string;
  /** Length of the vectors the model returns. */
  dimensions: number;
  /** Ask the endpoint for `dimensions` (models that can shorten their vectors). */
  sendDimensions?: boolean;
  timeoutMs?: number;
  retries?: number;
  /** Texts per request; default 128. */
  batch?: number;
}

/**
 * Embeddings from any OpenAI-compatible `POST /v1/embeddings` endpoint, through the OpenAI
 * client. A vector of another length than configured is an error that says what to set.
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const client = new OpenAI({
    baseURL: options.baseURL,
    // The client insists on a key; local servers ignore it.
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs ?? 30_000,
    maxRetries: options.retries ?? 2,
  });
  const batch = options.batch ?? 128;
  return {
    id: `openai:${options.model}:${options.dimensions}`,
    dimensions: options.dimensions,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batch) {
        const input = texts.slice(i, i + batch);
        let response;
        try {
          response = await client.embeddings.create({
            model: options.model,
            input,
            encoding_format: 'float',
            ...(options.sendDimensions ? { dimensions: options.dimensions } : {}),
          });
        } catch (error) {
          throw new MemoryError('MJ_ERR_MEMORY_EMBEDDER', `the embeddings endpoint ${options.baseURL} failed: ${(error as Error).message}`, {
            cause: error,
            hint: 'check MAJORDOMO_EMBEDDINGS_BASE_URL, MAJORDOMO_EMBEDDINGS_MODEL and the key, or unset MAJORDOMO_EMBEDDINGS_MODEL for the offline embedder',
          });
        }
        const rows = [...response.data].sort((a, b) => a.index - b.index);
        if (rows.length !== input.length) {
          throw new MemoryError('MJ_ERR_MEMORY_EMBEDDER', `the embeddings endpoint returned ${rows.length} vectors for ${input.length} texts`);
        }
        for (const row of rows) {
          if (row.embedding.length !== options.dimensions) {
            throw new MemoryError('MJ_ERR_MEMORY_DIMENSIONS', `${options.model} returned vectors of ${row.embedding.length} numbers, not ${options.dimensions}`, {
              hint: `set MAJORDOMO_EMBEDDINGS_DIMENSIONS=${row.embedding.length}`,
            });
          }
          out.push(Float32Array.from(row.embedding));
        }
      }
      return out;
    },
  };
}
