import { describe, expect, it } from 'vitest';
import { context, plan } from './support.js';

/** Requests for `discord.send_message` that name people and channels the way Discord does: by id. */
describe('plans that message someone on Discord', () => {
  const only = async (text: string, channel = 'discord') => {
    const p = await plan(text, context({ channel }));
    expect(p.groups).toHaveLength(1);
    expect(p.groups[0]!.actions).toHaveLength(1);
    return p.groups[0]!.actions[0]!;
  };

  it('reads a user id, a user mention or a channel mention as the recipient, not as the text', async () => {
    expect(await only('message 123456789012345678 on discord saying dinner is ready')).toMatchObject({
      target: 'discord.send_message',
      args: { to: '123456789012345678', text: 'dinner is ready' },
    });
    expect(await only('dm <@223456789012345678> that the wash is done')).toMatchObject({ target: 'discord.send_message', args: { to: '223456789012345678', text: 'the wash is done' } });
    expect(await only('post on discord in <#323456789012345678> saying the pizza is here')).toMatchObject({ target: 'discord.send_message', args: { to: '323456789012345678', text: 'the pizza is here' } });
  });

  it('sends to the requester when no one is named', async () => {
    const action = await only('discord me that the wash is done', 'console');
    expect(action).toMatchObject({ target: 'discord.send_message', args: { text: 'the wash is done' } });
    expect(action.args).not.toHaveProperty('to');
  });
});
