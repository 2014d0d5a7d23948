import { relative, resolve } from 'node:path';
import { z } from 'zod';
import { envList, envOptional, envString, envUrl } from '../../core/config/env.js';
import type { ChannelPlugin, PluginContext, PluginModule, CoreSettings } from '../../core/plugin/plugin.js';
import { meansRequester, sendMessageMethod } from '../../core/plugin/send-message.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import type { ActionResult, Address, Requester } from '../../core/types.js';
import { emailHints } from './hints.js';
import { outboxMailer, smtpMailer, type Mailer, type SentMail } from './mailer.js';

const env = z.object({
  SMTP_URL: envUrl('Outgoing mail server, e.g. smtp://user:pass@host:587; without it mail is written to the outbox folder', ['smtp', 'smtps'], undefined, { secret: true }),
  EMAIL_FROM: envString('Sender of the assistant\'s mail', 'Majordomo <majordomo@localhost>'),
  EMAIL_OUTBOX_DIR: envString('Folder for .eml files when SMTP_URL is not set, relative to the data dir', 'outbox'),
  EMAIL_ALLOWED_SENDERS: envList('Addresses whose mail may command the assistant'),
  EMAIL_SUBJECT_PREFIX: envOptional('Prefix of the subject of mail the assistant starts'),
});

/** Used as "me" when nobody configured an address and mail only goes to the outbox. */
const OUTBOX_OWNER = 'owner@localhost';

export function createEmail(values: z.output<typeof env>, core: CoreSettings): ChannelPlugin {
  const allowed = new Set(values.EMAIL_ALLOWED_SENDERS.map((a) => a.toLowerCase()));
  const outboxDir = resolve(core.dataDir, values.EMAIL_OUTBOX_DIR);
  let mailer: Mailer | undefined;
  let state: PluginState | undefined;

  /** The requester's address: theirs when they wrote by email, else the owner's. */
  function requesterAddress(requester: Requester): string | undefined {
    if (requester.address.channel === 'email') return requester.address.userId;
    return core.ownerEmail ?? (values.SMTP_URL === undefined ? OUTBOX_OWNER : undefined);
  }

  function subjectFor(text: string): string {
    const first = text.split('\n')[0]!.trim();
    const short = first.length > 60 ? `${first.slice(0, 57)}...` : first;
    return values.EMAIL_SUBJECT_PREFIX ? `${values.EMAIL_SUBJECT_PREFIX} ${short}` : short;
  }

  function started(): { mailer: Mailer; state: PluginState } {
    if (!mailer || !state) throw new Error('the email channel was used before it started');
    return { mailer, state };
  }

  function describe(sent: SentMail, to: string): string {
    if (values.SMTP_URL) return `Emailed ${to}.`;
    const shown = relative(process.cwd(), sent.destination);
    return `Wrote an email to ${to} (${shown.startsWith('..') ? sent.destination : shown}).`;
  }

  return {
    kind: 'channel',
    name: 'email',
    description: 'Email: sends mail, and (when configured) takes requests by mail',
    configured: true,
    allows: (sender) => allowed.has(sender.id.toLowerCase()),
    // Mail only goes out for now; inbound mail arrives with an SMTP listener or IMAP.
    listening: () => false,
    async start(ctx: PluginContext) {
      state = ctx.state;
      mailer = values.SMTP_URL ? smtpMailer(values.SMTP_URL) : outboxMailer(outboxDir);
    },
    async stop() {
      await mailer?.close();
    },
    async send(to: Address, message) {
      const sent = await started().mailer.send({
        from: values.EMAIL_FROM,
        to: to.userId,
        subject: message.subject ?? (to.meta?.['subject'] ? `Re: ${to.meta['subject'].replace(/^re:\s*/i, '')}` : subjectFor(message.text)),
        text: message.text,
        ...(to.meta?.['messageId'] ? { inReplyTo: to.meta['messageId'], references: [to.meta['messageId']] } : {}),
        key: `${to.conversationId}:${message.kind}:${message.requestId ?? ''}:${message.question?.id ?? ''}:${message.text}`,
      });
      return { messageId: sent.messageId };
    },
    methods: {
      send_message: sendMessageMethod({
        channel: 'email',
        description: 'Send an email; to the requester unless `to` names someone else',
        hints: emailHints,
        isOther: (to, requester) => {
          if (meansRequester(to)) return false;
          const own = requesterAddress(requester);
          return own === undefined || to!.toLowerCase() !== own.toLowerCase();
        },
        async deliver(args, ctx): Promise<ActionResult> {
          const { mailer: m, state: s } = started();
          const recipient = meansRequester(args.to) ? requesterAddress(ctx.requester) : args.to;
          if (recipient === undefined) {
            return {
              ok: false,
              retryable: false,
              error: { code: 'EMAIL_NO_ADDRESS', message: 'I do not know your email address', hint: 'set MAJORDOMO_OWNER_EMAIL' },
            };
          }
          if (!/^[^\s@]+@[^\s@]+$/.test(recipient)) {
            return {
              ok: false,
              retryable: false,
              error: { code: 'EMAIL_BAD_ADDRESS', message: `"${recipient}" is not an email address`, hint: 'give a full address like sam@example.com' },
            };
          }
          const earlier = await s.applied<ActionResult>(ctx.idempotencyKey);
          if (earlier) return earlier;
          const sent = await m.send({
            from: values.EMAIL_FROM,
            to: recipient,
            subject: args.subject ?? subjectFor(args.text),
            text: args.text,
            key: ctx.idempotencyKey,
          });
          const result: ActionResult = { ok: true, summary: describe(sent, recipient), data: { to: recipient, messageId: sent.messageId, destination: sent.destination } };
          await s.recordApplied(ctx.idempotencyKey, result);
          return result;
        },
      }),
    },
  };
}

export const emailModule: PluginModule<typeof env> = {
  name: 'email',
  env,
  create: (values, core) => createEmail(values, core),
};

