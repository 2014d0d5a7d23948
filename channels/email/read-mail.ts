import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';
import { MailRejectedError } from './errors.js';
import { addressesIn, header, headerSection, messageIds, normalizeMessageId, parseHeaders, type HeaderBag } from './headers.js';

/** A received mail, read: who wrote it, in reply to what, to which addresses, and its text. */
export interface ReadMail {
  /** Its Message-ID; one made from its content when it has none. */
  messageId: string;
  from: { address: string; name?: string };
  subject: string;
  /** The text part, or the HTML part as text; quotes and signatures still in. */
  body: string;
  /** Message-IDs it answers: In-Reply-To first, then References from the newest back. */
  replyTo: string[];
  /** Every address it was sent to: the envelope's, To, Cc, Delivered-To, X-Original-To. */
  recipients: string[];
  headers: HeaderBag;
  /** Attachments it carried; never opened. */
  attachments: number;
  /** Why its text cannot be read (a charset nothing decodes, HTML that would not convert). */
  unreadable?: string;
}

/** Longest HTML part converted to text; a request is never that long. */
const MAX_HTML_CHARS = 2_000_000;

/** Reads just the header section: what the loop guard and the size check need. */
export function readHeaders(raw: Buffer): HeaderBag {
  return parseHeaders(headerSection(raw));
}

/**
 * Parses a raw mail. Attachments (forwarded mails too) are counted and dropped; HTML-only mail is turned into
 * text; charsets and encoded words are decoded.
 *
 * @throws MailRejectedError (`EMAIL_MALFORMED`) when there is no sender to read.
 */
export async function readMail(raw: Buffer, envelopeTo: readonly string[] = []): Promise<ReadMail> {
  const headers = readHeaders(raw);
  let parsed;
  try {
    parsed = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true, maxHtmlLengthToParse: MAX_HTML_CHARS, checksumAlgo: false, ignoreEmbedded: true });
  } catch (error) {
    throw new MailRejectedError('EMAIL_MALFORMED', 'the mail could not be parsed', { cause: error });
  }
  const from = firstAddress(parsed.from);
  if (!from) throw new MailRejectedError('EMAIL_MALFORMED', 'the mail has no readable From address');
  const body = (parsed.text ?? '').trim();
  const answered = [...messageIds(header(headers, 'in-reply-to')), ...messageIds(header(headers, 'references')).reverse()];
  const recipients = [
    ...envelopeTo.map((a) => a.toLowerCase()),
    ...['delivered-to', 'x-original-to', 'to', 'cc'].flatMap((name) => (headers.get(name) ?? []).flatMap((v) => addressesIn(v))),
  ];
  const unreadable = parsed.textConversionError ? `its HTML could not be turned into text (${parsed.textConversionError.message})` : garbled(body);
  return {
    messageId: parsed.messageId ? normalizeMessageId(parsed.messageId) : `<${createHash('sha256').update(raw).digest('hex').slice(0, 32)}@unidentified>`,
    from,
    subject: (parsed.subject ?? '').replace(/\s+/g, ' ').trim(),
    body,
    replyTo: [...new Set(answered)],
    recipients: [...new Set(recipients)],
    headers,
    attachments: parsed.attachments.length,
    ...(unreadable ? { unreadable } : {}),
  };
}

function firstAddress(value: AddressObject | undefined): ReadMail['from'] | undefined {
  for (const entry of value?.value ?? []) {
    const address = entry.address?.trim().toLowerCase();
    if (address && /^[^\s@]+@[^\s@]+$/.test(address)) return { address, ...(entry.name?.trim() ? { name: entry.name.trim() } : {}) };
  }
  return undefined;
}

/**
 * Text that decoded into mostly replacement and control characters (a wrong charset, broken
 * base64) is not something to plan from.
 */
function garbled(text: string): string | undefined {
  if (text.length < 8) return undefined;
  // eslint-disable-next-line no-control-regex
  const bad = text.match(/[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g)?.length ?? 0;
  return bad / text.length > 0.1 ? 'its text does not decode in the character set it names' : undefined;
}
