import type { FastifyRequest } from 'fastify';

/**
 * Pages load scripts and styles from the dashboard only, and nothing at all from elsewhere:
 * an injected tag could neither run nor phone home.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
});

/**
 * Whether a state-changing request comes from a dashboard page rather than another site's:
 * the browser's own `Sec-Fetch-Site` when it sends one, else the `Origin` against the host.
 * Scripts (curl with the bearer token) send neither and pass.
 */
export function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * A path under the dashboard to go to after a form, or `fallback`: never another site, never
 * outside the dashboard (an open redirect would make the login form a phishing tool).
 */
export function localPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/dashboard') || value.startsWith('//') || value.includes('\\')) return fallback;
  try {
    const url = new URL(value, 'http://dashboard.invalid');
    if (url.origin !== 'http://dashboard.invalid' || !(url.pathname === '/dashboard' || url.pathname.startsWith('/dashboard/'))) return fallback;
    if (url.pathname === '/dashboard/login' || url.pathname === '/dashboard/logout' || url.pathname.startsWith('/dashboard/events')) return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}

/** `path` with `notice` set in its query. */
export function withNotice(path: string, notice: string): string {
  const url = new URL(path, 'http://dashboard.invalid');
  url.searchParams.set('notice', notice);
  return `${url.pathname}${url.search}`;
}
