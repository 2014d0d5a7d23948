import { describe, expect, it } from 'vitest';
import { startTestAssistant } from '../support/assistant.js';
import { startSmtpReceiver } from '../support/smtp-receiver.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { askedToEmailSam } from '../support/confirmation.js';

describe('email over SMTP', () => {
  const cleanup = cleanupAfterEach();

  it('sends "email me" to the owner through a real SMTP exchange, once', async () => {
    const smtp = await startSmtpReceiver();
    cleanup(smtp.close);
    const a = await startTestAssistant({ SMTP_URL: smtp.url, MAJORDOMO_OWNER_EMAIL: 'owner@example.org', EMAIL_FROM: 'Majordomo <majordomo@example.org>' });
    cleanup(() => a.dispose());
    const outcome = await a.type('turn off the porch light and email me when that is done');
    expect(outcome.kind).toBe('request');
    if (outcome.kind !== 'request') return;
    expect(await a.finished(outcome.requestId)).toBe('done');
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(['owner@example.org']);
    expect(mail!.parsed.text).toMatch(/The porch light is off\./);
    expect(mail!.parsed.messageId).toMatch(/@example\.org>?$/);
    expect(mail!.parsed.html).toMatch(/porch light/);
  });

  it('asks before emailing someone else, and sends only after a yes', async () => {
    const { a, smtp, emailRequest } = await askedToEmailSam(cleanup);
    expect(smtp.mails).toHaveLength(0);
    await a.type('yes');
    expect(await a.finished(emailRequest)).toBe('done');
    expect(smtp.mails.map((m) => m.to)).toEqual([['sam@example.com']]);
    expect(smtp.mails[0]!.parsed.text).toMatch(/the game starts at 9/);
  });

  it('sends nothing after a no, and the request ends as called off, not failed', async () => {
    const { a, smtp, emailRequest } = await askedToEmailSam(cleanup);
    await a.type('no');
    expect(await a.finished(emailRequest)).toBe('cancelled');
    await a.waitForOutput(/Skipped: "send an email to sam@example\.com .*" \(you said no\)/);
    expect(smtp.mails).toHaveLength(0);
  });

  it('emails someone by name at the address the household told for them, and asks for one it was not told', async () => {
    const smtp = await startSmtpReceiver();
    cleanup(smtp.close);
    const a = await startTestAssistant({ SMTP_URL: smtp.url, MAJORDOMO_OWNER_EMAIL: 'owner@example.org' });
    cleanup(() => a.dispose());
    const told = await a.type("remember that bob's email is bob@example.com");
    if (told.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(told.requestId)).toBe('done');

    const mail = await a.type('email bob saying dinner is at 8');
    if (mail.kind !== 'request') throw new Error('not a request');
    // The question says where the mail would go: the address told for bob.
    await a.waitForOutput(/\? Shall I "email bob saying dinner is at 8"\? That is email\.send_message .* \(bob is bob@example\.com\), and it reaches someone other than you/);
    await a.type('yes');
    expect(await a.finished(mail.requestId)).toBe('done');
    expect(smtp.mails.map((m) => m.to)).toEqual([['bob@example.com']]);
    expect(smtp.mails[0]!.parsed.text).toMatch(/dinner is at 8/);
    expect((await a.engine.api.request(mail.requestId))!.request.summary).toContain('Emailed bob (bob@example.com).');

    // Nobody told carol's address: nothing is sent, and the requester hears how to tell it.
    const other = await a.type('email carol saying hi');
    if (other.kind !== 'request') throw new Error('not a request');
    await a.waitForOutput(/\? Shall I "email carol saying hi"\? .*\(I was told no address for carol\)/);
    await a.type('yes');
    await a.waitForOutput(/"carol" is not an email address, and I was told none for them \(give a full address like sam@example\.com, or tell me it once: "remember that carol's email is \.\.\."\)/);
    expect(smtp.mails).toHaveLength(1);
  });
});
