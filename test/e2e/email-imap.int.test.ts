import { describe, expect, it } from 'vitest';
import type { EmailChannel } from '../../channels/email/index.js';
import type { EmailEvents } from '../../channels/email/events.js';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { tempDir } from '../support/cli.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { compose, eventually, personMessageId, replyTo } from '../support/mail.js';
import { startSmtpReceiver, type ReceivedMail } from '../support/smtp-receiver.js';

const OWNER = 'owner@example.org';
const ASSISTANT = 'majordomo@example.org';

/** Mail the way a mail server leaves it in a mailbox: with the envelope sender in Return-Path. */
async function delivered(mail: Parameters<typeof compose>[0], returnPath = OWNER): Promise<Buffer> {
  return Buffer.concat([Buffer.from(`Return-Path: <${returnPath}>\r\nDelivered-To: ${mail.to}\r\n`), await compose(mail)]);
}

describe('email: requests and replies from an IMAP mailbox (Dovecot)', () => {
  const cleanup = cleanupAfterEach();

  async function setup(options: { idle: boolean; env?: Record<string, string>; dataDir?: string; dovecot?: Dovecot; outbox?: Awaited<ReturnType<typeof startSmtpReceiver>> }) {
    const dovecot = options.dovecot ?? (await startDovecot({ idle: options.idle }));
    if (!options.dovecot) cleanup(dovecot.stop);
    const outbox = options.outbox ?? (await startSmtpReceiver());
    if (!options.outbox) cleanup(outbox.close);
    const a = await startTestAssistant(
      {
        SMTP_URL: outbox.url,
        EMAIL_FROM: `Majordomo <${ASSISTANT}>`,
        EMAIL_ALLOWED_SENDERS: OWNER,
        IMAP_URL: dovecot.url,
        // With IDLE, new mail must come without looking: looks are rare. Without it, they are frequent.
        IMAP_POLL_SECONDS: options.idle ? '600' : '1',
        ...options.env,
      },
      options.dataDir,
    );
    const email = a.registry.channel('email') as EmailChannel;
    const accepted: Array<EmailEvents['mail.accepted'][0]> = [];
    const rejected: Array<EmailEvents['mail.rejected'][0]> = [];
    email.events.on('mail.accepted', (e) => accepted.push(e));
    email.events.on('mail.rejected', (e) => rejected.push(e));
    return { a, dovecot, outbox, email, accepted, rejected };
  }

  const requestOf = async (a: TestAssistant, accepted: Array<EmailEvents['mail.accepted'][0]>, i: number) => {
    const outcome = (await eventually(() => accepted[i], `mail ${i + 1} to be taken`)).outcome;
    if (outcome.kind !== 'request' && outcome.kind !== 'answer') throw new Error(JSON.stringify(outcome));
    return outcome.requestId;
  };
  const find = (mails: ReceivedMail[], re: RegExp) => mails.find((m) => re.test(m.parsed.text ?? ''));

  it('is pushed new mail with IDLE, runs requests, and takes answers and refuses forgeries and auto-replies', async () => {
    const s = await setup({ idle: true });
    cleanup(() => s.a.dispose());
    expect(s.email.imapMode).toBe('idle');

    const first = personMessageId();
    await s.dovecot.deliver(await delivered({ from: `Owner <${OWNER}>`, to: ASSISTANT, subject: 'Porch', text: 'turn off the porch light\n\nSent from my iPhone', messageId: first }));
    expect(await s.a.finished(await requestOf(s.a, s.accepted, 0))).toBe('done');
    const reply = await eventually(() => s.outbox.mails.find((m) => m.parsed.inReplyTo === first), 'the reply');
    expect(reply.parsed.text).toMatch(/porch light is off/i);
    expect(reply.parsed.subject).toBe('Re: Porch');
    expect(reply.parsed.replyTo?.value[0]?.address).toMatch(/^majordomo\+[a-z2-7]{16}@example\.org$/);

    await s.dovecot.deliver(await delivered({ from: OWNER, to: ASSISTANT, subject: 'Attic', text: 'turn on the attic light', messageId: personMessageId() }));
    const question = await eventually(() => find(s.outbox.mails, /What should I do instead/), 'the question');
    const requestId = await requestOf(s.a, s.accepted, 1);
    await s.dovecot.deliver(await delivered(replyTo(question, OWNER, 'stop', { to: ASSISTANT })));
    await s.dovecot.deliver(await delivered(replyTo(question, OWNER, 'I am away', { headers: { 'Auto-Submitted': 'auto-replied' } })));
    await s.dovecot.deliver(await delivered(replyTo(question, OWNER, 'Undeliverable'), ''));
    await eventually(() => s.rejected.length === 3, 'three refusals');
    expect(s.rejected.map((r) => [r.code, r.via])).toEqual([
      ['EMAIL_TOKEN_MISMATCH', 'imap'],
      ['EMAIL_AUTOMATED', 'imap'],
      ['EMAIL_AUTOMATED', 'imap'],
    ]);
    expect(await s.a.engine.api.questions({ status: ['open'] })).toHaveLength(1);

    await s.dovecot.deliver(await delivered(replyTo(question, OWNER, 'the bedroom one')));
    expect(await s.a.finished(requestId)).toBe('done');
    expect((await s.a.engine.api.request(requestId))!.questions[0]).toMatchObject({ status: 'answered', answer: 'the bedroom one' });
    await eventually(() => find(s.outbox.mails, /bedroom light is on/i), 'the final reply');
    // Every mail handled is marked read in the mailbox.
    const box = await eventually(async () => {
      const messages = await s.dovecot.messages();
      return messages.every((m) => m.seen) ? messages : undefined;
    }, 'every mail marked read');
    expect(box).toHaveLength(6);
  });

  it('polls a server without IDLE', async () => {
    const s = await setup({ idle: false });
    cleanup(() => s.a.dispose());
    expect(s.email.imapMode).toBe('poll');
    const id = personMessageId();
    await s.dovecot.deliver(await delivered({ from: OWNER, to: ASSISTANT, subject: 'Office', text: 'turn on the office light', messageId: id }));
    expect(await s.a.finished(await requestOf(s.a, s.accepted, 0))).toBe('done');
    await eventually(() => s.outbox.mails.find((m) => m.parsed.inReplyTo === id), 'the reply');
  });

  it('reads mail that came while it was down, but not what was there before its first start', async () => {
    const dovecot = await startDovecot({ idle: true });
    cleanup(dovecot.stop);
    const outbox = await startSmtpReceiver();
    cleanup(outbox.close);
    const dir = await tempDir();
    cleanup(dir.cleanup);
    await dovecot.deliver(await delivered({ from: OWNER, to: ASSISTANT, subject: 'old', text: 'turn off the garage light' }));

    const first = await setup({ idle: true, dovecot, outbox, dataDir: dir.path });
    await dovecot.deliver(await delivered({ from: OWNER, to: ASSISTANT, subject: 'new', text: 'turn on the hallway light' }));
    await first.a.finished(await requestOf(first.a, first.accepted, 0));
    await first.a.dispose();

    await dovecot.deliver(await delivered({ from: OWNER, to: ASSISTANT, subject: 'while down', text: 'turn on the basement light' }));
    const second = await setup({ idle: true, dovecot, outbox, dataDir: dir.path });
    cleanup(() => second.a.dispose());
    await second.a.finished(await requestOf(second.a, second.accepted, 0));
    const texts = (await second.a.engine.api.requests()).map((r) => r.text).sort();
    expect(texts).toEqual(['turn on the basement light', 'turn on the hallway light']);
  });

  it('skips mail over the size limit, telling the sender, and reads the next one', async () => {
    const s = await setup({ idle: true, env: { EMAIL_MAX_KB: '64' } });
    cleanup(() => s.a.dispose());
    await s.dovecot.deliver(await delivered({ from: OWNER, to: ASSISTANT, subject: 'Photos', text: 'turn on the porch light', attachments: [{ filename: 'a.jpg', content: Buffer.alloc(300 * 1024, 3) }] }));
    await s.dovecot.deliver(await delivered({ from: OWNER, to: ASSISTANT, subject: 'Small', text: 'turn on the kitchen light' }));
    await s.a.finished(await requestOf(s.a, s.accepted, 0));
    expect(s.rejected.map((r) => r.code)).toEqual(['EMAIL_TOO_LARGE']);
    const note = await eventually(() => find(s.outbox.mails, /did not read your mail "Photos": the mail is 4\d\d KB; the limit is 64 KB/), 'the note');
    expect(note.to).toEqual([OWNER]);
    expect((await s.a.engine.api.requests()).map((r) => r.text)).toEqual(['turn on the kitchen light']);
  });
});
