import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from '../../core/util/logger.js';

/**
 * A dispatcher that may run on BullMQ: in distributed mode it hands out its queues
 * (groups, reports, reminders). The in-process dispatcher has none.
 */
export interface QueueSource {
  readonly name: string;
  queues?(): unknown[];
}

export const BOARD_PATH = '/dashboard/queues/board';

/**
 * The board's own page is a script application with inline styles. It links a web font from
 * another site: the link is taken out of the page, and the policy refuses anything that is
 * not served from here.
 */
const BOARD_POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'";

/** A `<link>` to a resource of another site (the board's web font). */
const OUTSIDE_LINK = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>\s*/gi;

export interface QueueCounts {
  name: string;
  counts: Record<string, number>;
}

/**
 * bull-board over the dispatcher's BullMQ queues, with retry and clean. The queues are read
 * again at every request to the board, so queues the dispatcher opens after start-up show.
 */
export class QueueBoard {
  readonly #source: Required<QueueSource>;
  readonly #logger: Logger;
  #shown: Queue[] = [];
  #board: ReturnType<typeof createBullBoard> | undefined;
  #warned = false;

  private constructor(source: Required<QueueSource>, logger: Logger) {
    this.#source = source;
    this.#logger = logger;
  }

  /** A board when the dispatcher can have queues. */
  static of(source: QueueSource, logger: Logger): QueueBoard | undefined {
    return typeof source.queues === 'function' ? new QueueBoard(source as Required<QueueSource>, logger) : undefined;
  }

  /** The dispatcher's BullMQ queues now. */
  queues(): Queue[] {
    const all = this.#source.queues() ?? [];
    const queues = all.filter((q): q is Queue => q instanceof Queue);
    if (queues.length < all.length && !this.#warned) {
      this.#warned = true;
      this.#logger.warn({ count: all.length - queues.length }, 'the dispatcher gave queues that are not BullMQ queues; the board leaves them out');
    }
    return queues;
  }

  #refresh(): void {
    const queues = this.queues();
    if (queues.length === this.#shown.length && queues.every((q, i) => q === this.#shown[i])) return;
    this.#shown = queues;
    this.#board?.replaceQueues(queues.map((q) => new BullMQAdapter(q, { readOnlyMode: false, allowRetries: true })));
  }

  async counts(): Promise<QueueCounts[]> {
    return Promise.all(this.queues().map(async (q) => ({ name: q.name, counts: await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed') })));
  }

  /** Registers bull-board; mount it at {@link BOARD_PATH}. */
  plugin(): FastifyPluginAsync {
    return async (app) => {
      const adapter = new FastifyAdapter();
      adapter.setBasePath(BOARD_PATH);
      this.#board = createBullBoard({ queues: [], serverAdapter: adapter, options: { uiConfig: { boardTitle: 'Majordomo queues' } } });
      this.#refresh();
      app.addHook('onRequest', async () => this.#refresh());
      app.addHook('onSend', async (_request, reply, payload) => {
        reply.header('content-security-policy', BOARD_POLICY);
        return typeof payload === 'string' ? payload.replace(OUTSIDE_LINK, '') : payload;
      });
      await app.register(adapter.registerPlugin());
    };
  }
}
