import { MajordomoError } from '../../core/errors.js';

/** Why a received mail was not acted on. Stable: they appear in logs and in channel events. */
export const EMAIL_REJECTIONS = {
  /** Bounces, auto-replies, mailing lists, the assistant's own mail. */
  EMAIL_AUTOMATED: 'automatic mail is never answered',
  /** The From address is not in EMAIL_ALLOWED_SENDERS. */
  EMAIL_SENDER_NOT_ALLOWED: 'the sender may not command the assistant',
  /** A reply to the assistant's mail without the conversation's token in the address it went to. */
  EMAIL_TOKEN_MISMATCH: 'a reply that does not carry its conversation\'s token',
  /** A reply to a question that is no longer waiting. */
  EMAIL_QUESTION_CLOSED: 'the question it answers is closed',
  /** Over the size limit. */
  EMAIL_TOO_LARGE: 'the mail is larger than the limit',
  /** Unparseable, no sender, or text that does not decode. */
  EMAIL_MALFORMED: 'the mail could not be read',
  /** The same Message-ID was handled before (a redelivery). */
  EMAIL_DUPLICATE: 'the mail was handled before',
} as const;

export type EmailRejectionCode = keyof typeof EMAIL_REJECTIONS;

/** A received mail that is not acted on, and why. */
export class MailRejectedError extends MajordomoError {
  declare readonly code: EmailRejectionCode;

  constructor(code: EmailRejectionCode, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(code, message, options);
  }
}
