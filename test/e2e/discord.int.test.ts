import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../core/brain/brain.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import type { LightState } from '../../services/lights/home.js';
import { ButtonStyle, ChannelType, InteractionCallback, Op } from '../fakes/discord/protocol.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/server.js';
import type { FakeChannel, FakeUser, StoredMessage } from '../fakes/discord/world.js';
import { startTestAssistant, type TestAssistant } from '../support/assistant.js';
import { tempDir } from '../support/cli.js';
import { cleanupAfterEach } from '../support/cleanup.js';

/**
 * The Discord channel end to end: the real discord.js client, inside a whole assistant,
 * against the fake Discord (REST and gateway) in test/fakes/discord.
 */

/** Resolves with the first truthy value of an asynchronous check (the assistant's store). */
async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const isDone = (m: StoredMessage) => /^Done/.test(m.api.content);
const buttonsOf = (m: StoredMessage) =>
  ((m.api['components'] as Array<{ components: Array<{ custom_id: string; label: string; style: number; disabled?: boolean }> }> | undefined) ?? []).flatMap((r) => r.components);

describe('the Discord channel', () => {
  const cleanup = cleanupAfterEach();
  let fake: FakeDiscord;
  let alice: FakeUser;
  let bob: FakeUser;
  let general: FakeChannel;

  beforeAll(async () => {
    fake = await startFakeDiscord();
    alice = fake.addUser('Alice');
    bob = fake.addUser('Bob');
    const home = fake.addGuild('Home', alice);
    fake.addMember(home, bob);
    general = fake.addTextChannel(home, 'general');
  });
  afterAll(async () => {
    await fake.close();
  });

  async function assistant(env: Record<string, string> = {}, options: { dataDir?: string; brain?: Brain } = {}): Promise<TestAssistant> {
    const a = await startTestAssistant(
      { DISCORD_TOKEN: fake.token, DISCORD_ALLOWED_USERS: alice.id, DISCORD_API_URL: fake.apiUrl, ...env },
      options.dataDir,
      options.brain ? { brain: options.brain } : {},
    );
    cleanup(() => a.dispose());
    return a;
  }

  async function light(a: TestAssistant, area: string): Promise<LightState> {
    return (await a.store.pluginState('lights').get<LightState>(`light:${area}`))!;
  }

  it("plans, runs and answers an allowed user's compound request sent as a DM, replying to it", async () => {
    const a = await assistant();
    const dm = fake.dmChannelOf(alice);
    const request = fake.sendDm(alice, "Turn off the lights in the garage, and send me a message on discord when that's over. Also, set a reminder that I need to take out the trash in the morning.");
    const reply = await fake.waitFor(() => fake.repliesTo(request).find(isDone), 'the final reply');

    // Discord's semantics: a DM channel is type 1, and the request lives in it.
    expect(dm.type).toBe(ChannelType.dm);
    const [record] = await a.engine.api.requests();
    expect(record!.requester.address).toMatchObject({ channel: 'discord', conversationId: dm.id, userId: alice.id, meta: { messageId: request.api.id } });
    expect(record!.plan.groups.map((g) => g.actions.map((x) => x.decision.kind === 'call' && x.decision.target))).toEqual([
      ['lights.toggle_lights_in_location', 'discord.send_message'],
      ['calendar.create_reminder'],
    ]);
    expect(await a.finished(record!.id)).toBe('done');

    // It ran: the garage light is off, the reminder is set, the message was sent.
    expect((await light(a, 'garage')).on).toBe(false);
    expect((await a.store.scheduled.list()).map((j) => j.text)).toEqual(['take out the trash']);
    const bot = fake.botMessagesIn(dm);
    expect(bot.filter((m) => m.api.content === 'The garage light is off.')).toHaveLength(1);

    // The answer reached Discord's REST API as a reply to the request, once.
    expect(reply.api.content).toMatch(/garage light is off/);
    expect(reply.api.content).toMatch(/take out the trash (today|tomorrow) at 08:00/);
    expect(fake.repliesTo(request).filter(isDone)).toHaveLength(1);
    const post = fake.restLog.find((r) => r.route === 'POST /channels/:id/messages' && (r.body as { content?: string }).content === reply.api.content)!;
    expect(post.path).toBe(`/api/v10/channels/${dm.id}/messages`);
    expect(post.body).toMatchObject({ message_reference: { message_id: request.api.id } });

    // Progress: typing at once, then one status message (the acknowledgement), edited as steps finish.
    expect(fake.restLog.some((r) => r.route === 'POST /channels/:id/typing' && r.path.includes(dm.id))).toBe(true);
    const status = fake.repliesTo(request).find((m) => m.api.content.startsWith('On it: 3 actions in 2 groups'))!;
    // Steps are reported as they happen; the last may land just after the reply.
    await fake.waitFor(() => /✓ Sent you a Discord message\./.test(status.api.content), 'the last step in the status message');
    expect(status.api.content).toMatch(/✓ The garage light is off\./);
    expect(status.api['edited_timestamp']).not.toBeNull();
    expect(fake.repliesTo(request).map((m) => m.api.id)).toEqual([status.api.id, reply.api.id]);
  });

  it('ignores a user who is not allowed: nothing is planned or run, nothing is said', async () => {
    const a = await assistant();
    const rejected: string[] = [];
    a.engine.events.on('message.rejected', (e) => rejected.push(e.senderId));
    const kitchenBefore = await light(a, 'kitchen');
    fake.sendDm(bob, 'turn off the kitchen light');
    fake.sendInChannel(bob, general, 'turn off the kitchen light', { mention: true });
    // Not addressed to the bot: not even looked at.
    fake.sendInChannel(bob, general, 'the kitchen light is on again');
    await fake.waitFor(() => rejected.length === 2, 'both messages addressed to the bot to be refused');
    // An allowed user's message in the same channel is handled after Bob's, in order.
    const request = fake.sendInChannel(alice, general, 'turn on the porch light', { mention: true });
    await fake.waitFor(() => fake.repliesTo(request).find(isDone), 'the reply to Alice');

    expect(rejected).toEqual([bob.id, bob.id]);
    const requests = await a.engine.api.requests();
    expect(requests.map((r) => r.requester.address.userId)).toEqual([alice.id]);
    expect(await light(a, 'kitchen')).toEqual(kitchenBefore);
    expect(fake.botMessagesIn(fake.dmChannelOf(bob))).toHaveLength(0);
    expect(fake.botMessagesIn(general).every((m) => (m.api['message_reference'] as { message_id: string }).message_id === request.api.id)).toBe(true);
  });

  it('tells a user who is not allowed, once, also after a restart, when so configured', async () => {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    const env = { DISCORD_TELL_NOT_ALLOWED: 'true' };
    const dm = fake.dmChannelOf(bob);
    const before = fake.botMessagesIn(dm).length;
    let a = await assistant(env, { dataDir: dir.path });
    let rejected = 0;
    a.engine.events.on('message.rejected', () => rejected++);
    const first = fake.sendDm(bob, 'turn off the kitchen light');
    const told = await fake.waitFor(() => fake.repliesTo(first)[0], 'the refusal');
    expect(told.api.content).toMatch(/only take requests from people my owner has allowed.*\d{17,20}/);
    fake.sendDm(bob, 'please?');
    await fake.waitFor(() => rejected === 2, 'the second message to be refused');
    await a.dispose();

    a = await assistant(env, { dataDir: dir.path });
    rejected = 0;
    a.engine.events.on('message.rejected', () => rejected++);
    fake.sendDm(bob, 'turn off the kitchen light!');
    await fake.waitFor(() => rejected === 1, 'the message after the restart to be refused');
    expect(fake.botMessagesIn(dm).length - before).toBe(1);
    expect(await a.engine.api.requests()).toEqual([]);
  });

  it('asks with buttons; a press resumes one agent, a reply to another question resumes another, also after a restart', async () => {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    const env = { MAJORDOMO_CONFIRM: 'lights.set_brightness' };
    let a = await assistant(env, { dataDir: dir.path });
    const dm = fake.dmChannelOf(alice);
    const dim = fake.sendDm(alice, 'set the garage light to 30%');
    const asked = await fake.waitFor(() => fake.botMessagesIn(dm).find((m) => /^Shall I "set the garage light to 30%"/.test(m.api.content)), 'the yes/no question');
    // Another request, in a server channel, waits for a free-text answer meanwhile.
    const attic = fake.sendInChannel(alice, general, 'turn on the attic light', { mention: true });
    const free = await fake.waitFor(() => fake.botMessagesIn(general).find((m) => /^<@\d+> I don't know how to "turn on the attic light"/.test(m.api.content)), 'the free-text question');

    const buttons = buttonsOf(asked);
    expect(buttons.map((b) => [b.label, b.style])).toEqual([
      ['Approve', ButtonStyle.success],
      ['Reject', ButtonStyle.danger],
    ]);
    expect(asked.api.content).toMatch(/Press a button, or reply to this message/);
    expect(buttonsOf(free).map((b) => b.label)).toEqual(['Skip', 'Stop']);
    // Each question's record knows the message that asked it, so replies find it after a restart.
    const question = await eventually(async () => (await a.engine.api.questions({ status: ['open'] })).find((q) => q.messageId === asked.api.id), 'the question to know its message');
    expect(question.choices).toEqual(['yes', 'no']);
    await eventually(async () => (await a.engine.api.questions({ status: ['open'] })).find((q) => q.messageId === free.api.id), 'the second question to know its message');

    // Someone else's press is answered privately and changes nothing.
    const stranger = fake.pressButton(bob, asked, buttons[0]!.custom_id);
    await fake.waitFor(() => stranger.acknowledged !== undefined, 'the stranger to be answered');
    expect(stranger.acknowledged).toBe(InteractionCallback.channelMessageWithSource);
    expect(stranger.responseMessage?.ephemeralFor).toBe(bob.id);
    expect((await a.engine.api.questions({ status: ['open'] })).map((q) => q.id)).toContain(question.id);

    // Alice approves: the press is acknowledged, the buttons are disabled, the agent resumes.
    const press = fake.pressButton(alice, asked, buttons[0]!.custom_id);
    const done = await fake.waitFor(() => fake.repliesTo(dim).find(isDone), 'the first request to finish');
    expect(done.api.content).toMatch(/garage light is at 30%/);
    expect(press.acknowledged).toBe(InteractionCallback.deferredUpdateMessage);
    await fake.waitFor(() => buttonsOf(asked).every((b) => b.disabled), 'the buttons to be disabled');
    expect(buttonsOf(asked).map((b) => b.label)).toEqual(['✓ Approve', 'Reject']);
    expect((await light(a, 'garage')).brightness).toBe(30);

    // The assistant restarts; a reply to the other question's message answers it.
    await a.dispose();
    a = await assistant(env, { dataDir: dir.path });
    fake.sendInChannel(alice, general, 'the kitchen one', { replyTo: free });
    const second = await fake.waitFor(() => fake.repliesTo(attic).find(isDone), 'the second request to finish');
    expect(second.api.content).toMatch(/kitchen light is on/);
    expect((await light(a, 'kitchen')).on).toBe(true);
    const answered = await a.engine.api.questions({ status: ['answered'] });
    expect(answered.map((q) => [q.messageId, q.answer])).toEqual([
      [asked.api.id, 'yes'],
      [free.api.id, 'the kitchen one'],
    ]);

    // A reply to a question already answered starts nothing.
    const count = (await a.engine.api.requests()).length;
    const late = fake.sendDm(alice, 'no', { replyTo: asked });
    const said = await fake.waitFor(() => fake.repliesTo(late)[0], 'the answer to a late reply');
    expect(said.api.content).toBe('That question is already answered.');
    expect(await a.engine.api.requests()).toHaveLength(count);
  });

  it('resumes after the gateway drops mid-request: no message lost, none answered twice', async () => {
    const a = await assistant({ LIGHTS_LATENCY_MS: '600' });
    const dm = fake.dmChannelOf(alice);
    const repliesBefore = fake.botMessagesIn(dm).filter(isDone).length;
    const identifies = () => fake.gateway.log.filter((r) => r.op === Op.identify).length;
    const identifiesBefore = identifies();
    const resumesBefore = fake.gateway.log.filter((r) => r.op === Op.resume).length;
    const first = fake.sendDm(alice, 'turn off the garage light');
    await fake.waitFor(() => fake.repliesTo(first).find((m) => m.api.content.startsWith('On it')), 'the acknowledgement');

    // The connection breaks while the agent works; a message arrives while the bot is away.
    fake.gateway.drop();
    const second = fake.sendDm(alice, 'turn off the porch light');
    await fake.waitFor(() => fake.gateway.log.filter((r) => r.op === Op.resume).length > resumesBefore, 'the client to resume');

    const done1 = await fake.waitFor(() => fake.repliesTo(first).find(isDone), 'the first reply');
    const done2 = await fake.waitFor(() => fake.repliesTo(second).find(isDone), 'the second reply');
    expect(done1.api.content).toMatch(/garage light is off/);
    expect(done2.api.content).toMatch(/porch light is off/);

    // Resumed, not identified again: Discord replayed the missed message from the session.
    expect(identifies()).toBe(identifiesBefore);
    const resume = fake.gateway.log.filter((r) => r.op === Op.resume).at(-1)!;
    expect(resume.d).toMatchObject({ seq: expect.any(Number), session_id: expect.any(String) });
    expect(a.registry.channel('discord')!.health!()).toMatchObject({ state: 'up' });

    // A later message of the conversation is handled after anything replayed before it; then
    // there are exactly three requests, each answered once.
    const third = fake.sendDm(alice, 'turn on the office light');
    await fake.waitFor(() => fake.repliesTo(third).find(isDone), 'the third reply');
    const requests = await a.engine.api.requests();
    expect(requests.map((r) => r.requester.address.meta?.['messageId']).sort()).toEqual([first.api.id, second.api.id, third.api.id].sort());
    expect(fake.repliesTo(first).filter(isDone)).toHaveLength(1);
    expect(fake.repliesTo(second).filter(isDone)).toHaveLength(1);
    expect((await light(a, 'garage')).changes).toBe(1);
    expect(fake.botMessagesIn(dm).filter(isDone).length - repliesBefore).toBe(3);
  });

  it('sends a reply of 5,000 characters as ordered messages of at most 2,000, within the rate limits', async () => {
    const code = ['```ts', ...Array.from({ length: 24 }, (_, i) => `const light${i} = await lights.get('area-${i}');`), '```'].join('\n');
    const paragraphs = Array.from({ length: 7 }, (_, i) => `Paragraph ${i}: ${Array.from({ length: 62 }, (_, w) => `word${i}.${w}`).join(' ')}`);
    const long = [...paragraphs.slice(0, 3), code, ...paragraphs.slice(3)].join('\n\n');
    expect(long.length).toBeGreaterThanOrEqual(5000);
    const rule = createRuleBrain();
    const a = await assistant({}, { brain: { ...rule, summarize: async () => long } });
    // Discord's real limit is 5 messages per 5 s a channel; two a second makes the client wait here.
    fake.limiter.setLimit('POST /channels/:id/messages', { limit: 2, windowMs: 1_000 });
    cleanup(() => fake.limiter.setLimit('POST /channels/:id/messages', undefined));
    const limitedBefore = fake.limiter.limited;
    const exhaustedBefore = fake.limiter.exhausted;
    const dm = fake.dmChannelOf(alice);
    const request = fake.sendDm(alice, 'turn on the office light');
    const record = await eventually(async () => (await a.engine.api.requests())[0], 'the request');
    expect(await a.finished(record.id)).toBe('done');
    await fake.waitFor(() => fake.botMessagesIn(dm).at(-1)?.api.content.endsWith('word6.61'), 'the last part of the reply');
    const all = fake.botMessagesIn(dm);
    const chunks = all.slice(all.findIndex((m) => m.api.content.startsWith('Paragraph 0:')));
    expect(chunks.length).toBe(3);
    for (const c of chunks) expect(c.api.content.length).toBeLessThanOrEqual(2000);
    // In order, nothing lost: the words come out as they were written, the code block whole.
    const words = (t: string) => t.split(/\s+/).filter(Boolean);
    expect(words(chunks.map((c) => c.api.content).join('\n'))).toEqual(words(long));
    expect(chunks.filter((c) => c.api.content.includes(code))).toHaveLength(1);
    // The first part replies to the request; the others follow it.
    expect(chunks[0]!.api['message_reference']).toMatchObject({ message_id: request.api.id });
    expect(chunks.slice(1).every((c) => c.api['message_reference'] === undefined)).toBe(true);
    // The client waited for the bucket to refill instead of running into 429s.
    expect(fake.limiter.exhausted).toBeGreaterThan(exhaustedBefore);
    expect(fake.limiter.limited).toBe(limitedBefore);
  });
  it('posts in a server channel named by its name ("#general"); a name it does not see is said, with those it sees', async () => {
    const a = await assistant({ MAJORDOMO_CONFIRM_OUTSIDE: 'false' });
    const before = fake.botMessagesIn(general).length;
    const request = fake.sendDm(alice, 'post in #general that dinner is ready');
    const reply = await fake.waitFor(() => fake.repliesTo(request).find(isDone), 'the reply');
    expect(reply.api.content).toMatch(/Sent a Discord message to #general\./);
    const posted = fake.botMessagesIn(general).slice(before);
    expect(posted.map((m) => m.api.content)).toEqual(['dinner is ready']);

    fake.sendDm(alice, 'tell the kitchen channel that dinner is ready');
    // Not done: it asks what to do, naming the channels it sees.
    const asked = await fake.waitFor(() => fake.botMessagesIn(fake.dmChannelOf(alice)).find((m) => /^I could not "tell the kitchen channel/.test(m.api.content)), 'the question');
    expect(asked.api.content).toMatch(/I see no channel called #kitchen on the servers I am in \(the channels I see: #general \(Home\)\)/);
    expect(fake.botMessagesIn(general).slice(before)).toHaveLength(1);
    expect((await a.engine.api.requests()).map((r) => r.status).sort()).toEqual(['done', 'waiting']);
  });
});
