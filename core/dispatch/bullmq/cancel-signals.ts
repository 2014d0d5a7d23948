import type { Redis } from 'ioredis';
import type { Logger } from '../../util/logger.js';
import { dispatchKeys } from './settings.js';

/** How long a stop heard for a group that does not run here is remembered, should its job start here right after. */
const REMEMBER_MS = 10 * 60_000;

/**
 * Stop requests for groups, across processes: a pub/sub message that reaches every worker at
 * once, so that the one running the group stops it after its current action. A group still
 * in the queue carries the stop in its job's data instead (the dispatcher writes it there),
 * so whichever worker takes it knows before it starts, without a read of its own. Stops
 * heard for groups not running here are remembered a while, for a job taken just as its
 * stop was sent.
 */
export class CancelSignals {
  readonly #redis: Redis;
  readonly #keys: ReturnType<typeof dispatchKeys>;
  readonly #logger: Logger;
  readonly #heard = new Map<string, number>();
  #subscriber: Redis | undefined;

  constructor(redis: Redis, prefix: string, logger: Logger) {
    this.#redis = redis;
    this.#keys = dispatchKeys(prefix);
    this.#logger = logger;
  }

  async request(groupId: string): Promise<void> {
    await this.#redis.publish(this.#keys.cancelChannel, groupId);
  }

  /** Whether a stop for the group was heard lately. */
  heard(groupId: string): boolean {
    const at = this.#heard.get(groupId);
    return at !== undefined && Date.now() - at < REMEMBER_MS;
  }

  /** The group ended: its stop need not be remembered. */
  forget(groupId: string): void {
    this.#heard.delete(groupId);
  }

  #remember(groupId: string): void {
    const now = Date.now();
    if (this.#heard.size >= 1_000) for (const [id, at] of this.#heard) if (now - at >= REMEMBER_MS) this.#heard.delete(id);
    this.#heard.set(groupId, now);
  }

  /** Calls `onCancel` with the id of every group asked to stop from now on. */
  async listen(onCancel: (groupId: string) => void): Promise<void> {
    const subscriber = this.#redis.duplicate();
    subscriber.on('error', (error: Error) => this.#logger.warn({ err: error }, 'cancel subscription: Redis error'));
    subscriber.on('message', (_channel: string, groupId: string) => {
      this.#remember(groupId);
      onCancel(groupId);
    });
    await subscriber.subscribe(this.#keys.cancelChannel);
    this.#subscriber = subscriber;
  }

  async close(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}
