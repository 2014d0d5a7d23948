/**
 * The chat-completions wire format, as the fake server reads and writes it: just the parts
 * Majordomo's client uses (messages, tools, response_format json_schema, usage).
 */

export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface WireMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: string | null | Array<{ type: string; text?: string }>;
  tool_calls?: WireToolCall[];
  tool_call_id?: string;
  name?: string;
}

export interface WireTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null };
}

export interface WireResponseFormat {
  type: 'text' | 'json_object' | 'json_schema';
  json_schema?: { name: string; description?: string; schema?: Record<string, unknown>; strict?: boolean | null };
}

/** A chat-completions request body. */
export interface ChatRequest {
  model: string;
  messages: WireMessage[];
  tools?: WireTool[];
  tool_choice?: 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };
  response_format?: WireResponseFormat;
  temperature?: number;
  stream?: boolean;
  [key: string]: unknown;
}

/** The text of a message, whether sent as a string or as content parts. */
export function messageText(message: WireMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) return message.content.map((p) => p.text ?? '').join('');
  return '';
}

/**
 * Tokens, estimated as the usual rule of thumb (about four characters each). The fake has no
 * tokenizer; a real model's count differs by a few tens of percent, which is enough for
 * comparing one way of asking with another.
 */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

/** What the model reads: messages, tool definitions and the response schema. */
export function promptTokens(request: ChatRequest): number {
  let text = request.messages.map((m) => `${m.role}: ${messageText(m)}${m.tool_calls ? JSON.stringify(m.tool_calls) : ''}`).join('\n');
  if (request.tools) text += JSON.stringify(request.tools);
  if (request.response_format?.json_schema) text += JSON.stringify(request.response_format.json_schema);
  // Each message costs a few tokens of framing in every chat template.
  return estimateTokens(text) + 4 * request.messages.length;
}

let counter = 0;

/** A `chat.completion` object, as the API returns it. */
export function completion(request: ChatRequest, message: { content: string | null; tool_calls?: WireToolCall[] }, finishReason?: string) {
  const out = (message.content ?? '') + (message.tool_calls ? JSON.stringify(message.tool_calls.map((c) => c.function)) : '');
  const prompt = promptTokens(request);
  const completionTokens = estimateTokens(out);
  return {
    id: `chatcmpl-fake${(++counter).toString(36)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    system_fingerprint: 'fp_fake',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: message.content, refusal: null, ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}) },
        logprobs: null,
        finish_reason: finishReason ?? (message.tool_calls ? 'tool_calls' : 'stop'),
      },
    ],
    usage: { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens },
  };
}

/** An error body in the API's shape. */
export function errorBody(message: string, type: string, code: string | null = null, param: string | null = null) {
  return { error: { message, type, param, code } };
}
