import { z } from 'zod';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { PRIMARY_CHANNEL, resolvePrimaryTarget, type Catalog } from '../../plugin/catalog.js';
import { sendMessageParams } from '../../plugin/send-message.js';
import { strictSchemaOf, toStrict, withoutDescriptions, type EntityNote, type JsonSchema } from './json-schema.js';

/**
 * The catalog as a model sees it: every method with its description and the strict JSON
 * schema of its arguments (generated from its zod schema), as a list for the prompt, as
 * functions for function calling, and as the choices of a plan's structured output.
 */

/** One method a model may choose. */
export interface ModelMethod {
  /** `plugin.method`, or `primary.send_message` for "the channel the request came from". */
  target: string;
  /** The target as a function name (`lights__set_brightness`): function names take no dots. */
  tool: string;
  description: string;
  params: z.ZodObject;
  schema: JsonSchema;
}

export interface ModelMethods {
  readonly list: readonly ModelMethod[];
  get(target: string): ModelMethod | undefined;
  byTool(name: string): ModelMethod | undefined;
  /** The method list of the system prompt. */
  readonly prompt: string;
  /** Function definitions for function calling. */
  readonly tools: ChatCompletionFunctionTool[];
  /** The `call` of a plan item: one of the methods with its arguments, or none with a reason. */
  readonly callSchema: JsonSchema;
}

/** Small vocabularies are worth naming in full; an item list of a thousand is not. */
const MAX_LISTED_VALUES = 40;

export const NONE_TOOL = 'cannot_do';

export function toolName(target: string): string {
  return target.replace(/\./g, '__');
}

function smallVocabularies(catalog: Catalog) {
  return catalog.entities.filter((v) => v.values.length <= MAX_LISTED_VALUES);
}

/** For function calling, where each function stands alone: the known values in the argument's description. */
function entityNotes(catalog: Catalog): EntityNote {
  const small = smallVocabularies(catalog);
  return (kind) => {
    const vocabulary = small.find((v) => v.kind === kind);
    return vocabulary ? `Known: ${vocabulary.values.map((v) => v.value).join(', ')}.` : undefined;
  };
}

/** For the prompt, which lists the known values once. */
function entityPointers(catalog: Catalog): EntityNote {
  const small = new Set(smallVocabularies(catalog).map((v) => v.kind));
  return (kind) => (small.has(kind) ? `(one of the known ${kind} values)` : undefined);
}

function argumentLine(name: string, schema: JsonSchema, required: boolean): string {
  const type = Array.isArray(schema['type']) ? schema['type'].filter((t) => t !== 'null').join('|') : String(schema['type'] ?? 'value');
  const description = typeof schema['description'] === 'string' ? `: ${schema['description']}` : '';
  return `${name}${required ? '' : '?'} (${type})${description}`;
}

function promptLine(target: string, description: string, params: z.ZodObject, pointers: EntityNote, sameAs: string | undefined): string {
  if (sameAs) return `- ${target}: ${description}. Arguments as ${sameAs}.`;
  const plain = z.toJSONSchema(params, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const required = new Set((plain['required'] as string[] | undefined) ?? []);
  const props = (toStrict(plain, pointers)['properties'] ?? {}) as Record<string, JsonSchema>;
  const args = Object.entries(props).map(([name, s]) => argumentLine(name, s, required.has(name)));
  return `- ${target}: ${description}.${args.length > 0 ? ` Arguments: ${args.join('; ')}.` : ' No arguments.'}`;
}

function vocabularyLines(catalog: Catalog): string {
  const lines = smallVocabularies(catalog).map((v) => `- ${v.kind} (${v.description.replace(/\.$/, '').toLowerCase()}): ${v.values.map((x) => x.value).join(', ')}`);
  return lines.length > 0 ? `\n\nKnown values (use null with a reason rather than another value):\n${lines.join('\n')}` : '';
}

function build(catalog: Catalog, channel: string): ModelMethods {
  const notes = entityNotes(catalog);
  const pointers = entityPointers(catalog);
  const list: ModelMethod[] = [];
  const lines: string[] = [];
  // Every channel's send_message takes the same arguments: the prompt describes them once.
  const described = new Map<z.ZodObject, string>();
  const add = (target: string, description: string, params: z.ZodObject) => {
    const method: ModelMethod = { target, tool: toolName(target), description: description.replace(/\.$/, ''), params, schema: strictSchemaOf(params, notes) };
    list.push(method);
    lines.push(promptLine(target, method.description, params, pointers, described.get(params)));
    if (!described.has(params) && Object.keys(params.shape).length > 0) described.set(params, target);
  };
  const own = catalog.get(resolvePrimaryTarget(`${PRIMARY_CHANNEL}.send_message`, channel));
  add(`${PRIMARY_CHANNEL}.send_message`, `Send a message to the requester on the channel the request came from (${channel}): "tell me", "let me know"`, (own?.spec.params as z.ZodObject | undefined) ?? sendMessageParams);
  for (const entry of catalog.entries) add(entry.target, entry.description, entry.spec.params as z.ZodObject);
  const byTarget = new Map(list.map((m) => [m.target, m]));
  const byTool = new Map(list.map((m) => [m.tool, m]));
  // The prompt gives the words; the plan's schema only has to constrain.
  const variants: JsonSchema[] = list.map((m) => ({
    type: 'object',
    properties: { target: { type: 'string', enum: [m.target] }, args: withoutDescriptions(m.schema) },
    required: ['target', 'args'],
    additionalProperties: false,
  }));
  variants.push({
    type: 'object',
    properties: { target: { type: 'null' }, reason: { type: 'string' } },
    required: ['target', 'reason'],
    additionalProperties: false,
  });
  const tools: ChatCompletionFunctionTool[] = list.map((m) => ({
    type: 'function',
    function: { name: m.tool, description: m.description, parameters: m.schema, strict: true },
  }));
  tools.push({
    type: 'function',
    function: {
      name: NONE_TOOL,
      description: 'Call this when no other function does what the action asks, or a value it needs is not one the assistant knows',
      parameters: { type: 'object', properties: { reason: { type: 'string', description: 'Why nothing fits, for the requester' } }, required: ['reason'], additionalProperties: false },
      strict: true,
    },
  });
  return {
    list,
    get: (target) => byTarget.get(target),
    byTool: (name) => byTool.get(name),
    prompt: lines.join('\n') + vocabularyLines(catalog),
    tools,
    callSchema: { anyOf: variants },
  };
}

// Catalogs are frozen and rebuilt only when a plugin registers: the schemas are made once per channel.
const cache = new WeakMap<Catalog, Map<string, ModelMethods>>();

/** The methods of a catalog, for a request that came from `channel`. */
export function modelMethods(catalog: Catalog, channel: string): ModelMethods {
  let byChannel = cache.get(catalog);
  if (!byChannel) cache.set(catalog, (byChannel = new Map()));
  let methods = byChannel.get(channel);
  if (!methods) byChannel.set(channel, (methods = build(catalog, channel)));
  return methods;
}
