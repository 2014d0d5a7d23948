import type { Address, OutboundMessage, SendReceipt } from '../../core/types.js';
import { questionButtons } from './buttons.js';
import type { DiscordPoster } from './poster.js';
import type { StatusBoards } from './status.js';

/** The id of the message a conversation's request came in, kept in its address. */
export const REQUEST_MESSAGE = 'messageId';

/**
 * What the assistant says, as Discord messages, in the channel or thread the request came
 * from: the acknowledgement and progress as one edited status message, a question with
 * buttons for its quick answers, the reply (and errors) as replies to the request.
 */
export class DiscordOutbound {
  readonly #poster: DiscordPoster;
  readonly #boards: StatusBoards;

  constructor(poster: DiscordPoster, boards: StatusBoards) {
    this.#poster = poster;
    this.#boards = boards;
  }

  async send(to: Address, message: OutboundMessage): Promise<SendReceipt> {
    const channel = await this.#poster.channel(to.conversationId);
    const replyTo = to.meta?.[REQUEST_MESSAGE];
    const requestId = message.requestId;
    const receipt = (id: string | undefined): SendReceipt => (id ? { messageId: id } : {});
    switch (message.kind) {
      case 'ack':
        if (requestId) return receipt(await this.#boards.open(requestId, channel, replyTo, message.text));
        break;
      case 'progress':
        if (requestId) return receipt(await this.#boards.progress(requestId, channel, replyTo, message.text));
        break;
      case 'question': {
        if (requestId) this.#boards.detach(requestId);
        const buttons = message.question ? questionButtons(message.question.id, message.question.choices) : [];
        const how = buttons.length > 0 ? 'Press a button, or reply to this message to answer in your own words.' : 'Reply to this message to answer.';
        const sent = await this.#poster.post(channel, `${message.text}\n-# ${how}`, { components: buttons, mention: to.userId });
        // The receipt names the message with the buttons: a reply to it answers the question.
        return receipt(sent.at(-1)?.id);
      }
      case 'notification':
        return receipt((await this.#poster.post(channel, message.text, { mention: to.userId })).at(-1)?.id);
      default:
        break;
    }
    if (requestId) await this.#boards.close(requestId);
    const sent = await this.#poster.post(channel, message.text, replyTo ? { replyTo } : { mention: to.userId });
    return receipt(sent.at(-1)?.id);
  }
}
