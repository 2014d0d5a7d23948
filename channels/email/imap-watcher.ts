import { ImapFlow } from 'imapflow';
import type { TypedEmitter } from '../../core/events.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import type { Logger } from '../../core/util/logger.js';
import type { EmailEvents } from './events.js';
import type { Envelope } from './intake.js';

export interface ImapWatcherOptions {
  /** imap://user:pass@host:port/Mailbox or imaps://…; the mailbox defaults to INBOX. */
  url: string;
  /** How often to look for new mail without IDLE, and at most how long IDLE lasts. */
  pollMs: number;
  /** Mail larger than this is not downloaded, only its header. */
  maxBytes: number;
  state: PluginState;
  /** Handles one mail; throwing leaves it for the next look. */
  receive(raw: Buffer, envelope: Envelope): Promise<unknown>;
  /** Handles a mail over the limit from its header alone. */
  tooLarge(header: Buffer, bytes: number, envelope: Envelope): Promise<unknown>;
  events: TypedEmitter<EmailEvents>;
  logger: Logger;
}

export interface ImapWatcher {
  /** 'idle' when the server pushes new mail, 'poll' when it is looked for; undefined while disconnected. */
  readonly mode: 'idle' | 'poll' | undefined;
  stop(): Promise<void>;
}

/** Where the watcher is in a mailbox: mail up to `lastUid` was handled. */
interface Cursor {
  uidValidity: string;
  lastUid: number;
}

const ENVELOPE: Envelope = { via: 'imap', to: [] };
const MAX_BACKOFF_MS = 60_000;
/** Looks at one mail that fails before it is given up (logged) and the next ones are read. */
const MAX_TRIES = 3;

/** The parts of IMAP_URL. */
export function parseImapUrl(url: string): { host: string; port: number; secure: boolean; user: string; pass: string; mailbox: string } {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:';
  const mailbox = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'INBOX';
  return { host: u.hostname, port: u.port ? Number(u.port) : secure ? 993 : 143, secure, user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password), mailbox };
}

/**
 * Watches one IMAP mailbox: new mail is pushed with IDLE where the server supports it, and
 * looked for every `pollMs` otherwise (and as a safety net). Mail is taken in UID order, and
 * the last UID handled is stored, so mail that arrived while the assistant was down is read at
 * the next start, and none is read twice. At the very first start only mail arriving from then
 * on is read: an old inbox is not a list of orders. A lost connection is made again, waiting
 * longer each time.
 */
