import { pino, type Logger as PinoLogger, type DestinationStream } from 'pino';

/**
 * The logging surface the engine and plugins use. A pino logger satisfies it; tests can
 * pass `silentLogger`.
 */
export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}

/** Keys whose values are never written to a log, wherever they appear in a logged object. */
export const REDACTED_KEYS = [
  'token', 'apiKey', 'api_key', 'password', 'pass', 'secret', 'authorization', 'Authorization', 'cookie',
] as const;

export interface LoggerOptions {
  level?: string;
  /** Where to write; stderr when omitted. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const paths = REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `headers.${k}`]);
  const logger: PinoLogger = pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      redact: { paths, censor: '[redacted]' },
    },
    options.destination ?? pino.destination({ fd: 2, sync: false }),
  );
  return logger;
}

/**
 * A child of `parent` with `bindings`, made on its first use: most actions never log, and a
 * pino child (bindings serialized, redaction set up) costs more than many an action.
 */
export function lazyChild(parent: Logger, bindings: Record<string, unknown>): Logger {
  let made: Logger | undefined;
  const child = () => (made ??= parent.child(bindings));
  return {
    // Arguments passed on as given: pino tells a missing message from an undefined one.
    debug: (...args) => child().debug(...args),
    info: (...args) => child().info(...args),
    warn: (...args) => child().warn(...args),
    error: (...args) => child().error(...args),
    child: (more) => child().child(more),
  };
}

const noop = (): void => {};

/** A logger that drops everything. */
export const silentLogger: Logger = {
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
  child: () => silentLogger,
};
