import type { MessageOutcome } from '../../core/types.js';
import type { EmailRejectionCode } from './errors.js';

/** What the email channel announces: for the log, the dashboard and tests. */
export interface EmailEvents {
  /** A received mail was handed to the gateway. */
  'mail.accepted': [event: { messageId: string; from: string; conversationId: string; answersQuestion?: string; outcome: MessageOutcome }];
  /** A received mail was not acted on. */
  'mail.rejected': [event: { messageId?: string; from?: string; code: EmailRejectionCode; reason: string; via: 'smtp' | 'imap' }];
  /** A mail went out. */
  'mail.sent': [event: { messageId: string; to: string; conversationId: string; kind: string }];
  /** The IMAP mailbox was opened (again): whether new mail is pushed (IDLE) or polled for. */
  'imap.ready': [event: { mailbox: string; mode: 'idle' | 'poll' }];
}
