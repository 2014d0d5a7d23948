import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import { runCli, startCli, tempDir, testEnv } from '../support/cli.js';
import { cleanupAfterEach } from '../support/cleanup.js';

const AREAS = ['garage', 'kitchen', 'office', 'bedroom', 'bathroom', 'hallway'];
const REQUEST = `${AREAS.map((a, i) => `${i === 0 ? 'toggle' : 'then toggle'} the ${a} light`).join(', ')}, then email me.`;

describe('a process killed in the middle of a group', () => {
  const cleanup = cleanupAfterEach();

  it('finishes the group after restarts, running every action exactly once', async () => {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    // Slow bulbs, so that kills land inside actions as well as between them.
    const env = testEnv({ MAJORDOMO_DATA_DIR: dir.path, LIGHTS_LATENCY_MS: '400' });

    const first = startCli(['start'], env);
    first.write(REQUEST);
    await first.waitFor(/On it: 7 actions/);
    // Between actions: right after the kitchen light is reported done.
    await first.waitFor(/✓ The kitchen light is/);
    first.child.kill('SIGKILL');
    await first.exited;

    // Inside an action: while the office bulb is answering.
    const second = startCli(['start'], env);
    await second.waitFor(/resuming|… |✓/, 20_000).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 150));
    second.child.kill('SIGKILL');
    await second.exited;

    // Again at another point, then let it finish.
    const third = startCli(['start'], env);
    await new Promise((r) => setTimeout(r, 900));
    third.child.kill('SIGKILL');
    await third.exited;

    const last = await runCli(['start'], env, '', 60_000);
    expect(last.code, last.stderr).toBe(0);

    const store = openSqliteStore({ path: join(dir.path, 'majordomo.db') });
    cleanup(() => store.close());
    const [request] = await store.listRequests();
    expect(request?.status).toBe('done');
    const [group] = await store.listCheckpoints({ requestId: request!.id });
    expect(group?.status).toBe('done');
    expect(group!.actions.map((a) => a.status)).toEqual(Array(7).fill('done'));

    // Each light changed exactly once, whatever the kills interrupted.
    const lights = store.pluginState('lights');
    for (const area of AREAS) {
      const light = await lights.get<{ changes: number }>(`light:${area}`);
      expect(light?.changes, area).toBe(1);
    }
    // One email, written after the last light.
    expect(await readdir(join(dir.path, 'outbox'))).toHaveLength(1);
    const reports = await store.listReports(request!.id);
    expect(reports).toHaveLength(1);
  }, 120_000);
});
