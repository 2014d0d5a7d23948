import { createHashedEmbedder } from '../../../core/memory/hashed-embedder.js';
import { WireError } from './validate.js';

/** A `POST /v1/embeddings` body as the API takes it. */
export interface EmbeddingsRequest {
  model: string;
  input: string | string[];
  encoding_format?: 'float' | 'base64';
  dimensions?: number;
  user?: string;
}

/** Checks an embeddings request as the API does: a model, and one or more non-empty inputs. */
export function checkEmbeddingsRequest(body: unknown): asserts body is EmbeddingsRequest {
  if (typeof body !== 'object' || body === null) throw new WireError('We could not parse the JSON body of your request.', null, 'invalid_json');
  const b = body as Record<string, unknown>;
  if (typeof b['model'] !== 'string' || b['model'] === '') throw new WireError('you must provide a model parameter', 'model', 'missing_required_parameter');
  const input = b['input'];
  const inputs = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(inputs) || inputs.length === 0 || !inputs.every((t) => typeof t === 'string')) {
    throw new WireError("'input' must be a string or an array of strings", 'input', 'invalid_type');
  }
  if (inputs.some((t) => t === '')) throw new WireError("'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.", 'input', 'invalid_value');
  if (inputs.length > 2048) throw new WireError(`'$.input' must have at most 2048 items`, 'input', 'invalid_value');
  const format = b['encoding_format'];
  if (format !== undefined && format !== 'float' && format !== 'base64') throw new WireError(`'${String(format)}' is not one of ['float', 'base64'] - 'encoding_format'`, 'encoding_format', 'invalid_value');
  const dims = b['dimensions'];
  if (dims !== undefined && (typeof dims !== 'number' || !Number.isInteger(dims) || dims < 1)) throw new WireError(`Invalid 'dimensions': must be a positive integer`, 'dimensions', 'invalid_value');
}

/**
 * The fake's embedding model: deterministic vectors (hashed words and n-grams) of
 * `dimensions` numbers, or of the request's `dimensions` when it asks for fewer.
 */
export async function embeddingsResponse(request: EmbeddingsRequest, dimensions: number) {
  const inputs = typeof request.input === 'string' ? [request.input] : request.input;
  const size = request.dimensions ?? dimensions;
  const vectors = await createHashedEmbedder({ dimensions: size }).embed(inputs);
  const tokens = inputs.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
  return {
    object: 'list',
    data: vectors.map((v, index) => ({
      object: 'embedding',
      index,
      embedding: request.encoding_format === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : Array.from(v),
    })),
    model: request.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}
