import { errorCode, MajordomoError, NotConfiguredError, TimeoutError } from '../errors.js';
import type { CatalogEntry } from '../plugin/catalog.js';
import { failedResult, type ActionContext } from '../plugin/method.js';
import type { ActionResult } from '../types.js';

/** Codes the stepper treats specially. */
export const INVOKE_CODES = {
  timeout: 'MJ_ERR_TIMEOUT',
  threw: 'MJ_ERR_METHOD_THREW',
  badResult: 'MJ_ERR_BAD_RESULT',
} as const;

function isActionResult(value: unknown): value is ActionResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v['ok'] === true) return typeof v['summary'] === 'string';
  if (v['ok'] === false) {
    const e = v['error'] as Record<string, unknown> | undefined;
    return typeof v['retryable'] === 'boolean' && typeof e?.['code'] === 'string' && typeof e['message'] === 'string';
  }
  return false;
}

/**
 * Runs a method whose arguments were already validated, within its time limit. Whatever the
 * method does (returns, throws, hangs, returns garbage), the caller gets an ActionResult:
 * a thrown error becomes a retryable failure with the error's code, a hang becomes
 * `MJ_ERR_TIMEOUT`. The method's signal is aborted at the deadline so it can stop.
 */
export async function invokeMethod(
  entry: CatalogEntry,
  args: unknown,
  ctx: Omit<ActionContext, 'signal'>,
  defaultTimeoutMs: number,
): Promise<ActionResult> {
  if (!entry.configured) {
    const error = new NotConfiguredError(entry.plugin, entry.requiredEnv);
    return failedResult(error.code, error.message, { hint: error.hint });
  }
  const timeoutMs = entry.spec.timeoutMs ?? defaultTimeoutMs;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<ActionResult>((resolve) => {
    timer = setTimeout(() => {
      const error = new TimeoutError(entry.target, timeoutMs);
      controller.abort(error);
      resolve(failedResult(error.code, error.message, { retryable: true, hint: 'the service may be slow or down; it will be tried again' }));
    }, timeoutMs);
  });
  const run = (async (): Promise<ActionResult> => {
    try {
      const result: unknown = await entry.spec.run(args as never, { ...ctx, signal: controller.signal });
      if (isActionResult(result)) return result;
      return failedResult(INVOKE_CODES.badResult, `${entry.target} returned something that is not a result`, { hint: 'this is a bug in the plugin' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = error instanceof MajordomoError ? error.code : errorCode(error) === 'MJ_ERR_UNEXPECTED' ? INVOKE_CODES.threw : errorCode(error);
      ctx.logger.warn({ err: error, target: entry.target }, 'method threw');
      return failedResult(code, `${entry.target} failed: ${message}`, { retryable: !(error instanceof NotConfiguredError) });
    }
  })();
  try {
    return await Promise.race([run, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
