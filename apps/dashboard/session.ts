import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie that carries a dashboard session; scoped to the dashboard's paths. */
export const SESSION_COOKIE = 'majordomo_session';
const COOKIE_PATH = '/dashboard';

export interface Session {
  id: string;
  /** Sent back in every form: a page of another site cannot know it. */
  csrf: string;
  expiresAt: number;
}

export interface SessionOptions {
  ttlMs: number;
  /** Sessions kept at most; the oldest are forgotten first. */
  max?: number;
  clock?: () => number;
}

/**
 * Logged-in dashboard sessions, kept in memory only: the cookie holds a random id and
 * nothing else, logging out forgets it, and a restart logs everyone out.
 */
export class Sessions {
  readonly #sessions = new Map<string, Session>();
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #clock: () => number;

  constructor(options: SessionOptions) {
    this.#ttlMs = options.ttlMs;
    this.#max = options.max ?? 1000;
    this.#clock = options.clock ?? Date.now;
  }

  create(): Session {
    while (this.#sessions.size >= this.#max) this.#sessions.delete(this.#sessions.keys().next().value!);
    const session: Session = { id: randomBytes(32).toString('base64url'), csrf: randomBytes(32).toString('base64url'), expiresAt: this.#clock() + this.#ttlMs };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The live session with this id; an expired one is forgotten. */
  get(id: string | undefined): Session | undefined {
    if (!id) return undefined;
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    if (session.expiresAt <= this.#clock()) {
      this.#sessions.delete(id);
      return undefined;
    }
    return session;
  }

  delete(id: string): void {
    this.#sessions.delete(id);
  }

  get ttlMs(): number {
    return this.#ttlMs;
  }
}

/** Compares two secrets in constant time. */
export function sameSecret(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The session id in a Cookie header (`a=1; majordomo_session=…`). Ids are base64url: nothing to decode. */
export function sessionIdOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    return /^[\w-]{1,128}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * The Set-Cookie value for a session: HttpOnly (no script reads it), Secure (browsers keep
 * it on https and on 127.0.0.1/localhost), SameSite=Strict (no other site's page sends it).
 */
export function sessionCookie(session: Session, ttlMs: number): string {
  return `${SESSION_COOKIE}=${session.id}; Max-Age=${Math.floor(ttlMs / 1000)}; Path=${COOKIE_PATH}; HttpOnly; Secure; SameSite=Strict`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Max-Age=0; Path=${COOKIE_PATH}; HttpOnly; Secure; SameSite=Strict`;
}
