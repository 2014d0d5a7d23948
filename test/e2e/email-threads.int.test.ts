import { describe, expect, it } from 'vitest';
import type { EmailChannel } from '../../channels/email/index.js';
import type { EmailEvents } from '../../channels/email/events.js';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { tempDir } from '../support/cli.js';
import { compose, eventually, personMessageId, replyTo, smtpSend } from '../support/mail.js';
import { startSmtpReceiver, type ReceivedMail } from '../support/smtp-receiver.js';

const OWNER = 'owner@example.org';
const ASSISTANT = 'majordomo@example.org';

describe('email: threads over time', () => {
  const cleanup = cleanupAfterEach();

  function watch(a: TestAssistant) {
    const email = a.registry.channel('email') as EmailChannel;
    const rejected: Array<EmailEvents['mail.rejected'][0]> = [];
    const accepted: Array<EmailEvents['mail.accepted'][0]> = [];
    email.events.on('mail.rejected', (e) => rejected.push(e));
    email.events.on('mail.accepted', (e) => accepted.push(e));
    const send = async (mail: Parameters<typeof compose>[0]) => smtpSend(email.inboundPort!, { from: OWNER, to: [mail.to] }, await compose(mail));
    return { email, rejected, accepted, send };
  }

  const env = (smtpUrl: string) => ({ SMTP_URL: smtpUrl, EMAIL_FROM: `Majordomo <${ASSISTANT}>`, EMAIL_ALLOWED_SENDERS: OWNER, INBOUND_SMTP_PORT: '0' });
  const question = (mails: ReceivedMail[]) => mails.find((m) => /What should I do instead/.test(m.parsed.text ?? ''));

  it('answers a question asked before a restart', async () => {
    const outbox = await startSmtpReceiver();
    cleanup(outbox.close);
    const dir = await tempDir();
    cleanup(dir.cleanup);
    const first = await startTestAssistant(env(outbox.url), dir.path);
    await watch(first).send({ from: OWNER, to: ASSISTANT, subject: 'Attic', text: 'turn on the attic light', messageId: personMessageId() });
    const asked = await eventually(() => question(outbox.mails), 'the question');
    await first.dispose();

    const second = await startTestAssistant(env(outbox.url), dir.path);
    cleanup(() => second.dispose());
    const w = watch(second);
    await w.send(replyTo(asked, OWNER, 'the porch one'));
    const outcome = w.accepted[0]!.outcome;
    expect(outcome.kind).toBe('answer');
    if (outcome.kind !== 'answer') return;
    expect(await second.finished(outcome.requestId)).toBe('done');
    const done = await eventually(() => outbox.mails.find((m) => /porch light is on/i.test(m.parsed.text ?? '')), 'the final reply');
    expect(done.parsed.references).toContain(asked.parsed.messageId);
  });

  it('takes a reply to its last mail as a new request in the same thread, and a late answer as nothing', async () => {
    const outbox = await startSmtpReceiver();
    cleanup(outbox.close);
    const a = await startTestAssistant(env(outbox.url));
    cleanup(() => a.dispose());
    const w = watch(a);
    await w.send({ from: OWNER, to: ASSISTANT, subject: 'Attic', text: 'turn on the attic light', messageId: personMessageId() });
    const asked = await eventually(() => question(outbox.mails), 'the question');
    await w.send(replyTo(asked, OWNER, 'the office one'));
    const done = await eventually(() => outbox.mails.find((m) => /office light is on/i.test(m.parsed.text ?? '')), 'the first result');

    await w.send(replyTo(done, OWNER, 'now turn it off again, and the porch light too'));
    const followUp = w.accepted[2]!;
    expect(followUp.outcome.kind).toBe('request');
    expect(followUp.conversationId).toBe(w.accepted[0]!.conversationId);

    // Answering the first question again, once it is answered, does nothing but say so.
    await w.send(replyTo(asked, OWNER, 'the basement one'));
    expect(w.rejected.map((r) => r.code)).toEqual(['EMAIL_QUESTION_CLOSED']);
    await eventually(() => outbox.mails.find((m) => /the question it answers was answered already/.test(m.parsed.text ?? '')), 'the note');
    expect(await a.engine.api.requests()).toHaveLength(2);
  });

  it('lets the owner answer an "email me" mail, starting a request in its thread', async () => {
    const outbox = await startSmtpReceiver();
    cleanup(outbox.close);
    const a = await startTestAssistant({ ...env(outbox.url), MAJORDOMO_OWNER_EMAIL: OWNER });
    cleanup(() => a.dispose());
    const w = watch(a);
    const typed = await a.type('turn off the garage light and email me when that is done');
    if (typed.kind !== 'request') throw new Error('not a request');
    await a.finished(typed.requestId);
    const note = await eventually(() => outbox.mails.find((m) => /garage light is off/i.test(m.parsed.text ?? '')), 'the email');
    expect(note.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(note.parsed.replyTo?.value[0]?.address).toMatch(/^majordomo\+[a-z2-7]{16}@example\.org$/);
    await w.send(replyTo(note, OWNER, 'now turn the garage light back on please'));
    const outcome = w.accepted[0]!.outcome;
    expect(outcome.kind).toBe('request');
    if (outcome.kind !== 'request') return;
    expect(await a.finished(outcome.requestId)).toBe('done');
    const reply = await eventually(() => outbox.mails.find((m) => /garage light is on/i.test(m.parsed.text ?? '')), 'the reply in the thread');
    expect(reply.parsed.references).toContain(note.parsed.messageId);
  });

  it('two assistants that may command each other by mail never loop', async () => {
    // Each one's outgoing server is the other's inbound listener.
    const relayToB = await startSmtpReceiver();
    cleanup(relayToB.close);
    const a = await startTestAssistant({ SMTP_URL: relayToB.url, EMAIL_FROM: 'Alpha <alpha@example.org>', EMAIL_ALLOWED_SENDERS: 'beta@example.org', INBOUND_SMTP_PORT: '0', MAJORDOMO_CONFIRM_OUTSIDE: 'false' });
    cleanup(() => a.dispose());
    const aPort = (a.registry.channel('email') as EmailChannel).inboundPort!;
    const b = await startTestAssistant({ SMTP_URL: `smtp://127.0.0.1:${aPort}`, EMAIL_FROM: 'Beta <beta@example.org>', EMAIL_ALLOWED_SENDERS: 'alpha@example.org', INBOUND_SMTP_PORT: '0' });
    cleanup(() => b.dispose());
    const wa = watch(a);
    const wb = watch(b);
    const bPort = wb.email.inboundPort!;

    // Alpha mails Beta; what Alpha sent is passed on to Beta's listener as it arrives.
    const typed = await a.type('send an email to beta@example.org saying turn on the porch light');
    if (typed.kind !== 'request') throw new Error('not a request');
    await a.finished(typed.requestId);
    const sent = await eventually(() => relayToB.mails[0], 'alpha\'s mail');
    await smtpSend(bPort, { from: 'alpha@example.org', to: ['beta@example.org'] }, sent.raw);

    expect(wb.rejected.map((r) => r.code)).toEqual(['EMAIL_AUTOMATED']);
    expect(wb.accepted).toHaveLength(0);
    expect(await b.engine.api.requests()).toHaveLength(0);
    expect(wa.accepted).toHaveLength(0);
    expect(relayToB.mails).toHaveLength(1);
  });
});
