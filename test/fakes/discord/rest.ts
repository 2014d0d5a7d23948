import type { IncomingMessage, ServerResponse } from 'node:http';
import { followUp, interactionCallback, originalMessage, type Answer, type InteractionHost, type InteractionRecord } from './interactions.js';
import { readMessageBody, type ApiError } from './payload.js';
import { API_VERSION, ChannelType, ErrorCode } from './protocol.js';
import type { RateLimiter } from './rate-limit.js';
import type { StoredMessage } from './world.js';

/**
 * The REST API of the fake Discord under `/api/v10`: the routes the discord.js client calls
 * for this assistant, with bot-token authentication, per-route rate limits and Discord's
 * JSON errors.
 */

/** One request the client made, for tests to look at. */
export interface RestRecord {
  method: string;
  /** The route, e.g. `POST /channels/:id/messages`. */
  route: string;
  path: string;
  status: number;
  body: unknown;
  at: number;
}

export interface RestHost extends InteractionHost {
  token: string;
  limiter: RateLimiter;
  gatewayUrl(): string;
  interactions: Map<string, InteractionRecord>;
  record(entry: RestRecord): void;
}

interface Route {
  method: string;
  route: string;
  pattern: RegExp;
  /** Interaction and webhook routes authenticate with their token, not the bot's. */
  botAuth: boolean;
  /** The part of the path a rate-limit bucket is per: a channel, a webhook. */
  major(params: string[]): string;
  handle(host: RestHost, params: string[], body: unknown, query: URLSearchParams): Answer | ApiError;
}

const json = (body: unknown, status = 200): Answer => ({ status, body });
const notFound = (code: number, message: string): ApiError => ({ status: 404, body: { code, message } });
const unknownWebhook = () => notFound(10015, 'Unknown Webhook');

function ownMessages(host: RestHost, channelId: string): StoredMessage[] {
  return (host.world.byChannel.get(channelId) ?? []).map((id) => host.world.messages.get(id)!).filter((m) => !m.ephemeralFor);
}

/** A channel the bot can see: a server channel, or a DM channel it is in. */
function visibleChannel(host: RestHost, id: string) {
  const channel = host.world.channels.get(id);
  return channel && (channel.type !== ChannelType.dm || channel.recipients!.includes(host.world.bot.id)) ? channel : undefined;
}

