import { describe, expect, it } from 'vitest';
import { startCli, tempDir, testEnv } from '../support/cli.js';
import { cleanupAfterEach } from '../support/cleanup.js';

const TOKEN = 'cli-dashboard-token-0123456789';

describe('majordomo start serves the dashboard', () => {
  const cleanup = cleanupAfterEach();

  async function start() {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    const cli = startCli(['start'], testEnv({ MAJORDOMO_DATA_DIR: dir.path, MAJORDOMO_API_TOKEN: TOKEN, MAJORDOMO_HTTP_PORT: '0', MAJORDOMO_CONSOLE: 'false' }));
    cleanup(async () => {
      if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
      await cli.exited;
    });
    const [, port] = await cli.waitFor(/HTTP API on http:\/\/127\.0\.0\.1:(\d+)/);
    return { cli, base: `http://127.0.0.1:${port}` };
  }

  it('on the HTTP port, behind the token, with a login form; and stops on SIGTERM', async () => {
    const { cli, base } = await start();
    await cli.waitFor(new RegExp(`dashboard on ${base.replace(/\./g, '\\.')}/dashboard`));
    const refused = await fetch(`${base}/dashboard/requests`, { headers: { accept: 'text/html' } });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('action="/dashboard/login"');
    const login = await fetch(`${base}/dashboard/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${TOKEN}&next=/dashboard/health`, redirect: 'manual' });
    expect(login.status).toBe(303);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const health = await fetch(`${base}/dashboard/health`, { headers: { cookie } });
    expect(health.status).toBe(200);
    expect(await health.text()).toMatch(/data-component="http" data-state="up"/);
    cli.child.kill('SIGTERM');
    expect((await cli.exited).code).toBe(0);
  });
});
