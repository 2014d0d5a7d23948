import type { z } from 'zod';
import type { Address, InboundMessage, MessageOutcome, OutboundMessage, SendReceipt, Sender } from '../types.js';
import type { Logger } from '../util/logger.js';
import type { PluginState } from '../store/plugin-state.js';
import type { Scheduler } from '../scheduler/scheduler.js';
import type { AssistantApi } from '../api.js';
import type { EntityVocabulary } from './hints.js';
import type { AnyMethodSpec } from './method.js';
import type { AgentMemory } from '../memory/agent-memory.js';
import type { GeoPlace } from '../util/sun.js';

/** Connected, or why not: shown on the dashboard and by `majordomo status`. */
export interface PluginHealth {
  state: 'up' | 'down' | 'off';
  detail?: string;
  lastError?: { message: string; at: string };
}

/** What every plugin that can be called from a plan declares about itself. */
export interface CallablePlugin {
  /** Lower-case, unique: the part of a target before the dot. */
  name: string;
  description: string;
  methods: Record<string, AnyMethodSpec>;
  /** Kinds of things this plugin knows by name (areas, items), for the brains. */
  entities?: EntityVocabulary[];
  /** A few requests it understands, as people say them: shown when someone asks what the assistant can do. */
  examples?: string[];
  /** Names of plugins that must be registered too. */
  dependencies?: string[];
  /**
   * Environment variables that enable this plugin. When they are not set the plugin stays
   * registered (plans are the same on every install) and its methods fail with a message
   * naming them.
   */
  requiredEnv?: string[];
  /** False when the variables above are not set. */
  readonly configured: boolean;
  health?(): PluginHealth;
}

/** What a plugin gets when it starts. */
export interface PluginContext {
  logger: Logger;
  /** The directory for files the plugin writes (outbox, world state). */
  dataDir: string;
  /** Durable per-plugin state with exactly-once updates. */
  state: PluginState;
  scheduler: Scheduler;
  /**
   * Long-term memory, when it is on. A service records what it finds and looks there first:
   *
   * ```ts
   * await ctx.memory?.places.record({ position: { x: 10, y: 64, z: -3 }, dimension: 'overworld', what: 'chest', contents: [{ item: 'oak_log', count: 12 }] });
   * const table = await ctx.memory?.places.nearest('crafting_table', { position: bot.entity.position, radius: 64, dimension: 'overworld' });
   * ```
   *
   * `places` records a place (position, dimension, what it is, contents; the same block
   * recorded again is updated) and finds the nearest of a kind within a radius, or the
   * containers holding an item; `perceptions` records what was observed, where and when;
   * `facts` holds what people said to remember; `store` searches and deletes any memory.
   */
  memory?: AgentMemory;
}

/** A service: something the assistant can do (lights, calendar, a Minecraft bot). */
export interface ServicePlugin extends CallablePlugin {
  kind: 'service';
  /**
   * A request said in words of the household's own (a shortcut): the request they stand for,
   * planned in their place; undefined when they stand for none. Asked of every new request
   * before it is planned, so it must be quick.
   */
  expand?(text: string): Promise<string | undefined>;
  start?(ctx: PluginContext): Promise<void>;
  stop?(): Promise<void>;
}

/** What a channel gets when it starts: where to hand messages it receives. */
export interface ChannelContext extends PluginContext {
  /** Hands a received message to the gateway. Resolves once it is accepted or refused. */
  onMessage(message: InboundMessage): Promise<MessageOutcome>;
  /** Read access to requests and questions, for channels that show status. */
  api: AssistantApi;
}

/**
 * A channel: a way people talk to the assistant. It is also callable, with at least
 * `send_message(text?, to?)`.
 */
export interface ChannelPlugin extends CallablePlugin {
  kind: 'channel';
  /** Whether this sender may command the assistant on this channel. */
  allows(sender: Sender): boolean;
  start(ctx: ChannelContext): Promise<void>;
  /**
   * Gets ready to send only, with no inbound side: for a process that runs agents but takes
   * no messages (`majordomo worker`). A channel without it cannot be called from there.
   */
  startOutbound?(ctx: PluginContext): Promise<void>;
  stop(): Promise<void>;
  /** Delivers a message to an address on this channel. Throws when it cannot. */
  send(to: Address, message: OutboundMessage): Promise<SendReceipt>;
  /** Shows that work is going on (typing indicator, status line). Best effort. */
  showProgress?(to: Address, text: string): Promise<void>;
  /** Whether messages can come in on this channel now (a send-only channel says false). */
  listening(): boolean;
  /**
   * What this channel shows is gone when the process ends (a terminal): questions still open
   * there are asked again when the assistant starts.
   */
  readonly ephemeral?: boolean;
  /**
   * The people a request said here names are here too (a game's players): "tell steve hello"
   * said in the game is said to steve in the game, not mailed, unless a way is named.
   */
  readonly peopleHere?: boolean;
}

export type Plugin = ServicePlugin | ChannelPlugin;

/**
 * A plugin as the composition root sees it: the environment variables it reads, with
 * defaults and descriptions, and a factory that builds it from their validated values.
 */
export interface PluginModule<E extends z.ZodObject = z.ZodObject> {
  name: string;
  env: E;
  create(env: z.output<E>, core: CoreSettings): Plugin | Plugin[];
}

/** Settings of the core that plugins may read. */
export interface CoreSettings {
  dataDir: string;
  timeZone: string;
  /** Where the home is, when configured: the sun's times there. */
  place?: GeoPlace;
  ownerEmail: string | undefined;
  /** The HTTP server the API (and dashboard) run on; off without a token. */
  http: { port: number; host: string; token: string | undefined };
  maxMessageChars: number;
}
