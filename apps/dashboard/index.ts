import type { FastifyRequest } from 'fastify';
import type { HttpMount } from '../../channels/http/mount.js';
import type { AdminApi } from '../../core/api.js';
import type { EngineEvents, TypedEmitter } from '../../core/events.js';
import type { Logger } from '../../core/util/logger.js';
import { LiveHub } from './live.js';
import { QueueBoard, type QueueSource } from './queues.js';
import { ASSETS, registerDashboard } from './routes.js';
import { localPath } from './security.js';
import { Sessions, sessionIdOf } from './session.js';
import { loginPage } from './views/login.js';

export { dashboardEnv } from './env.js';

export interface DashboardDeps {
  api: AdminApi;
  events: TypedEmitter<EngineEvents>;
  /** The dispatcher: its BullMQ queues, when it has them, get a board. */
  dispatcher: QueueSource;
  /** The API token: the password of the login form, and a way in for scripts. */
  token: string;
  timeZone: string;
  sessionTtlMs: number;
  logger: Logger;
  clock?: () => Date;
}

export const DASHBOARD_PREFIX = '/dashboard';

function isPublic(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  if (request.method === 'POST') return path === '/dashboard/login';
  return (request.method === 'GET' || request.method === 'HEAD') && path in ASSETS;
}

/** Browsers navigating get the login form; scripts and event streams get the API's JSON 401. */
function wantsPage(request: FastifyRequest): boolean {
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

/**
 * The admin dashboard, served by the HTTP channel under `/dashboard`: requests live, each
 * request's timeline and dependency graph, pending questions with answer forms, agents with
 * a stop button, history with search, health, and the queues (bull-board in distributed
 * mode). A login form trades the API token for a session cookie; the token in an
 * `Authorization` header works too.
 */
export function createDashboard(deps: DashboardDeps): HttpMount {
  const clock = deps.clock ?? (() => new Date());
  const sessions = new Sessions({ ttlMs: deps.sessionTtlMs, clock: () => clock().getTime() });
  const hub = new LiveHub(deps.events, clock);
  const logger = deps.logger.child({ part: 'dashboard' });
  const board = QueueBoard.of(deps.dispatcher, logger);
  return {
    prefix: DASHBOARD_PREFIX,
    authenticate: (request) => isPublic(request) || sessions.get(sessionIdOf(request.headers.cookie)) !== undefined,
    unauthorized: (request) => (wantsPage(request) ? { type: 'text/html; charset=utf-8', body: loginPage(localPath(request.url, '/dashboard/requests'), false).value } : undefined),
    plugin: async (app) => registerDashboard(app, { api: deps.api, token: deps.token, timeZone: deps.timeZone, sessions, hub, board, logger, clock }),
  };
}
