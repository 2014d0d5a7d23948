import { readFileSync } from 'node:fs';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken, tokenMatches } from '../../channels/http/auth.js';
import type { AdminApi } from '../../core/api.js';
import type { RequestStatus } from '../../core/events.js';
import type { Logger } from '../../core/util/logger.js';
import { html, type Html } from './html.js';
import { NOTICES, page, type Notice, type PageOptions } from './layout.js';
import type { LiveHub, LiveView } from './live.js';
import type { QueueBoard } from './queues.js';
import { localPath, sameOrigin, SECURITY_HEADERS, withNotice } from './security.js';
import { clearedSessionCookie, sameSecret, sessionCookie, sessionIdOf, type Session, type Sessions } from './session.js';
import { agentsPage, agentsView } from './views/agents.js';
import { scheduledPage, scheduledView } from './views/scheduled.js';
import type { ViewContext } from './views/context.js';
import { healthPage, healthView } from './views/health.js';
import { historyPage } from './views/history.js';
import { loginPage } from './views/login.js';
import { questionsPage, questionsView } from './views/questions.js';
import { queuesPage, queuesView } from './views/queues.js';
import { graphGroups, requestPage, requestView } from './views/request.js';
import { REQUEST_STATUSES, requestsPage, requestsView } from './views/requests.js';
import { dependencyGraph } from './graph.js';

/** Files the pages load; they hold no data, so the login page may load them too. */
export const ASSETS: Readonly<Record<string, { type: string; body: string }>> = {
  '/dashboard/assets/dashboard.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('./assets/dashboard.css', import.meta.url), 'utf8') },
  '/dashboard/assets/dashboard.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('./assets/dashboard.js', import.meta.url), 'utf8') },
};

export interface RouteDeps {
  api: AdminApi;
  token: string;
  timeZone: string;
  sessions: Sessions;
  hub: LiveHub;
  board: QueueBoard | undefined;
  logger: Logger;
  clock: () => Date;
}

