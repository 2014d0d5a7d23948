import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionFunctionTool, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Logger } from '../../util/logger.js';
import type { ModelPurpose, UsageSink } from '../usage.js';
import { MODEL_CODES, ModelError } from './errors.js';
import type { JsonSchema } from './json-schema.js';

/** How to reach an OpenAI-compatible endpoint, and how patient to be with it. */
export interface ModelClientOptions {
  /** e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1` (Ollama). */
  baseURL: string;
  /** Sent as a bearer token; local servers take any. Never logged. */
  apiKey?: string;
  model: string;
  /** Longest one attempt may take. */
  timeoutMs: number;
  /** Attempts after the first, on rate limits, server errors, timeouts and lost connections. */
  retries: number;
  /** First wait between attempts when the server does not say how long; each next one doubles. */
  retryBaseMs: number;
  /** A Retry-After longer than this is not waited for: the call fails instead. */
  maxRetryAfterMs?: number;
  /** Sampling temperature; undefined leaves it to the server (some models take only their default). */
  temperature?: number;
  logger: Logger;
}

/** One chat completion to ask for. */
export interface ModelRequest {
  purpose: ModelPurpose;
  messages: ChatCompletionMessageParam[];
  /** Structured output: the answer's content must fit this schema. */
  schema?: { name: string; schema: JsonSchema };
  /** Function calling: the model answers with calls of these. */
  tools?: ChatCompletionFunctionTool[];
}

export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What the model answered. */
export interface ModelReply {
  content: string | null;
  toolCalls: ModelToolCall[];
  /** The model declined to answer (structured outputs' refusal). */
  refusal: string | null;
  finishReason: string;
  /** The answer as a message, to put back into the conversation when asking again. */
  message: ChatCompletionMessageParam;
}

/** Asks an OpenAI-compatible endpoint for chat completions. */
export interface ModelClient {
  readonly model: string;
  readonly baseURL: string;
  complete(request: ModelRequest, options?: { usage?: UsageSink; signal?: AbortSignal }): Promise<ModelReply>;
}

/** Removes the key, and anything shaped like a key, from text that may be shown or logged. */
export function scrubSecrets(text: string, apiKey: string | undefined): string {
  let out = apiKey && apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text;
  out = out.replace(/\b(sk|key|api)[-_][A-Za-z0-9_*-]{6,}/g, '[redacted]');
  return out;
}

/** Milliseconds the server asked to wait, from `retry-after-ms` or `retry-after` (seconds or a date). */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Why an attempt failed, and whether another may succeed. */
interface Failure {
  retryable: boolean;
  status?: number;
  waitMs?: number;
  message: string;
}

function classify(error: unknown, timeoutMs: number): Failure {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { retryable: true, message: `no answer within ${timeoutMs} ms` };
  if (error instanceof OpenAI.APIConnectionError) return { retryable: true, message: `no connection (${error.cause instanceof Error ? error.cause.message : error.message})` };
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const status = error.status;
    const retryable = status === 408 || status === 429 || status >= 500;
    const waitMs = status === 429 || status === 503 ? retryAfterMs(error.headers) : undefined;
    return { retryable, status, message: `HTTP ${status}: ${error.message}`, ...(waitMs === undefined ? {} : { waitMs }) };
  }
  throw error;
}

function hintFor(status: number | undefined, options: ModelClientOptions): string {
  if (status === 401 || status === 403) return 'check OPENAI_API_KEY';
  if (status === 404) return `check MAJORDOMO_LLM_MODEL ("${options.model}") and OPENAI_BASE_URL`;
  if (status === 400 || status === 422) return 'the server may not support structured outputs or function calling with this model';
  return `check that the model server at ${options.baseURL} is running`;
}

/**
 * A client over the `openai` package. Its own retries are off: this one waits as long as a
 * rate-limited server asks (up to a limit), backs off on server errors and timeouts, can be
 * aborted while it waits, and records every attempt, failed ones included, in the usage.
 */
export function createModelClient(options: ModelClientOptions): ModelClient {
  // The key lives in this closure only: nothing returned holds it, so nothing can log it.
  const openai = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
  });
  const maxWait = options.maxRetryAfterMs ?? 60_000;
  const logger = options.logger.child({ part: 'model', model: options.model });

  return {
    model: options.model,
    baseURL: options.baseURL,
    async complete(request, { usage, signal } = {}) {
      const body: ChatCompletionCreateParamsNonStreaming = {
        model: options.model,
        messages: request.messages,
        ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        ...(request.schema ? { response_format: { type: 'json_schema', json_schema: { name: request.schema.name, schema: request.schema.schema, strict: true } } } : {}),
        ...(request.tools ? { tools: request.tools, tool_choice: 'required' as const, parallel_tool_calls: false } : {}),
      };
      let last: Failure | undefined;
      for (let attempt = 1; attempt <= options.retries + 1; attempt++) {
        const started = performance.now();
        try {
          const completion = await openai.chat.completions.create(body, { ...(signal ? { signal } : {}) });
          const latencyMs = performance.now() - started;
          const inputTokens = completion.usage?.prompt_tokens ?? 0;
          const outputTokens = completion.usage?.completion_tokens ?? 0;
          usage?.record({ purpose: request.purpose, model: options.model, ok: true, inputTokens, outputTokens, latencyMs });
          logger.debug({ purpose: request.purpose, attempt, latencyMs: Math.round(latencyMs), inputTokens, outputTokens }, 'model answered');
          const choice = completion.choices[0];
          if (!choice) throw new ModelError(MODEL_CODES.output, 'the model returned no choices');
          const message = choice.message;
          const toolCalls = (message.tool_calls ?? []).flatMap((c) => (c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : []));
          return {
            content: message.content,
            toolCalls,
            refusal: message.refusal ?? null,
            finishReason: choice.finish_reason,
            message: {
              role: 'assistant',
              content: message.content,
              ...(toolCalls.length > 0 ? { tool_calls: toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) } : {}),
            },
          };
        } catch (error) {
          if (error instanceof ModelError) throw error;
          if (error instanceof OpenAI.APIUserAbortError || signal?.aborted) throw error;
          const latencyMs = performance.now() - started;
          usage?.record({ purpose: request.purpose, model: options.model, ok: false, inputTokens: 0, outputTokens: 0, latencyMs });
          last = classify(error, options.timeoutMs);
          last.message = scrubSecrets(last.message, options.apiKey);
          if (!last.retryable) {
            logger.warn({ purpose: request.purpose, status: last.status }, `model refused the request: ${last.message}`);
            throw new ModelError(MODEL_CODES.refused, `the model endpoint refused the request (${last.message})`, {
              hint: hintFor(last.status, options),
              ...(last.status === undefined ? {} : { status: last.status }),
            });
          }
          if (attempt > options.retries) break;
          if (last.waitMs !== undefined && last.waitMs > maxWait) {
            last.message += `; it asks to wait ${Math.ceil(last.waitMs / 1000)} s`;
            break;
          }
          const backoff = options.retryBaseMs * 2 ** (attempt - 1) * (0.8 + Math.random() * 0.4);
          const waitMs = Math.round(last.waitMs ?? Math.min(backoff, 30_000));
          logger.warn({ purpose: request.purpose, attempt, status: last.status, waitMs }, `model call failed, trying again: ${last.message}`);
          await sleep(waitMs, signal);
          if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
        }
      }
      throw new ModelError(MODEL_CODES.unavailable, `the model did not answer (${last?.message ?? 'no attempt made'})`, {
        hint: hintFor(last?.status, options),
        ...(last?.status === undefined ? {} : { status: last.status }),
      });
    },
  };
}
