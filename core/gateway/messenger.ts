import { errorCode, TimeoutError } from '../errors.js';
import type { PluginRegistry } from '../plugin/registry.js';
import type { Address, OutboundMessage, SendReceipt } from '../types.js';
import type { Logger } from '../util/logger.js';

/**
 * Sends what the assistant says to people, on the channel of their address. A channel that
 * fails to deliver, or takes longer than `timeoutMs`, is logged, never allowed to break or
 * hold up the engine.
 */
export class Messenger {
  constructor(
    private readonly registry: PluginRegistry,
    private readonly logger: Logger,
    private readonly timeoutMs = 30_000,
    /** Told about each failed delivery (the engine turns it into an event, for health views). */
    private readonly onFailure?: (failure: { channel: string; kind: string; code: string; message: string }) => void,
  ) {}

  /** Per request whose ack is on its way: what its other messages wait for. */
  readonly #acks = new Map<string, Promise<unknown>>();

  /**
   * Holds every other message about a request until `ack` (the sending of its ack) settles,
   * so that nothing about a request is said before it was acknowledged, however fast its
   * groups run.
   */
  ackFirst(requestId: string, ack: Promise<unknown>): void {
    const settled = ack.then(
      () => undefined,
      () => undefined,
    );
    this.#acks.set(requestId, settled);
    void settled.then(() => {
      if (this.#acks.get(requestId) === settled) this.#acks.delete(requestId);
    });
  }

  async send(to: Address, message: OutboundMessage): Promise<SendReceipt | undefined> {
    const ack = message.kind !== 'ack' && message.requestId !== undefined ? this.#acks.get(message.requestId) : undefined;
    if (ack) await ack;
    const channel = this.registry.channel(to.channel);
    if (!channel) {
      this.logger.error({ channel: to.channel, kind: message.kind }, 'no such channel to send to');
      return undefined;
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(`sending on ${to.channel}`, this.timeoutMs)), this.timeoutMs);
    });
    try {
      return await Promise.race([channel.send(to, message), deadline]);
    } catch (error) {
      this.logger.error({ err: error, channel: to.channel, kind: message.kind }, 'could not deliver a message');
      this.onFailure?.({ channel: to.channel, kind: message.kind, code: errorCode(error), message: error instanceof Error ? error.message : String(error) });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  async progress(to: Address, text: string): Promise<void> {
    const channel = this.registry.channel(to.channel);
    try {
      await channel?.showProgress?.(to, text);
    } catch (error) {
      this.logger.debug({ err: error, channel: to.channel }, 'could not show progress');
    }
  }
}
