import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

/**
 * Routes served on the HTTP channel's server next to the API (the dashboard). The channel
 * keeps the door: a request under the prefix goes in with the bearer token, or when the
 * mount's `authenticate` says so (a session cookie, the login form's own POST); every other
 * request is answered 401 before any route of the mount runs.
 */
export interface HttpMount {
  /** Where the routes live, e.g. `/dashboard`: one lower-case path segment. */
  prefix: string;
  /** Registers the routes; paths are relative to the prefix. */
  plugin: FastifyPluginAsync;
  /** Whether a request without the bearer token may go in. */
  authenticate(request: FastifyRequest): boolean | Promise<boolean>;
  /** What a refused request is shown instead of the API's JSON error (a login form). Sent with status 401. */
  unauthorized?(request: FastifyRequest): { type: string; body: string } | undefined;
}

/** The mount a URL belongs to, if any. */
export function mountOf(mounts: readonly HttpMount[], url: string): HttpMount | undefined {
  const path = url.split('?')[0]!;
  return mounts.find((m) => path === m.prefix || path.startsWith(`${m.prefix}/`));
}
