import type { TypedEmitter } from '../../core/events.js';
import type { QuestionQuery, QuestionRecord } from '../../core/store/store.js';
import type { InboundMessage, MessageOutcome } from '../../core/types.js';
import type { Logger } from '../../core/util/logger.js';
import type { ReplyAddress } from './addresses.js';
import { subjectFromText } from './compose.js';
import type { ConversationBook } from './conversations.js';
import { EMAIL_REJECTIONS, MailRejectedError, type EmailRejectionCode } from './errors.js';
import type { EmailEvents } from './events.js';
import { automatedReason } from './loop-guard.js';
import { stripReply } from './quotes.js';
import { readHeaders, readMail, type ReadMail } from './read-mail.js';
import { routeMail } from './route.js';

/** How a mail arrived: the SMTP envelope, or what an IMAP mailbox tells. */
export interface Envelope {
  via: 'smtp' | 'imap';
  /** MAIL FROM; "" for the null sender. Undefined when not known (IMAP). */
  from?: string | undefined;
  to: readonly string[];
}

export type IntakeResult =
  | { kind: 'accepted'; conversationId: string; outcome: MessageOutcome }
  | { kind: 'rejected'; code: EmailRejectionCode; reason: string };

export interface IntakeDeps {
  book: ConversationBook;
  address: ReplyAddress;
  /** The assistant's own addresses, for the loop guard. */
  ownAddresses: readonly string[];
  allows(address: string): boolean;
  onMessage(message: InboundMessage): Promise<MessageOutcome>;
  questions(query: QuestionQuery): Promise<QuestionRecord[]>;
  /** Tells the sender of `mail` why it was not acted on (a mail of its own thread). */
  notify(mail: ReadMail, text: string): Promise<void>;
  events: TypedEmitter<EmailEvents>;
  logger: Logger;
  clock?: () => Date;
}

/**
 * Where every received mail goes, whether it came by SMTP or IMAP: the loop guard, the
 * parser, the allowed senders, the once-only check, threading, then the gateway. Mail that is
 * not acted on is logged and announced, and its sender is told why when they may command the
 * assistant and a person wrote it. It throws only for failures that may pass (the store),
 * so that the mail is offered again.
 */
export class MailIntake {
  readonly #d: IntakeDeps;
  readonly #clock: () => Date;

  constructor(deps: IntakeDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? (() => new Date());
  }

