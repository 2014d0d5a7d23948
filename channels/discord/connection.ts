import { Client, DiscordjsErrorCodes, Events, GatewayCloseCodes, GatewayIntentBits, Partials, type Interaction, type Message } from 'discord.js';
import { ConfigError } from '../../core/errors.js';
import type { PluginHealth } from '../../core/plugin/plugin.js';
import type { Logger } from '../../core/util/logger.js';
import type { DiscordSettings } from './settings.js';

/** What the connection hands on: every message and every interaction. */
export interface ConnectionHandlers {
  message(message: Message): void;
  interaction(interaction: Interaction): void;
  /** A new session began after the first one was lost: nothing missed was replayed. */
  newSession(client: Client<true>): void;
}

const RETRY_MS = { first: 5_000, max: 300_000 };
/** Longest wait for the gateway's READY at start before going on and waiting in the background. */
const READY_TIMEOUT_MS = 60_000;

function intents(settings: DiscordSettings): GatewayIntentBits[] {
  return [
    GatewayIntentBits.Guilds,
    GatewayIntentBits.GuildMessages,
    GatewayIntentBits.DirectMessages,
    ...(settings.DISCORD_MESSAGE_CONTENT ? [GatewayIntentBits.MessageContent] : []),
  ];
}

/**
 * The bot's connection to Discord through a discord.js client. discord.js keeps it up: it
 * heartbeats, resumes the session after a dropped connection (Discord then replays what was
 * missed) or identifies again when the session is gone, and queues REST calls per route
 * under Discord's rate limits. This class starts it, turns a refused token or intent into a
 * configuration error, retries when Discord cannot be reached, and reports health.
 */
export class DiscordConnection {
  readonly #settings: DiscordSettings;
  readonly #logger: Logger;
  #client: Client | undefined;
  #health: PluginHealth = { state: 'off' };
  #retry: NodeJS.Timeout | undefined;
  #retryMs = RETRY_MS.first;
  #stopped = false;

  constructor(settings: DiscordSettings, logger: Logger) {
    this.#settings = settings;
    this.#logger = logger;
  }

  get client(): Client | undefined {
    return this.#client;
  }

  /**
   * The client once Discord has accepted it, also while the gateway reconnects: sending
   * goes through the REST API, which does not need the gateway.
   */
  get sender(): Client | undefined {
    return this.#client?.readyAt ? this.#client : undefined;
  }

  health(): PluginHealth {
    return this.#health;
  }

  #down(detail: string, error?: unknown): void {
    this.#health = { state: 'down', detail, ...(error ? { lastError: { message: error instanceof Error ? error.message : String(error), at: new Date().toISOString() } } : {}) };
  }

  #build(handlers: ConnectionHandlers): Client {
    const client = new Client({
      intents: intents(this.#settings),
      // Direct-message channels are not cached before their first message; without this
      // partial discord.js drops DMs.
      partials: [Partials.Channel],
      // Nothing the assistant writes pings anyone unless a send says so.
      allowedMentions: { parse: [], repliedUser: true },
      ...(this.#settings.DISCORD_API_URL ? { rest: { api: this.#settings.DISCORD_API_URL } } : {}),
    });
    client.on(Events.MessageCreate, handlers.message);
    client.on(Events.InteractionCreate, handlers.interaction);
    let sessions = 0;
    client.on(Events.ShardReady, () => {
      this.#health = { state: 'up' };
      if (++sessions > 1 && client.isReady()) {
        this.#logger.warn('Discord could not resume the session; started a new one');
        handlers.newSession(client);
      }
    });
    client.on(Events.ShardResume, (_id, replayed) => {
      this.#health = { state: 'up', detail: 'resumed' };
      this.#logger.info({ replayed }, 'Discord session resumed');
    });
    client.on(Events.ShardReconnecting, () => {
      if (this.#stopped) return;
      this.#down('reconnecting');
      this.#logger.warn('Discord connection lost; reconnecting');
    });
    client.on(Events.ShardDisconnect, (event) => {
      if (this.#stopped) return;
      this.#down(`disconnected (${event.code})`);
      this.#logger.error({ code: event.code }, 'Discord closed the connection for good');
    });
    client.on(Events.Error, (error) => this.#logger.error({ err: error }, 'Discord client error'));
    client.on(Events.Warn, (message) => this.#logger.warn(message));
    return client;
  }

  /**
   * Connects and waits for READY. A refused token or intent stops start-up with the variable
   * to fix; when Discord cannot be reached the assistant starts anyway and keeps trying.
   */
  async start(handlers: ConnectionHandlers): Promise<void> {
    this.#stopped = false;
    try {
      await this.#connect(handlers);
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      this.#down('cannot reach Discord', error);
      this.#logger.error({ err: error, retryInMs: this.#retryMs }, 'cannot connect to Discord; trying again');
      this.#scheduleRetry(handlers);
    }
  }

  async #connect(handlers: ConnectionHandlers): Promise<void> {
    const client = this.#build(handlers);
    this.#client = client;
    let timer: NodeJS.Timeout | undefined;
    let onClose: ((event: { code: number }) => void) | undefined;
    // A close code discord.js does not recover from, while logging in: say which setting is wrong.
    const refused = new Promise<never>((_, reject) => {
      onClose = (event) => reject(closeError(event.code));
      client.once(Events.ShardDisconnect, onClose);
    });
    refused.catch(() => undefined);
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.#logger.warn('Discord has not sent READY yet; going on and waiting for it in the background');
        resolve();
      }, READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.login(this.#settings.DISCORD_TOKEN).then(() => Promise.race([ready, timeout])), refused]);
      this.#retryMs = RETRY_MS.first;
      this.#logger.info({ user: client.user?.tag }, 'connected to Discord');
    } catch (error) {
      await client.destroy().catch(() => undefined);
      this.#client = undefined;
      if ((error as { code?: unknown }).code === DiscordjsErrorCodes.TokenInvalid) {
        throw new ConfigError('Discord refused DISCORD_TOKEN', ['DISCORD_TOKEN'], { cause: error, hint: 'copy the token again from the Bot page of the application in the Discord developer portal' });
      }
      throw error;
    } finally {
      clearTimeout(timer);
      if (onClose) client.off(Events.ShardDisconnect, onClose);
    }
  }

  #scheduleRetry(handlers: ConnectionHandlers): void {
    if (this.#stopped) return;
    this.#retry = setTimeout(() => {
      this.#connect(handlers).catch((error: unknown) => {
        this.#down('cannot reach Discord', error);
        this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MS.max);
        this.#logger.error({ err: error, retryInMs: this.#retryMs }, 'cannot connect to Discord; trying again');
        this.#scheduleRetry(handlers);
      });
    }, this.#retryMs);
    this.#retry.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    this.#health = { state: 'off' };
    await client?.destroy();
  }
}

function closeError(code: number): Error {
  switch (code) {
    case GatewayCloseCodes.AuthenticationFailed:
      return new ConfigError('Discord refused DISCORD_TOKEN', ['DISCORD_TOKEN'], { hint: 'copy the token again from the Bot page of the application in the Discord developer portal' });
    case GatewayCloseCodes.DisallowedIntents:
      return new ConfigError('Discord refused the Message Content intent', ['DISCORD_MESSAGE_CONTENT'], {
        hint: 'switch on "Message Content Intent" on the Bot page of the developer portal, or set DISCORD_MESSAGE_CONTENT=false',
      });
    default:
      return new Error(`Discord closed the gateway connection with code ${code}`);
  }
}
