import { startTestAssistant } from './assistant.js';
import { startSmtpReceiver } from './smtp-receiver.js';

/**
 * An assistant that mails through a real SMTP receiver, asked to email someone other than its
 * owner: it waits for the requester's yes or no. `cleanup` gets what stops both.
 */
export async function askedToEmailSam(cleanup: (undo: () => Promise<void> | void) => void) {
  const smtp = await startSmtpReceiver();
  cleanup(smtp.close);
  const a = await startTestAssistant({ SMTP_URL: smtp.url, MAJORDOMO_OWNER_EMAIL: 'owner@example.org' });
  cleanup(() => a.dispose());
  const outcome = await a.type('send an email to sam@example.com telling him the game starts at 9');
  if (outcome.kind !== 'request') throw new Error('not a request');
  await a.waitForOutput(/\? Shall I .*sam@example\.com.*reaches someone other than you/);
  return { a, smtp, emailRequest: outcome.requestId };
}
