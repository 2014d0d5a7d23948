import { describe, expect, it } from 'vitest';
import type { PluginRegistry } from '../plugin/registry.js';
import type { Address } from '../types.js';
import { silentLogger } from '../util/logger.js';
import { Messenger } from './messenger.js';

const to: Address = { channel: 'slow', conversationId: 'c1', userId: 'ada' };

/** A channel whose sends take as long as the test says, recording the order they complete in. */
function slowChannel() {
  const delivered: string[] = [];
  const delays = new Map<string, number>();
  const channel = {
    name: 'slow',
    async send(_to: Address, message: { kind: string; text: string }) {
      await new Promise((resolve) => setTimeout(resolve, delays.get(message.kind) ?? 0));
      delivered.push(`${message.kind}: ${message.text}`);
      return { messageId: message.kind };
    },
  };
  const registry = { channel: (name: string) => (name === 'slow' ? channel : undefined) } as unknown as PluginRegistry;
  return { delivered, delays, registry };
}

describe('the messenger', () => {
  it("says nothing about a request before its ack, however slow the ack's channel", async () => {
    const { delivered, delays, registry } = slowChannel();
    delays.set('ack', 50);
    const messenger = new Messenger(registry, silentLogger);
    const ack = messenger.send(to, { kind: 'ack', requestId: 'r1', text: 'On it.' });
    messenger.ackFirst('r1', ack);
    const progress = messenger.send(to, { kind: 'progress', requestId: 'r1', text: '… turning off the light' });
    const reply = messenger.send(to, { kind: 'reply', requestId: 'r1', text: 'Done.' });
    // Another request's messages do not wait for this ack.
    const other = messenger.send(to, { kind: 'reply', requestId: 'r2', text: 'Other done.' });
    await Promise.all([ack, progress, reply, other]);
    expect(delivered).toEqual(['reply: Other done.', 'ack: On it.', 'progress: … turning off the light', 'reply: Done.']);
  });

  it('lets the messages go when the ack could not be sent', async () => {
    const { delivered, registry } = slowChannel();
    const messenger = new Messenger(registry, silentLogger);
    messenger.ackFirst('r1', Promise.reject(new Error('the disk failed')));
    expect(await messenger.send(to, { kind: 'reply', requestId: 'r1', text: 'Done.' })).toEqual({ messageId: 'reply' });
    expect(delivered).toEqual(['reply: Done.']);
  });
});
