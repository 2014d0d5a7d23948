import { z } from 'zod';

/**
 * zod schemas for environment variables: they take the raw string (or nothing) and give
 * typed values, with messages that say what was expected. Each carries a description,
 * used for the configuration table of the README and `majordomo config`.
 */

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

export function envBool(description: string, fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const v = raw.trim().toLowerCase();
      if (TRUE.has(v)) return true;
      if (FALSE.has(v)) return false;
      ctx.addIssue({ code: 'custom', message: `expected true or false, got "${raw}"` });
      return z.NEVER;
    })
    .meta({ description, default: String(fallback) });
}

export function envInt(description: string, fallback: number, range: { min?: number; max?: number } = {}) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const n = Number(raw.trim());
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number, got "${raw}"` });
        return z.NEVER;
      }
      if ((range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max)) {
        ctx.addIssue({ code: 'custom', message: `expected a number from ${range.min ?? '-∞'} to ${range.max ?? '∞'}, got ${n}` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ description, default: String(fallback) });
}

/** A number within `range` read from a variable's text, or an issue saying what was expected. */
function numberIn(raw: string, range: { min?: number; max?: number }, ctx: z.RefinementCtx): number {
  const n = Number(raw.trim());
  if (!Number.isFinite(n) || (range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max)) {
    ctx.addIssue({ code: 'custom', message: `expected a number from ${range.min ?? '-∞'} to ${range.max ?? '∞'}, got "${raw}"` });
    return z.NEVER;
  }
  return n;
}

export function envNumber(description: string, fallback: number, range: { min?: number; max?: number } = {}) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => (raw === undefined || raw.trim() === '' ? fallback : numberIn(raw, range, ctx)))
    .meta({ description, default: String(fallback) });
}

/** A number that may be absent. */
export function envOptionalNumber(description: string, range: { min?: number; max?: number } = {}) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): number | undefined => (raw === undefined || raw.trim() === '' ? undefined : numberIn(raw, range, ctx)))
    .meta({ description });
}

/** A string with a default. */
export function envString(description: string, fallback: string) {
  return z
    .string()
    .optional()
    .transform((raw): string => (raw === undefined || raw.trim() === '' ? fallback : raw.trim()))
    .meta({ description, default: fallback });
}

/** A string that may be absent; secrets are masked wherever configuration is shown. */
export function envOptional(description: string, options: { secret?: boolean } = {}) {
  return z
    .string()
    .optional()
    .transform((raw): string | undefined => (raw === undefined || raw.trim() === '' ? undefined : raw.trim()))
    .meta({ description, secret: options.secret ?? false });
}

/** One of a few words. */
export function envEnum<const T extends readonly [string, ...string[]]>(description: string, values: T, fallback: T[number]) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T[number] => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const v = raw.trim().toLowerCase();
      if ((values as readonly string[]).includes(v)) return v as T[number];
      ctx.addIssue({ code: 'custom', message: `expected one of ${values.join(', ')}, got "${raw}"` });
      return z.NEVER;
    })
    .meta({ description, default: fallback });
}

/** A comma-separated list; spaces around items are dropped. */
export function envList(description: string, fallback: string[] = []) {
  return z
    .string()
    .optional()
    .transform((raw) =>
      raw === undefined || raw.trim() === ''
        ? fallback
        : raw
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s.length > 0),
    )
    .meta({ description, default: fallback.join(',') });
}

/** A URL with one of the given schemes; optional when `fallback` is undefined. */
export function envUrl(description: string, schemes: string[], fallback?: string, options: { secret?: boolean } = {}) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw === undefined || raw.trim() === '' ? fallback : raw.trim();
      if (value === undefined) return undefined;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected a URL' });
        return z.NEVER;
      }
      if (!schemes.includes(url.protocol.replace(/:$/, ''))) {
        ctx.addIssue({ code: 'custom', message: `expected a ${schemes.join(' or ')} URL, got ${url.protocol}` });
        return z.NEVER;
      }
      return value;
    })
    .meta({ description, default: fallback, secret: options.secret ?? false });
}

/** An IANA time zone such as Europe/Paris; `label` describes the default where it is documented. */
export function envTimeZone(description: string, fallback: string, label: string = fallback) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw === undefined || raw.trim() === '' ? fallback : raw.trim();
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: value });
        return value;
      } catch {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a time zone; use an IANA name such as Europe/Paris or UTC` });
        return z.NEVER;
      }
    })
    .meta({ description, default: label });
}

export function envEmail(description: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return undefined;
      const v = raw.trim();
      if (!/^[^\s@]+@[^\s@]+$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: `"${v}" is not an email address` });
        return z.NEVER;
      }
      return v;
    })
    .meta({ description });
}
