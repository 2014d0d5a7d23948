import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Brain } from '../../core/brain/brain.js';
import type { Config } from '../../core/config/load.js';
import { createInProcessDispatcher } from '../../core/dispatch/in-process.js';
import { Engine } from '../../core/engine.js';
import type { Plugin } from '../../core/plugin/plugin.js';
import type { PluginRegistry } from '../../core/plugin/registry.js';
import { openSqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import type { Store } from '../../core/store/store.js';
import type { Logger } from '../../core/util/logger.js';
import type { AgentMemory } from '../../core/memory/agent-memory.js';
import type { MemoryEnv } from '../../core/memory/env.js';
import { forget } from '../../core/memory/forgetting.js';
import { forgettingOf, openAgentMemory } from '../../core/memory/open.js';
import { mountDashboard } from '../dashboard/wire.js';
import { createBrain } from './brains.js';
import { bullMqSettings, distributedParts } from './distributed.js';
import { acquireLock } from './lock.js';
import { logSetup, policyOf } from './setup.js';
import { buildRegistry } from './plugins.js';
import { createScheduling } from './scheduling.js';

export interface Assistant {
  engine: Engine;
  registry: PluginRegistry;
  store: Store;
  /** Long-term memory; undefined when MAJORDOMO_MEMORY is off. */
  memory: AgentMemory | undefined;
  logger: Logger;
  dataDir: string;
  /** Where the log goes, for telling the person who started it. */
  logTarget: string;
  /** Stops everything, closes the store and releases the data directory. */
  close(): Promise<void>;
}

export { logSetup, policyOf };

export interface AssistantOptions {
  /** Plugins to use instead of the built-in ones of the same name (a console on this terminal). */
  overrides?: Record<string, Plugin>;
  logger?: Logger;
  clock?: () => Date;
  /** A brain to use instead of the one the configuration names. */
  brain?: Brain;
}

/**
 * The composition root: configuration → store, plugins, brain, dispatcher → engine. The
 * embedded defaults need nothing but a writable data directory.
 */
export async function createAssistant(config: Config, options: AssistantOptions = {}): Promise<Assistant> {
  const dataDir = resolve(config.core.MAJORDOMO_DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const release = await acquireLock(dataDir);
  let memory: AgentMemory | undefined;
  try {
    const { logger, target } = options.logger ? { logger: options.logger, target: 'custom' } : logSetup(config, dataDir);
    for (const name of config.unknown) logger.warn({ variable: name }, 'variable is set but nothing reads it; a typo?');
    const store = openSqliteStore({ path: join(dataDir, 'majordomo.db'), logger, ...(options.clock ? { clock: options.clock } : {}) });
    const { scheduler, rateLimiter, maxQueued, close: closeScheduling } = createScheduling(config, store.scheduled, logger, options.clock);
    const memoryEnv = config.sections['memory'] as MemoryEnv | undefined;
    memory = memoryEnv ? await openAgentMemory(memoryEnv, dataDir, logger.child({ part: 'memory' }), options.clock) : undefined;
    const registry = buildRegistry(config, options.overrides);
    const settings = bullMqSettings(config);
    const distributed = settings ? distributedParts(settings, logger, { store, work: config.core.MAJORDOMO_LOCAL_WORKER }) : undefined;
    const dispatcher = distributed?.dispatcher ?? createInProcessDispatcher({ store, concurrency: config.core.MAJORDOMO_CONCURRENCY, logger: logger.child({ part: 'dispatcher' }) });
    const engine = new Engine({
      registry,
      store,
      brain: options.brain ?? createBrain(config, logger),
      dispatcher,
      scheduler,
      ...(rateLimiter ? { rateLimiter } : {}),
      maxQueued,
      policy: policyOf(config),
      dataDir,
      timeZone: config.core.MAJORDOMO_TIMEZONE,
      maxMessageChars: config.core.MAJORDOMO_MAX_MESSAGE_CHARS,
      maxRedispatch: config.core.MAJORDOMO_MAX_REDISPATCH,
      questionTtlMs: config.core.MAJORDOMO_QUESTION_TTL_HOURS * 3_600_000,
      logger,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(distributed ? { pluginState: distributed.pluginState } : {}),
      ...(memory ? { memory } : {}),
    });
    mountDashboard(engine, config, logger);
    const forgetting = memory && memoryEnv ? keepForgetting(memory, memoryEnv, logger, options.clock) : undefined;
    let closed = false;
    return {
      engine,
      registry,
      store,
      memory,
      logger,
      dataDir,
      logTarget: target,
      async close() {
        if (closed) return;
        closed = true;
        try {
          clearInterval(forgetting);
          await engine.stop();
          await distributed?.close();
          await closeScheduling();
          await store.close();
          await memory?.store.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await memory?.store.close();
    await release();
    throw error;
  }
}

/** Forgets what the limits say, once at start and then every hour. */
function keepForgetting(memory: AgentMemory, env: MemoryEnv, logger: Logger, clock: (() => Date) | undefined): NodeJS.Timeout {
  const policy = forgettingOf(env);
  const round = () => {
    forget(memory.store, policy, clock?.() ?? new Date())
      .then((forgotten) => {
        const total = Object.values(forgotten).reduce((a, b) => a + b, 0);
        if (total > 0) logger.info({ forgotten }, 'forgot memories past their limits');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'could not forget old memories'));
  };
  round();
  const timer = setInterval(round, 3_600_000);
  timer.unref();
  return timer;
}
