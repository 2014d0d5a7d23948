import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TypedEmitter } from '../../core/events.js';
import { openSqliteStore, type SqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import type { InboundMessage, MessageOutcome } from '../../core/types.js';
import type { Logger } from '../../core/util/logger.js';
import { ReplyAddress } from './addresses.js';
import { ConversationBook } from './conversations.js';
import type { EmailEvents } from './events.js';
import { MailIntake, type IntakeDeps } from './intake.js';

/** A logger that keeps what it was given. */
function recordingLogger(lines: Array<{ level: string; obj: unknown; msg?: string }>): Logger {
  const at = (level: string) => (obj: object | string, msg?: string) => void lines.push({ level, obj, ...(msg ? { msg } : {}) });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => logger };
  return logger;
}

const mail = (extra = '') => Buffer.from(`From: owner@example.org\r\nTo: majordomo@example.org\r\nMessage-ID: <m1@people.example>\r\nSubject: porch\r\n${extra}\r\nturn on the porch light\r\n`);

describe('MailIntake', () => {
  let dir: string;
  let store: SqliteStore;
  let lines: Array<{ level: string; obj: unknown; msg?: string }>;
  let handed: InboundMessage[];
  let gateway: (m: InboundMessage) => Promise<MessageOutcome>;
  let intake: MailIntake;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'majordomo-intake-'));
    store = openSqliteStore({ path: join(dir, 'db.sqlite') });
    lines = [];
    handed = [];
    gateway = async (m) => {
      handed.push(m);
      return { kind: 'request', requestId: `r-${handed.length}` };
    };
    const deps: IntakeDeps = {
      book: new ConversationBook(store.pluginState('email')),
      address: new ReplyAddress('majordomo@example.org'),
      ownAddresses: ['majordomo@example.org'],
      allows: (a) => a === 'owner@example.org',
      onMessage: (m) => gateway(m),
      questions: (q) => store.listQuestions(q),
      notify: async () => {},
      events: new TypedEmitter<EmailEvents>(),
      logger: recordingLogger(lines),
    };
    intake = new MailIntake(deps);
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('logs a rejection with its code and hands nothing over', async () => {
    const result = await intake.receive(mail('Auto-Submitted: auto-replied\r\n'), { via: 'smtp', from: 'owner@example.org', to: ['majordomo@example.org'] });
    expect(result).toMatchObject({ kind: 'rejected', code: 'EMAIL_AUTOMATED' });
    expect(handed).toHaveLength(0);
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', obj: expect.objectContaining({ code: 'EMAIL_AUTOMATED', via: 'smtp' }), msg: expect.stringMatching(/never answered/) })]);
  });

  it('hands a mail over once it is threaded, with the text alone', async () => {
    const result = await intake.receive(mail(), { via: 'imap', to: [] });
    expect(result).toMatchObject({ kind: 'accepted', outcome: { kind: 'request' } });
    expect(handed[0]).toMatchObject({ channel: 'email', sender: { id: 'owner@example.org' }, text: 'turn on the porch light', messageId: '<m1@people.example>' });
    expect(handed[0]!.conversationId).toMatch(/^e-[0-9a-f]{12}$/);
  });

  it('gives the mail back when the gateway fails, so that a retry is handled', async () => {
    gateway = async () => {
      throw new Error('the store is busy');
    };
    await expect(intake.receive(mail(), { via: 'smtp', from: 'owner@example.org', to: ['majordomo@example.org'] })).rejects.toThrow('the store is busy');
    gateway = async (m) => {
      handed.push(m);
      return { kind: 'request', requestId: 'r-1' };
    };
    expect(await intake.receive(mail(), { via: 'smtp', from: 'owner@example.org', to: ['majordomo@example.org'] })).toMatchObject({ kind: 'accepted' });
    expect(await intake.receive(mail(), { via: 'smtp', from: 'owner@example.org', to: ['majordomo@example.org'] })).toMatchObject({ kind: 'rejected', code: 'EMAIL_DUPLICATE' });
    expect(handed).toHaveLength(1);
  });
});
