import { relative, resolve } from 'node:path';
import { TypedEmitter } from '../../core/events.js';
import type { ChannelContext, ChannelPlugin, CoreSettings, PluginContext, PluginHealth, PluginModule } from '../../core/plugin/plugin.js';
import { meansRequester, sendMessageMethod } from '../../core/plugin/send-message.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import type { ActionResult, Address, OutboundMessage, Requester, SendReceipt } from '../../core/types.js';
import type { AgentMemory } from '../../core/memory/agent-memory.js';
import type { Logger } from '../../core/util/logger.js';
import { bareAddress, isAddress, ReplyAddress } from './addresses.js';
import { composeMail, subjectFromText } from './compose.js';
import { ConversationBook, conversationIdFor, type Conversation } from './conversations.js';
import { emailEnv, type EmailSettings } from './env.js';
import type { EmailEvents } from './events.js';
import { emailHints } from './hints.js';
import { parseImapUrl, startImapWatcher, type ImapWatcher } from './imap-watcher.js';
import { MailIntake } from './intake.js';
import { messageIdFor, outboxMailer, smtpMailer, type Mailer, type SentMail } from './mailer.js';
import { NoticeLimit } from './notice-limit.js';
import type { ReadMail } from './read-mail.js';
import { startSmtpListener, type SmtpListener } from './smtp-listener.js';
import { toldAddress } from './told-addresses.js';

/** Different addresses told for one name: said, for the requester to choose from. */
function severalTold(name: string, addresses: readonly string[]): string {
  return `I was told more than one address for "${name}": ${addresses.join(', ')}`;
}

/** Used as "me" when nobody configured an address and mail only goes to the outbox. */
const OUTBOX_OWNER = 'owner@localhost';

/** Kinds of message not worth a mail each: the final reply says what happened. */
const NOT_MAILED: ReadonlySet<OutboundMessage['kind']> = new Set(['ack', 'progress']);

/** The email channel, with what tests and the dashboard may look at. */
export interface EmailChannel extends ChannelPlugin {
  readonly events: TypedEmitter<EmailEvents>;
  /** The port the SMTP listener took (useful with INBOUND_SMTP_PORT=0); undefined when off. */
  readonly inboundPort: number | undefined;
  /** How the IMAP mailbox is watched; undefined when IMAP is off or disconnected. */
  readonly imapMode: 'idle' | 'poll' | undefined;
  /** Where mail comes in, in words ("SMTP on 127.0.0.1:2525, IMAP …"); undefined when it does not. */
  inboundSummary(): string | undefined;
}

interface Running {
  mailer: Mailer;
  state: PluginState;
  book: ConversationBook;
  logger: Logger;
  /** What the household told, where addresses of people named by name are looked up. */
  memory?: AgentMemory;
  listener?: SmtpListener;
  imap?: ImapWatcher;
}

/**
 * Email: requests come in by an SMTP listener or an IMAP mailbox, answers and questions go
 * out by SMTP (or to an outbox folder). Every conversation is a mail thread with a token in
 * its Reply-To address; see README "Email" for the rules on replies, tokens and loops.
 */
