import { z } from 'zod';
import { isCronPattern } from '../scheduler/recurrence.js';
import { parseIsoWithOffset } from '../util/time.js';
import { NotConfiguredError } from '../errors.js';
import type { ActionResult } from '../types.js';

/** An instant as ISO-8601 text with an offset, such as `2026-11-22T08:00:00+01:00`. */
export function isoInstant(description: string, entity: string = 'datetime') {
  return z
    .string()
    .refine((s) => parseIsoWithOffset(s) !== undefined, { message: 'expected an ISO-8601 time with an offset, like 2026-11-22T08:00:00+01:00' })
    .describe(description)
    .meta({ entity });
}

/** How often something comes round: a cron pattern of five fields, read in the assistant's time zone. */
export function cronPattern(description: string) {
  return z
    .string()
    .refine(isCronPattern, { message: 'expected a cron pattern of five fields (minute hour day-of-month month day-of-week), like "0 8 * * 1" for 08:00 every Monday' })
    .describe(description)
    .meta({ entity: 'recurrence' });
}

/** The failure of a method whose plugin has no configuration on this install. */
export function notConfigured(plugin: string, variables: readonly string[]): ActionResult {
  const error = new NotConfiguredError(plugin, variables);
  return { ok: false, retryable: false, error: { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) } };
}