const ROUTES: Route[] = [
  {
    method: 'GET', route: 'GET /gateway/bot', pattern: /^\/gateway\/bot$/, botAuth: true, major: () => '',
    handle: (host) => json({ url: host.gatewayUrl(), shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 } }),
  },
  { method: 'GET', route: 'GET /gateway', pattern: /^\/gateway$/, botAuth: false, major: () => '', handle: (host) => json({ url: host.gatewayUrl() }) },
  { method: 'GET', route: 'GET /users/@me', pattern: /^\/users\/@me$/, botAuth: true, major: () => '', handle: (host) => json(host.world.userObject(host.world.bot)) },
  {
    method: 'GET', route: 'GET /users/:id', pattern: /^\/users\/(\d+)$/, botAuth: true, major: () => '',
    handle: (host, [id]) => {
      const user = host.world.users.get(id!);
      return user ? json(host.world.userObject(user)) : notFound(ErrorCode.unknownUser, 'Unknown User');
    },
  },
  {
    method: 'POST', route: 'POST /users/@me/channels', pattern: /^\/users\/@me\/channels$/, botAuth: true, major: () => '',
    handle: (host, _p, body) => {
      const id = (body as { recipient_id?: string } | null)?.recipient_id;
      const user = id ? host.world.users.get(id) : undefined;
      if (!user) return { status: 400, body: { code: ErrorCode.invalidFormBody, message: 'Invalid Form Body', errors: { recipient_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: `Value "${id}" is not snowflake.` }] } } } };
      return json(host.world.channelObject(host.world.dmChannel(user.id)));
    },
  },
  {
    method: 'GET', route: 'GET /channels/:id', pattern: /^\/channels\/(\d+)$/, botAuth: true, major: ([c]) => c!,
    handle: (host, [id]) => {
      const channel = visibleChannel(host, id!);
      return channel ? json(host.world.channelObject(channel)) : notFound(ErrorCode.unknownChannel, 'Unknown Channel');
    },
  },
  {
    method: 'GET', route: 'GET /channels/:id/messages', pattern: /^\/channels\/(\d+)\/messages$/, botAuth: true, major: ([c]) => c!,
    handle: (host, [id], _b, query) => {
      if (!visibleChannel(host, id!)) return notFound(ErrorCode.unknownChannel, 'Unknown Channel');
      const limit = Math.min(100, Number(query.get('limit') ?? 50));
      const after = query.get('after');
      // Newest first; with `after`, the ones right after that message.
      const all = ownMessages(host, id!);
      const page = after ? all.filter((m) => BigInt(m.api.id) > BigInt(after)).slice(0, limit) : all.slice(-limit);
      return json(page.reverse().map((m) => m.api));
    },
  },
  {
    method: 'GET', route: 'GET /channels/:id/messages/:id', pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/, botAuth: true, major: ([c]) => c!,
    handle: (host, [c, m]) => {
      const message = host.world.messages.get(m!);
      return message && message.api.channel_id === c && !message.ephemeralFor ? json(message.api) : notFound(ErrorCode.unknownMessage, 'Unknown Message');
    },
  },
  {
    method: 'POST', route: 'POST /channels/:id/messages', pattern: /^\/channels\/(\d+)\/messages$/, botAuth: true, major: ([c]) => c!,
    handle: (host, [id], body) => {
      const channel = visibleChannel(host, id!);
      if (!channel) return notFound(ErrorCode.unknownChannel, 'Unknown Channel');
      const read = readMessageBody(body, host.world, channel.id);
      if (!read.ok) return read.error;
      if (read.value.enforceNonce) {
        // Within a few minutes, the same nonce from the same author gives back the first message.
        const since = Date.now() - 5 * 60_000;
        for (const m of host.world.messages.values()) {
          if (m.authorId === host.world.bot.id && m.nonce === read.value.nonce && m.createdAt >= since) return json(m.api);
        }
      }
      return json(host.createBotMessage(channel, read.value).api);
    },
  },
  {
    method: 'PATCH', route: 'PATCH /channels/:id/messages/:id', pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/, botAuth: true, major: ([c]) => c!,
    handle: (host, [c, m], body) => {
      const message = host.world.messages.get(m!);
      if (!message || message.api.channel_id !== c || message.ephemeralFor) return notFound(ErrorCode.unknownMessage, 'Unknown Message');
      if (message.authorId !== host.world.bot.id) return { status: 403, body: { code: ErrorCode.cannotEditOthersMessage, message: 'Cannot edit a message authored by another user' } };
      const read = readMessageBody(body, host.world, c!, true);
      if (!read.ok) return read.error;
      host.editBotMessage(message, read.value);
      return json(message.api);
    },
  },
  {
    method: 'POST', route: 'POST /channels/:id/typing', pattern: /^\/channels\/(\d+)\/typing$/, botAuth: true, major: ([c]) => c!,
    handle: (host, [id]) => (visibleChannel(host, id!) ? { status: 204 } : notFound(ErrorCode.unknownChannel, 'Unknown Channel')),
  },
  {
    method: 'POST', route: 'POST /interactions/:id/:token/callback', pattern: /^\/interactions\/(\d+)\/([^/]+)\/callback$/, botAuth: false, major: ([i]) => i!,
    handle: (host, [id, token], body, query) => interactionCallback(host, host.interactions.get(id!), token!, body, query.get('with_response') === 'true'),
  },
  {
    method: 'GET', route: 'GET /webhooks/:id/:token/messages/@original', pattern: /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(?:@|%40)original$/, botAuth: false, major: ([w, t]) => `${w}/${t}`,
    handle: (host, [app, token], body) => (app === host.world.applicationId ? originalMessage(host, host.interactions.values(), token!, 'GET', body) : unknownWebhook()),
  },
  {
    method: 'PATCH', route: 'PATCH /webhooks/:id/:token/messages/@original', pattern: /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(?:@|%40)original$/, botAuth: false, major: ([w, t]) => `${w}/${t}`,
    handle: (host, [app, token], body) => (app === host.world.applicationId ? originalMessage(host, host.interactions.values(), token!, 'PATCH', body) : unknownWebhook()),
  },
  {
    method: 'POST', route: 'POST /webhooks/:id/:token', pattern: /^\/webhooks\/(\d+)\/([^/]+)$/, botAuth: false, major: ([w, t]) => `${w}/${t}`,
    handle: (host, [app, token], body) => (app === host.world.applicationId ? followUp(host, host.interactions.values(), token!, body) : unknownWebhook()),
  },
];

async function readBody(request: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return { ok: true, value: undefined };
  const text = Buffer.concat(chunks).toString('utf8');
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export async function handleRest(host: RestHost, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://x');
  const method = request.method ?? 'GET';
  const prefix = `/api/v${API_VERSION}`;
  const body = await readBody(request);
  const send = (status: number, answer: unknown, headers: Record<string, string> = {}, route = `${method} ?`) => {
    host.record({ method, route, path: url.pathname, status, body: body.ok ? body.value : undefined, at: Date.now() });
    response.writeHead(status, { ...(status === 204 ? {} : { 'content-type': 'application/json' }), ...headers });
    response.end(status === 204 ? undefined : JSON.stringify(answer));
  };
  if (!url.pathname.startsWith(`${prefix}/`)) return send(404, { message: '404: Not Found', code: 0 });
  const path = url.pathname.slice(prefix.length);
  const match = ROUTES.map((r) => ({ r, m: r.method === method ? r.pattern.exec(path) : null })).find((x) => x.m);
  if (!match) return send(404, { message: '404: Not Found', code: 0 });
  const { r, m } = match;
  const params = m!.slice(1);
  if (r.botAuth && request.headers.authorization !== `Bot ${host.token}`) return send(401, { message: '401: Unauthorized', code: 0 }, {}, r.route);
  if (!body.ok) return send(400, { code: 50109, message: 'The request body contains invalid JSON.' }, {}, r.route);
  const limit = r.route.startsWith('POST /interactions') ? undefined : host.limiter.take(r.route, r.major(params));
  if (limit && !limit.allowed) {
    return send(429, { message: 'You are being rate limited.', retry_after: limit.retryAfterS, global: false }, limit.headers, r.route);
  }
  const answer = r.handle(host, params, body.value, url.searchParams);
  send(answer.status, answer.body, limit?.headers ?? {}, r.route);
}
