import { z } from 'zod';
import type { Brain } from '../../core/brain/brain.js';
import { createLlmBrain } from '../../core/brain/llm/llm-brain.js';
import { createModelClient } from '../../core/brain/llm/model-client.js';
import { createRuleFirstBrain } from '../../core/brain/llm/rule-first.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import { envEnum, envInt, envNumber, envOptional, envUrl } from '../../core/config/env.js';
import type { Config, EnvSection } from '../../core/config/load.js';
import { homePlace } from '../../core/config/schema.js';
import { silentLogger, type Logger } from '../../core/util/logger.js';

const OPENAI_URL = 'https://api.openai.com/v1';

/** "0.2", or "server" to send none and leave it to the server. */
function envTemperature(description: string, fallback: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): number | undefined => {
      const value = raw === undefined || raw.trim() === '' ? fallback : raw.trim().toLowerCase();
      if (value === 'server') return undefined;
      const n = Number(value);
      if (Number.isFinite(n) && n >= 0 && n <= 2) return n;
      ctx.addIssue({ code: 'custom', message: `expected a number from 0 to 2, or "server", got "${raw}"` });
      return z.NEVER;
    })
    .meta({ description, default: fallback });
}

/**
 * The brain's variables. The rule brain is the default on purpose: it needs nothing, and a
 * request goes to a model only when someone chose so (an OPENAI_API_KEY set for another tool
 * must not start sending what people write to a service).
 */
export const brainEnv = z
  .object({
    MAJORDOMO_BRAIN: envEnum('rule (offline, no model), llm (a model plans everything) or rule-first (the rule brain where it is sure, the model otherwise)', ['rule', 'llm', 'rule-first'], 'rule'),
    OPENAI_BASE_URL: envUrl('OpenAI-compatible endpoint of the model: OpenAI, or a local server (Ollama, vLLM, llama.cpp, LM Studio)', ['http', 'https'], OPENAI_URL),
    OPENAI_API_KEY: envOptional('Key of the model endpoint; local servers need none', { secret: true }),
    MAJORDOMO_LLM_MODEL: envOptional('Model name, e.g. gpt-4o-mini or qwen2.5:7b-instruct; needed by the llm and rule-first brains'),
    MAJORDOMO_LLM_TIMEOUT_MS: envInt('Longest one model call may take', 30_000, { min: 100, max: 600_000 }),
    MAJORDOMO_LLM_RETRIES: envInt('Attempts after the first when the model endpoint is rate limited, fails or times out', 2, { min: 0, max: 10 }),
    MAJORDOMO_LLM_RETRY_BASE_MS: envInt('First wait before a model call is tried again, unless the endpoint says how long (Retry-After); each next one doubles', 500, { min: 0, max: 60_000 }),
    MAJORDOMO_LLM_TEMPERATURE: envTemperature('Sampling temperature of model calls; "server" sends none (for models that take only their default)', '0'),
    MAJORDOMO_RULE_CONFIDENCE: envNumber('rule-first: how sure the rule brain must be of every action for its plan to be used without asking the model (0..1)', 0.8, { min: 0, max: 1 }),
  })
  .superRefine((env, ctx) => {
    if (env.MAJORDOMO_BRAIN === 'rule') return;
    if (env.MAJORDOMO_LLM_MODEL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['MAJORDOMO_LLM_MODEL'], message: `the ${env.MAJORDOMO_BRAIN} brain needs a model name` });
    }
    if (env.OPENAI_API_KEY === undefined && new URL(env.OPENAI_BASE_URL!).hostname === new URL(OPENAI_URL).hostname) {
      ctx.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'api.openai.com needs a key; set OPENAI_BASE_URL for a local server' });
    }
  });

export type BrainEnv = z.output<typeof brainEnv>;

export const brainSection: EnvSection = { name: 'brain', env: brainEnv };

/** The brain this configuration asks for; the rule brain when it names none. */
export function createBrain(config: Config, logger: Logger = silentLogger): Brain {
  const env = config.sections['brain'] as BrainEnv | undefined;
  const home = homePlace(config.core);
  const place = home ? { place: home } : {};
  if (!env || env.MAJORDOMO_BRAIN === 'rule') return createRuleBrain(place);
  const client = createModelClient({
    baseURL: env.OPENAI_BASE_URL!,
    ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
    model: env.MAJORDOMO_LLM_MODEL!,
    timeoutMs: env.MAJORDOMO_LLM_TIMEOUT_MS,
    retries: env.MAJORDOMO_LLM_RETRIES,
    retryBaseMs: env.MAJORDOMO_LLM_RETRY_BASE_MS,
    ...(env.MAJORDOMO_LLM_TEMPERATURE === undefined ? {} : { temperature: env.MAJORDOMO_LLM_TEMPERATURE }),
    logger,
  });
  const brainLogger = logger.child({ part: 'brain' });
  if (env.MAJORDOMO_BRAIN === 'llm') return createLlmBrain({ client, logger: brainLogger, ...place });
  return createRuleFirstBrain({
    rule: createRuleBrain(place),
    model: createLlmBrain({ client, logger: brainLogger, unreachable: 'throw', ...place }),
    minConfidence: env.MAJORDOMO_RULE_CONFIDENCE,
    logger: brainLogger,
  });
}
