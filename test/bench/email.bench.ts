import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { createConsole } from '../../channels/console/index.js';
import type { EmailChannel } from '../../channels/email/index.js';
import { loadConfig } from '../../core/config/load.js';
import { createAssistant } from '../../apps/majordomo/assistant.js';
import { envSections } from '../../apps/majordomo/plugins.js';
import { tempDir } from '../support/cli.js';
import { compose } from '../support/mail.js';
import { startSmtpReceiver } from '../support/smtp-receiver.js';
import { ms, summarize } from './stats.js';

const OWNER = 'owner@example.org';
const ASSISTANT = 'majordomo@example.org';
const REQUESTS = ['turn off the porch light', 'set the office light to 40%', 'turn on the kitchen light', 'toggle the garage light'];

/**
 * Email over real SMTP on this machine: from a request mail reaching the inbound listener to
 * the reply arriving at an SMTP server, through parsing, threading, planning, the agent and
 * the pooled outgoing transport. One request at a time.
 */
export async function benchEmail(rounds: number): Promise<void> {
  const dir = await tempDir('majordomo-bench-email-');
  const waiting = new Map<string, () => void>();
  const outbox = await startSmtpReceiver((mail) => {
    const inReplyTo = mail.parsed.inReplyTo;
    if (inReplyTo) waiting.get(inReplyTo)?.();
  });
  const sink = new PassThrough();
  sink.resume();
  const config = loadConfig(
    {
      MAJORDOMO_DATA_DIR: dir.path,
      MAJORDOMO_TIMEZONE: 'UTC',
      MAJORDOMO_LOG_LEVEL: 'warn',
      SMTP_URL: outbox.url,
      EMAIL_FROM: `Majordomo <${ASSISTANT}>`,
      EMAIL_ALLOWED_SENDERS: OWNER,
      INBOUND_SMTP_PORT: '0',
    },
    envSections(),
  );
  const terminal = createConsole({ input: new PassThrough(), output: sink, interactive: false });
  const assistant = await createAssistant(config, { overrides: { console: terminal } });
  await assistant.engine.start();
  const port = (assistant.registry.channel('email') as EmailChannel).inboundPort!;
  const client = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 });

  async function one(i: number): Promise<{ total: number; taken: number }> {
    const messageId = `<bench-${i}-${Date.now()}@people.example>`;
    const raw = await compose({ from: OWNER, to: ASSISTANT, subject: `Bench ${i}`, text: REQUESTS[i % REQUESTS.length]!, messageId });
    const replied = new Promise<void>((resolve) => waiting.set(messageId, resolve));
    const t0 = performance.now();
    await client.sendMail({ envelope: { from: OWNER, to: [ASSISTANT] }, raw });
    const taken = performance.now() - t0;
    await replied;
    waiting.delete(messageId);
    return { total: performance.now() - t0, taken };
  }

  try {
    for (let i = 0; i < 10; i++) await one(i);
    const totals: number[] = [];
    const takens: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const { total, taken } = await one(i);
      totals.push(total);
      takens.push(taken);
    }
    const t = summarize(totals);
    const k = summarize(takens);
    console.log(`inbound mail → plan → outbound reply, over SMTP on this machine (${t.n} mails, one at a time)`);
    console.log(`  median ${ms(t.median)}   p99 ${ms(t.p99)}   max ${ms(t.max)}`);
    console.log(`  of which the listener taking the mail (250 after the gateway took it): median ${ms(k.median)}   p99 ${ms(k.p99)}`);
  } finally {
    client.close();
    await assistant.close();
    await outbox.close();
    await dir.cleanup();
  }
}
