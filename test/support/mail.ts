import nodemailer from 'nodemailer';
import type { ReceivedMail } from './smtp-receiver.js';

/** A mail as a person's mail program would write it. */
export interface PersonMail {
  from: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; content: Buffer | string; contentType?: string }>;
}

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** The raw bytes of a mail. */
export async function compose(mail: PersonMail): Promise<Buffer> {
  const info = await composer.sendMail({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    ...(mail.text !== undefined ? { text: mail.text } : {}),
    ...(mail.html !== undefined ? { html: mail.html } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references ? { references: mail.references } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  });
  return info.message as Buffer;
}

/** Sends raw bytes by real SMTP to a server on this machine; rejects with the server's answer. */
export async function smtpSend(port: number, envelope: { from: string; to: string[] }, raw: Buffer | string): Promise<string> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5_000 });
  try {
    const info = await transport.sendMail({ envelope, raw });
    return String(info.response);
  } finally {
    transport.close();
  }
}

/** A fresh Message-ID for a person's mail. */
export function personMessageId(): string {
  return `<${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@people.example>`;
}

/**
 * A reply to a received mail as a mail program writes it: to its Reply-To, "Re:" subject,
 * In-Reply-To and References, the answer on top and the quoted mail below it.
 */
export function replyTo(received: ReceivedMail, from: string, answer: string, overrides: Partial<PersonMail> = {}): PersonMail {
  const original = received.parsed;
  const replyAddress = original.replyTo?.value[0]?.address ?? original.from?.value[0]?.address ?? '';
  const references = [...(typeof original.references === 'string' ? [original.references] : (original.references ?? [])), original.messageId!];
  const quoted = (original.text ?? '').trimEnd().split('\n').map((l) => `> ${l}`).join('\n');
  const sender = original.from?.text ?? 'Majordomo';
  return {
    from,
    to: replyAddress,
    subject: /^re:/i.test(original.subject ?? '') ? original.subject! : `Re: ${original.subject ?? ''}`,
    text: `${answer}\n\nOn Sat, Nov 21, 2026 at 10:00 AM ${sender}\nwrote:\n\n${quoted}\n`,
    messageId: personMessageId(),
    inReplyTo: original.messageId!,
    references,
    ...overrides,
  };
}

/** Resolves with what `check` finds, looking again every 20 ms; rejects after `timeoutMs`. */
export async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
