import type { OutboundMessage } from '../../core/types.js';
import type { ReplyAddress } from './addresses.js';
import type { Conversation } from './conversations.js';
import type { Mail } from './mailer.js';

export interface ComposeOptions {
  from: string;
  address: ReplyAddress;
  /** Prefix of the subject of a thread the assistant starts. */
  subjectPrefix?: string | undefined;
}

/**
 * A mail in a conversation: to its owner, replying to their latest mail in it (or to the
 * thread's first mail), with the thread's References, and a Reply-To that carries the
 * conversation's token, so that a reply comes back to this conversation.
 */
export function composeMail(conversation: Conversation, message: Pick<OutboundMessage, 'kind' | 'text' | 'subject' | 'question'>, key: string, options: ComposeOptions): Mail {
  const inReplyTo = conversation.lastInbound ?? conversation.refs[0];
  const subject = conversation.refs.length === 0 ? startSubject(message.subject ?? conversation.subject, options.subjectPrefix) : replySubject(conversation.subject);
  return {
    from: options.from,
    to: conversation.owner,
    subject,
    text: bodyOf(message),
    replyTo: options.address.withToken(conversation.token),
    ...(inReplyTo ? { inReplyTo, references: conversation.refs } : {}),
    autoSubmitted: conversation.lastInbound ? 'auto-replied' : 'auto-generated',
    key,
  };
}

/** The text, with how to answer under a question. */
export function bodyOf(message: Pick<OutboundMessage, 'kind' | 'text' | 'question'>): string {
  if (message.kind !== 'question') return message.text;
  const choices = message.question?.choices?.length ? ` (${message.question.choices.join(' / ')}, or anything else)` : '';
  return `${message.text}\n\nReply to this email with your answer${choices}.`;
}

/** The subject of a thread from its first words, shortened. */
export function subjectFromText(text: string): string {
  const first = text.split('\n')[0]!.trim();
  return first.length > 60 ? `${first.slice(0, 57)}...` : first || 'Majordomo';
}

function startSubject(subject: string, prefix: string | undefined): string {
  return prefix ? `${prefix} ${subject}` : subject;
}

function replySubject(subject: string): string {
  const base = subject.trim() || 'your request';
  return /^re:/i.test(base) ? base : `Re: ${base}`;
}
