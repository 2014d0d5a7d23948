import { describe, expect, it } from 'vitest';
import { createHttp } from './index.js';
import { mountOf, type HttpMount } from './mount.js';

const mount = (prefix: string): HttpMount => ({ prefix, plugin: async () => {}, authenticate: () => false });

describe('routes mounted on the HTTP channel', () => {
  it('own the URLs under their prefix, and only those', () => {
    const mounts = [mount('/dashboard')];
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/requests?x=1', '/dashboard?x=1']) expect(mountOf(mounts, url), url).toBe(mounts[0]);
    for (const url of ['/dashboardx', '/api/requests', '//dashboard', '/Dashboard', '/x/dashboard', '/healthz']) expect(mountOf(mounts, url), url).toBeUndefined();
  });

  it('need a free, one-segment prefix that is not the API', () => {
    const http = createHttp({ port: 0, host: '127.0.0.1', token: 't' }, 4000);
    http.mount(mount('/dashboard'));
    for (const prefix of ['/dashboard', '/api', '/healthz', 'dashboard', '/a/b', '/', '/Dash', '/x?y']) {
      expect(() => http.mount(mount(prefix)), prefix).toThrow(expect.objectContaining({ code: 'MJ_ERR_PLUGIN_MOUNT' }));
    }
  });
});
