import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { PluginError } from '../../core/errors.js';
import { z } from 'zod';
import type { ChannelContext, ChannelPlugin, CoreSettings, PluginModule } from '../../core/plugin/plugin.js';
import { meansRequester, sendMessageMethod } from '../../core/plugin/send-message.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import type { Address, OutboundMessage } from '../../core/types.js';
import { httpHints } from './hints.js';
import { trackConnections } from './connections.js';
import type { HttpMount } from './mount.js';
import { registerRoutes, type StoredMessage } from './routes.js';

export type { HttpMount } from './mount.js';

/** Messages kept per conversation. */
const KEEP_MESSAGES = 200;

export interface HttpChannel extends ChannelPlugin {
  /** The Fastify server, for more routes (the dashboard); set once started. */
  readonly server: FastifyInstance | undefined;
  /** The port actually listened on (useful with port 0). */
  readonly port: number | undefined;
  /**
   * Serves more routes (the dashboard) on this server, under their own prefix, behind the
   * same token. Only before the channel starts: a listening Fastify takes no new routes.
   */
  mount(mount: HttpMount): void;
}

const MOUNT_PREFIX = /^\/[a-z][a-z0-9-]*$/;

/**
 * The HTTP API: `POST /api/messages` to make requests or answer questions, `GET` routes to
 * follow them. Every route but `/healthz` needs the bearer token; without a token the
 * channel stays off. Binds to 127.0.0.1 unless configured otherwise.
 */
export function createHttp(settings: CoreSettings['http'], maxMessageChars: number): HttpChannel {
  let server: FastifyInstance | undefined;
  let port: number | undefined;
  let state: PluginState | undefined;
  let counter = 0;
  const mounts: HttpMount[] = [];

  async function store(conversationId: string, message: OutboundMessage | { kind: 'message'; text: string }): Promise<string> {
    if (!state) throw new Error('the http channel is not started');
    const id = `${Date.now().toString(36).padStart(9, '0')}-${(counter++).toString(36).padStart(4, '0')}-${randomBytes(2).toString('hex')}`;
    const stored: StoredMessage = { id, at: new Date().toISOString(), ...message };
    const prefix = `msg:${conversationId}:`;
    await state.set(`${prefix}${id}`, stored);
    // A conversation keeps its latest messages only; clients that need more poll more often.
    const all = await state.list<StoredMessage>(prefix);
    if (all.length > KEEP_MESSAGES) {
      const oldest = all.map((m) => m.key).sort().slice(0, all.length - KEEP_MESSAGES);
      for (const key of oldest) await state.delete(key);
    }
    return id;
  }

  return {
    kind: 'channel',
    name: 'http',
    description: 'The HTTP API, for scripts, home automation hubs and the dashboard',
    configured: settings.token !== undefined,
    requiredEnv: ['MAJORDOMO_API_TOKEN'],
    get server() {
      return server;
    },
    get port() {
      return port;
    },
    mount(mount: HttpMount) {
      if (server) throw new PluginError('MJ_ERR_PLUGIN_MOUNT', `cannot mount ${mount.prefix}: the HTTP channel has started`, { hint: 'mount routes before the assistant starts' });
      if (!MOUNT_PREFIX.test(mount.prefix) || mount.prefix === '/api' || mount.prefix === '/healthz' || mounts.some((m) => m.prefix === mount.prefix)) {
        throw new PluginError('MJ_ERR_PLUGIN_MOUNT', `"${mount.prefix}" cannot be mounted on the HTTP channel`, { hint: 'use a free prefix such as /dashboard' });
      }
      mounts.push(mount);
    },
    // The token is the authentication: whoever holds it is the API's user.
    allows: () => true,
    listening: () => server !== undefined,
    health: () =>
      !settings.token
        ? { state: 'off', detail: 'not configured: set MAJORDOMO_API_TOKEN' }
        : server
          ? { state: 'up', detail: `listening on ${settings.host}:${port}${mounts.length > 0 ? `; also serves ${mounts.map((m) => m.prefix).join(', ')}` : ''}` }
          : { state: 'down', detail: 'not listening' },
    async start(ctx: ChannelContext) {
      if (!settings.token) return;
      state = ctx.state;
      server = Fastify({ logger: false, bodyLimit: Math.max(64 * 1024, maxMessageChars * 8) });
      const connections = trackConnections(server.server);
      server.addHook('preClose', async () => connections.closeUnused());
      registerRoutes(server, { token: settings.token, ctx, maxMessageChars, mounts, readMessages: async (conversationId) => (await ctx.state.list<StoredMessage>(`msg:${conversationId}:`)).sort((a, b) => (a.key < b.key ? -1 : 1)) });
      for (const mount of mounts) await server.register(mount.plugin, { prefix: mount.prefix });
      await server.listen({ port: settings.port, host: settings.host });
      const address = server.server.address();
      port = typeof address === 'object' && address ? address.port : settings.port;
      ctx.logger.info({ host: settings.host, port }, 'HTTP API listening');
    },
    async stop() {
      await server?.close();
      server = undefined;
    },
    async send(to: Address, message: OutboundMessage) {
      return { messageId: await store(to.conversationId, message) };
    },
    methods: {
      send_message: sendMessageMethod({
        channel: 'http',
        description: 'Leave a message for the HTTP client of a conversation',
        hints: httpHints,
        isOther: (to) => !meansRequester(to),
        async deliver(args, actionCtx) {
          const conversation = meansRequester(args.to) ? actionCtx.requester.address.conversationId : args.to!;
          const id = await store(conversation, { kind: 'message', text: args.text });
          return { ok: true, summary: 'Left the message for the API client.', data: { conversationId: conversation, messageId: id } };
        },
      }),
    },
  };
}

const env = z.object({});

export const httpModule: PluginModule<typeof env> = {
  name: 'http',
  env,
  create: (_values, core) => createHttp(core.http, core.maxMessageChars),
};