export function createEmail(values: EmailSettings, core: CoreSettings): EmailChannel {
  const allowed = new Set(values.EMAIL_ALLOWED_SENDERS.map((a) => a.toLowerCase()));
  const outboxDir = resolve(core.dataDir, values.EMAIL_OUTBOX_DIR);
  const fromAddress = bareAddress(values.EMAIL_FROM) ?? 'majordomo@localhost';
  const address = new ReplyAddress(values.EMAIL_ADDRESS ?? fromAddress);
  const events = new TypedEmitter<EmailEvents>();
  const notices = new NoticeLimit();
  const maxBytes = values.EMAIL_MAX_KB * 1024;
  let running: Running | undefined;
  let lastError: PluginHealth['lastError'];

  function started(): Running {
    if (!running) throw new Error('the email channel was used before it started');
    return running;
  }

  /** The requester's address: theirs when they wrote by email, else the owner's. */
  function requesterAddress(requester: Requester): string | undefined {
    if (requester.address.channel === 'email') return requester.address.userId;
    return core.ownerEmail ?? (values.SMTP_URL === undefined ? OUTBOX_OWNER : undefined);
  }

  function describe(sent: SentMail, to: string): string {
    if (values.SMTP_URL) return `Emailed ${to}.`;
    const shown = relative(process.cwd(), sent.destination);
    return `Wrote an email to ${to} (${shown.startsWith('..') ? sent.destination : shown}).`;
  }

  /**
   * Sends one message in a conversation, once: the same key gives the same Message-ID, and a
   * Message-ID sent before is not sent again. Messages of one conversation go one at a time,
   * so each answers the latest mail in the thread.
   */
  async function sendIn(conversation: Conversation, message: Pick<OutboundMessage, 'kind' | 'text' | 'subject' | 'question'>, key: (c: Conversation) => string): Promise<SentMail> {
    const { book, mailer } = started();
    return book.serialize(`send:${conversation.id}`, async () => {
      const current = (await book.get(conversation.id)) ?? conversation;
      const mail = composeMail(current, message, key(current), { from: values.EMAIL_FROM, address, subjectPrefix: values.EMAIL_SUBJECT_PREFIX });
      const messageId = messageIdFor(mail.key, mail.from);
      if (await book.sent(messageId)) return { messageId, destination: 'sent before' };
      let sent: SentMail;
      try {
        sent = await mailer.send(mail);
      } catch (error) {
        lastError = { message: error instanceof Error ? error.message : String(error), at: new Date().toISOString() };
        throw error;
      }
      await book.noteSent(sent.messageId, { conversationId: current.id, kind: message.kind, ...(message.question ? { questionId: message.question.id } : {}), at: new Date().toISOString() });
      events.emit('mail.sent', { messageId: sent.messageId, to: mail.to, conversationId: current.id, kind: message.kind });
      return sent;
    });
  }

  /** The outbound side: the mailer and the book of conversations. */
  function prepare(ctx: PluginContext): Running {
    const book = new ConversationBook(ctx.state);
    const mailer = values.SMTP_URL ? smtpMailer(values.SMTP_URL) : outboxMailer(outboxDir);
    running = { mailer, state: ctx.state, book, logger: ctx.logger, ...(ctx.memory ? { memory: ctx.memory } : {}) };
    return running;
  }

  /** Tells the sender of a mail why it was not acted on, in a thread of its own. */
  async function notify(mail: ReadMail, text: string): Promise<void> {
    const { book, logger } = started();
    if (!notices.allow(mail.from.address)) {
      logger.warn({ to: mail.from.address }, 'not sending another note to this sender this hour');
      return;
    }
    const conversation = await book.open({ id: conversationIdFor(`notice:${mail.messageId}`), owner: mail.from.address, subject: mail.subject || 'Your mail', refs: [...mail.replyTo].reverse(), lastInbound: mail.messageId });
    await sendIn(conversation, { kind: 'error', text }, () => `notice:${mail.messageId}`);
  }

  return {
    kind: 'channel',
    name: 'email',
    description: 'Email: sends mail, and takes requests and answers by mail (SMTP listener or IMAP)',
    examples: ['email me the shopping list', 'turn off the garage light and email me when that is done'],
    configured: true,
    events,
    get inboundPort() {
      return running?.listener?.port;
    },
    get imapMode() {
      return running?.imap?.mode;
    },
    inboundSummary() {
      const ways = [
        ...(running?.listener ? [`SMTP on ${values.INBOUND_SMTP_HOST}:${running.listener.port}`] : []),
        ...(values.IMAP_URL ? [`IMAP ${parseImapUrl(values.IMAP_URL).host}/${parseImapUrl(values.IMAP_URL).mailbox} (${running?.imap?.mode ?? 'not connected'})`] : []),
      ];
      return ways.length > 0 ? `${ways.join(', ')}, for ${address.base}` : undefined;
    },
    allows: (sender) => allowed.has(sender.id.toLowerCase()),
    listening: () => running?.listener !== undefined || running?.imap?.mode !== undefined,
    health(): PluginHealth {
      const imapDown = values.IMAP_URL !== undefined && running?.imap?.mode === undefined;
      return { state: running && !imapDown ? 'up' : 'down', ...(imapDown ? { detail: 'IMAP mailbox not connected' } : {}), ...(lastError ? { lastError } : {}) };
    },
    async startOutbound(ctx: PluginContext) {
      prepare(ctx);
    },
    async start(ctx: ChannelContext) {
      const started = prepare(ctx);
      const { book } = started;
      const intake = new MailIntake({
        book,
        address,
        ownAddresses: [fromAddress, address.base],
        allows: (a) => allowed.has(a),
        onMessage: ctx.onMessage,
        questions: ctx.api.questions,
        notify,
        events,
        logger: ctx.logger,
      });
      if (values.INBOUND_SMTP_PORT !== undefined) {
        started.listener = await startSmtpListener({
          host: values.INBOUND_SMTP_HOST,
          port: values.INBOUND_SMTP_PORT,
          maxBytes,
          accepts: (a) => address.owns(a),
          receive: (raw, envelope) => intake.receive(raw, envelope),
          logger: ctx.logger,
        });
      }
      if (values.IMAP_URL !== undefined) {
        started.imap = await startImapWatcher({
          url: values.IMAP_URL,
          pollMs: values.IMAP_POLL_SECONDS * 1000,
          maxBytes,
          state: ctx.state,
          receive: (raw, envelope) => intake.receive(raw, envelope),
          tooLarge: (header, bytes, envelope) => intake.tooLarge(header, bytes, maxBytes, envelope),
          events,
          logger: ctx.logger,
        });
      }
    },
    async stop() {
      const r = running;
      if (!r) return;
      await r.listener?.close();
      await r.imap?.stop();
      await r.mailer.close();
      running = undefined;
    },
    async send(to: Address, message: OutboundMessage): Promise<SendReceipt> {
      if (NOT_MAILED.has(message.kind)) return {};
      const { book } = started();
      const conversation = (await book.get(to.conversationId)) ?? (await book.open({ id: to.conversationId, owner: to.userId, subject: message.subject ?? to.meta?.['subject'] ?? subjectFromText(message.text) }));
      const sent = await sendIn(conversation, message, (c) => `${c.id}:${message.kind}:${message.requestId ?? ''}:${message.question?.id ?? ''}:${c.lastInbound ?? ''}:${message.text}`);
      return { messageId: sent.messageId };
    },
    methods: {
      send_message: sendMessageMethod({
        channel: 'email',
        description: 'Send an email; to the requester unless `to` names someone else (it only sends: reading an inbox is not something it does)',
        hints: emailHints,
        isOther: (to, requester) => {
          if (meansRequester(to)) return false;
          const own = requesterAddress(requester);
          return own === undefined || to!.toLowerCase() !== own.toLowerCase();
        },
        async explainRecipient(to) {
          const memory = running?.memory;
          if (isAddress(to) || !memory) return undefined;
          const told = await toldAddress(memory.facts, to);
          if (told.kind === 'one') return `${to} is ${told.address}`;
          if (told.kind === 'several') return severalTold(to, told.addresses);
          return `I was told no address for ${to}`;
        },
        async deliver(args, ctx): Promise<ActionResult> {
          const { state, book, memory } = started();
          let recipient = meansRequester(args.to) ? requesterAddress(ctx.requester) : args.to;
          // "Email bob": the address the household told for bob ("remember that bob's email is ...").
          let named: string | undefined;
          if (recipient !== undefined && !isAddress(recipient) && memory) {
            const told = await toldAddress(memory.facts, recipient);
            if (told.kind === 'several') {
              return {
                ok: false,
                retryable: false,
                error: { code: 'EMAIL_BAD_ADDRESS', message: severalTold(recipient, told.addresses), hint: 'say which address to use' },
              };
            }
            if (told.kind === 'one') [named, recipient] = [recipient, told.address];
          }
          if (recipient === undefined) {
            return {
              ok: false,
              retryable: false,
              error: { code: 'EMAIL_NO_ADDRESS', message: 'I do not know your email address', hint: 'set MAJORDOMO_OWNER_EMAIL' },
            };
          }
          if (!isAddress(recipient)) {
            return {
              ok: false,
              retryable: false,
              error: {
                code: 'EMAIL_BAD_ADDRESS',
                message: `"${recipient}" is not an email address${memory ? ', and I was told none for them' : ''}`,
                hint: `give a full address like sam@example.com${memory ? `, or tell me it once: "remember that ${recipient}'s email is ..."` : ''}`,
              },
            };
          }
          const earlier = await state.applied<ActionResult>(ctx.idempotencyKey);
          if (earlier) return earlier;
          // To the person who wrote by email: in their thread. Anyone else: a thread of its own.
          const own = ctx.requester.address;
          const thread = own.channel === 'email' && own.userId === recipient.toLowerCase() ? await book.get(own.conversationId) : undefined;
          const conversation = thread ?? (await book.open({ id: conversationIdFor(ctx.idempotencyKey), owner: recipient, subject: args.subject ?? subjectFromText(args.text) }));
          const sent = await sendIn(conversation, { kind: 'notification', text: args.text, ...(args.subject ? { subject: args.subject } : {}) }, () => ctx.idempotencyKey);
          const result: ActionResult = { ok: true, summary: describe(sent, named ? `${named} (${recipient})` : recipient), data: { to: recipient, messageId: sent.messageId, destination: sent.destination } };
          await state.recordApplied(ctx.idempotencyKey, result);
          return result;
        },
      }),
    },
  };
}

export const emailModule: PluginModule<typeof emailEnv> = {
  name: 'email',
  env: emailEnv,
  create: (values, core) => createEmail(values, core),
};
