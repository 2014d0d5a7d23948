import type { Dispatcher, DispatcherStats } from '../dispatch/dispatcher.js';
import type { RateLimiter } from './rate-limit.js';
import { counted } from '../util/text.js';

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
  if (seconds < 90) return counted(seconds, 'second');
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

/** How old the dispatcher's counts may be when a new request is admitted. */
export const GAUGE_MAX_AGE_MS = 200;

/**
 * The dispatcher's counts as admission reads them, without asking the dispatcher (a round
 * trip to Redis in distributed mode) for every request: asked again once older than
 * `maxAgeMs`, plus the groups queued here since the question was sent. Groups that ended
 * meanwhile still count, so the bound errs on the side of turning away.
 */
export class QueueGauge implements Pick<Dispatcher, 'stats'> {
  readonly #dispatcher: Pick<Dispatcher, 'stats'>;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #counts: DispatcherStats = { queued: 0, running: 0 };
  #at = -Infinity;
  #since = 0;
  #loading: Promise<void> | undefined;

  constructor(dispatcher: Pick<Dispatcher, 'stats'>, maxAgeMs = GAUGE_MAX_AGE_MS, now: () => number = () => performance.now()) {
    this.#dispatcher = dispatcher;
    this.#maxAgeMs = maxAgeMs;
    this.#now = now;
  }

  async stats(): Promise<DispatcherStats> {
    if (this.#now() - this.#at > this.#maxAgeMs) await (this.#loading ??= this.#load().finally(() => (this.#loading = undefined)));
    return { ...this.#counts, queued: this.#counts.queued + this.#since };
  }

  /** Groups queued here: counted until the next reading includes them. */
  added(groups: number): void {
    this.#since += groups;
  }

  async #load(): Promise<void> {
    const since = this.#since;
    const counts = await this.#dispatcher.stats();
    // What was queued while the question was out may or may not be in the answer: it stays counted.
    this.#since -= since;
    this.#counts = counts;
    this.#at = this.#now();
  }
}
