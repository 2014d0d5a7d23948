import type { PluginRegistry } from '../plugin/registry.js';
import type { Address, OutboundMessage, SendReceipt } from '../types.js';
import type { Logger } from '../util/logger.js';

/**
 * Sends what the assistant says to people, on the channel of their address. A channel that
 * fails to deliver is logged, never allowed to break the engine.
 */
export class Messenger {
  constructor(
    private readonly registry: PluginRegistry,
    private readonly logger: Logger,
  ) {}

  async send(to: Address, message: OutboundMessage): Promise<SendReceipt | undefined> {
    const channel = this.registry.channel(to.channel);
    if (!channel) {
      this.logger.error({ channel: to.channel, kind: message.kind }, 'no such channel to send to');
      return undefined;
    }
    try {
      return await channel.send(to, message);
    } catch (error) {
      this.logger.error({ err: error, channel: to.channel, kind: message.kind }, 'could not deliver a message');
      return undefined;
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
