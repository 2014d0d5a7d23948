import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ModelPurpose, UsageSink } from '../usage.js';
import type { JsonSchema } from './json-schema.js';
import type { ModelClient } from './model-client.js';

/**
 * One question to the model whose answer must be JSON of a schema, asked again with the
 * problem fed back when the answer is not valid JSON or does not check out, up to a number
 * of attempts. Servers that ignore the schema, and models that wrap JSON in prose or code
 * fences, are met halfway: the first JSON object in the answer is read.
 */

/** What a checker made of an answer: a value, problems, or both (a value with parts that did not fit). */
export interface Checked<T> {
  value?: T;
  problems: string[];
}

export interface StructuredQuestion<T> {
  purpose: ModelPurpose;
  messages: ChatCompletionMessageParam[];
  schema: { name: string; schema: JsonSchema };
  check(json: unknown): Checked<T>;
  attempts: number;
}

export interface StructuredAnswer<T> {
  /** The last value the checker made, even with problems. */
  value: T | undefined;
  /** Empty when the answer checked out. */
  problems: string[];
  attempts: number;
}

/** The JSON text in an answer: all of it, or the part between the first `{` and the last `}`. */
export function jsonText(content: string): string {
  const trimmed = content.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return trimmed;
  const from = trimmed.indexOf('{');
  const to = trimmed.lastIndexOf('}');
  return from >= 0 && to > from ? trimmed.slice(from, to + 1) : trimmed;
}

export async function askStructured<T>(
  client: ModelClient,
  question: StructuredQuestion<T>,
  options: { usage?: UsageSink; signal?: AbortSignal } = {},
): Promise<StructuredAnswer<T>> {
  const messages = [...question.messages];
  let value: T | undefined;
  let problems: string[] = ['no answer'];
  for (let attempt = 1; attempt <= question.attempts; attempt++) {
    const reply = await client.complete({ purpose: question.purpose, messages, schema: question.schema }, options);
    if (reply.refusal) return { value: undefined, problems: [`the model declined: ${reply.refusal}`], attempts: attempt };
    let json: unknown;
    try {
      json = JSON.parse(jsonText(reply.content ?? ''));
    } catch (error) {
      problems = [`the answer is not valid JSON (${(error as Error).message})`];
      value = undefined;
    }
    if (json !== undefined) ({ value, problems } = question.check(json));
    if (problems.length === 0) return { value, problems, attempts: attempt };
    if (attempt < question.attempts) {
      messages.push(reply.message, {
        role: 'user',
        content: `That answer cannot be used: ${problems.join('; ')}. Answer again with the whole JSON object, corrected, and nothing else.`,
      });
    }
  }
  return { value, problems, attempts: question.attempts };
}