export async function startImapWatcher(options: ImapWatcherOptions): Promise<ImapWatcher> {
  const target = parseImapUrl(options.url);
  const { logger } = options;
  const cursorKey = `imap:${target.user}@${target.host}:${target.port}/${target.mailbox}`;
  let client: ImapFlow | undefined;
  let mode: ImapWatcher['mode'];
  let stopped = false;
  let wake: (() => void) | undefined;
  let sweeping: Promise<void> | undefined;
  let again = false;
  const failures = new Map<number, number>();

  async function sweep(c: ImapFlow): Promise<void> {
    const lock = await c.getMailboxLock(target.mailbox);
    try {
      const box = c.mailbox === false ? undefined : c.mailbox;
      if (!box) return;
      const validity = String(box.uidValidity);
      let cursor = await options.state.get<Cursor>(cursorKey);
      let unseenOnly = false;
      if (!cursor) {
        cursor = { uidValidity: validity, lastUid: Math.max(0, box.uidNext - 1) };
        logger.info({ mailbox: target.mailbox, from: cursor.lastUid + 1 }, 'first look at the mailbox: reading mail that arrives from now on');
        await options.state.set(cursorKey, cursor);
      } else if (cursor.uidValidity !== validity) {
        // The mailbox was rebuilt and its UIDs mean something else: read what is unread.
        logger.warn({ mailbox: target.mailbox }, 'the mailbox UIDVALIDITY changed; reading its unread mail');
        cursor = { uidValidity: validity, lastUid: 0 };
        unseenOnly = true;
      }
      const found = (await c.search({ uid: `${cursor.lastUid + 1}:*`, ...(unseenOnly ? { seen: false } : {}) }, { uid: true })) || [];
      const after = cursor.lastUid;
      for (const uid of found.filter((u) => u > after).sort((a, b) => a - b)) {
        if (stopped) return;
        const range = String(uid);
        try {
          const meta = await c.fetchOne(range, { uid: true, size: true }, { uid: true });
          if (meta && (meta.size ?? 0) > options.maxBytes) {
            const head = await c.fetchOne(range, { headers: true }, { uid: true });
            await options.tooLarge(head ? (head.headers ?? Buffer.alloc(0)) : Buffer.alloc(0), meta.size ?? 0, ENVELOPE);
          } else if (meta) {
            const full = await c.fetchOne(range, { source: true }, { uid: true });
            if (full && full.source) await options.receive(full.source, ENVELOPE);
          }
        } catch (error) {
          // Tried again at the next look; a mail that keeps failing must not hold up the ones after it.
          const tries = (failures.get(uid) ?? 0) + 1;
          failures.set(uid, tries);
          if (tries < MAX_TRIES || !c.usable) throw error;
          logger.error({ err: error, uid, tries }, 'giving up on a mail that could not be handled');
        }
        failures.delete(uid);
        await c.messageFlagsAdd(range, ['\\Seen'], { uid: true });
        cursor = { uidValidity: validity, lastUid: uid };
        await options.state.set(cursorKey, cursor);
      }
    } finally {
      lock.release();
    }
  }

  /** Looks for new mail now, or right after the look in progress. */
  function kick(): void {
    const c = client;
    if (!c || stopped) return;
    if (sweeping) {
      again = true;
      return;
    }
    sweeping = (async () => {
      do {
        again = false;
        await sweep(c);
      } while (again && !stopped);
    })()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not read new mail; trying again at the next look'))
      .finally(() => {
        sweeping = undefined;
      });
  }

  /** One connection, until it closes. */
  async function session(onReady: () => void): Promise<void> {
    const c = new ImapFlow({
      host: target.host,
      port: target.port,
      secure: target.secure,
      auth: { user: target.user, pass: target.pass },
      logger: false,
      autoIdleDelay: 500,
      maxIdleTime: options.pollMs,
      missingIdleCommand: 'NOOP',
      connectionTimeout: 15_000,
    });
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    c.on('error', (error: Error) => logger.warn({ err: error }, 'IMAP connection error'));
    await c.connect();
    client = c;
    const lock = await c.getMailboxLock(target.mailbox);
    lock.release();
    mode = c.capabilities.has('IDLE') ? 'idle' : 'poll';
    c.on('exists', () => kick());
    const timer = setInterval(kick, options.pollMs);
    logger.info({ host: target.host, mailbox: target.mailbox, mode }, 'IMAP mailbox open');
    options.events.emit('imap.ready', { mailbox: target.mailbox, mode });
    onReady();
    kick();
    await closed;
    clearInterval(timer);
    client = undefined;
    mode = undefined;
  }

  let firstReady: () => void = () => {};
  const first = new Promise<void>((resolve) => (firstReady = resolve));
  const loop = (async () => {
    let backoff = 1_000;
    while (!stopped) {
      const began = Date.now();
      await session(firstReady).catch((error: unknown) => logger.error({ err: error, host: target.host }, 'IMAP connection failed'));
      firstReady();
      if (stopped) break;
      if (Date.now() - began > MAX_BACKOFF_MS) backoff = 1_000;
      logger.warn({ retryInMs: backoff }, 'IMAP connection lost; connecting again');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, backoff);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  })();
  await first;

  return {
    get mode() {
      return mode;
    },
    async stop() {
      stopped = true;
      wake?.();
      await sweeping;
      const c = client;
      if (c) await c.logout().catch(() => c.close());
      await loop;
    },
  };
}
