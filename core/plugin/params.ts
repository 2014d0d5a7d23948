import { z } from 'zod';
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

/** The failure of a method whose plugin has no configuration on this install. */
export function notConfigured(plugin: string, variables: readonly string[]): ActionResult {
  const error = new NotConfiguredError(plugin, variables);
  return { ok: false, retryable: false, error: { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) } };
}
