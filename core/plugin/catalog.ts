import type { EntityVocabulary, MethodHints } from './hints.js';
import type { AnyMethodSpec } from './method.js';

/** The channel a request came from, as a target: `primary.send_message`. */
export const PRIMARY_CHANNEL = 'primary';

/** One callable method, as brains see it. */
export interface CatalogEntry {
  /** `plugin.method` */
  target: string;
  plugin: string;
  method: string;
  kind: 'service' | 'channel';
  description: string;
  spec: AnyMethodSpec;
  /** False when the plugin is registered but not configured on this install. */
  configured: boolean;
  /** The variables that would configure it. */
  requiredEnv: readonly string[];
}

/** Everything that can be called, and every kind of thing the plugins know by name. */
export interface Catalog {
  readonly entries: readonly CatalogEntry[];
  readonly entities: readonly EntityVocabulary[];
  /** Names of the registered channels. */
  readonly channels: readonly string[];
  /** Channels whose people a request said there names are there too (a channel plugin's `peopleHere`). */
  readonly peopleHere?: readonly string[];
  get(target: string): CatalogEntry | undefined;
  /** Hints for `primary.send_message`: ways to say "tell me" without naming a channel. */
  readonly primaryHints: MethodHints;
}

/** `primary.send_message` made concrete for a request that came from `channel`. */
export function resolvePrimaryTarget(target: string, channel: string): string {
  return target.startsWith(`${PRIMARY_CHANNEL}.`) ? `${channel}.${target.slice(PRIMARY_CHANNEL.length + 1)}` : target;
}
