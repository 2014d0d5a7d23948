/**
 * Error classes with stable codes. Control flow (pause for feedback, do not retry) uses
 * these classes; nothing matches on message text. Every error keeps its `cause`.
 */

/** Every error Majordomo raises on purpose carries a stable, documented code. */
export class MajordomoError extends Error {
  readonly code: string;
  /** What the person reading the error can do about it. */
  readonly hint: string | undefined;

  constructor(code: string, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.hint = options.hint;
  }
}

/** A configuration value is missing or invalid; start-up stops. */
export class ConfigError extends MajordomoError {
  readonly variables: readonly string[];

  constructor(message: string, variables: readonly string[], options: { cause?: unknown; hint?: string } = {}) {
    super('MJ_ERR_CONFIG', message, options);
    this.variables = variables;
  }
}

/** Something a caller passed in is not acceptable (bad text, bad arguments, bad ids). */
export class InvalidInputError extends MajordomoError {
  constructor(message: string, options: { cause?: unknown; hint?: string } = {}) {
    super('MJ_ERR_INVALID_INPUT', message, options);
  }
}

/** A plugin is registered twice, depends on a missing plugin, or declares a bad method. */
export class PluginError extends MajordomoError {
  constructor(code: `MJ_ERR_PLUGIN_${string}`, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(code, message, options);
  }
}

/** A method of a plugin that is registered but has no configuration to run with. */
export class NotConfiguredError extends MajordomoError {
  readonly variables: readonly string[];

  constructor(plugin: string, variables: readonly string[]) {
    super(
      'MJ_ERR_NOT_CONFIGURED',
      `${plugin} is not configured on this assistant`,
      { hint: variables.length > 0 ? `set ${variables.join(', ')} and restart` : 'enable it in the configuration and restart' },
    );
    this.variables = variables;
  }
}

/** A dependency graph between actions has a cycle or names an unknown action. */
export class PlanGraphError extends MajordomoError {
  constructor(message: string) {
    super('MJ_ERR_PLAN_GRAPH', message);
  }
}

/** An operation took longer than it was allowed to. */
export class TimeoutError extends MajordomoError {
  readonly timeoutMs: number;

  constructor(what: string, timeoutMs: number) {
    super('MJ_ERR_TIMEOUT', `${what} did not finish within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** A stored record that should exist does not. */
export class NotFoundError extends MajordomoError {
  constructor(what: string) {
    super('MJ_ERR_NOT_FOUND', `${what} was not found`);
  }
}

/** A state change that is not allowed from the current state (answering a closed question, say). */
export class ConflictError extends MajordomoError {
  constructor(message: string) {
    super('MJ_ERR_CONFLICT', message);
  }
}

/**
 * The store cannot do what was asked: it is closed, busy, full, unreadable, or its data was
 * written by a newer version. Codes are `MJ_ERR_STORE_*`.
 */
export class StoreError extends MajordomoError {
  constructor(code: `MJ_ERR_STORE_${string}`, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(code, message, options);
  }
}

/** Turns anything thrown into an Error without losing it. */
export function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  return new Error(typeof value === 'string' ? value : JSON.stringify(value), { cause: value });
}

/** The stable code of an error, or a generic one for errors from elsewhere. */
export function errorCode(error: unknown): string {
  if (error instanceof MajordomoError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'MJ_ERR_UNEXPECTED';
}

/**
 * The vector memory cannot do what was asked: unreachable, closed, an embedder that answers
 * with the wrong number of dimensions, a memory that is not acceptable. Codes are
 * `MJ_ERR_MEMORY_*`.
 */
export class MemoryError extends MajordomoError {
  constructor(code: `MJ_ERR_MEMORY_${string}`, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(code, message, options);
  }
}