  async receive(raw: Buffer, envelope: Envelope): Promise<IntakeResult> {
    const headers = readHeaders(raw);
    const automated = automatedReason(headers, { envelopeFrom: envelope.from, ownAddresses: this.#d.ownAddresses });
    if (automated) return this.#reject(envelope, 'EMAIL_AUTOMATED', `not answered: ${automated}`);
    let mail: ReadMail;
    try {
      mail = await readMail(raw, envelope.to);
    } catch (error) {
      if (!(error instanceof MailRejectedError)) throw error;
      this.#d.logger.warn({ err: error.cause ?? error, via: envelope.via }, 'could not read a mail');
      return this.#reject(envelope, error.code, error.message);
    }
    const who = { messageId: mail.messageId, from: mail.from.address };
    if (!this.#d.allows(mail.from.address)) return this.#reject(envelope, 'EMAIL_SENDER_NOT_ALLOWED', `${mail.from.address} may not command the assistant`, who);
    if (!(await this.#d.book.claim(mail.messageId))) return this.#reject(envelope, 'EMAIL_DUPLICATE', `${mail.messageId} was received before`, who);
    try {
      return await this.#handle(mail, envelope);
    } catch (error) {
      await this.#d.book.release(mail.messageId).catch(() => undefined);
      throw error;
    }
  }

  /**
   * A mail over the size limit, judged by its header alone (IMAP, where it sits in the
   * mailbox): its sender is told, when they may command the assistant and a person wrote it.
   */
  async tooLarge(header: Buffer, bytes: number, limit: number, envelope: Envelope): Promise<IntakeResult> {
    const raw = Buffer.concat([header, Buffer.from('\r\n\r\n')]);
    const reason = `the mail is ${megabytes(bytes)}; the limit is ${megabytes(limit)}`;
    const automated = automatedReason(readHeaders(raw), { envelopeFrom: envelope.from, ownAddresses: this.#d.ownAddresses });
    if (automated) return this.#reject(envelope, 'EMAIL_TOO_LARGE', `${reason}, and ${automated}`);
    const mail = await readMail(raw).catch(() => undefined);
    if (!mail || !this.#d.allows(mail.from.address)) return this.#reject(envelope, 'EMAIL_TOO_LARGE', reason, mail ? { from: mail.from.address } : {});
    const who = { messageId: mail.messageId, from: mail.from.address };
    if (!(await this.#d.book.claim(mail.messageId))) return this.#reject(envelope, 'EMAIL_DUPLICATE', `${mail.messageId} was received before`, who);
    await this.#tell(mail, `I did not read your mail "${mail.subject}": ${reason}. Attachments make mail large; write your request without them.`);
    return this.#reject(envelope, 'EMAIL_TOO_LARGE', reason, who);
  }

  async #handle(mail: ReadMail, envelope: Envelope): Promise<IntakeResult> {
    const who = { messageId: mail.messageId, from: mail.from.address };
    if (mail.attachments > 0) this.#d.logger.info({ ...who, attachments: mail.attachments }, 'attachments are not read');
    if (mail.unreadable) {
      await this.#tell(mail, `I could not read your mail: ${mail.unreadable}. Please send it again as plain text.`);
      return this.#reject(envelope, 'EMAIL_MALFORMED', mail.unreadable, who);
    }
    const route = await routeMail(mail, this.#d);
    if (route.kind === 'refuse') {
      await this.#tell(mail, refusalText(route.code, route.reason));
      return this.#reject(envelope, route.code, route.reason, who);
    }
    let text = stripReply(mail.body);
    let conversation;
    if (route.kind === 'new') {
      // A request may be all in the subject line.
      if (text === '') text = mail.subject.replace(/^((re|fwd?|aw|wg|tr)\s*:\s*)+/i, '').trim();
      conversation = await this.#d.book.open({ owner: mail.from.address, subject: mail.subject || subjectFromText(text), refs: [...mail.replyTo].reverse(), lastInbound: mail.messageId });
    } else {
      conversation = route.conversation;
      await this.#d.book.noteInbound(conversation.id, mail.messageId, mail.replyTo);
    }
    const answersQuestion = route.kind === 'thread' ? route.answersQuestion : undefined;
    const outcome = await this.#d.onMessage({
      channel: 'email',
      conversationId: conversation.id,
      sender: { id: mail.from.address, ...(mail.from.name ? { name: mail.from.name } : {}) },
      text,
      receivedAt: this.#clock(),
      messageId: mail.messageId,
      ...(answersQuestion ? { answersQuestion } : {}),
      meta: { subject: mail.subject },
    });
    this.#d.logger.info({ ...who, via: envelope.via, conversationId: conversation.id, outcome: outcome.kind }, 'mail received');
    this.#d.events.emit('mail.accepted', { ...who, conversationId: conversation.id, ...(answersQuestion ? { answersQuestion } : {}), outcome });
    return { kind: 'accepted', conversationId: conversation.id, outcome };
  }

  /** A note to the sender is a courtesy: when it cannot go, that is logged and the mail stays refused. */
  async #tell(mail: ReadMail, text: string): Promise<void> {
    try {
      await this.#d.notify(mail, text);
    } catch (error) {
      this.#d.logger.error({ err: error, to: mail.from.address }, 'could not send a note about a refused mail');
    }
  }

  #reject(envelope: Envelope, code: EmailRejectionCode, reason: string, who: { messageId?: string; from?: string } = {}): IntakeResult {
    this.#d.logger.warn({ ...who, via: envelope.via, code }, `mail not acted on (${EMAIL_REJECTIONS[code]}): ${reason}`);
    this.#d.events.emit('mail.rejected', { ...who, code, reason, via: envelope.via });
    return { kind: 'rejected', code, reason };
  }
}

function refusalText(code: 'EMAIL_TOKEN_MISMATCH' | 'EMAIL_QUESTION_CLOSED', reason: string): string {
  if (code === 'EMAIL_QUESTION_CLOSED') return `I did nothing with your reply: ${reason}.`;
  return [
    `I did nothing with your mail: ${reason}.`,
    'Answers must go to the reply address of my mail (it carries a code for that conversation). If you wrote it, reply to my mail itself, or write a new mail for a new request. If you did not, someone may be sending mail in your name.',
  ].join('\n\n');
}

/** Sizes as EMAIL_MAX_KB counts them: 1 KB is 1024 bytes. */
function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
