import { z } from 'zod';

/**
 * JSON schemas for a model, from zod schemas: in the subset that strict structured outputs
 * and strict function calling accept (OpenAI's, and the grammar-constrained decoders of
 * vLLM, llama.cpp and Ollama), so that a model can only write what fits.
 *
 * Strict mode wants every object closed and every property required; an optional property
 * becomes "this type or null", and {@link stripNulls} turns the nulls back into absent values
 * before the zod schema validates them. Keywords strict mode refuses (lengths, ranges,
 * formats) are dropped: ranges are said in the description instead, and zod checks them all
 * afterwards anyway.
 */

export type JsonSchema = Record<string, unknown>;

/** Says more about a parameter of an entity kind (the areas of the home, say), or nothing. */
export type EntityNote = (kind: string) => string | undefined;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function rangeNote(node: Record<string, unknown>): string | undefined {
  const min = node['minimum'];
  const max = node['maximum'];
  const whole = node['type'] === 'integer' ? 'a whole number ' : '';
  if (typeof min === 'number' && typeof max === 'number') return `${whole}from ${min} to ${max}`;
  if (typeof min === 'number') return `${whole}at least ${min}`;
  if (typeof max === 'number') return `${whole}at most ${max}`;
  return undefined;
}

function describe(node: Record<string, unknown>, notes: EntityNote | undefined): string | undefined {
  const parts: string[] = [];
  if (typeof node['description'] === 'string') parts.push(node['description']);
  const range = rangeNote(node);
  if (range) parts.push(`(${range})`);
  const entity = node['entity'];
  const note = typeof entity === 'string' ? notes?.(entity) : undefined;
  if (note) parts.push(note);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** This schema, or null. */
export function nullable(schema: JsonSchema): JsonSchema {
  const type = schema['type'];
  if (typeof type === 'string' && PRIMITIVES.has(type) && schema['enum'] === undefined) return { ...schema, type: [type, 'null'] };
  if (Array.isArray(schema['anyOf'])) return { ...schema, anyOf: [...schema['anyOf'], { type: 'null' }] };
  const { description, ...rest } = schema;
  return { anyOf: [rest, { type: 'null' }], ...(description === undefined ? {} : { description }) };
}

/** A JSON schema rewritten into the strict subset. */
export function toStrict(node: unknown, notes?: EntityNote): JsonSchema {
  if (!isObject(node)) return { type: 'string' };
  const out: JsonSchema = {};
  const description = describe(node, notes);
  if (Array.isArray(node['anyOf'])) {
    out['anyOf'] = node['anyOf'].map((n) => toStrict(n, notes));
  } else {
    if (node['type'] !== undefined) out['type'] = node['type'];
    if ('const' in node) out['enum'] = [node['const']];
    else if (Array.isArray(node['enum'])) out['enum'] = node['enum'];
  }
  if (node['type'] === 'object') {
    const properties = isObject(node['properties']) ? node['properties'] : {};
    const required = new Set(Array.isArray(node['required']) ? (node['required'] as string[]) : []);
    const strictProps: Record<string, JsonSchema> = {};
    for (const [key, value] of Object.entries(properties)) {
      const child = toStrict(value, notes);
      strictProps[key] = required.has(key) ? child : nullable(child);
    }
    out['properties'] = strictProps;
    out['required'] = Object.keys(strictProps);
    out['additionalProperties'] = false;
  }
  if (node['type'] === 'array') out['items'] = toStrict(node['items'], notes);
  if (description !== undefined) out['description'] = description;
  return out;
}

/** The strict JSON schema of a zod schema, as its input is written. */
export function strictSchemaOf(schema: z.ZodType, notes?: EntityNote): JsonSchema {
  return toStrict(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), notes);
}

/** A copy without the properties whose value is null: what strict mode writes for "absent". */
export function stripNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripNulls);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = stripNulls(v);
  return out;
}

/** A copy without descriptions, for a schema whose words the prompt already gives. */
export function withoutDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDescriptions);
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'description') continue;
    // Inside `properties` the keys are names, not keywords.
    out[k] = k === 'properties' && isObject(v) ? Object.fromEntries(Object.entries(v).map(([name, p]) => [name, withoutDescriptions(p)])) : withoutDescriptions(v);
  }
  return out;
}
