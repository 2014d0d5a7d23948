import type { Dispatcher } from '../dispatch/dispatcher.js';
import type { RateLimiter } from './rate-limit.js';

export const ADMISSION_CODES = {
  rateLimited: 'MJ_ERR_RATE_LIMITED',
  queueFull: 'MJ_ERR_QUEUE_FULL',
} as const;

/** Why a new request is turned away, in words for the requester, and when to try again. */
export interface Refusal {
  code: (typeof ADMISSION_CODES)[keyof typeof ADMISSION_CODES];
  reason: string;
  retryAfterMs: number;
}

export interface AdmissionOptions {
  /** Counts each requester's new requests; none = no limit. */
  rateLimiter?: RateLimiter;
  /** Groups queued or running, in all, from which new requests are turned away; 0 = no bound. */
  maxQueued: number;
  dispatcher: Pick<Dispatcher, 'stats'>;
}

/** How long, in words: "12 seconds", "3 minutes". */
export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** After a full queue, when to try again: a guess, since nothing says how fast it drains. */
const QUEUE_FULL_RETRY_MS = 60_000;

/**
 * Decides whether a new request may start: the queue must be below its bound (checked
 * first, so a request turned away for it costs the requester nothing), and the requester
 * within their rate. Answers to questions never come here.
 */
export async function refusalOf(requester: string, options: AdmissionOptions): Promise<Refusal | undefined> {
  if (options.maxQueued > 0) {
    const { queued, running } = await options.dispatcher.stats();
    if (queued + running >= options.maxQueued) {
      return {
        code: ADMISSION_CODES.queueFull,
        reason: `I already have ${queued + running} groups of actions queued or running, the most I take (MAJORDOMO_MAX_QUEUED is ${options.maxQueued}), so this request was not run; please send it again in about ${inWords(QUEUE_FULL_RETRY_MS)}, once some of them have finished`,
        retryAfterMs: QUEUE_FULL_RETRY_MS,
      };
    }
  }
  if (options.rateLimiter !== undefined) {
    const decision = await options.rateLimiter.take(requester);
    if (!decision.allowed) {
      const { perMinute, burst } = options.rateLimiter.limit;
      return {
        code: ADMISSION_CODES.rateLimited,
        reason: `you may send ${perMinute} new requests a minute (${burst} at once) and this one is over that limit, so it was not run; please send it again in ${inWords(decision.retryAfterMs)} (answers to my questions are always taken)`,
        retryAfterMs: decision.retryAfterMs,
      };
    }
  }
  return undefined;
}
