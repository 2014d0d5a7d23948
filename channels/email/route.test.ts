import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialCheckpoint } from '../../core/agent/records.js';
import { openSqliteStore, type SqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import type { QuestionRecord } from '../../core/store/store.js';
import { ReplyAddress } from './addresses.js';
import { ConversationBook, type Conversation } from './conversations.js';
import type { ReadMail } from './read-mail.js';
import { routeMail, type RouteDeps } from './route.js';

const OWNER = 'owner@example.org';
const address = new ReplyAddress('majordomo@example.org');

describe('routeMail', () => {
  let dir: string;
  let store: SqliteStore;
  let deps: RouteDeps;
  let book: ConversationBook;
  let conversation: Conversation;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'majordomo-route-'));
    store = openSqliteStore({ path: join(dir, 'db.sqlite') });
    book = new ConversationBook(store.pluginState('email'));
    deps = { book, address, questions: (q) => store.listQuestions(q) };
    conversation = await book.open({ owner: OWNER, subject: 'Attic', refs: ['<first@people.example>'] });
    await book.noteSent('<ack@example.org>', { conversationId: conversation.id, kind: 'reply', at: new Date().toISOString() });
    await book.noteSent('<q1@example.org>', { conversationId: conversation.id, kind: 'question', questionId: 'q-1', at: new Date().toISOString() });
    // A question must belong to a stored request and group.
    const requester = { address: { channel: 'email', conversationId: conversation.id, userId: OWNER } };
    const group = { id: 'g1', actions: [{ id: 'a1', text: 'turn on the attic light', dependsOn: [], optional: false, decision: { kind: 'none' as const, reason: 'no attic' } }] };
    const at = new Date();
    await store.createRequest(
      { id: 'r-1', text: 'turn on the attic light', requester, status: 'waiting', plan: { groups: [group] }, brain: 'rule', createdAt: at.toISOString(), updatedAt: at.toISOString() },
      [initialCheckpoint({ requestId: 'r-1', group, requester, requestText: 'turn on the attic light', brain: 'rule', at })],
    );
    await store.saveQuestion(question('q-1', 'open'));
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  function question(id: string, status: QuestionRecord['status']): QuestionRecord {
    return {
      id,
      requestId: 'r-1',
      groupId: 'r-1.g1',
      actionId: 'a1',
      reason: 'no-target',
      text: 'What should I do instead?',
      address: { channel: 'email', conversationId: conversation.id, userId: OWNER },
      status,
      createdAt: new Date().toISOString(),
    };
  }

  function reply(overrides: Partial<ReadMail>): ReadMail {
    return {
      messageId: '<answer@people.example>',
      from: { address: OWNER },
      subject: 'Re: Attic',
      body: 'the kitchen one',
      replyTo: ['<q1@example.org>'],
      recipients: [address.withToken(conversation.token)],
      headers: new Map(),
      attachments: 0,
      ...overrides,
    };
  }

  it('starts something new for a mail that replies to nothing of its own', async () => {
    expect(await routeMail(reply({ replyTo: [] }), deps)).toEqual({ kind: 'new' });
    expect(await routeMail(reply({ replyTo: ['<elsewhere@people.example>'] }), deps)).toEqual({ kind: 'new' });
  });

  it('answers the open question a reply replies to', async () => {
    const route = await routeMail(reply({}), deps);
    expect(route).toMatchObject({ kind: 'thread', conversation: { id: conversation.id }, answersQuestion: 'q-1' });
  });

  it('finds its own mail further back in References', async () => {
    const route = await routeMail(reply({ replyTo: ['<own-draft@people.example>', '<q1@example.org>', '<first@people.example>'] }), deps);
    expect(route).toMatchObject({ kind: 'thread', answersQuestion: 'q-1' });
  });

  it('takes a reply to a mail that asked nothing as a message in the thread', async () => {
    const route = await routeMail(reply({ replyTo: ['<ack@example.org>'] }), deps);
    expect(route.kind).toBe('thread');
    expect(route).not.toHaveProperty('answersQuestion');
  });

  it('refuses a reply without the token, with another token, or from someone else', async () => {
    const other = await book.open({ owner: OWNER, subject: 'Other' });
    const refused = [
      await routeMail(reply({ recipients: ['majordomo@example.org'] }), deps),
      await routeMail(reply({ recipients: ['majordomo+aaaaaaaaaaaaaaaa@example.org'] }), deps),
      await routeMail(reply({ recipients: [address.withToken(other.token)] }), deps),
      await routeMail(reply({ from: { address: 'sam@example.org' } }), deps),
    ];
    expect(refused.map((r) => r.kind === 'refuse' && r.code)).toEqual(Array(4).fill('EMAIL_TOKEN_MISMATCH'));
    expect(refused[0]).toMatchObject({ reason: expect.stringMatching(/not sent to the reply address/) });
  });

  it('refuses an answer to a question that is not open any more', async () => {
    await store.updateQuestion('q-1', { status: 'answered' });
    expect(await routeMail(reply({}), deps)).toMatchObject({ kind: 'refuse', code: 'EMAIL_QUESTION_CLOSED', reason: expect.stringMatching(/answered already/) });
    await store.updateQuestion('q-1', { status: 'expired' });
    expect(await routeMail(reply({}), deps)).toMatchObject({ reason: expect.stringMatching(/waited too long/) });
  });

  it('keeps its memory in the store: a new book on the same state finds the same threads', async () => {
    const again = new ConversationBook(store.pluginState('email'));
    expect(await routeMail(reply({}), { ...deps, book: again })).toMatchObject({ kind: 'thread', answersQuestion: 'q-1' });
    expect((await again.byToken(conversation.token))?.id).toBe(conversation.id);
  });
});

describe('ConversationBook', () => {
  let dir: string;
  let store: SqliteStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'majordomo-book-'));
    store = openSqliteStore({ path: join(dir, 'db.sqlite') });
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('claims a received mail once, and gives a claim back', async () => {
    const book = new ConversationBook(store.pluginState('email'));
    const claims = await Promise.all([book.claim('<m@x>'), book.claim('<m@x>'), book.claim('<m@x>')]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await book.release('<m@x>');
    expect(await book.claim('<m@x>')).toBe(true);
    expect(await book.claim('<m@x>')).toBe(false);
  });

  it('keeps the root and the latest references of a long thread', async () => {
    const book = new ConversationBook(store.pluginState('email'));
    const c = await book.open({ owner: OWNER, subject: 's', refs: ['<root@x>'] });
    for (let i = 0; i < 40; i++) await book.noteSent(`<m${i}@x>`, { conversationId: c.id, kind: 'reply', at: '' });
    const after = await book.noteInbound(c.id, '<in@x>', ['<m39@x>', '<theirs@y>']);
    expect(after!.refs).toHaveLength(20);
    expect(after!.refs[0]).toBe('<root@x>');
    expect(after!.refs.slice(-2)).toEqual(['<theirs@y>', '<in@x>']);
    expect(after!.lastInbound).toBe('<in@x>');
  });

  it('opens a conversation with a given id only once', async () => {
    const book = new ConversationBook(store.pluginState('email'));
    const [a, b] = await Promise.all([book.open({ id: 'e-fixed', owner: OWNER, subject: 'x' }), book.open({ id: 'e-fixed', owner: OWNER, subject: 'y' })]);
    expect(a.token).toBe(b.token);
    expect(b.subject).toBe('x');
  });
});