const statusList = z
  .string()
  .optional()
  .transform((raw, ctx): RequestStatus[] | undefined => {
    const values = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (values.length === 0) return undefined;
    const bad = values.filter((v) => !(REQUEST_STATUSES as readonly string[]).includes(v));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown status ${bad.join(', ')}; use ${REQUEST_STATUSES.join(', ')}` });
      return z.NEVER;
    }
    return values as RequestStatus[];
  });
const notice = z.enum(Object.keys(NOTICES) as [Notice, ...Notice[]]).optional().catch(undefined);
const id = z.string().min(1).max(300);
const pageQuery = z.object({ notice });
const requestsQuery = z.object({ notice, status: statusList });
const historyQuery = z.object({ q: z.string().max(200).optional(), status: statusList, offset: z.coerce.number().int().min(0).max(1_000_000).optional() });
const eventsQuery = z.object({ view: z.enum(['requests', 'request', 'questions', 'agents', 'scheduled', 'health', 'queues']), id: id.optional(), status: statusList });
const loginBody = z.object({ token: z.string().max(4096).optional(), next: z.string().max(2000).optional() });
const formBody = z.object({ _csrf: z.string().max(200).optional(), back: z.string().max(2000).optional() }).loose();
const answerBody = formBody.extend({ answer: z.string().max(100_000).optional(), choice: z.string().max(1000).optional() });

export function registerDashboard(app: FastifyInstance, deps: RouteDeps): void {
  const { api, sessions, hub, logger } = deps;

  const sessionOf = (request: FastifyRequest): Session | undefined => sessions.get(sessionIdOf(request.headers.cookie));
  const byBearer = (request: FastifyRequest): boolean => tokenMatches(bearerToken(request.headers.authorization), deps.token);
  const context = (request: FastifyRequest): ViewContext => ({
    api,
    timeZone: deps.timeZone,
    now: deps.clock,
    csrf: sessionOf(request)?.csrf,
    activity: (groupId) => hub.activity(groupId),
    board: deps.board,
  });
  const options = (request: FastifyRequest, n?: Notice): Omit<PageOptions, 'title'> => {
    const csrf = sessionOf(request)?.csrf;
    return { ...(csrf ? { csrf } : {}), ...(n ? { notice: n } : {}) };
  };
  const send = (reply: FastifyReply, body: Html, status = 200) => reply.code(status).type('text/html; charset=utf-8').send(body.value);
  const problemPage = (request: FastifyRequest, reply: FastifyReply, status: number, title: string, text: string) =>
    send(reply, page({ ...options(request), title }, html`<p>${text}</p><p><a href="/dashboard/requests">Back to the requests</a></p>`), status);
  const invalid = (request: FastifyRequest, reply: FastifyReply, error: z.ZodError) => problemPage(request, reply, 400, 'Bad request', z.prettifyError(error).replace(/\n/g, ' '));

  /** A form from a session must carry the session's token; a bearer client's cannot be forged by a page. */
  const formAllowed = (request: FastifyRequest, csrf: string | undefined): boolean => {
    if (byBearer(request)) return true;
    const session = sessionOf(request);
    return session !== undefined && sameSecret(csrf, session.csrf);
  };

  void app.register(formbody, { bodyLimit: 256 * 1024 });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (!sameOrigin(request)) return problemPage(request, reply, 403, 'Refused', 'This form was sent from another site.');
  });
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
  });
  app.addHook('preClose', async () => hub.closeAll());
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) logger.error({ err: error, url: request.url }, 'dashboard error');
    return problemPage(request, reply, status, status >= 500 ? 'Something went wrong' : 'Bad request', status >= 500 ? 'The dashboard could not show this page; the log says why.' : error.message);
  });
  app.setNotFoundHandler((request, reply) => problemPage(request, reply, 404, 'Not found', 'There is no such page on the dashboard.'));

  for (const [path, asset] of Object.entries(ASSETS)) {
    app.get(path.slice('/dashboard'.length), async (_request, reply) => reply.header('cache-control', 'no-cache').type(asset.type).send(asset.body));
  }

  app.get('/', async (_request, reply) => reply.redirect('/dashboard/requests', 303));
  app.get('/login', async (_request, reply) => reply.redirect('/dashboard/requests', 303));

  app.post('/login', async (request, reply) => {
    const body = loginBody.safeParse(request.body ?? {});
    const next = localPath(body.success ? body.data.next : undefined, '/dashboard/requests');
    if (!body.success || !tokenMatches(body.data.token, deps.token)) {
      logger.warn({ ip: request.ip }, 'dashboard login with a wrong token');
      return send(reply.header('www-authenticate', 'Bearer'), loginPage(next, true), 401);
    }
    const previous = sessionIdOf(request.headers.cookie);
    if (previous) sessions.delete(previous);
    const session = sessions.create();
    return reply.header('set-cookie', sessionCookie(session, sessions.ttlMs)).redirect(next, 303);
  });

  app.post('/logout', async (request, reply) => {
    const body = formBody.safeParse(request.body ?? {});
    if (!body.success || !formAllowed(request, body.data._csrf)) return problemPage(request, reply, 403, 'Refused', 'The form was stale; reload the page and try again.');
    const session = sessionOf(request);
    if (session) sessions.delete(session.id);
    return reply.header('set-cookie', clearedSessionCookie()).redirect('/dashboard/login', 303);
  });

  app.get('/requests', async (request, reply) => {
    const query = requestsQuery.safeParse(request.query);
    if (!query.success) return invalid(request, reply, query.error);
    const status = query.data.status;
    const live = `/dashboard/events?view=requests${status ? `&status=${encodeURIComponent(status.join(','))}` : ''}`;
    return send(reply, await requestsPage(context(request), options(request, query.data.notice), status, live));
  });

  app.get<{ Params: { id: string } }>('/requests/:id', async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    if (!query.success) return invalid(request, reply, query.error);
    const view = await api.request(request.params.id);
    if (!view) return problemPage(request, reply, 404, 'Not found', `There is no request ${request.params.id}.`);
    const live = `/dashboard/events?view=request&id=${encodeURIComponent(view.request.id)}`;
    return send(reply, requestPage(context(request), options(request, query.data.notice), view, live));
  });

  app.get<{ Params: { id: string } }>('/requests/:id/graph.svg', async (request, reply) => {
    const view = await api.request(request.params.id);
    if (!view) return problemPage(request, reply, 404, 'Not found', `There is no request ${request.params.id}.`);
    const svg = dependencyGraph(graphGroups(view), { title: `Dependency graph of request ${view.request.id}` });
    return reply.type('image/svg+xml; charset=utf-8').send(`<?xml version="1.0" encoding="UTF-8"?>\n${svg.value}`);
  });

  app.get('/questions', async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    if (!query.success) return invalid(request, reply, query.error);
    return send(reply, await questionsPage(context(request), options(request, query.data.notice), '/dashboard/events?view=questions'));
  });

  app.post<{ Params: { id: string } }>('/questions/:id/answer', async (request, reply) => {
    const body = answerBody.safeParse(request.body ?? {});
    if (!body.success || !formAllowed(request, body.data._csrf)) return problemPage(request, reply, 403, 'Refused', 'The form was stale; reload the page and try again.');
    const back = localPath(body.data.back, '/dashboard/questions');
    const text = (body.data.choice ?? body.data.answer ?? '').trim();
    const refuse = async (status: number, error: string) =>
      send(reply, await questionsPage(context(request), { ...options(request), error }, '/dashboard/events?view=questions'), status);
    if (text === '') return refuse(422, 'An answer cannot be empty.');
    const outcome = await api.answer(request.params.id, text);
    if (outcome.kind === 'rejected') return refuse(outcome.code === 'MJ_ERR_CONFLICT' ? 409 : 422, `The answer was not taken: ${outcome.reason}.`);
    logger.info({ questionId: request.params.id }, 'question answered from the dashboard');
    return reply.redirect(withNotice(back, 'answered'), 303);
  });

  app.get('/agents', async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    if (!query.success) return invalid(request, reply, query.error);
    return send(reply, await agentsPage(context(request), options(request, query.data.notice), '/dashboard/events?view=agents'));
  });

  app.post<{ Params: { groupId: string } }>('/agents/:groupId/stop', async (request, reply) => {
    const body = formBody.safeParse(request.body ?? {});
    if (!body.success || !formAllowed(request, body.data._csrf)) return problemPage(request, reply, 403, 'Refused', 'The form was stale; reload the page and try again.');
    const back = localPath(body.data.back, '/dashboard/agents');
    const stopped = await api.stopGroup(request.params.groupId);
    logger.info({ groupId: request.params.groupId, stopped }, 'agent stop asked from the dashboard');
    return reply.redirect(withNotice(back, stopped ? 'stopping' : 'not-running'), 303);
  });

  app.get('/scheduled', async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    if (!query.success) return invalid(request, reply, query.error);
    return send(reply, await scheduledPage(context(request), options(request, query.data.notice), '/dashboard/events?view=scheduled'));
  });

  app.post<{ Params: { id: string } }>('/scheduled/:id/cancel', async (request, reply) => {
    const body = formBody.safeParse(request.body ?? {});
    if (!body.success || !formAllowed(request, body.data._csrf)) return problemPage(request, reply, 403, 'Refused', 'The form was stale; reload the page and try again.');
    const back = localPath(body.data.back, '/dashboard/scheduled');
    const cancelled = await api.cancelScheduled(request.params.id);
    logger.info({ id: request.params.id, cancelled }, 'scheduled job cancelled from the dashboard');
    return reply.redirect(withNotice(back, cancelled ? 'cancelled' : 'not-pending'), 303);
  });

  app.get('/history', async (request, reply) => {
    const query = historyQuery.safeParse(request.query);
    if (!query.success) return invalid(request, reply, query.error);
    const { q, status, offset } = query.data;
    const search = q?.trim();
    return send(reply, await historyPage(context(request), options(request), { ...(search ? { search } : {}), ...(status ? { status } : {}), offset: offset ?? 0 }));
  });

  app.get('/health', async (request, reply) => send(reply, await healthPage(context(request), options(request), '/dashboard/events?view=health')));

  app.get('/queues', async (request, reply) => send(reply, await queuesPage(context(request), options(request), '/dashboard/events?view=queues')));

  app.get('/events', async (request, reply) => {
    const query = eventsQuery.safeParse(request.query);
    if (!query.success) return invalid(request, reply, query.error);
    const ctx = context(request);
    const { view: name, id: requestId, status } = query.data;
    let view: LiveView;
    if (name === 'request') {
      if (!requestId) return problemPage(request, reply, 400, 'Bad request', 'view=request needs an id');
      view = requestView(ctx, requestId);
    } else if (name === 'requests') view = requestsView(ctx, status);
    else if (name === 'questions') view = questionsView(ctx);
    else if (name === 'agents') view = agentsView(ctx);
    else if (name === 'scheduled') view = scheduledView(ctx);
    else if (name === 'health') view = healthView(ctx);
    else view = queuesView(ctx);
    // Forms in the markup carry the session's token: views are shared between the streams of one session.
    hub.stream(request, reply, { ...view, key: `${request.url}|${ctx.csrf ?? ''}` }, { ...SECURITY_HEADERS }, logger);
  });

  if (deps.board) void app.register(deps.board.plugin(), { prefix: '/queues/board' });
}
