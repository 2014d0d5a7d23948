import { createHash, randomBytes } from 'node:crypto';
import type { PluginState } from '../../core/store/plugin-state.js';
import { newToken } from './addresses.js';

/**
 * One email thread with one person. Its id is the conversation id the gateway knows; its
 * token, in the plus-addressed Reply-To of every mail in it, is what a reply must carry.
 */
export interface Conversation {
  id: string;
  token: string;
  /** The person it is with (lower case); only their mail may continue it. */
  owner: string;
  subject: string;
  /** Message-IDs of the thread, oldest first: the root and the latest ones. */
  refs: string[];
  /** The latest mail of the owner in it: what the next message answers. */
  lastInbound?: string;
  createdAt: string;
}

/** What the assistant sent: recognized when a reply names it. */
export interface SentRecord {
  conversationId: string;
  kind: string;
  /** Set when the mail asked a question. */
  questionId?: string;
  at: string;
}

/** A received mail, claimed for handling. */
interface SeenRecord {
  at: string;
}

/** References kept per thread: the root and the latest, enough for every mail program to thread. */
const MAX_REFS = 20;

/**
 * The email channel's memory, in its plugin state: conversations by id and by token, the
 * mail it sent by Message-ID, the mail it received by Message-ID. It survives restarts, so a
 * reply to a question asked before a restart still finds it.
 */
export class ConversationBook {
  readonly #state: PluginState;
  readonly #clock: () => Date;
  readonly #locks = new Map<string, Promise<unknown>>();

  constructor(state: PluginState, clock: () => Date = () => new Date()) {
    this.#state = state;
    this.#clock = clock;
  }

  get(id: string): Promise<Conversation | undefined> {
    return this.#state.get<Conversation>(`conv:${id}`);
  }

  async byToken(token: string): Promise<Conversation | undefined> {
    const id = await this.#state.get<string>(`token:${token.toLowerCase()}`);
    return id === undefined ? undefined : this.get(id);
  }

  /**
   * Opens a conversation, or returns the one with this id. An id derived from an idempotency
   * key (`idFor`) makes a repeated send find the conversation the first one opened.
   */
  async open(init: { id?: string; owner: string; subject: string; refs?: string[]; lastInbound?: string }): Promise<Conversation> {
    const id = init.id ?? `e-${randomBytes(6).toString('hex')}`;
    return this.serialize(`conv:${id}`, async () => {
      const existing = await this.get(id);
      if (existing) return existing;
      const conversation: Conversation = {
        id,
        token: newToken(),
        owner: init.owner.toLowerCase(),
        subject: init.subject,
        refs: bounded([...(init.refs ?? []), ...(init.lastInbound ? [init.lastInbound] : [])]),
        ...(init.lastInbound ? { lastInbound: init.lastInbound } : {}),
        createdAt: this.#clock().toISOString(),
      };
      await this.#state.set(`token:${conversation.token}`, id);
      await this.#state.set(`conv:${id}`, conversation);
      return conversation;
    });
  }

  /** Records a mail of the owner in the thread: the next message answers it. */
  async noteInbound(id: string, messageId: string, theirRefs: readonly string[]): Promise<Conversation | undefined> {
    return this.#update(id, (c) => ({ ...c, lastInbound: messageId, refs: bounded([...c.refs, ...theirRefs.filter((r) => !c.refs.includes(r)).reverse(), messageId]) }));
  }

  /** Records a mail the assistant sent, in its thread and by its Message-ID. */
  async noteSent(messageId: string, record: SentRecord): Promise<void> {
    await this.#update(record.conversationId, (c) => ({ ...c, refs: bounded([...c.refs, messageId]) }));
    await this.#state.set(`sent:${messageId}`, record);
  }

  sent(messageId: string): Promise<SentRecord | undefined> {
    return this.#state.get<SentRecord>(`sent:${messageId}`);
  }

  /**
   * Claims a received mail for handling; false when it was claimed before. A mail is handled
   * at most once: a redelivery (an SMTP retry, an IMAP message seen again) is dropped.
   */
  async claim(messageId: string): Promise<boolean> {
    return this.serialize(`seen:${messageId}`, async () => {
      if (await this.#state.get<SeenRecord>(`seen:${messageId}`)) return false;
      await this.#state.set<SeenRecord>(`seen:${messageId}`, { at: this.#clock().toISOString() });
      return true;
    });
  }

  /** Gives a claim back when handling failed for a reason that may pass (the store was busy). */
  async release(messageId: string): Promise<void> {
    await this.#state.delete(`seen:${messageId}`);
  }

  /** Runs `fn` after every earlier call with the same key has finished. */
  serialize<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.#locks.get(key) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const settled = run.catch(() => undefined);
    this.#locks.set(key, settled);
    void settled.then(() => {
      if (this.#locks.get(key) === settled) this.#locks.delete(key);
    });
    return run;
  }

  async #update(id: string, change: (c: Conversation) => Conversation): Promise<Conversation | undefined> {
    return this.serialize(`conv:${id}`, async () => {
      const current = await this.get(id);
      if (!current) return undefined;
      const next = change(current);
      await this.#state.set(`conv:${id}`, next);
      return next;
    });
  }
}

/** A conversation id that the same key always gives. */
export function conversationIdFor(key: string): string {
  return `e-${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

function bounded(refs: string[]): string[] {
  const unique = [...new Set(refs)];
  return unique.length <= MAX_REFS ? unique : [unique[0]!, ...unique.slice(-(MAX_REFS - 1))];
}
