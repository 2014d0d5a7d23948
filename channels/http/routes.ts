import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { NO_USAGE } from '../../core/brain/usage.js';
import type { ChannelContext } from '../../core/plugin/plugin.js';
import type { OutboundMessage } from '../../core/types.js';
import { bearerToken, tokenMatches } from './auth.js';
import { mountOf, type HttpMount } from './mount.js';

/** A message the assistant left for an HTTP conversation. */
export type StoredMessage = { id: string; at: string } & (OutboundMessage | { kind: 'message'; text: string });

export interface RouteDeps {
  token: string;
  ctx: ChannelContext;
  maxMessageChars: number;
  /** Other routes on this server; each may let in requests the bearer token does not (a session). */
  mounts: readonly HttpMount[];
  readMessages(conversationId: string): Promise<Array<{ key: string; value: StoredMessage }>>;
}

const conversationId = z.string().min(1).max(100).regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only');

const messageBody = z.object({
  text: z.string(),
  conversationId: conversationId.optional(),
  /** A display name for who is asking; the token holder is the sender either way. */
  sender: z.string().min(1).max(100).optional(),
});

const answerBody = z.object({ answer: z.string() });

const listQuery = z.object({
  status: z.string().optional(),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

function problem(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

function invalid(reply: FastifyReply, error: z.ZodError) {
  return problem(reply, 400, 'MJ_ERR_INVALID_INPUT', z.prettifyError(error).replace(/\n/g, ' '));
}

/** Status code for a gateway refusal. */
function statusFor(code: string): number {
  if (code === 'MJ_ERR_SENDER_NOT_ALLOWED') return 403;
  if (code === 'MJ_ERR_CONFLICT') return 409;
  if (code === 'MJ_ERR_PLAN_FAILED') return 500;
  if (code === 'MJ_ERR_RATE_LIMITED') return 429;
  if (code === 'MJ_ERR_QUEUE_FULL') return 503;
  return 422;
}

export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { ctx } = deps;

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) ctx.logger.error({ err: error }, 'HTTP API error');
    const message = status >= 500 ? 'internal error; see the log' : error.message;
    return problem(reply, status, error.code ?? 'MJ_ERR_HTTP', message);
  });
  app.setNotFoundHandler((request, reply) => problem(reply, 404, 'MJ_ERR_NOT_FOUND', `no route ${request.method} ${request.url}`));

  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/healthz') return;
    if (tokenMatches(bearerToken(request.headers.authorization), deps.token)) return;
    const mount = mountOf(deps.mounts, request.url);
    if (mount && (await mount.authenticate(request))) return;
    reply.header('www-authenticate', 'Bearer');
    const page = mount?.unauthorized?.(request);
    // The status is the channel's to set: a mount only chooses what the refusal looks like.
    if (page) return reply.code(401).type(page.type).send(page.body);
    return problem(reply, 401, 'MJ_ERR_UNAUTHORIZED', 'a valid bearer token is required (Authorization: Bearer <MAJORDOMO_API_TOKEN>)');
  });

  app.get('/healthz', async () => ({ ok: true }));

  app.post('/api/messages', async (request, reply) => {
    const body = messageBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const conversation = body.data.conversationId ?? `c-${randomBytes(6).toString('hex')}`;
    const outcome = await ctx.onMessage({
      channel: 'http',
      conversationId: conversation,
      sender: { id: 'api', ...(body.data.sender ? { name: body.data.sender } : {}) },
      text: body.data.text,
      receivedAt: new Date(),
    });
    if (outcome.kind === 'rejected') return problem(reply, statusFor(outcome.code), outcome.code, outcome.reason);
    return reply.code(202).send({ ...outcome, conversationId: conversation });
  });

  app.get('/api/requests', async (request, reply) => {
    const query = listQuery.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error);
    const { status, search, limit, offset } = query.data;
    const requests = await ctx.api.requests({
      ...(status ? { status: status.split(',') as never } : {}),
      ...(search ? { search } : {}),
      limit: limit ?? 50,
      offset: offset ?? 0,
    });
    return { requests };
  });

  app.get<{ Params: { id: string } }>('/api/requests/:id', async (request, reply) => {
    const view = await ctx.api.request(request.params.id);
    if (!view) return problem(reply, 404, 'MJ_ERR_NOT_FOUND', `no request ${request.params.id}`);
    const messages = (await deps.readMessages(view.request.requester.address.conversationId)).map((m) => m.value);
    return {
      id: view.request.id,
      status: view.request.status,
      text: view.request.text,
      summary: view.request.summary ?? null,
      createdAt: view.request.createdAt,
      plan: view.request.plan,
      groups: view.groups.map((g) => ({ id: g.groupId, status: g.status, actions: g.actions })),
      questions: view.questions,
      reports: view.reports,
      // Always there, so clients need not tell "no model was asked" from "not reported".
      usage: view.usage ?? NO_USAGE,
      messages: messages.filter((m) => !('requestId' in m) || m.requestId === undefined || m.requestId === view.request.id),
    };
  });

  app.get('/api/questions', async (request, reply) => {
    const query = z.object({ status: z.string().optional() }).safeParse(request.query);
    if (!query.success) return invalid(reply, query.error);
    const status = (query.data.status ?? 'open').split(',') as never;
    return { questions: await ctx.api.questions({ status }) };
  });

  app.post<{ Params: { id: string } }>('/api/questions/:id/answer', async (request, reply) => {
    const body = answerBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const outcome = await ctx.api.answer(request.params.id, body.data.answer);
    if (outcome.kind === 'rejected') return problem(reply, statusFor(outcome.code), outcome.code, outcome.reason);
    return reply.code(202).send(outcome);
  });

  app.get('/api/scheduled', async (request, reply) => {
    const query = z.object({ status: z.enum(['pending', 'fired', 'cancelled']).optional() }).safeParse(request.query);
    if (!query.success) return invalid(reply, query.error);
    const jobs = await ctx.api.scheduled({ status: query.data.status ?? 'pending' });
    return { scheduled: jobs.map((j) => ({ ...j, at: j.at.toISOString(), ...(j.firedAt ? { firedAt: j.firedAt.toISOString() } : {}) })) };
  });

  app.post<{ Params: { id: string } }>('/api/scheduled/:id/cancel', async (request, reply) => {
    if (!(await ctx.api.cancelScheduled(request.params.id))) return problem(reply, 404, 'MJ_ERR_NOT_FOUND', `nothing pending is scheduled as ${request.params.id}`);
    return { cancelled: request.params.id };
  });

  app.get<{ Params: { id: string } }>('/api/conversations/:id/messages', async (request, reply) => {
    const id = conversationId.safeParse(request.params.id);
    if (!id.success) return invalid(reply, id.error);
    return { messages: (await deps.readMessages(id.data)).map((m) => m.value) };
  });
}
