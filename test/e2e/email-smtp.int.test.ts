import { describe, expect, it } from 'vitest';
import type { EmailChannel } from '../../channels/email/index.js';
import type { EmailEvents } from '../../channels/email/events.js';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { compose, eventually, personMessageId, replyTo, smtpSend } from '../support/mail.js';
import { startSmtpReceiver, type ReceivedMail } from '../support/smtp-receiver.js';

const OWNER = 'owner@example.org';
const ASSISTANT = 'majordomo@example.org';
const TOKEN_ADDRESS = /^majordomo\+[a-z2-7]{16}@example\.org$/;

type Rejected = EmailEvents['mail.rejected'][0];
type Accepted = EmailEvents['mail.accepted'][0];

describe('email: requests and replies over SMTP', () => {
  const cleanup = cleanupAfterEach();

  async function setup(env: Record<string, string> = {}) {
    const outbox = await startSmtpReceiver();
    cleanup(outbox.close);
    const a = await startTestAssistant({
      SMTP_URL: outbox.url,
      EMAIL_FROM: `Majordomo <${ASSISTANT}>`,
      EMAIL_ALLOWED_SENDERS: OWNER,
      INBOUND_SMTP_PORT: '0',
      ...env,
    });
    cleanup(() => a.dispose());
    const email = a.registry.channel('email') as EmailChannel;
    const rejected: Rejected[] = [];
    const accepted: Accepted[] = [];
    email.events.on('mail.rejected', (e) => rejected.push(e));
    email.events.on('mail.accepted', (e) => accepted.push(e));
    const port = email.inboundPort!;
    const send = async (mail: Parameters<typeof compose>[0], envelopeFrom = OWNER) => smtpSend(port, { from: envelopeFrom, to: [mail.to] }, await compose(mail));
    return { a, email, outbox, port, rejected, accepted, send };
  }

  async function ask(s: Awaited<ReturnType<typeof setup>>): Promise<{ question: ReceivedMail; requestId: string }> {
    await s.send({ from: `Owner <${OWNER}>`, to: ASSISTANT, subject: 'Attic', text: 'turn on the attic light', messageId: personMessageId() });
    const question = await eventually(() => s.outbox.mails.find((m) => /What should I do instead/.test(m.parsed.text ?? '')), 'the question by mail');
    // The mail goes out before the store records which message asked the question.
    await eventually(async () => (await s.a.engine.api.questions({ status: ['open'] }))[0]?.messageId, 'the question recorded as asked');
    return { question, requestId: s.accepted[0]!.outcome.kind === 'request' ? s.accepted[0]!.outcome.requestId : '' };
  }

  async function finished(a: TestAssistant, requestId: string) {
    return a.finished(requestId);
  }

  it('plans and runs a request sent by SMTP, and answers it in the same thread', async () => {
    const s = await setup();
    const messageId = personMessageId();
    const response = await s.send({ from: `Owner <${OWNER}>`, to: ASSISTANT, subject: 'Porch light', text: 'turn off the porch light\n\n-- \nOwner\nSent from my desk', messageId });
    expect(response).toMatch(/^250/);
    const outcome = s.accepted[0]!.outcome;
    expect(outcome.kind).toBe('request');
    if (outcome.kind !== 'request') return;
    expect(await finished(s.a, outcome.requestId)).toBe('done');
    const view = await s.a.engine.api.request(outcome.requestId);
    expect(view!.request.text).toBe('turn off the porch light');
    expect(view!.request.requester.address).toMatchObject({ channel: 'email', userId: OWNER });

    const reply = await eventually(() => s.outbox.mails.find((m) => m.parsed.inReplyTo === messageId), 'the reply');
    expect(reply.to).toEqual([OWNER]);
    expect(reply.parsed.subject).toBe('Re: Porch light');
    expect(reply.parsed.references).toContain(messageId);
    expect(reply.parsed.replyTo?.value[0]?.address).toMatch(TOKEN_ADDRESS);
    expect(reply.parsed.messageId).toMatch(/@example\.org>$/);
    expect(reply.parsed.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply.parsed.text).toMatch(/porch light is off/i);
    expect(reply.parsed.html).toMatch(/<p>.*porch light is off/i);
    // Acknowledgements and progress lines are not mailed: one mail per request.
    expect(s.outbox.mails).toHaveLength(1);
  });

  it('takes the answer to a question from a reply, without the quoted history', async () => {
    const s = await setup();
    const { question, requestId } = await ask(s);
    expect(question.parsed.text).toMatch(/Reply to this email with your answer/);
    const open = await s.a.engine.api.questions({ status: ['open'] });
    expect(open).toHaveLength(1);
    expect(open[0]!.messageId).toBe(question.parsed.messageId);

    const answer = replyTo(question, `Owner <${OWNER}>`, 'the kitchen one');
    expect(answer.text).toMatch(/^the kitchen one\n\nOn .*\nwrote:\n\n> I don't know how/);
    await s.send(answer);
    expect(s.accepted[1]).toMatchObject({ answersQuestion: open[0]!.id, outcome: { kind: 'answer', questionId: open[0]!.id } });
    expect(await finished(s.a, requestId)).toBe('done');
    const view = await s.a.engine.api.request(requestId);
    expect(view!.questions[0]).toMatchObject({ status: 'answered', answer: 'the kitchen one' });
    const done = await eventually(() => s.outbox.mails.find((m) => m.parsed.inReplyTo === answer.messageId), 'the final reply');
    expect(done.parsed.text).toMatch(/kitchen light is on/i);
    expect(done.parsed.references).toEqual(expect.arrayContaining([question.parsed.messageId, answer.messageId]));
    expect(done.parsed.replyTo?.value[0]?.address).toBe(question.parsed.replyTo?.value[0]?.address);
  });

  it('answers nothing with a forged reply: right From, no token, a wrong one, or another conversation\'s', async () => {
    const s = await setup();
    const { question, requestId } = await ask(s);
    // Another conversation, so that a real token of the wrong thread can be tried too.
    await s.send({ from: OWNER, to: ASSISTANT, subject: 'Porch', text: 'turn off the porch light', messageId: personMessageId() });
    const other = await eventually(() => s.outbox.mails.find((m) => /porch light is off/i.test(m.parsed.text ?? '')), 'the other thread');
    const requestsBefore = (await s.a.engine.api.requests()).length;

    const forgeries = [ASSISTANT, 'majordomo+aaaaaaaaaaaaaaaa@example.org', other.parsed.replyTo!.value[0]!.address!];
    for (const to of forgeries) await s.send(replyTo(question, `Owner <${OWNER}>`, 'stop', { to }));

    expect(s.rejected.map((r) => r.code)).toEqual(['EMAIL_TOKEN_MISMATCH', 'EMAIL_TOKEN_MISMATCH', 'EMAIL_TOKEN_MISMATCH']);
    expect(await s.a.engine.api.questions({ status: ['open'] })).toHaveLength(1);
    expect((await s.a.engine.api.requests()).length).toBe(requestsBefore);
    const notes = await eventually(() => {
      const found = s.outbox.mails.filter((m) => /I did nothing with your mail/.test(m.parsed.text ?? ''));
      return found.length === 3 ? found : undefined;
    }, 'three notes to the owner');
    expect(notes.every((n) => n.to[0] === OWNER && n.parsed.inReplyTo !== undefined)).toBe(true);

    // The owner's real reply still answers it.
    await s.send(replyTo(question, `Owner <${OWNER}>`, 'skip'));
    expect(await finished(s.a, requestId)).not.toBe('running');
    expect((await s.a.engine.api.request(requestId))!.questions[0]).toMatchObject({ status: 'answered', answer: 'skip' });
  });

  it('never answers automatic mail, even from an allowed sender replying to a question', async () => {
    const s = await setup();
    const { question } = await ask(s);
    const mailsBefore = s.outbox.mails.length;
    const requestsBefore = (await s.a.engine.api.requests()).length;
    const auto = (headers: Record<string, string>) => replyTo(question, OWNER, 'I am out of the office until Monday.', { headers });
    await s.send(auto({ 'Auto-Submitted': 'auto-replied' }));
    await s.send(auto({ Precedence: 'bulk' }));
    await s.send(auto({ 'List-Id': '<family.lists.example.org>' }));
    await s.send(auto({ 'X-Auto-Response-Suppress': 'All' }));
    await s.send(auto({}), '');
    await s.send({ from: `Mail Delivery System <MAILER-DAEMON@example.org>`, to: ASSISTANT, subject: 'Undelivered Mail', text: 'turn on the porch light' });
    const report = `From: ${OWNER}\r\nTo: ${ASSISTANT}\r\nSubject: Read: Attic\r\nMessage-ID: ${personMessageId()}\r\nContent-Type: multipart/report; report-type=disposition-notification; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nturn on the porch light\r\n--b--\r\n`;
    await smtpSend(s.port, { from: OWNER, to: [ASSISTANT] }, report);
    // The assistant's own mail coming back is automatic too.
    await smtpSend(s.port, { from: OWNER, to: [ASSISTANT] }, question.raw);

    expect(s.rejected.map((r) => r.code)).toEqual(Array(8).fill('EMAIL_AUTOMATED'));
    const why = [/Auto-Submitted: auto-replied/, /Precedence: bulk/, /mailing list/, /X-Auto-Response-Suppress/, /null sender/, /mailer-daemon@/, /delivery or read report/, /Auto-Submitted/];
    s.rejected.forEach((r, i) => expect(r.reason).toMatch(why[i]!));
    expect(s.accepted).toHaveLength(1);
    expect(await s.a.engine.api.questions({ status: ['open'] })).toHaveLength(1);
    expect((await s.a.engine.api.requests()).length).toBe(requestsBefore);
    expect(s.outbox.mails.length).toBe(mailsBefore);
  });

  it('sends a mail with the subject line asked for, and what it says apart from it', async () => {
    const s = await setup({ MAJORDOMO_OWNER_EMAIL: OWNER });
    const outcome = await s.a.type('email me with the subject "Dinner plans" saying we start at 8');
    if (outcome.kind !== 'request') throw new Error('not a request');
    expect(await s.a.finished(outcome.requestId)).toBe('done');
    const mail = s.outbox.mails.find((m) => m.to.includes(OWNER))!;
    expect(mail.parsed.subject).toBe('Dinner plans');
    expect(mail.parsed.text).toMatch(/^we start at 8/);
  });

  it('handles a mail delivered twice once', async () => {
    const s = await setup();
    const mail = { from: OWNER, to: ASSISTANT, subject: 'Lights', text: 'toggle the office light', messageId: personMessageId() };
    await s.send(mail);
    await s.send(mail);
    expect(s.accepted).toHaveLength(1);
    expect(s.rejected.map((r) => r.code)).toEqual(['EMAIL_DUPLICATE']);
    expect(await s.a.engine.api.requests()).toHaveLength(1);
  });

  it('ignores senders it does not know, and refuses addresses that are not its own', async () => {
    const s = await setup();
    await s.send({ from: 'stranger@example.net', to: ASSISTANT, subject: 'hi', text: 'turn off every light' }, 'stranger@example.net');
    expect(s.rejected.map((r) => r.code)).toEqual(['EMAIL_SENDER_NOT_ALLOWED']);
    await expect(smtpSend(s.port, { from: OWNER, to: ['someone-else@example.org'] }, await compose({ from: OWNER, to: 'someone-else@example.org', subject: 'x', text: 'y' }))).rejects.toMatchObject({ responseCode: 550 });
    expect(await s.a.engine.api.requests()).toHaveLength(0);
    expect(s.outbox.mails).toHaveLength(0);
  });
});
