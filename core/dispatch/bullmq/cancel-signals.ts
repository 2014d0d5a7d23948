import type { Redis } from 'ioredis';
import type { Logger } from '../../util/logger.js';
import { dispatchKeys } from './settings.js';

const KEEP_SECONDS = 24 * 3600;

/**
 * Stop requests for groups, across processes: a flag in Redis that a worker reads before it
 * runs a group (the group may still be queued), and a pub/sub message that reaches the
 * worker running it now.
 */
export class CancelSignals {
  readonly #redis: Redis;
  readonly #keys: ReturnType<typeof dispatchKeys>;
  readonly #logger: Logger;
  #subscriber: Redis | undefined;

  constructor(redis: Redis, prefix: string, logger: Logger) {
    this.#redis = redis;
    this.#keys = dispatchKeys(prefix);
    this.#logger = logger;
  }

  async request(groupId: string): Promise<void> {
    await this.#redis.multi().set(this.#keys.cancel(groupId), '1', 'EX', KEEP_SECONDS).publish(this.#keys.cancelChannel, groupId).exec();
  }

  async isRequested(groupId: string): Promise<boolean> {
    return (await this.#redis.exists(this.#keys.cancel(groupId))) === 1;
  }

  async clear(groupId: string): Promise<void> {
    await this.#redis.del(this.#keys.cancel(groupId));
  }

  /** Calls `onCancel` with the id of every group asked to stop from now on. */
  async listen(onCancel: (groupId: string) => void): Promise<void> {
    const subscriber = this.#redis.duplicate();
    subscriber.on('error', (error: Error) => this.#logger.warn({ err: error }, 'cancel subscription: Redis error'));
    subscriber.on('message', (_channel: string, groupId: string) => onCancel(groupId));
    await subscriber.subscribe(this.#keys.cancelChannel);
    this.#subscriber = subscriber;
  }

  async close(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}
