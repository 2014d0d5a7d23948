import { describe, expect, it } from 'vitest';
import { MailRejectedError } from './errors.js';
import { readMail } from './read-mail.js';

const mail = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('readMail', () => {
  it('reads sender, subject, threading headers and every recipient', async () => {
    const m = await readMail(
      mail([
        'From: "Owner, The" <Owner@Example.org>',
        'To: Majordomo <majordomo+abcdefghijklmnop@example.org>',
        'Cc: sam@example.com',
        'Delivered-To: majordomo@example.org',
        'Subject: Re: Lights',
        'Message-ID: <m3@people.example>',
        'In-Reply-To: <m2@example.org>',
        'References: <m0@people.example> <m1@example.org>',
        '',
        'yes',
      ]),
      ['Envelope@Example.org'],
    );
    expect(m.from).toEqual({ address: 'owner@example.org', name: 'Owner, The' });
    expect(m.subject).toBe('Re: Lights');
    expect(m.messageId).toBe('<m3@people.example>');
    expect(m.replyTo).toEqual(['<m2@example.org>', '<m1@example.org>', '<m0@people.example>']);
    expect(m.recipients).toEqual(['envelope@example.org', 'majordomo@example.org', 'majordomo+abcdefghijklmnop@example.org', 'sam@example.com']);
    expect(m.body).toBe('yes');
  });

  it('turns HTML-only mail into text', async () => {
    const m = await readMail(mail(['From: a@example.org', 'Content-Type: text/html; charset=utf-8', '', '<p>turn off the <b>garage</b> light</p><p>&amp; the porch</p>']));
    expect(m.body).toBe('turn off the garage light\n\n& the porch');
  });

  it('decodes charsets and encoded words', async () => {
    const m = await readMail(
      mail([
        'From: =?ISO-8859-1?Q?Zo=EB?= <zoe@example.org>',
        'Subject: =?UTF-8?B?4piVIGNhZsOp?=',
        'Content-Type: text/plain; charset=windows-1252',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'caf=E9 =80 =96 done',
      ]),
    );
    expect(m.from.name).toBe('Zoë');
    expect(m.subject).toBe('☕ café');
    expect(m.body).toBe('café € – done');
  });

  it('counts attachments without reading them, forwarded mails included', async () => {
    const m = await readMail(
      mail([
        'From: a@example.org',
        'Content-Type: multipart/mixed; boundary=x',
        '',
        '--x',
        'Content-Type: text/plain',
        '',
        'see attached',
        '--x',
        'Content-Type: message/rfc822',
        '',
        'From: b@example.org',
        'Subject: inner',
        '',
        'turn off every light',
        '--x',
        'Content-Type: application/octet-stream',
        'Content-Transfer-Encoding: base64',
        '',
        'AAECAwQF',
        '--x--',
      ]),
    );
    expect(m.body).toBe('see attached');
    expect(m.attachments).toBe(2);
  });

  it('rejects a mail without a sender', async () => {
    await expect(readMail(mail(['To: a@example.org', '', 'hi']))).rejects.toBeInstanceOf(MailRejectedError);
    await expect(readMail(Buffer.from([0, 255, 13, 10, 13, 10, 1]))).rejects.toMatchObject({ code: 'EMAIL_MALFORMED' });
    await expect(readMail(mail(['From: not an address', '', 'hi']))).rejects.toMatchObject({ code: 'EMAIL_MALFORMED' });
  });

  it('says when the text does not decode', async () => {
    const m = await readMail(mail(['From: a@example.org', 'Content-Transfer-Encoding: base64', '', '!!!not*base64 at all###$$$%%%', '////++++====']));
    expect(m.unreadable).toMatch(/does not decode/);
  });

  it('gives a mail without a Message-ID one made from its bytes', async () => {
    const raw = mail(['From: a@example.org', '', 'hi']);
    const [one, two] = [await readMail(raw), await readMail(raw)];
    expect(one.messageId).toMatch(/^<[0-9a-f]{32}@unidentified>$/);
    expect(two.messageId).toBe(one.messageId);
    expect((await readMail(mail(['From: a@example.org', '', 'hello']))).messageId).not.toBe(one.messageId);
  });
});
