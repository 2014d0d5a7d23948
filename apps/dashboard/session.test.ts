import { describe, expect, it } from 'vitest';
import { localPath, withNotice } from './security.js';
import { clearedSessionCookie, sameSecret, sessionCookie, sessionIdOf, Sessions } from './session.js';

describe('dashboard sessions', () => {
  it('gives each login a random id and form token, and forgets it when it expires or on logout', () => {
    let now = 1_000;
    const sessions = new Sessions({ ttlMs: 60_000, clock: () => now });
    const a = sessions.create();
    const b = sessions.create();
    expect(a.id).not.toBe(b.id);
    expect(a.csrf).not.toBe(a.id);
    expect(a.id.length).toBeGreaterThanOrEqual(43);
    expect(sessions.get(a.id)).toBe(a);
    expect(sessions.get('forged')).toBeUndefined();
    expect(sessions.get(undefined)).toBeUndefined();
    sessions.delete(b.id);
    expect(sessions.get(b.id)).toBeUndefined();
    now += 60_000;
    expect(sessions.get(a.id)).toBeUndefined();
  });

  it('keeps at most so many sessions, forgetting the oldest', () => {
    const sessions = new Sessions({ ttlMs: 60_000, max: 2 });
    const [a, b, c] = [sessions.create(), sessions.create(), sessions.create()];
    expect(sessions.get(a.id)).toBeUndefined();
    expect(sessions.get(b.id)).toBe(b);
    expect(sessions.get(c.id)).toBe(c);
  });

  it('sets an HttpOnly, Secure, SameSite=Strict cookie scoped to the dashboard, and reads it back', () => {
    const sessions = new Sessions({ ttlMs: 3_600_000 });
    const s = sessions.create();
    const cookie = sessionCookie(s, sessions.ttlMs);
    expect(cookie).toMatch(/^majordomo_session=[\w-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/dashboard');
    expect(cookie).toContain('Max-Age=3600');
    expect(sessionIdOf(`other=1; ${cookie.split(';')[0]}`)).toBe(s.id);
    expect(sessionIdOf(undefined)).toBeUndefined();
    expect(clearedSessionCookie()).toContain('Max-Age=0');
    expect(sameSecret(s.csrf, s.csrf)).toBe(true);
    expect(sameSecret(`${s.csrf}x`, s.csrf)).toBe(false);
    expect(sameSecret(undefined, s.csrf)).toBe(false);
  });
});

describe('where forms may send the browser', () => {
  it('only to pages of the dashboard', () => {
    expect(localPath('/dashboard/questions', '/f')).toBe('/dashboard/questions');
    expect(localPath('/dashboard/requests/r-1?notice=x', '/f')).toBe('/dashboard/requests/r-1?notice=x');
    for (const bad of ['https://evil.example/dashboard', '//evil.example/dashboard', '/dashboard/../api/requests', '/dashboardx', '/\\evil.example', '/dashboard\\..\\x', '/dashboard/login', '/dashboard/events?view=health', '/api/requests', 'javascript:alert(1)', 42, undefined]) {
      expect(localPath(bad, '/f'), String(bad)).toBe('/f');
    }
    expect(withNotice('/dashboard/agents?notice=old&x=1', 'stopping')).toBe('/dashboard/agents?notice=stopping&x=1');
  });
});
