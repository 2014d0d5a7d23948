import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createAssistant } from '../../apps/majordomo/assistant.js';
import { buildRegistry, envSections } from '../../apps/majordomo/plugins.js';
import { createConsole } from '../../channels/console/index.js';
import { loadConfig } from '../../core/config/load.js';
import type { PluginContext, ServicePlugin } from '../../core/plugin/plugin.js';
import type { Scheduler } from '../../core/scheduler/scheduler.js';
import type { Logger } from '../../core/util/logger.js';
import { eventually } from '../support/eventually.js';
import { tempDir } from '../support/cli.js';
import { cleanupAfterEach } from '../support/cleanup.js';

describe('a routine that lets some of its times pass ("15 minutes before every team meeting", one meeting taken off)', () => {
  const cleanup = cleanupAfterEach();

  it('delivers nothing at those times, and keeps to its pattern after them', async () => {
    const dir = await tempDir();
    cleanup(() => dir.cleanup());
    const config = loadConfig({ MAJORDOMO_DATA_DIR: dir.path, MAJORDOMO_TIMEZONE: 'UTC', MAJORDOMO_LOG_LEVEL: 'warn' }, envSections());
    // What the engine did at each time the routine fell due, in order.
    const seen: string[] = [];
    const logger: Logger = {
      debug: () => {},
      info: (obj, msg) => {
        if (msg === 'routine passed over: a time it lets pass') seen.push(`passed ${(obj as { at: string }).at}`);
      },
      warn: () => {},
      error: () => {},
      child: () => logger,
    };
    // The calendar as it is, its scheduler kept for the test.
    const real = buildRegistry(config).services().find((s) => s.name === 'calendar')!;
    let scheduler: Scheduler | undefined;
    const calendar: ServicePlugin = {
      ...real,
      async start(ctx: PluginContext) {
        scheduler = ctx.scheduler;
        await real.start?.(ctx);
      },
    };
    const output = new PassThrough();
    output.resume();
    const terminal = createConsole({ input: new PassThrough(), output, interactive: false });
    const a = await createAssistant(config, { logger, overrides: { console: terminal, calendar } });
    cleanup(() => a.close());
    await a.engine.start();
    a.engine.events.on('reminder.fired', (e) => seen.push(`delivered ${e.text}`));

    // Every second; the 2nd, 3rd and 4th whole seconds from now let pass.
    const second = Math.ceil(Date.now() / 1000) * 1000;
    const except = [2, 3, 4].map((s) => new Date(second + s * 1000).toISOString());
    await scheduler!.schedule({
      id: 'stretch',
      kind: 'routine',
      at: new Date(),
      text: 'stretch',
      deliverTo: { channel: 'console', conversationId: 'console', userId: 'local' },
      repeat: { cron: '* * * * * *', timeZone: 'UTC' },
      except,
    });
    // Until it delivered again after the times it let pass.
    await eventually(() => {
      const last = seen.findLastIndex((s) => s.startsWith('passed'));
      return last >= 0 && seen.slice(last + 1).includes('delivered stretch');
    }, `a delivery after the times let pass (seen: ${seen.join('; ')})`, 15_000);
    await scheduler!.cancel('stretch');

    const passed = seen.filter((s) => s.startsWith('passed')).map((s) => s.slice('passed '.length));
    // Only those times were passed over, and nothing was delivered between them.
    for (const at of passed) expect(except).toContain(at);
    const first = seen.findIndex((s) => s.startsWith('passed'));
    const last = seen.findLastIndex((s) => s.startsWith('passed'));
    expect(seen.slice(first, last + 1).every((s) => s.startsWith('passed'))).toBe(true);
    expect(seen.slice(last + 1)[0]).toBe('delivered stretch');
  });
});
