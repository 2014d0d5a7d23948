import { constants as zlibConstants, inflateSync } from 'node:zlib';
import { ChannelType as DjsChannelType, Client, Events, GatewayIntentBits, Partials, type Message } from 'discord.js';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../support/cleanup.js';
import { CloseCode, ErrorCode, Intent, Op } from './protocol.js';
import { startFakeDiscord, type FakeDiscord } from './server.js';

/**
 * The fake Discord keeps Discord's rules where they matter to a bot: these tests hold it
 * to them, with the real discord.js client and with raw HTTP and WebSocket calls.
 */

interface Frame {
  op: number;
  t: string | null;
  s: number | null;
  d: any;
}

/** A raw gateway connection that reads JSON frames, or zlib-stream compressed ones. */
async function rawGateway(url: string, query: string): Promise<{ ws: WebSocket; next(): Promise<Frame>; closed: Promise<number>; send(frame: object): void }> {
  const ws = new WebSocket(`${url}?${query}`);
  const frames: Frame[] = [];
  const waiting: Array<(f: Frame) => void> = [];
  const push = (f: Frame) => (waiting.length > 0 ? waiting.shift()!(f) : frames.push(f));
  // One zlib context for the whole connection: each frame only decodes after the ones before it.
  const compressed: Buffer[] = [];
  let decoded = 0;
  ws.on('message', (data: Buffer, binary: boolean) => {
    if (!binary) return push(JSON.parse(data.toString()) as Frame);
    expect(data.readUInt32BE(data.length - 4)).toBe(0x0000ffff);
    compressed.push(data);
    const all = inflateSync(Buffer.concat(compressed), { finishFlush: zlibConstants.Z_SYNC_FLUSH }).toString('utf8');
    push(JSON.parse(all.slice(decoded)) as Frame);
    decoded = all.length;
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('close', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    closed,
    next: () => (frames.length > 0 ? Promise.resolve(frames.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    send: (frame) => ws.send(JSON.stringify(frame)),
  };
}

describe('the fake Discord', () => {
  const cleanup = cleanupAfterEach();
  let fake: FakeDiscord;

  beforeAll(async () => {
    fake = await startFakeDiscord({ ackWindowMs: 500, heartbeatIntervalMs: 150 });
  });
  afterAll(async () => {
    await fake.close();
  });

  async function api(method: string, path: string, body?: unknown, token: string | null = fake.token) {
    const response = await fetch(`${fake.apiUrl}/v10${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bot ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, headers: response.headers, body: response.status === 204 ? undefined : ((await response.json()) as any) };
  }

  it('blanks message content for a bot without the MessageContent intent, except in DMs and mentions; DM channels are type 1', async () => {
    const alice = fake.addUser('Alice');
    const guild = fake.addGuild('Blanks', alice);
    const channel = fake.addTextChannel(guild, 'chat');
    const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages], partials: [Partials.Channel], rest: { api: fake.apiUrl } });
    cleanup(() => client.destroy());
    const got: Message[] = [];
    client.on(Events.MessageCreate, (m) => void got.push(m));
    const ready = new Promise((r) => client.once(Events.ClientReady, r));
    await client.login(fake.token);
    await ready;
    const plain = fake.sendInChannel(alice, channel, 'hello everyone');
    const mention = fake.sendInChannel(alice, channel, 'hello bot', { mention: true });
    const dm = fake.sendDm(alice, 'hello in private');
    await fake.waitFor(() => got.length === 3, 'three messages');
    const byId = (id: string) => got.find((m) => m.id === id)!;
    expect(byId(plain.api.id).content).toBe('');
    expect(byId(mention.api.id).content).toBe(`<@${fake.bot.id}> hello bot`);
    expect(byId(dm.api.id).content).toBe('hello in private');
    expect(byId(dm.api.id).channel.type).toBe(DjsChannelType.DM);
    expect(fake.dmChannelOf(alice).type).toBe(1);
    expect(fake.gateway.log.find((r) => r.op === Op.identify)?.d).toEqual({ intents: Intent.guilds | Intent.guildMessages | Intent.directMessages });
  });

  it('answers the heartbeats of the real client; one whose heartbeats go unanswered reconnects and resumes', async () => {
    const client = new Client({ intents: [GatewayIntentBits.DirectMessages], partials: [Partials.Channel], rest: { api: fake.apiUrl } });
    cleanup(() => client.destroy());
    const resumed = new Promise((r) => client.once(Events.ShardResume, r));
    const ready = new Promise((r) => client.once(Events.ClientReady, r));
    await client.login(fake.token);
    await ready;
    const beats = () => fake.gateway.log.filter((r) => r.op === Op.heartbeat);
    const before = beats().length;
    await fake.waitFor(() => beats().length >= before + 2, 'two heartbeats');
    // Each heartbeat carries the last sequence number the client saw.
    expect(beats().at(-1)!.d).toEqual(expect.any(Number));
    await fake.waitFor(() => client.ws.ping >= 0, 'a measured round trip');

    const resumes = fake.gateway.log.filter((r) => r.op === Op.resume).length;
    fake.gateway.ackHeartbeats = false;
    cleanup(() => {
      fake.gateway.ackHeartbeats = true;
    });
    await fake.waitFor(() => fake.gateway.log.filter((r) => r.op === Op.resume).length > resumes, 'the client to resume');
    fake.gateway.ackHeartbeats = true;
    await resumed;
    const dm = fake.sendDm(fake.addUser('Hal'), 'still there?');
    const got = await new Promise<Message>((r) => client.once(Events.MessageCreate, r));
    expect(got.id).toBe(dm.api.id);
  });

  it('checks the bot token, message length and emptiness, as Discord does', async () => {
    expect((await api('GET', '/users/@me', undefined, 'wrong')).status).toBe(401);
    expect((await api('GET', '/gateway/bot', undefined, null)).status).toBe(401);
    const me = await api('GET', '/users/@me');
    expect(me.body).toMatchObject({ id: fake.bot.id, bot: true });
    const channel = (await api('POST', '/users/@me/channels', { recipient_id: fake.addUser('Zoe').id })).body;
    expect(channel.type).toBe(1);
    const long = await api('POST', `/channels/${channel.id}/messages`, { content: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: ErrorCode.invalidFormBody, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } });
    expect((await api('POST', `/channels/${channel.id}/messages`, { content: '' })).body.code).toBe(ErrorCode.emptyMessage);
    expect((await api('POST', '/channels/1234567890123456789/messages', { content: 'hi' })).body.code).toBe(ErrorCode.unknownChannel);
    // The same nonce, enforced, gives back the first message instead of a second one.
    const first = await api('POST', `/channels/${channel.id}/messages`, { content: 'once', nonce: 'n-1', enforce_nonce: true });
    const again = await api('POST', `/channels/${channel.id}/messages`, { content: 'once', nonce: 'n-1', enforce_nonce: true });
    expect(again.body.id).toBe(first.body.id);
    expect(fake.botMessagesIn(channel.id).filter((m) => m.api.content === 'once')).toHaveLength(1);
  });

  it('announces rate limits in headers and answers 429 past them', async () => {
    fake.limiter.setLimit('POST /channels/:id/typing', { limit: 2, windowMs: 60_000 });
    cleanup(() => fake.limiter.setLimit('POST /channels/:id/typing', undefined));
    const channel = fake.dmChannelOf(fake.addUser('Yan'));
    const one = await api('POST', `/channels/${channel.id}/typing`);
    expect(one.status).toBe(204);
    expect(one.headers.get('x-ratelimit-limit')).toBe('2');
    expect(one.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(Number(one.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
    expect(one.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]+$/);
    expect((await api('POST', `/channels/${channel.id}/typing`)).headers.get('x-ratelimit-remaining')).toBe('0');
    const over = await api('POST', `/channels/${channel.id}/typing`);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ message: 'You are being rate limited.', global: false, retry_after: expect.any(Number) });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Buckets are per channel.
    expect((await api('POST', `/channels/${fake.dmChannelOf(fake.addUser('Xia')).id}/typing`)).status).toBe(204);
  });

  it('speaks the gateway protocol: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, RESUME with replay, INVALID_SESSION, zlib-stream', async () => {
    const url = fake.gateway.url;
    const wrong = await rawGateway(url, 'v=6&encoding=json');
    expect(await wrong.closed).toBe(CloseCode.invalidApiVersion);

    const g = await rawGateway(url, 'v=10&encoding=json&compress=zlib-stream');
    const hello = await g.next();
    expect(hello).toMatchObject({ op: Op.hello, d: { heartbeat_interval: expect.any(Number) } });
    g.send({ op: Op.identify, d: { token: fake.token, intents: Intent.guilds | Intent.directMessages, properties: { os: 'linux', browser: 'test', device: 'test' } } });
    const ready = await g.next();
    expect(ready).toMatchObject({ op: Op.dispatch, t: 'READY', s: 1, d: { session_id: expect.any(String), resume_gateway_url: fake.gateway.resumeUrl, user: { id: fake.bot.id } } });
    const guilds = ready.d.guilds.length;
    for (let i = 0; i < guilds; i++) expect(await g.next()).toMatchObject({ t: 'GUILD_CREATE', s: 2 + i });
    g.send({ op: Op.heartbeat, d: 1 + guilds });
    expect(await g.next()).toMatchObject({ op: Op.heartbeatAck });

    // A message while disconnected is replayed on RESUME, then RESUMED.
    const seq = 1 + guilds;
    g.ws.terminate();
    const dm = fake.sendDm(fake.addUser('Walt'), 'are you there?');
    const r = await rawGateway(fake.gateway.resumeUrl, 'v=10&encoding=json');
    await r.next();
    r.send({ op: Op.resume, d: { token: fake.token, session_id: ready.d.session_id, seq } });
    expect(await r.next()).toMatchObject({ t: 'MESSAGE_CREATE', s: seq + 1, d: { id: dm.api.id, content: 'are you there?', channel_type: 1 } });
    expect(await r.next()).toMatchObject({ t: 'RESUMED', s: seq + 2 });
    r.ws.close(1000);
    // A session closed with 1000 is over: resuming it gets INVALID_SESSION (d: false).
    await r.closed;
    const again = await rawGateway(url, 'v=10&encoding=json');
    await again.next();
    again.send({ op: Op.resume, d: { token: fake.token, session_id: ready.d.session_id, seq: seq + 2 } });
    expect(await again.next()).toMatchObject({ op: Op.invalidSession, d: false });
    again.send({ op: Op.identify, d: { token: 'wrong', intents: 0, properties: {} } });
    expect(await again.closed).toBe(CloseCode.authenticationFailed);
  });

  it('takes one acknowledgement per interaction, within its time', async () => {
    const alice = fake.addUser('Ann');
    const channel = fake.dmChannelOf(alice);
    const components = [{ type: 1, components: [{ type: 2, style: 3, label: 'Yes', custom_id: 'yes' }] }];
    const sent = await api('POST', `/channels/${channel.id}/messages`, { content: 'Go?', components });
    const message = fake.world.messages.get(sent.body.id)!;
    const press = fake.pressButton(alice, message, 'yes');
    const callback = (i: { id: string; token: string }) => api('POST', `/interactions/${i.id}/${i.token}/callback`, { type: 6 }, null);
    expect((await callback(press)).status).toBe(204);
    const twice = await callback(press);
    expect(twice).toMatchObject({ status: 400, body: { code: ErrorCode.interactionAcknowledged } });
    const edit = await api('PATCH', `/webhooks/${fake.bot.id}/${press.token}/messages/@original`, { components: [] }, null);
    expect(edit.status).toBe(200);
    expect(message.api['components']).toEqual([]);

    const another = await api('POST', `/channels/${channel.id}/messages`, { content: 'Again?', components });
    const late = fake.pressButton(alice, fake.world.messages.get(another.body.id)!, 'yes');
    await new Promise((r) => setTimeout(r, 600));
    expect(await callback(late)).toMatchObject({ status: 404, body: { code: ErrorCode.unknownInteraction } });
    expect(() => fake.pressButton(alice, message, 'yes')).toThrow(/no button/);
  });
});
