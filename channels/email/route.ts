import type { QuestionQuery, QuestionRecord } from '../../core/store/store.js';
import type { ReplyAddress } from './addresses.js';
import type { Conversation, ConversationBook } from './conversations.js';
import type { ReadMail } from './read-mail.js';

/** Where a received mail belongs. */
export type Route =
  /** Not a reply to the assistant's mail: a new request, in a new conversation. */
  | { kind: 'new' }
  /** A reply in a conversation, answering one of its questions when it replies to the mail that asked it. */
  | { kind: 'thread'; conversation: Conversation; answersQuestion?: string }
  /** A reply that must not act: the sender is told why. */
  | { kind: 'refuse'; code: 'EMAIL_TOKEN_MISMATCH' | 'EMAIL_QUESTION_CLOSED'; reason: string };

export interface RouteDeps {
  book: ConversationBook;
  address: ReplyAddress;
  questions(query: QuestionQuery): Promise<QuestionRecord[]>;
}

/**
 * Matches a mail to a conversation. A reply is a mail whose In-Reply-To or References name a
 * mail the assistant sent; the newest such mail is its parent. A reply acts only when it was
 * sent to the parent conversation's token address by that conversation's owner: a forged
 * From, or a reply that lost its token, answers nothing and starts nothing. A reply to the
 * mail that asked a question answers that question, and only while it is open.
 */
export async function routeMail(mail: ReadMail, deps: RouteDeps): Promise<Route> {
  let parent;
  for (const id of mail.replyTo) {
    parent = await deps.book.sent(id);
    if (parent) break;
  }
  if (!parent) return { kind: 'new' };
  const conversation = await deps.book.get(parent.conversationId);
  const tokens = deps.address.tokensIn(mail.recipients);
  if (!conversation || !tokens.includes(conversation.token) || conversation.owner !== mail.from.address) {
    return {
      kind: 'refuse',
      code: 'EMAIL_TOKEN_MISMATCH',
      reason:
        tokens.length === 0
          ? 'it replies to my mail but was not sent to the reply address of that conversation'
          : 'it replies to my mail but was sent to the reply address of another conversation',
    };
  }
  if (parent.questionId === undefined) return { kind: 'thread', conversation };
  const asked = await deps.questions({ channel: 'email', conversationId: conversation.id });
  const question = asked.find((q) => q.id === parent.questionId);
  if (!question || question.status !== 'open') {
    const why = question ? { answered: 'was answered already', expired: 'waited too long and was closed', cancelled: 'was withdrawn', queued: 'is not asked yet', open: '' }[question.status] : 'is no longer known';
    return { kind: 'refuse', code: 'EMAIL_QUESTION_CLOSED', reason: `the question it answers ${why}` };
  }
  return { kind: 'thread', conversation, answersQuestion: question.id };
}
