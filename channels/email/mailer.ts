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

/** Escapes text for the simple HTML part. */
function toHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<div style="font-family:sans-serif;white-space:pre-wrap">${escaped}</div>`;
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
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Mailer': 'Majordomo' },
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
