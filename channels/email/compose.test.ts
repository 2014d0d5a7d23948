import { describe, expect, it } from 'vitest';
import { ReplyAddress } from './addresses.js';
import { bodyOf, composeMail } from './compose.js';
import type { Conversation } from './conversations.js';
import { toHtml } from './mailer.js';
import { NoticeLimit } from './notice-limit.js';

const options = { from: 'Majordomo <majordomo@example.org>', address: new ReplyAddress('majordomo@example.org') };
const base: Conversation = { id: 'e-1', token: 'abcdefghijklmnop', owner: 'owner@example.org', subject: 'Lights', refs: [], createdAt: '' };

describe('composeMail', () => {
  it('answers the latest mail of the owner, with the thread as References and the token in Reply-To', () => {
    const c = { ...base, refs: ['<root@p>', '<q@m>', '<answer@p>'], lastInbound: '<answer@p>' };
    const mail = composeMail(c, { kind: 'reply', text: 'Done.' }, 'k', options);
    expect(mail).toMatchObject({
      to: 'owner@example.org',
      subject: 'Re: Lights',
      inReplyTo: '<answer@p>',
      references: ['<root@p>', '<q@m>', '<answer@p>'],
      replyTo: 'majordomo+abcdefghijklmnop@example.org',
      autoSubmitted: 'auto-replied',
    });
    expect(composeMail({ ...c, subject: 'RE: Lights' }, { kind: 'reply', text: 'x' }, 'k', options).subject).toBe('RE: Lights');
  });

  it('starts a thread of its own with its subject, marked auto-generated', () => {
    const mail = composeMail(base, { kind: 'notification', text: 'The garage light is off.', subject: 'Garage' }, 'k', { ...options, subjectPrefix: '[home]' });
    expect(mail).toMatchObject({ subject: '[home] Garage', autoSubmitted: 'auto-generated' });
    expect(mail.inReplyTo).toBeUndefined();
    const second = composeMail({ ...base, refs: ['<first@m>'] }, { kind: 'reply', text: 'x' }, 'k', options);
    expect(second).toMatchObject({ subject: 'Re: Lights', inReplyTo: '<first@m>' });
  });

  it('tells how to answer a question', () => {
    expect(bodyOf({ kind: 'question', text: 'Which light?', question: { id: 'q', choices: ['yes', 'no'] } })).toBe('Which light?\n\nReply to this email with your answer (yes / no, or anything else).');
    expect(bodyOf({ kind: 'reply', text: 'Done.' })).toBe('Done.');
  });

  it('writes simple, escaped HTML', () => {
    expect(toHtml('a <b> & "c"\nd\n\ne')).toContain('<p>a &lt;b&gt; &amp; &quot;c&quot;<br>\nd</p>\n<p>e</p>');
  });
});

describe('NoticeLimit', () => {
  it('allows a few notes an hour per address', () => {
    let now = 0;
    const limit = new NoticeLimit(2, () => now);
    expect([limit.allow('a'), limit.allow('a'), limit.allow('a'), limit.allow('b')]).toEqual([true, true, false, true]);
    now = 3_600_001;
    expect(limit.allow('a')).toBe(true);
  });
});
