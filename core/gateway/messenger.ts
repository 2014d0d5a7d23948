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

  async send(to: Address, message: OutboundMessage): Promise<SendReceipt | undefined> {
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
