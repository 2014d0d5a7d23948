import type { SendableChannels } from 'discord.js';
import type { Logger } from '../../core/util/logger.js';
import type { DiscordPoster } from './poster.js';

/**
 * Progress as one status message per request, edited as agents work: the acknowledgement
 * ("On it: 3 actions in 2 groups") with a line for each step below it. One message, rather
 * than a message a step, keeps the conversation readable and notifies nobody for each step;
 * it also costs few requests: while an edit is on its way, later lines wait and go together
 * in the next one, so a burst of steps makes at most two edits and Discord's per-channel
 * limits are never pressed. After a question the next line starts a new status message
 * below it, where the person is looking.
 */

interface Board {
  channel: SendableChannels;
  replyTo: string | undefined;
  messageId: string | undefined;
  header: string;
  lines: string[];
  /** The last edit or creation, in order. */
  chain: Promise<void>;
  /** A flush that has not started yet: later lines join it. */
  queued: Promise<void> | undefined;
  /** The final reply was sent: late lines still edit, but never start a message below it. */
  closed: boolean;
}

const MAX_BOARDS = 500;
const MAX_CHARS = 2000;

export class StatusBoards {
  readonly #boards = new Map<string, Board>();
  readonly #poster: DiscordPoster;
  readonly #logger: Logger;

  constructor(poster: DiscordPoster, logger: Logger) {
    this.#poster = poster;
    this.#logger = logger;
  }

  #board(requestId: string, channel: SendableChannels, replyTo: string | undefined): Board {
    let board = this.#boards.get(requestId);
    if (!board) {
      board = { channel, replyTo, messageId: undefined, header: '', lines: [], chain: Promise.resolve(), queued: undefined, closed: false };
      this.#boards.set(requestId, board);
      if (this.#boards.size > MAX_BOARDS) this.#boards.delete(this.#boards.keys().next().value!);
    }
    return board;
  }

  /** Posts the acknowledgement of a request as its status message. */
  async open(requestId: string, channel: SendableChannels, replyTo: string | undefined, text: string): Promise<string | undefined> {
    const board = this.#board(requestId, channel, replyTo);
    board.header = text;
    await this.#flush(board);
    return board.messageId;
  }

  /** Adds a line to the request's status message; resolves once Discord shows it. */
  async progress(requestId: string, channel: SendableChannels, replyTo: string | undefined, line: string): Promise<string | undefined> {
    const board = this.#board(requestId, channel, replyTo);
    if (board.closed && !board.messageId) return undefined;
    board.lines.push(line);
    await this.#flush(board);
    return board.messageId;
  }

  /** A question was asked: the next progress line starts a new status message below it. */
  detach(requestId: string): void {
    const old = this.#boards.get(requestId);
    if (!old) return;
    // A fresh board, in the same order of edits: what the old one has queued still lands on the old message.
    this.#boards.set(requestId, { ...old, messageId: undefined, header: '', lines: [], queued: undefined });
  }

  /** Waits for the status message to be up to date, and keeps later lines from starting a new one. */
  async close(requestId: string): Promise<void> {
    const board = this.#boards.get(requestId);
    if (!board) return;
    board.closed = true;
    await board.chain;
  }

  clear(): void {
    this.#boards.clear();
  }

  #flush(board: Board): Promise<void> {
    if (board.queued) return board.queued;
    const run = board.chain.then(async () => {
      board.queued = undefined;
      const content = render(board);
      if (content === '') return;
      try {
        if (board.messageId) await this.#poster.edit(board.channel, board.messageId, content);
        else if (!board.closed) board.messageId = (await this.#poster.post(board.channel, content, { quiet: true, ...(board.replyTo ? { replyTo: board.replyTo } : {}) })).at(-1)?.id;
      } catch (error) {
        // Progress is a courtesy: the reply still comes. Keep going with the next line.
        this.#logger.debug({ err: error }, 'could not update a status message');
      }
    });
    board.queued = run;
    board.chain = run;
    return run;
  }
}

/** The header and the lines, the oldest lines left out when they would not fit. */
function render(board: Board): string {
  const lines = [...board.lines];
  const text = () => [board.header, ...lines].filter((l) => l !== '').join('\n');
  let dropped = 0;
  while (text().length > MAX_CHARS - 20 && lines.length > 1) {
    lines.shift();
    dropped++;
  }
  if (dropped > 0) lines.unshift(`… (${dropped} earlier)`);
  return text().slice(0, MAX_CHARS);
}
