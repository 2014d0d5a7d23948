import { isAbsolute, join } from 'node:path';
import { pino } from 'pino';
import type { AgentPolicy } from '../../core/agent/policy.js';
import type { Config } from '../../core/config/load.js';
import { createLogger, type Logger } from '../../core/util/logger.js';

/** What the agents' policy is in this configuration. */
export function policyOf(config: Config): AgentPolicy {
  const c = config.core;
  return Object.freeze({
    maxRetries: c.MAJORDOMO_MAX_RETRIES,
    retryBaseMs: c.MAJORDOMO_RETRY_BASE_MS,
    actionTimeoutMs: c.MAJORDOMO_ACTION_TIMEOUT_MS,
    confidenceThreshold: c.MAJORDOMO_CONFIDENCE,
    confirmOutside: c.MAJORDOMO_CONFIRM_OUTSIDE,
    confirmTargets: new Set(c.MAJORDOMO_CONFIRM),
  });
}

/** The logger of a process, and where it writes. */
export function logSetup(config: Config, dataDir: string): { logger: Logger; target: string } {
  const file = config.core.MAJORDOMO_LOG_FILE;
  if (file === '-') return { logger: createLogger({ level: config.core.MAJORDOMO_LOG_LEVEL }), target: 'stderr' };
  const path = isAbsolute(file) ? file : join(dataDir, file);
  return {
    logger: createLogger({ level: config.core.MAJORDOMO_LOG_LEVEL, destination: pino.destination({ dest: path, mkdir: true, sync: false }) }),
    target: path,
  };
}

