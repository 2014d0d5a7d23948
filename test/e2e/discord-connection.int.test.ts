import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/errors.js';
import { Op } from '../fakes/discord/protocol.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/server.js';
import type { FakeUser, StoredMessage } from '../fakes/discord/world.js';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

/** The bot's connection to Discord: sessions lost and started again, settings Discord refuses. */

const isDone = (m: StoredMessage) => /^Done/.test(m.api.content);

describe('the Discord connection', () => {
  const cleanup = cleanupAfterEach();
  let fake: FakeDiscord;
  let alice: FakeUser;

  beforeAll(async () => {
    fake = await startFakeDiscord();
    alice = fake.addUser('Alice');
  });
  afterAll(async () => {
    await fake.close();
  });

  async function assistant(env: Record<string, string> = {}, discord: FakeDiscord = fake): Promise<TestAssistant> {
    const a = await startTestAssistant({ DISCORD_TOKEN: discord.token, DISCORD_ALLOWED_USERS: alice.id, DISCORD_API_URL: discord.apiUrl, ...env });
    cleanup(() => a.dispose());
    return a;
  }

  it('identifies again when the session cannot be resumed, and handles what was written meanwhile, once', async () => {
    const a = await assistant();
    const first = fake.sendDm(alice, 'turn off the garage light');
    await fake.waitFor(() => fake.repliesTo(first).find(isDone), 'the first reply');
    const identifies = () => fake.gateway.log.filter((r) => r.op === Op.identify).length;
    const before = identifies();

    // Discord forgets the session and the connection drops: RESUME gets INVALID_SESSION,
    // and the message written meanwhile is not replayed.
    fake.gateway.invalidateSessions();
    fake.gateway.drop();
    const meanwhile = fake.sendDm(alice, 'turn off the porch light');
    const reply = await fake.waitFor(() => fake.repliesTo(meanwhile).find(isDone), 'the reply to the message written meanwhile', 20_000);

    expect(reply.api.content).toMatch(/porch light is off/);
    expect(identifies()).toBe(before + 1);
    expect(fake.gateway.log.filter((r) => r.op === Op.resume).length).toBeGreaterThan(0);
    expect(fake.restLog.some((r) => r.route === 'GET /channels/:id/messages' && r.path.includes(meanwhile.api.channel_id))).toBe(true);
    // Read back, not answered twice; the earlier request was not redone.
    const next = fake.sendDm(alice, 'turn on the office light');
    await fake.waitFor(() => fake.repliesTo(next).find(isDone), 'the next reply');
    expect(fake.repliesTo(meanwhile).filter(isDone)).toHaveLength(1);
    expect(fake.repliesTo(first).filter(isDone)).toHaveLength(1);
    expect((await a.engine.api.requests()).length).toBe(3);
  });

  it('still replies while the gateway is unreachable, and handles what was written meanwhile once it is back', async () => {
    const a = await assistant({ LIGHTS_LATENCY_MS: '400' });
    const first = fake.sendDm(alice, 'turn off the garage light');
    await fake.waitFor(() => fake.repliesTo(first).find((m) => m.api.content.startsWith('On it')), 'the acknowledgement');
    fake.gateway.unreachable = true;
    fake.gateway.drop();
    const meanwhile = fake.sendDm(alice, 'turn off the porch light');
    // The reply goes out through the REST API, which does not need the gateway.
    const reply = await fake.waitFor(() => fake.repliesTo(first).find(isDone), 'the reply while the gateway is down');
    expect(reply.api.content).toMatch(/garage light is off/);
    expect(fake.gateway.connectedSessions()).toBe(0);
    fake.gateway.unreachable = false;
    await fake.waitFor(() => fake.repliesTo(meanwhile).find(isDone), 'the reply to the message written meanwhile', 20_000);
    const next = fake.sendDm(alice, 'turn on the office light');
    await fake.waitFor(() => fake.repliesTo(next).find(isDone), 'the next reply');
    expect(fake.repliesTo(first).filter(isDone)).toHaveLength(1);
    expect(fake.repliesTo(meanwhile).filter(isDone)).toHaveLength(1);
    expect((await a.engine.api.requests()).length).toBe(3);
  });

  it('starts the rest of the assistant when Discord cannot be reached, and connects once it can', async () => {
    const later = await startFakeDiscord();
    const port = new URL(later.apiUrl).port;
    const apiUrl = later.apiUrl;
    await later.close();
    const a = await startTestAssistant({ DISCORD_TOKEN: later.token, DISCORD_ALLOWED_USERS: alice.id, DISCORD_API_URL: apiUrl });
    cleanup(() => a.dispose());
    const discord = a.registry.channel('discord')!;
    expect(discord.listening()).toBe(false);
    expect(discord.health!()).toMatchObject({ state: 'down', detail: 'cannot reach Discord' });
    // The terminal works meanwhile.
    const outcome = await a.type('turn off the garage light');
    expect(await a.finished((outcome as { requestId: string }).requestId)).toBe('done');

    const back = await startFakeDiscord({ port: Number(port) });
    cleanup(() => back.close());
    await back.waitFor(() => discord.listening(), 'the bot to connect', 20_000);
    expect(discord.health!()).toMatchObject({ state: 'up' });
  });

  it('stops start-up naming DISCORD_TOKEN when Discord refuses the token', async () => {
    const error = await startTestAssistant({ DISCORD_TOKEN: 'not-the-token', DISCORD_ALLOWED_USERS: alice.id, DISCORD_API_URL: fake.apiUrl }).then(
      (a) => {
        cleanup(() => a.dispose());
        return undefined;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(['DISCORD_TOKEN']);
    // The token itself is not in what is said about it.
    expect(String((error as Error).message)).not.toContain('not-the-token');
  });

  it('stops start-up naming DISCORD_MESSAGE_CONTENT when the intent is not switched on, and runs without it', async () => {
    const strict = await startFakeDiscord({ privilegedIntents: false });
    cleanup(() => strict.close());
    const bob = strict.addUser('Alice');
    const error = await startTestAssistant({ DISCORD_TOKEN: strict.token, DISCORD_ALLOWED_USERS: bob.id, DISCORD_API_URL: strict.apiUrl }).then(
      (a) => {
        cleanup(() => a.dispose());
        return undefined;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(['DISCORD_MESSAGE_CONTENT']);

    const a = await startTestAssistant({ DISCORD_TOKEN: strict.token, DISCORD_ALLOWED_USERS: bob.id, DISCORD_API_URL: strict.apiUrl, DISCORD_MESSAGE_CONTENT: 'false' });
    cleanup(() => a.dispose());
    const request = strict.sendDm(bob, 'turn off the garage light');
    const reply = await strict.waitFor(() => strict.repliesTo(request).find(isDone), 'the reply');
    expect(reply.api.content).toMatch(/garage light is off/);
  });
});
