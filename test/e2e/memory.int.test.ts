import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHashedEmbedder } from '../../core/memory/hashed-embedder.js';
import { openSqliteMemory } from '../../core/memory/sqlite/sqlite-memory.js';
import { runCli, tempDir, testEnv } from '../support/cli.js';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

describe('facts people tell the assistant, and the memory CLI', () => {
  const cleanup = cleanupAfterEach();

  it('remembers what it is told, recalls it in another request, and the CLI lists, searches and deletes it', async () => {
    const dir = await tempDir();
    cleanup(() => dir.cleanup());
    const a = await startTestAssistant({}, dir.path);
    let closed = false;
    cleanup(() => (closed ? undefined : a.close()));

    const told = await a.type('remember that my email is ada@example.com');
    if (told.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(told.requestId)).toBe('done');
    await a.type('note that the garage light is the one by the door').then(async (o) => o.kind === 'request' && (await a.finished(o.requestId)));

    const asked = await a.type('what do you remember about my email?');
    if (asked.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(asked.requestId)).toBe('done');
    const view = (await a.engine.api.request(asked.requestId))!;
    expect(view.request.summary).toContain('ada@example.com');
    expect(view.request.summary).not.toContain('garage');
    await a.close();
    closed = true;

    const env = testEnv({ MAJORDOMO_DATA_DIR: dir.path, MAJORDOMO_LOG_FILE: '-' });
    const list = await runCli(['memory', 'list', '--kind', 'fact'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/fact .*my email is ada@example.com/);
    expect(list.stdout).toMatch(/2 of 2 fact memories/);

    const search = await runCli(['memory', 'search', '--json', 'which light is in the garage'], env);
    expect(search.code).toBe(0);
    const found = JSON.parse(search.stdout) as Array<{ memory: { id: string; text: string }; relevance: number }>;
    expect(found[0]!.memory.text).toMatch(/garage light is the one by the door/);

    const removed = await runCli(['memory', 'delete', found[0]!.memory.id], env);
    expect(removed).toMatchObject({ code: 0, stdout: 'deleted 1 of 1\n' });
    const memory = await openSqliteMemory({ path: join(dir.path, 'memory.db'), embedder: createHashedEmbedder() });
    expect((await memory.list({ kind: 'fact' })).map((m) => m.text)).toEqual(['my email is ada@example.com']);
    await memory.close();

    const bad = await runCli(['memory', 'list', '--kind', 'dream'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"dream" is not a kind of memory\n {2}\(use one of lesson, place, perception, fact\)/);
  }, 180_000);

  it('answers a question about what it was told, and forgets it when asked, by words of it', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = async (text: string, status = 'done') => {
      const outcome = await a.type(text);
      if (outcome.kind !== 'request') throw new Error(`not a request: ${text}`);
      expect(await a.finished(outcome.requestId)).toBe(status);
      return (await a.engine.api.request(outcome.requestId))!.request.summary ?? '';
    };
    await say('remember that the wifi password is hunter2');
    await say('remember that the guest wifi password is welcome123');
    await say('remember that the garage code is 4321');

    expect(await say("what's the garage code?")).toContain('4321');
    await say('remember that the spare key is under the blue flowerpot');
    await say('remember that my passport is in the desk drawer');
    expect(await say('where is the spare key?')).toContain('under the blue flowerpot');
    expect(await say('where did I put my passport')).toContain('in the desk drawer');
    // Asked about nothing in particular: the latest things told, newest first.
    expect(await say('what do you remember?')).toMatch(/my passport is in the desk drawer; the spare key is under the blue flowerpot; the garage code is 4321/);
    await say('forget the guest wifi password');
    await a.waitForOutput(/✓ Forgotten: the guest wifi password is welcome123\./);
    expect(await say('what is the guest wifi password')).not.toContain('welcome123');
    expect(await say('what is the garage code')).toContain('4321');

    await say('remember that the office wifi password is swordfish');
    // Two could be meant: neither is forgotten, and the requester is asked which.
    await a.type('forget the wifi password');
    await a.waitForOutput(/2 things I remember could be meant: "the (office wifi password is swordfish|wifi password is hunter2)", "the (office wifi password is swordfish|wifi password is hunter2)"/);
    expect(await say('what do you remember about the wifi password')).toMatch(/hunter2.*swordfish|swordfish.*hunter2/);
  }, 60_000);
});
