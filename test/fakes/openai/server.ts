import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkEmbeddingsRequest, embeddingsResponse } from './embeddings.js';
import { checkRequest, WireError } from './validate.js';
import { completion, errorBody, type ChatRequest, type WireToolCall } from './wire.js';

/**
 * A fake OpenAI-compatible endpoint: real HTTP, `POST /v1/chat/completions` with tools and
 * `response_format` json_schema, checked as the API checks them (see validate.ts). Tests
 * script what the "model" answers, as a queue of replies or a function of the request, and
 * read back every request it received.
 */

/** What the fake answers to one request. */
export type FakeReply = (
  | { kind: 'content'; content: string; finishReason?: string }
  | { kind: 'tool_calls'; calls: Array<{ name: string; arguments: string | Record<string, unknown>; id?: string }>; content?: string }
  | { kind: 'error'; status: number; message?: string; headers?: Record<string, string> }
  /** Never answers; the client has to give up. */
  | { kind: 'hang' }
) & { delayMs?: number };

/** Reply builders. */
export const reply = {
  /** The assistant's text: what a model writes for a `response_format` json_schema. */
  json: (value: unknown): FakeReply => ({ kind: 'content', content: JSON.stringify(value) }),
  text: (content: string): FakeReply => ({ kind: 'content', content }),
  tools: (...calls: Array<{ name: string; arguments: string | Record<string, unknown> }>): FakeReply => ({ kind: 'tool_calls', calls }),
  status: (status: number, options: { message?: string; headers?: Record<string, string> } = {}): FakeReply => ({ kind: 'error', status, ...options }),
  hang: (): FakeReply => ({ kind: 'hang' }),
};

/** A request as the fake received it. */
export interface RecordedRequest {
  at: Date;
  method: string;
  path: string;
  /** Whether it carried the expected bearer key (true when the fake expects none). */
  authorized: boolean;
  /** Headers without `authorization`. */
  headers: Record<string, string>;
  /** The parsed body; undefined when it was not JSON. */
  body: ChatRequest | undefined;
  /** What the fake answered: an HTTP status. */
  status?: number;
}

export type Responder = (request: ChatRequest, recorded: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAI {
  /** Base URL for the client, ending in `/v1`. */
  readonly url: string;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  /** Chat-completion requests that passed validation and got a scripted answer or error. */
  completions(): ChatRequest[];
  /** Replies for the next requests, in order; they go before the responder. */
  enqueue(...replies: FakeReply[]): void;
  /** Answers requests once the queue is empty. */
  respondWith(responder: Responder): void;
  close(): Promise<void>;
}

export interface FakeOpenAIOptions {
  /** The key clients must send as `Authorization: Bearer …`; any (or none) when undefined. */
  apiKey?: string;
  responder?: Responder;
  /** Length of the vectors `POST /v1/embeddings` returns when the request does not ask; default 64. */
  embeddingDimensions?: number;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_fake_${Date.now().toString(36)}`, ...headers });
  res.end(JSON.stringify(body));
}

function toolCalls(calls: Extract<FakeReply, { kind: 'tool_calls' }>['calls']): WireToolCall[] {
  return calls.map((c, i) => ({
    id: c.id ?? `call_fake${Date.now().toString(36)}${i}`,
    type: 'function',
    function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
  }));
}

function errorType(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 401) return 'invalid_request_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const accepted: ChatRequest[] = [];
  const queue: FakeReply[] = [];
  let responder: Responder | undefined = options.responder;
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (k !== 'authorization' && typeof v === 'string') headers[k] = v;
      const authorized = options.apiKey === undefined || req.headers.authorization === `Bearer ${options.apiKey}`;
      let body: unknown;
      try {
        body = raw === '' ? undefined : JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = { at: new Date(), method: req.method ?? '', path: req.url ?? '', authorized, headers, body: body as ChatRequest | undefined };
      requests.push(recorded);
      const answer = (status: number, payload: unknown, extra?: Record<string, string>) => {
        recorded.status = status;
        send(res, status, payload, extra);
      };

      if (req.method === 'GET' && recorded.path === '/v1/models') return answer(200, { object: 'list', data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'fake' }] });
      if (req.method === 'POST' && recorded.path === '/v1/embeddings') {
        if (!authorized) return answer(401, errorBody('Incorrect API key provided. You can find your API key in your account settings.', 'invalid_request_error', 'invalid_api_key'));
        try {
          checkEmbeddingsRequest(body);
        } catch (error) {
          if (!(error instanceof WireError)) throw error;
          return answer(400, errorBody(error.message, 'invalid_request_error', error.code, error.param));
        }
        return answer(200, await embeddingsResponse(body, options.embeddingDimensions ?? 64));
      }
      if (req.method !== 'POST' || recorded.path !== '/v1/chat/completions') return answer(404, errorBody(`Unknown request URL: ${req.method} ${recorded.path}.`, 'invalid_request_error', 'unknown_url'));
      if (!authorized) return answer(401, errorBody('Incorrect API key provided. You can find your API key in your account settings.', 'invalid_request_error', 'invalid_api_key'));
      try {
        checkRequest(body);
      } catch (error) {
        if (!(error instanceof WireError)) throw error;
        return answer(400, errorBody(error.message, 'invalid_request_error', error.code, error.param));
      }
      const request = body;
      accepted.push(request);
      const next = queue.shift() ?? (responder ? await responder(request, recorded) : undefined);
      if (!next) return answer(500, errorBody('the fake has no reply scripted for this request', 'server_error'));
      if (next.delayMs) await new Promise((r) => setTimeout(r, next.delayMs));
      switch (next.kind) {
        case 'hang':
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        case 'error':
          return answer(next.status, errorBody(next.message ?? `status ${next.status}`, errorType(next.status), next.status === 429 ? 'rate_limit_exceeded' : null), next.headers);
        case 'content':
          return answer(200, completion(request, { content: next.content }, next.finishReason));
        case 'tool_calls':
          return answer(200, completion(request, { content: next.content ?? null, tool_calls: toolCalls(next.calls) }));
      }
    })().catch((error: unknown) => send(res, 500, errorBody(`fake server failed: ${String(error)}`, 'server_error')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    completions: () => accepted,
    enqueue: (...replies) => queue.push(...replies),
    respondWith: (r) => {
      responder = r;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
