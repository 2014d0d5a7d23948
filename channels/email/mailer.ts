import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Threading: the Message-ID this mail answers. */
  inReplyTo?: string;
  references?: string[];
  replyTo?: string;
  /**
   * RFC 3834: `auto-replied` for mail answering someone's mail, `auto-generated` for mail the
   * assistant starts. Either way other responders know not to answer it.
   */
  autoSubmitted?: 'auto-replied' | 'auto-generated';
  /** Derives a stable Message-ID, so the same mail sent twice carries the same id. */
  key: string;
}

export interface SentMail {
  messageId: string;
  /** Where it went: an SMTP server's answer, or the .eml file of the outbox. */
  destination: string;
}

/** `<hash@domain>` from a key and the sender's domain. */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'majordomo.local';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

/** The simple HTML part: the text escaped, a paragraph per blank-line-separated block. */
export function toHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${p.split('\n').map(escape).join('<br>\n')}</p>`);
  return `<!DOCTYPE html><html><body style="font-family:sans-serif">\n${paragraphs.join('\n')}\n</body></html>`;
}

function bareFrom(from: string): string {
  return (/<([^<>]+)>/.exec(from)?.[1] ?? from).trim();
}

function mailOptions(mail: Mail, messageId: string) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: toHtml(mail.text),
    messageId,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references && mail.references.length > 0 ? { references: mail.references } : {}),
    headers: {
      'Auto-Submitted': mail.autoSubmitted ?? 'auto-replied',
      // Asks Exchange and Outlook not to send out-of-office or other automatic answers to it.
      'X-Auto-Response-Suppress': 'All',
      'X-Loop': bareFrom(mail.from),
      'X-Mailer': 'Majordomo',
    },
  };
}

/** Sends mail by SMTP, or writes it to an outbox folder as .eml files when there is no SMTP server. */
export interface Mailer {
  send(mail: Mail): Promise<SentMail>;
  close(): Promise<void>;
}

/** A pooled SMTP transport. */
export function smtpMailer(url: string): Mailer {
  const transport: Transporter = nodemailer.createTransport({ url, pool: true });
  return {
    async send(mail) {
      const messageId = messageIdFor(mail.key, mail.from);
      const info = await transport.sendMail(mailOptions(mail, messageId));
      return { messageId, destination: `smtp: ${String(info.response ?? 'accepted')}` };
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Writes each mail as an .eml file named after its Message-ID. Writing the same mail again
 * finds the file and writes nothing: a resumed send does not duplicate it.
 */
export function outboxMailer(dir: string): Mailer {
  const transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const messageId = messageIdFor(mail.key, mail.from);
      const file = join(dir, `${messageId.slice(1, messageId.indexOf('@'))}.eml`);
      const exists = await stat(file).then(() => true, () => false);
      if (!exists) {
        await mkdir(dir, { recursive: true });
        const info = await transport.sendMail(mailOptions(mail, messageId));
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, info.message as Buffer);
        await rename(tmp, file);
      }
      return { messageId, destination: file };
    },
    async close() {
      transport.close();
    },
  };
}
