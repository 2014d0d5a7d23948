import { z } from 'zod';
import { envEmail, envInt, envList, envOptional, envString, envUrl } from '../../core/config/env.js';

/** A port that may be left unset (the feature is off); 0 asks for any free port. */
function envOptionalPort(description: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): number | undefined => {
      if (raw === undefined || raw.trim() === '') return undefined;
      const n = Number(raw.trim());
      if (!Number.isInteger(n) || n < 0 || n > 65_535) {
        ctx.addIssue({ code: 'custom', message: `expected a port from 0 to 65535, got "${raw}"` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ description });
}

/** The email channel's variables. */
export const emailEnv = z.object({
  SMTP_URL: envUrl('Outgoing mail server, e.g. smtp://user:pass@host:587; without it mail is written to the outbox folder', ['smtp', 'smtps'], undefined, { secret: true }),
  EMAIL_FROM: envString('Sender of the assistant\'s mail', 'Majordomo <majordomo@localhost>'),
  EMAIL_OUTBOX_DIR: envString('Folder for .eml files when SMTP_URL is not set, relative to the data dir', 'outbox'),
  EMAIL_ALLOWED_SENDERS: envList('Addresses whose mail may command the assistant'),
  EMAIL_SUBJECT_PREFIX: envOptional('Prefix of the subject of mail the assistant starts'),
  EMAIL_ADDRESS: envEmail('Address people write to (default: the address of EMAIL_FROM); replies go to name+token@domain, which must reach the same mailbox'),
  INBOUND_SMTP_PORT: envOptionalPort('Port of the SMTP listener that takes mail (as the MX of a domain or the target of a forward); off when not set'),
  INBOUND_SMTP_HOST: envString('Address the SMTP listener binds to', '127.0.0.1'),
  IMAP_URL: envUrl('Mailbox to read mail from, e.g. imaps://user:pass@imap.example.org/INBOX; off when not set', ['imap', 'imaps'], undefined, { secret: true }),
  IMAP_POLL_SECONDS: envInt('Seconds between looks at the IMAP mailbox when the server cannot push new mail (IDLE)', 60, { min: 1, max: 3600 }),
  EMAIL_MAX_KB: envInt('Largest mail read, in kilobytes: larger mail is refused (SMTP) or skipped with a note (IMAP)', 10_240, { min: 16, max: 102_400 }),
});

export type EmailSettings = z.output<typeof emailEnv>;
