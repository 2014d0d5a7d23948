/**
 * Durable state a plugin keeps (a simulated home's lights, a calendar), with an
 * exactly-once update: an update carrying an idempotency key that was already applied
 * returns the earlier result and changes nothing. This is what keeps a resumed action from
 * toggling a light twice.
 */
export interface PluginState {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key under a prefix, with its value. */
  list<T>(prefix: string): Promise<Array<{ key: string; value: T }>>;
  /**
   * Reads `key`, computes the next value and a result with `update` (pure, synchronous), and
   * stores both in one transaction. With the same `idempotencyKey` a second time, nothing is
   * written and the first result is returned. `update` may run more than once for one call
   * (on a value that changed meanwhile, or ahead of learning the key was applied): only the
   * run whose value is stored counts.
   */
  apply<T, R>(
    key: string,
    idempotencyKey: string,
    update: (current: T | undefined) => { next: T; result: R },
  ): Promise<{ result: R; replayed: boolean }>;
  /** The result recorded for an idempotency key, if that update was applied. */
  applied<R>(idempotencyKey: string): Promise<R | undefined>;
  /** Records a result for an idempotency key outside of `apply` (a file written, a mail sent). */
  recordApplied<R>(idempotencyKey: string, result: R): Promise<void>;
}
