import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/server.js';
import type { FakeChannel, FakeGuild, FakeUser, StoredMessage } from '../fakes/discord/world.js';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

/** The Discord channel in servers: mentions, listed channels, threads, roles; messages to others. */

const isDone = (m: StoredMessage) => /^Done/.test(m.api.content);
const buttonsOf = (m: StoredMessage) => ((m.api['components'] as Array<{ components: Array<{ custom_id: string; label: string }> }> | undefined) ?? []).flatMap((r) => r.components);

describe('the Discord channel in servers', () => {
  const cleanup = cleanupAfterEach();
  let fake: FakeDiscord;
  let alice: FakeUser;
  let carol: FakeUser;
  let dave: FakeUser;
  let home: FakeGuild;
  let family: string;
  let general: FakeChannel;
  let assistantChannel: FakeChannel;
  let thread: FakeChannel;

  beforeAll(async () => {
    fake = await startFakeDiscord();
    alice = fake.addUser('Alice');
    carol = fake.addUser('Carol');
    dave = fake.addUser('Dave');
    home = fake.addGuild('Home', alice);
    family = fake.addRole(home, 'Family');
    fake.addMember(home, carol, [family]);
    fake.addMember(home, dave);
    general = fake.addTextChannel(home, 'general');
    assistantChannel = fake.addTextChannel(home, 'assistant');
    thread = fake.addThread(general, 'lights');
  });
  afterAll(async () => {
    await fake.close();
  });

  async function assistant(env: Record<string, string> = {}): Promise<TestAssistant> {
    const a = await startTestAssistant({
      DISCORD_TOKEN: fake.token,
      DISCORD_ALLOWED_USERS: alice.id,
      DISCORD_ALLOWED_ROLES: family,
      DISCORD_CHANNELS: assistantChannel.id,
      DISCORD_API_URL: fake.apiUrl,
      ...env,
    });
    cleanup(() => a.dispose());
    return a;
  }

  it('answers in the thread it was asked in, and takes requests from members of an allowed role', async () => {
    await assistant();
    const request = fake.sendInChannel(carol, thread, 'set the bedroom light to 20%', { mention: true });
    const reply = await fake.waitFor(() => fake.repliesTo(request).find(isDone), 'the reply in the thread');
    expect(reply.api.channel_id).toBe(thread.id);
    expect(reply.api.content).toMatch(/bedroom light is at 20%/);
    // The reply pings the person it answers, and nobody else; the status message before it pings nobody.
    const pinged = (m: StoredMessage) => (m.api['mentions'] as Array<{ id: string }>).map((u) => u.id);
    expect(pinged(reply)).toEqual([carol.id]);
    const status = fake.repliesTo(request).find((m) => m.api.content.startsWith('On it'))!;
    expect(pinged(status)).toEqual([]);
    expect(fake.botMessagesIn(general)).toHaveLength(0);
  });

  it('reads every message of a listed channel, and nothing else that does not mention it', async () => {
    const a = await assistant();
    fake.sendInChannel(alice, general, 'turn off the kitchen light');
    const listed = fake.sendInChannel(alice, assistantChannel, 'turn off the hallway light');
    await fake.waitFor(() => fake.repliesTo(listed).find(isDone), 'the reply in the listed channel');
    const marker = fake.sendInChannel(alice, general, 'turn off the basement light', { mention: true });
    await fake.waitFor(() => fake.repliesTo(marker).find(isDone), 'the reply to the mention');
    const texts = (await a.engine.api.requests()).map((r) => r.text).sort();
    expect(texts).toEqual(['turn off the basement light', 'turn off the hallway light']);
  });

  it('without the Message Content intent, gets blank messages in a listed channel and ignores them; mentions still work', async () => {
    const a = await assistant({ DISCORD_MESSAGE_CONTENT: 'false' });
    fake.sendInChannel(alice, assistantChannel, 'turn off the office light');
    const mention = fake.sendInChannel(alice, assistantChannel, 'turn off the bathroom light', { mention: true });
    await fake.waitFor(() => fake.repliesTo(mention).find(isDone), 'the reply to the mention');
    expect((await a.engine.api.requests()).map((r) => r.text)).toEqual(['turn off the bathroom light']);
  });

  it('refuses, in a server, a member without an allowed role who mentions it', async () => {
    const a = await assistant();
    const rejected: string[] = [];
    a.engine.events.on('message.rejected', (e) => rejected.push(e.senderId));
    fake.sendInChannel(dave, general, 'turn off the garage light', { mention: true });
    const marker = fake.sendInChannel(alice, general, 'turn on the garage light', { mention: true });
    await fake.waitFor(() => fake.repliesTo(marker).find(isDone), 'the reply to Alice');
    expect(rejected).toEqual([dave.id]);
    expect((await a.engine.api.requests()).map((r) => r.requester.address.userId)).toEqual([alice.id]);
  });

  it('sends a message to someone else after a yes, once, and a "discord me" from another channel to the owner', async () => {
    const a = await assistant();
    const request = fake.sendDm(alice, `message ${carol.id} on discord saying dinner is ready`);
    const dm = fake.dmChannelOf(alice);
    const asked = await fake.waitFor(() => fake.botMessagesIn(dm).find((m) => m.api.content.startsWith('Shall I') && m.api.content.includes(carol.id)), 'the confirmation');
    expect(fake.botMessagesIn(fake.dmChannelOf(carol))).toHaveLength(0);
    fake.pressButton(alice, asked, buttonsOf(asked)[0]!.custom_id);
    const reply = await fake.waitFor(() => fake.repliesTo(request).find(isDone), 'the reply');
    expect(reply.api.content).toMatch(/Sent a Discord message to @carol/);
    const toCarol = fake.botMessagesIn(fake.dmChannelOf(carol));
    expect(toCarol.map((m) => m.api.content)).toEqual(['dinner is ready']);
    expect(toCarol[0]!.nonce).toEqual(expect.any(String));

    // From the terminal, "discord me" goes to the owner: the first allowed user.
    const before = fake.botMessagesIn(dm).length;
    const outcome = await a.type('turn off the porch light and discord me when it is done');
    expect(outcome.kind).toBe('request');
    expect(await a.finished((outcome as { requestId: string }).requestId)).toBe('done');
    const [note] = fake.botMessagesIn(dm).slice(before);
    expect(note?.api.content).toBe('The porch light is off.');
  });
});
