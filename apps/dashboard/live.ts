import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AgentEvent, EngineEvents, TypedEmitter } from '../../core/events.js';
import type { Logger } from '../../core/util/logger.js';
import type { LiveItem } from './layout.js';

/** What a live view needs to know about something that happened, to decide whether to redraw. */
export interface LiveEvent {
  type: keyof EngineEvents;
  requestId?: string;
  groupId?: string;
}

/** A region of a page that the server keeps current over server-sent events. */
export interface LiveView {
  region: string;
  /** Streams of views with the same key see the same items: they are drawn once per change for all. */
  key?: string;
  concerns(event: LiveEvent): boolean;
  items(): Promise<LiveItem[]>;
}

/** The latest thing an agent said it was doing, for the agents page. */
export interface Activity {
  text: string;
  at: string;
}

type Listener = (event: LiveEvent) => void;

/** Redraws wait this long for more events, so a burst of progress is one update. */
const SETTLE_MS = 40;
const HEARTBEAT_MS = 15_000;

function activityText(e: AgentEvent): string | undefined {
  switch (e.type) {
    case 'action.started':
      return `started ${e.target} (attempt ${e.attempt})`;
    case 'action.progress':
      return e.text;
    case 'action.retrying':
      return `retrying after: ${e.error}`;
    case 'action.finished':
      return e.result.ok ? `finished: ${e.result.summary}` : `failed: ${e.result.error.message}`;
    case 'action.skipped':
      return `skipped: ${e.reason}`;
    case 'action.decided':
      return undefined;
  }
}

/**
 * Listens to the engine once and fans its events out to every open stream; keeps each
 * agent's latest activity. Closing it ends every stream, so the server can close.
 */
export class LiveHub {
  readonly #listeners = new Set<Listener>();
  readonly #streams = new Set<() => void>();
  readonly #activity = new Map<string, Activity>();
  /** Items drawn since the last event, by view key: every stream of a view redraws after the same event. */
  readonly #drawn = new Map<string, Promise<LiveItem[]>>();
  readonly #clock: () => Date;

  constructor(events: TypedEmitter<EngineEvents>, clock: () => Date = () => new Date()) {
    this.#clock = clock;
    const emit = (event: LiveEvent) => {
      this.#drawn.clear();
      for (const l of this.#listeners) l(event);
    };
    events.on('agent', (e) => {
      const text = activityText(e);
      if (text) this.#activity.set(e.groupId, { text, at: this.#clock().toISOString() });
      emit({ type: 'agent', requestId: e.requestId, groupId: e.groupId });
    });
    events.on('request.created', (e) => emit({ type: 'request.created', requestId: e.requestId }));
    events.on('request.finished', (e) => emit({ type: 'request.finished', requestId: e.requestId }));
    events.on('group.status', (e) => {
      if (e.status === 'done' || e.status === 'failed' || e.status === 'terminated') this.#activity.delete(e.groupId);
      emit({ type: 'group.status', requestId: e.requestId, groupId: e.groupId });
    });
    events.on('question.asked', (e) => emit({ type: 'question.asked', requestId: e.requestId, groupId: e.groupId }));
    events.on('question.answered', (e) => emit({ type: 'question.answered', requestId: e.requestId, groupId: e.groupId }));
    events.on('delivery.failed', () => emit({ type: 'delivery.failed' }));
    events.on('reminder.fired', () => emit({ type: 'reminder.fired' }));
  }

  activity(groupId: string): Activity | undefined {
    return this.#activity.get(groupId);
  }

  #items(view: LiveView): Promise<LiveItem[]> {
    if (view.key === undefined) return view.items();
    let items = this.#drawn.get(view.key);
    if (!items) {
      items = view.items();
      this.#drawn.set(view.key, items);
      items.catch(() => this.#drawn.delete(view.key!));
    }
    return items;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Ends every open stream (the server is closing). */
  closeAll(): void {
    for (const end of [...this.#streams]) end();
  }

  /**
   * Serves one view as a stream: its whole state at once, then only the items whose markup
   * changed, whenever an event concerns it. The browser reconnects by itself and then gets
   * the whole state again.
   */
  stream(request: FastifyRequest, reply: FastifyReply, view: LiveView, headers: Record<string, string>, logger: Logger): void {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.write('retry: 2000\n\n');
    const sent = new Map<string, string>();
    let order = '';
    let timer: NodeJS.Timeout | undefined;
    let drawing = false;
    let again = false;
    let open = true;

    const draw = async (): Promise<void> => {
      if (drawing) {
        again = true;
        return;
      }
      drawing = true;
      try {
        do {
          again = false;
          const items = await this.#items(view);
          if (!open) return;
          const keys = items.map((i) => i.key).join('\n');
          const changed = items.filter((i) => sent.get(i.key) !== i.html.value);
          if (changed.length === 0 && keys === order) continue;
          const payload = { region: view.region, items: items.map((i) => (sent.get(i.key) === i.html.value ? { key: i.key } : { key: i.key, html: i.html.value })) };
          sent.clear();
          for (const i of items) sent.set(i.key, i.html.value);
          order = keys;
          res.write(`event: region\ndata: ${JSON.stringify(payload)}\n\n`);
        } while (again && open);
      } catch (error) {
        logger.warn({ err: error, region: view.region }, 'could not draw a live view');
      } finally {
        drawing = false;
      }
    };
    const schedule = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void draw();
      }, SETTLE_MS);
    };
    const unsubscribe = this.subscribe((event) => {
      if (view.concerns(event)) schedule();
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const end = () => {
      if (!open) return;
      open = false;
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(timer);
      this.#streams.delete(end);
      res.end();
    };
    this.#streams.add(end);
    request.raw.on('close', end);
    void draw();
  }
}
