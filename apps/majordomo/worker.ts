import { join, resolve } from 'node:path';
import { Stepper } from '../../core/agent/stepper.js';
import type { Config } from '../../core/config/load.js';
import { ConfigError } from '../../core/errors.js';
import type { ChannelPlugin, PluginContext, ServicePlugin } from '../../core/plugin/plugin.js';
import type { PluginRegistry } from '../../core/plugin/registry.js';
import type { Logger } from '../../core/util/logger.js';
import { logSetup, policyOf } from './setup.js';
import { createBrain } from './brains.js';
import { bullMqSettings, distributedParts } from './distributed.js';
import { buildRegistry } from './plugins.js';
import { createBullmqScheduler } from '../../core/scheduler/bullmq/bullmq-scheduler.js';
import type { MemoryEnv } from '../../core/memory/env.js';
import { openAgentMemory } from '../../core/memory/open.js';
import { redisOptions } from '../../core/util/redis.js';

export interface Worker {
  registry: PluginRegistry;
  logger: Logger;
  logTarget: string;
  /** Where Redis is, without credentials. */
  redis: string;
  concurrency: number;
  /** Parks the running groups after their current action, then lets go of everything. */
  close(): Promise<void>;
}

/**
 * A process that runs stepper agents for groups it takes from the BullMQ queue, with the
 * service plugins, the brain, and the send side of channels that have one. It keeps no
 * store: plugin state is in Redis, checkpoints are in the jobs, outcomes go back to the
 * supervising process (`majordomo start`).
 */
export async function startWorker(config: Config, options: { concurrency?: number; logger?: Logger } = {}): Promise<Worker> {
  const settings = bullMqSettings(config, options.concurrency);
  if (!settings) throw new ConfigError('majordomo worker needs REDIS_URL: workers take their groups from Redis', ['REDIS_URL'], { hint: 'set REDIS_URL=redis://host:6379, the same as for majordomo start' });
  const dataDir = resolve(config.core.MAJORDOMO_DATA_DIR);
  const { logger, target } = options.logger ? { logger: options.logger, target: 'custom' } : logSetup(config, dataDir);
  const registry = buildRegistry(config);
  const parts = distributedParts(settings, logger, { work: true });
  // Reminders set by an agent here go on the same BullMQ queue as the supervising process's;
  // that process fires them, this one only schedules.
  const scheduler = createBullmqScheduler({ connection: redisOptions(config.core.REDIS_URL!), prefix: settings.prefix, logger: logger.child({ part: 'scheduler' }) });
  const memoryEnv = config.sections['memory'] as MemoryEnv | undefined;
  let memory: Awaited<ReturnType<typeof openAgentMemory>>;
  const context = (name: string): PluginContext => ({
    logger: logger.child({ plugin: name }),
    dataDir: join(dataDir, name),
    state: parts.pluginState(name),
    scheduler,
    ...(memory ? { memory } : {}),
  });
  const started: Array<ServicePlugin | ChannelPlugin> = [];
  const release = async () => {
    await parts.close();
    await scheduler.close();
    await memory?.store.close();
  };
  try {
    memory = memoryEnv ? await openAgentMemory(memoryEnv, dataDir, logger.child({ part: 'memory' })) : undefined;
    for (const service of registry.services()) {
      await service.start?.(context(service.name));
      started.push(service);
    }
    for (const channel of registry.channels()) {
      if (!channel.configured || !channel.startOutbound) continue;
      await channel.startOutbound(context(channel.name));
      started.push(channel);
    }
    const stepper = new Stepper({
      brain: createBrain(config, logger),
      catalog: registry.catalog(),
      policy: policyOf(config),
      timeZone: config.core.MAJORDOMO_TIMEZONE,
      logger: logger.child({ part: 'agent' }),
      ...(memory ? { lessons: memory.lessons } : {}),
    });
    await parts.dispatcher.start({ run: stepper.run });
  } catch (error) {
    await release();
    throw error;
  }
  let closed = false;
  return {
    registry,
    logger,
    logTarget: target,
    redis: parts.label,
    concurrency: settings.concurrency,
    async close() {
      if (closed) return;
      closed = true;
      await parts.dispatcher.stop();
      for (const plugin of started.reverse()) {
        await plugin.stop?.().catch((error: unknown) => logger.warn({ err: error, plugin: plugin.name }, 'plugin did not stop cleanly'));
      }
      await release();
    },
  };
}
