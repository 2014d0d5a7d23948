import { startDovecot } from './test/support/dovecot.js';
import { startTestAssistant } from './test/support/assistant.js';
import { startSmtpReceiver } from './test/support/smtp-receiver.js';
import { compose } from './test/support/mail.js';
import type { EmailChannel } from './channels/email/index.js';
let t = Date.now();
const lap = (l: string) => { console.log(l, Date.now() - t); t = Date.now(); };
const d = await startDovecot({ idle: process.argv[2] !== 'poll' }); lap('dovecot start');
const outbox = await startSmtpReceiver();
const a = await startTestAssistant({ IMAP_URL: d.url, EMAIL_ALLOWED_SENDERS: 'owner@example.org', SMTP_URL: outbox.url, IMAP_POLL_SECONDS: process.argv[2] === 'poll' ? '1' : '600' }); lap('assistant start');
const email = a.registry.channel('email') as EmailChannel;
for (let i = 0; i < 3; i++) {
  const got = new Promise<void>((r) => email.events.on('mail.accepted', () => r()));
  await d.deliver(await compose({ from: 'owner@example.org', to: 'majordomo@localhost', subject: 'x', text: 'turn on the porch light' })); lap('delivered');
  await got; lap('accepted');
  const n = outbox.mails.length;
  while (outbox.mails.length === n) await new Promise((r) => setTimeout(r, 5));
  lap('replied');
}
await a.dispose(); lap('assistant stop');
await outbox.close(); lap('outbox stop');
await d.stop(); lap('dovecot stop');
