import type { PluginState } from '../../core/store/plugin-state.js';
import type { Sender } from '../../core/types.js';

/** A server member as discord.js gives it: a full member, or the raw one of an interaction. */
export type MemberLike = { roles: string[] | { cache: { keys(): Iterable<string> } } } | null | undefined;

/**
 * Who may command the assistant on Discord: the listed users anywhere, and in servers the
 * members of the listed roles. A role is known only with the message that carries it, so
 * the channel vouches for such a sender while the gateway handles that message.
 */
export class DiscordAccess {
  readonly #users: ReadonlySet<string>;
  readonly #roles: ReadonlySet<string>;
  /** Senders allowed by a role, while one of their messages is being handled. */
  readonly #vouched = new Map<string, number>();

  constructor(users: readonly string[], roles: readonly string[]) {
    this.#users = new Set(users);
    this.#roles = new Set(roles);
  }

  /** Whether this user, with this server membership (none in a DM), may command the assistant. */
  permits(userId: string, member: MemberLike): boolean {
    if (this.#users.has(userId)) return true;
    if (this.#roles.size === 0 || !member) return false;
    const roles = Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()];
    return roles.some((r) => this.#roles.has(r));
  }

  /** The gateway's check: a listed user, or one this channel vouches for right now. */
  allows(sender: Sender): boolean {
    return this.#users.has(sender.id) || this.#vouched.has(sender.id);
  }

  /** Runs `handle` while vouching for a sender allowed by a role. */
  async vouching<T>(userId: string, handle: () => Promise<T>): Promise<T> {
    this.#vouched.set(userId, (this.#vouched.get(userId) ?? 0) + 1);
    try {
      return await handle();
    } finally {
      const left = (this.#vouched.get(userId) ?? 1) - 1;
      if (left <= 0) this.#vouched.delete(userId);
      else this.#vouched.set(userId, left);
    }
  }
}

/**
 * True the first time it is asked about a user, false ever after, also after a restart:
 * the record is kept in the plugin's state, and only one of two concurrent askers wins.
 */
export async function firstRefusal(state: PluginState, userId: string): Promise<boolean> {
  const key = `refused:${userId}`;
  const { replayed } = await state.apply<string, true>(key, key, () => ({ next: new Date().toISOString(), result: true }));
  return !replayed;
}
