import { describe, expect, it } from 'vitest';
import type { EmailChannel } from '../../channels/email/index.js';
import type { EmailEvents } from '../../channels/email/events.js';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { compose, eventually, personMessageId, smtpSend } from '../support/mail.js';
import { startSmtpReceiver } from '../support/smtp-receiver.js';

const OWNER = 'owner@example.org';
const ASSISTANT = 'majordomo@example.org';

/** A raw mail from the owner with the given headers and body (CRLF line ends). */
function raw(headers: string[], body: string): Buffer {
  const from = headers.some((h) => /^from:/i.test(h)) ? [] : [`From: Owner <${OWNER}>`];
  return Buffer.from([...from, `To: ${ASSISTANT}`, `Message-ID: ${personMessageId()}`, ...headers, '', body].join('\r\n'), 'latin1');
}

describe('email: bad mail', () => {
  const cleanup = cleanupAfterEach();

  async function setup() {
    const outbox = await startSmtpReceiver();
    cleanup(outbox.close);
    const a = await startTestAssistant({
      SMTP_URL: outbox.url,
      EMAIL_FROM: `Majordomo <${ASSISTANT}>`,
      EMAIL_ALLOWED_SENDERS: OWNER,
      INBOUND_SMTP_PORT: '0',
      EMAIL_MAX_KB: '64',
    });
    cleanup(() => a.dispose());
    const email = a.registry.channel('email') as EmailChannel;
    const rejected: Array<EmailEvents['mail.rejected'][0]> = [];
    const accepted: Array<EmailEvents['mail.accepted'][0]> = [];
    email.events.on('mail.rejected', (e) => rejected.push(e));
    email.events.on('mail.accepted', (e) => accepted.push(e));
    const deliver = (bytes: Buffer | string, from = OWNER) => smtpSend(email.inboundPort!, { from, to: [ASSISTANT] }, bytes);
    const requestText = async (i: number) => {
      const outcome = accepted[i]!.outcome;
      if (outcome.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(outcome)}`);
      return (await a.engine.api.request(outcome.requestId))!.request;
    };
    return { a, outbox, rejected, accepted, deliver, requestText };
  }

  it('reads HTML-only mail as text, without its quoted part', async () => {
    const s = await setup();
    const html = '<div dir="ltr">turn off the <b>garage</b> light</div><br><div class="gmail_quote"><div class="gmail_attr">On Fri, Nov 20, 2026 at 9:00 PM Majordomo &lt;majordomo@example.org&gt; wrote:<br></div><blockquote class="gmail_quote">Done: the porch light is off.</blockquote></div>';
    await s.deliver(await compose({ from: OWNER, to: ASSISTANT, subject: 'garage', html }));
    expect((await s.requestText(0)).text).toBe('turn off the garage light');
  });

  it('decodes charsets and encoded words, and answers with the subject intact', async () => {
    const s = await setup();
    await s.deliver(raw(['Subject: =?ISO-8859-1?Q?Garage_=E9teint?=', 'From: =?UTF-8?B?Wm/DqyDDnG5hbA==?= <owner@example.org>', 'Content-Type: text/plain; charset=iso-8859-1', 'Content-Transfer-Encoding: quoted-printable'], 'Turn off the garage light. Merci, Zo=EB'));
    const request = await s.requestText(0);
    expect(request.text).toBe('Turn off the garage light. Merci, Zoë');
    expect(request.requester.name).toBe('Zoë Ünal');
    // Nothing fits this one: the question comes back in the thread, subject and text decoded and re-encoded.
    await s.deliver(await compose({ from: OWNER, to: ASSISTANT, subject: '電気 ☕', text: '電気を消してください' }));
    const reply = await eventually(() => s.outbox.mails.find((m) => m.parsed.subject === 'Re: 電気 ☕'), 'the reply to the Japanese mail');
    expect(reply.parsed.text).toMatch(/I don't know how to "電気を消してください"/);
    expect(reply.raw).not.toMatch(/電気/); // encoded on the wire
  });

  it('refuses mail over the size limit with an SMTP error, and still takes the next one', async () => {
    const s = await setup();
    const big = await compose({ from: OWNER, to: ASSISTANT, subject: 'photo', text: 'turn on the porch light', attachments: [{ filename: 'photo.jpg', content: Buffer.alloc(200 * 1024, 7) }] });
    await expect(s.deliver(big)).rejects.toMatchObject({ responseCode: 552 });
    expect(s.accepted).toHaveLength(0);
    await s.deliver(await compose({ from: OWNER, to: ASSISTANT, subject: 'porch', text: 'turn on the porch light' }));
    expect((await s.requestText(0)).text).toBe('turn on the porch light');
  });

  it('ignores attachments', async () => {
    const s = await setup();
    const mail = await compose({
      from: OWNER,
      to: ASSISTANT,
      subject: 'see attached',
      text: 'turn on the porch light',
      attachments: [
        { filename: 'list.txt', content: 'turn off every light', contentType: 'text/plain' },
        { filename: 'forward.eml', content: `From: ${OWNER}\r\nSubject: x\r\n\r\nturn off the kitchen light`, contentType: 'message/rfc822' },
        { filename: 'blob.bin', content: Buffer.alloc(20 * 1024, 1) },
      ],
    });
    await s.deliver(mail);
    expect((await s.requestText(0)).text).toBe('turn on the porch light');
  });

  it('rejects malformed mail with a note or a log line, and never stops listening', async () => {
    const s = await setup();
    // No From: nobody to answer; taken and dropped.
    await s.deliver(Buffer.from(`To: ${ASSISTANT}\r\nSubject: no sender\r\n\r\nturn off the porch light\r\n`));
    // Not a mail at all.
    await s.deliver(Buffer.from([0, 1, 2, 255, 254, 10, 13, 10, 0x41]));
    // Base64 that decodes to garbage: the owner is told.
    await s.deliver(raw(['Subject: broken', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64'], '!!!not*base64 at all###$$$%%%\r\n////++++====\r\n'));
    // Multipart without a boundary: no text; the owner is told the mail is empty.
    await s.deliver(raw(['Content-Type: multipart/mixed'], '--abc\r\nContent-Type: text/plain\r\n\r\nturn on the porch light\r\n--abc--'));
    // A multipart cut short still gives its text.
    await s.deliver(raw(['Subject: cut', 'Content-Type: multipart/mixed; boundary=abc'], '--abc\r\nContent-Type: text/plain\r\n\r\nturn on the office light\r\n--abc\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQK!!!!'));
    // Deeply nested parts.
    const depth = 150;
    const open = Array.from({ length: depth }, (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary=b${i + 1}\r\n\r\n`).join('');
    await s.deliver(raw(['Subject: nested', 'Content-Type: multipart/mixed; boundary=b0'], `${open}--b${depth}\r\nContent-Type: text/plain\r\n\r\nturn on the hallway light\r\n`));
    // Text over the length limit of a request.
    await s.deliver(raw(['Subject: long', 'Content-Type: text/plain'], `turn on the porch light ${'and then some more words '.repeat(200)}`));

    expect(s.rejected.map((r) => r.code)).toEqual(['EMAIL_MALFORMED', 'EMAIL_MALFORMED', 'EMAIL_MALFORMED']);
    const notes = await eventually(() => {
      const texts = s.outbox.mails.map((m) => m.parsed.text ?? '');
      return texts.length >= 3 ? texts : undefined;
    }, 'three notes');
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/could not read your mail: its text does not decode/),
        expect.stringMatching(/the message is empty/),
        expect.stringMatching(/the limit is 4,000/),
      ]),
    );
    expect((await s.requestText(1)).text).toBe('turn on the office light');
    expect((await s.requestText(2)).text).toBe('turn on the hallway light');

    await s.deliver(await compose({ from: OWNER, to: ASSISTANT, subject: 'still there?', text: 'turn off the porch light' }));
    const last = s.accepted.at(-1)!.outcome;
    expect(last.kind).toBe('request');
  });
});
