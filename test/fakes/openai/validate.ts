import type { ChatRequest, WireMessage } from './wire.js';

/**
 * Checks a chat-completions request as the OpenAI API does, and says what is wrong in its
 * words: names of tools and schemas, tool messages that answer no call, and the rules of
 * strict JSON schemas (every object closed, every property required, only the keywords
 * structured outputs accept). A client that passes here sends what the real API takes.
 */

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/** Keywords structured outputs accept in strict mode. Anything else is refused. */
const STRICT_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'description', 'title', '$defs', '$ref']);
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;

export class WireError extends Error {
  constructor(
    message: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

function fail(message: string, param: string | null = null, code: string | null = null): never {
  throw new WireError(message, param, code);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function context(path: string[]): string {
  return `(${path.map((p) => `'${p}'`).join(', ')})`;
}

/** Throws a WireError unless `schema` is a schema strict mode accepts. */
export function checkStrictSchema(schema: unknown, what: string): void {
  if (!isObject(schema) || schema['type'] !== 'object') fail(`Invalid schema for ${what}: schema must be a JSON Schema of 'type: "object"', got 'type: "${isObject(schema) ? String(schema['type']) : typeof schema}"'.`);
  let properties = 0;
  const walk = (node: unknown, path: string[], depth: number) => {
    if (!isObject(node)) fail(`Invalid schema for ${what}: In context=${context(path)}, schema must be an object.`);
    if (depth > MAX_DEPTH) fail(`Invalid schema for ${what}: In context=${context(path)}, nesting is deeper than ${MAX_DEPTH} levels.`);
    for (const key of Object.keys(node)) {
      if (!STRICT_KEYWORDS.has(key)) fail(`Invalid schema for ${what}: In context=${context(path)}, '${key}' is not permitted.`);
    }
    const types = Array.isArray(node['type']) ? node['type'] : [node['type']];
    if (types.includes('object')) {
      const props = isObject(node['properties']) ? node['properties'] : {};
      if (node['additionalProperties'] !== false) fail(`Invalid schema for ${what}: In context=${context(path)}, 'additionalProperties' is required to be supplied and to be false.`);
      const required = Array.isArray(node['required']) ? node['required'] : [];
      const missing = Object.keys(props).filter((k) => !required.includes(k));
      if (missing.length > 0) fail(`Invalid schema for ${what}: In context=${context(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`);
      for (const [k, v] of Object.entries(props)) {
        properties++;
        walk(v, [...path, 'properties', k], depth + 1);
      }
    }
    if (types.includes('array')) {
      if (node['items'] === undefined) fail(`Invalid schema for ${what}: In context=${context(path)}, 'items' must be given for an array.`);
      walk(node['items'], [...path, 'items'], depth);
    }
    if (node['anyOf'] !== undefined) {
      if (!Array.isArray(node['anyOf'])) fail(`Invalid schema for ${what}: In context=${context(path)}, 'anyOf' must be an array.`);
      node['anyOf'].forEach((v, i) => walk(v, [...path, 'anyOf', String(i)], depth));
    }
  };
  walk(schema, [], 1);
  if (properties > MAX_PROPERTIES) fail(`Invalid schema for ${what}: more than ${MAX_PROPERTIES} properties in total.`);
}

function checkMessages(messages: unknown): asserts messages is WireMessage[] {
  if (!Array.isArray(messages) || messages.length === 0) fail("Invalid 'messages': expected a non-empty array.", 'messages');
  const answered = new Set<string>();
  let open: string[] = [];
  messages.forEach((m: unknown, i) => {
    if (!isObject(m) || typeof m['role'] !== 'string' || !ROLES.has(m['role'])) fail(`Invalid 'messages[${i}].role'.`, `messages.[${i}].role`);
    const role = m['role'];
    if (role === 'tool') {
      const id = m['tool_call_id'];
      if (typeof id !== 'string' || !open.includes(id)) {
        fail("Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", `messages.[${i}].role`);
      }
      answered.add(id);
      return;
    }
    const unanswered = open.filter((id) => !answered.has(id));
    if (unanswered.length > 0) {
      fail(`An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${unanswered.join(', ')}`, 'messages');
    }
    open = [];
    if (role === 'assistant' && Array.isArray(m['tool_calls'])) {
      for (const call of m['tool_calls'] as unknown[]) {
        if (!isObject(call) || typeof call['id'] !== 'string' || !isObject(call['function'])) fail(`Invalid 'messages[${i}].tool_calls'.`, `messages.[${i}].tool_calls`);
        open.push(call['id']);
      }
    }
  });
  const unanswered = open.filter((id) => !answered.has(id));
  if (unanswered.length > 0) {
    fail(`An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${unanswered.join(', ')}`, 'messages');
  }
}

/** Throws a WireError when the API would answer 400. */
export function checkRequest(body: unknown): asserts body is ChatRequest {
  if (!isObject(body)) fail('We could not parse the JSON body of your request.');
  if (typeof body['model'] !== 'string' || body['model'] === '') fail("you must provide a model parameter", 'model');
  checkMessages(body['messages']);
  if (body['stream'] === true) fail('streaming is not supported by this server', 'stream');
  const tools = body['tools'];
  if (tools !== undefined) {
    if (!Array.isArray(tools)) fail("Invalid 'tools': expected an array.", 'tools');
    tools.forEach((t: unknown, i) => {
      if (!isObject(t) || t['type'] !== 'function' || !isObject(t['function'])) fail(`Invalid 'tools[${i}]'.`, `tools[${i}]`);
      const fn = t['function'];
      if (typeof fn['name'] !== 'string' || !NAME.test(fn['name'])) {
        fail(`Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, `tools[${i}].function.name`, 'invalid_value');
      }
      if (fn['strict'] === true) checkStrictSchema(fn['parameters'] ?? {}, `function '${fn['name']}'`);
    });
  }
  const choice = body['tool_choice'];
  if (choice !== undefined && !['none', 'auto', 'required'].includes(choice as string)) {
    const named = isObject(choice) && isObject(choice['function']) ? choice['function']['name'] : undefined;
    if (typeof named !== 'string' || !Array.isArray(tools) || !tools.some((t) => (t as { function: { name: string } }).function.name === named)) fail("Invalid 'tool_choice'.", 'tool_choice');
  }
  if (choice !== undefined && tools === undefined) fail("Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.", 'tool_choice');
  const format = body['response_format'];
  if (format !== undefined) {
    if (!isObject(format) || !['text', 'json_object', 'json_schema'].includes(format['type'] as string)) fail("Invalid 'response_format.type'.", 'response_format.type');
    if (format['type'] === 'json_schema') {
      const js = format['json_schema'];
      if (!isObject(js) || typeof js['name'] !== 'string' || !NAME.test(js['name'])) fail("Invalid 'response_format.json_schema.name': string does not match pattern.", 'response_format.json_schema.name');
      if (js['strict'] === true) checkStrictSchema(js['schema'], `response_format '${js['name']}'`);
    }
  }
}
