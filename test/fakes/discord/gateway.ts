import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { constants as zlibConstants, createDeflate, type Deflate } from 'node:zlib';
import { WebSocket, WebSocketServer } from 'ws';
import { API_VERSION, CloseCode, Intent, Op, PRIVILEGED_INTENTS } from './protocol.js';

/**
 * The gateway of the fake Discord: Discord's WebSocket protocol (v10, JSON, optionally
 * zlib-stream compressed). HELLO, IDENTIFY → READY and GUILD_CREATE, heartbeats and their
 * ACKs, sequence numbers, RESUME with the replay of what was missed → RESUMED, INVALID_SESSION
 * and RECONNECT, and the close codes of a bad token, bad intents, a bad version.
 */

/** What the client sent, for tests to look at. */
export interface GatewayRecord {
  op: number;
  at: number;
  /** The connection it came on (1, 2, ...). */
  connection: number;
  /** For IDENTIFY: intents. For RESUME: session and seq. For HEARTBEAT: the seq sent. */
  d: unknown;
}

interface Session {
  id: string;
  intents: number;
  seq: number;
  /** Every dispatch of the session, for replay on RESUME. */
  sent: Array<{ s: number; payload: string }>;
  connection: Connection | undefined;
  resumable: boolean;
}

interface Connection {
  n: number;
  socket: WebSocket;
  session: Session | undefined;
  send(payload: object | string): void;
}

export interface GatewayOptions {
  token: string;
  heartbeatIntervalMs: number;
  /** Whether the application may ask for privileged intents (the developer portal's switches). */
  privilegedIntents: boolean;
  /** READY's user, application and guild list. */
  ready(): { user: object; application: object; guildIds: string[] };
  /** GUILD_CREATE of a guild. */
  guild(id: string): object;
  /** Called on every change, so that waiting tests look again. */
  changed(): void;
}

export class FakeGateway {
  readonly log: GatewayRecord[] = [];
  readonly #o: GatewayOptions;
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #sessions = new Map<string, Session>();
  #connections = 0;
  #baseUrl = '';

  constructor(options: GatewayOptions) {
    this.#o = options;
    this.#wss.on('connection', (socket, request) => this.#open(socket, request));
  }

  /** The URL `GET /gateway/bot` gives out, and the one READY names for resuming. */
  setBaseUrl(url: string): void {
    this.#baseUrl = url;
  }

  get url(): string {
    return `${this.#baseUrl}/gateway`;
  }

  get resumeUrl(): string {
    return `${this.#baseUrl}/gateway-resume`;
  }

  /** While false, heartbeats go unanswered, as on a connection that died without closing. */
  ackHeartbeats = true;

  /** While set, connections are cut before they open, as during a network outage. */
  unreachable = false;

  /** Takes over an HTTP upgrade on the gateway's paths; false for other paths and while unreachable. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (this.unreachable || (path !== '/gateway' && path !== '/gateway-resume')) return false;
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#wss.emit('connection', ws, request));
    return true;
  }

  #open(socket: WebSocket, request: IncomingMessage): void {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    const n = ++this.#connections;
    const connection: Connection = { n, socket, session: undefined, send: plainSender(socket) };
    if (query.get('v') !== API_VERSION) {
      socket.close(CloseCode.invalidApiVersion, 'Invalid API version.');
      return;
    }
    if ((query.get('encoding') ?? 'json') !== 'json') {
      // Discord also speaks ETF; this fake does not, and says so the way Discord would.
      socket.close(CloseCode.decodeError, 'Error while decoding payload.');
      return;
    }
    const compress = query.get('compress');
    if (compress === 'zlib-stream') connection.send = zlibSender(socket);
    else if (compress !== null) {
      socket.close(CloseCode.decodeError, 'Unknown compression.');
      return;
    }
    socket.on('message', (data, binary) => this.#receive(connection, binary ? null : data.toString()));
    socket.on('close', (code) => {
      const session = connection.session;
      if (session?.connection === connection) {
        session.connection = undefined;
        // A client that closes with 1000 or 1001 ends its session: it cannot be resumed.
        if (code === 1000 || code === 1001) session.resumable = false;
      }
      this.#o.changed();
    });
    connection.send({ op: Op.hello, d: { heartbeat_interval: this.#o.heartbeatIntervalMs, _trace: ['fake-discord-gateway'] }, s: null, t: null });
  }

  #receive(connection: Connection, text: string | null): void {
    let payload: { op?: unknown; d?: unknown };
    try {
      payload = JSON.parse(text ?? '') as typeof payload;
    } catch {
      connection.socket.close(CloseCode.decodeError, 'Error while decoding payload.');
      return;
    }
    const op = payload.op as number;
    const d = payload.d as Record<string, unknown> | number | null;
    this.log.push({ op, at: Date.now(), connection: connection.n, d: op === Op.identify ? { intents: (d as Record<string, unknown>)['intents'] } : op === Op.resume ? { session_id: (d as Record<string, unknown>)['session_id'], seq: (d as Record<string, unknown>)['seq'] } : d });
    this.#o.changed();
    switch (op) {
      case Op.heartbeat:
        if (this.ackHeartbeats) connection.send({ op: Op.heartbeatAck, d: null, s: null, t: null });
        return;
      case Op.identify:
        return this.#identify(connection, d as Record<string, unknown>);
      case Op.resume:
        return this.#resume(connection, d as Record<string, unknown>);
      case Op.presenceUpdate:
      case Op.voiceStateUpdate:
      case Op.requestGuildMembers:
        if (!connection.session) connection.socket.close(CloseCode.notAuthenticated, 'Not authenticated.');
        return;
      default:
        connection.socket.close(CloseCode.unknownOpcode, 'Unknown opcode.');
    }
  }

  #identify(connection: Connection, d: Record<string, unknown>): void {
    if (connection.session) {
      connection.socket.close(CloseCode.alreadyAuthenticated, 'Already authenticated.');
      return;
    }
    if (d['token'] !== this.#o.token) {
      connection.socket.close(CloseCode.authenticationFailed, 'Authentication failed.');
      return;
    }
    const intents = d['intents'];
    if (typeof intents !== 'number' || !Number.isInteger(intents) || intents < 0) {
      connection.socket.close(CloseCode.invalidIntents, 'Invalid intent(s).');
      return;
    }
    if (!this.#o.privilegedIntents && (intents & PRIVILEGED_INTENTS) !== 0) {
      connection.socket.close(CloseCode.disallowedIntents, 'Disallowed intent(s).');
      return;
    }
    const session: Session = { id: randomBytes(16).toString('hex'), intents, seq: 0, sent: [], connection, resumable: true };
    this.#sessions.set(session.id, session);
    connection.session = session;
    const ready = this.#o.ready();
    this.#send(session, 'READY', {
      v: Number(API_VERSION),
      user: ready.user,
      guilds: ready.guildIds.map((id) => ({ id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.resumeUrl,
      shard: [0, 1],
      application: ready.application,
      user_settings: {},
      relationships: [],
      private_channels: [],
      presences: [],
      geo_ordered_rtc_regions: [],
      auth: {},
      _trace: ['fake-discord-gateway'],
    });
    if ((intents & Intent.guilds) !== 0) for (const id of ready.guildIds) this.#send(session, 'GUILD_CREATE', this.#o.guild(id));
  }

  #resume(connection: Connection, d: Record<string, unknown>): void {
    const session = this.#sessions.get(String(d['session_id']));
    const seq = d['seq'];
    if (!session || !session.resumable || d['token'] !== this.#o.token || typeof seq !== 'number' || seq > session.seq) {
      // d=false: the session cannot be resumed; the client must identify again.
      connection.send({ op: Op.invalidSession, d: false, s: null, t: null });
      return;
    }
    if (session.connection && session.connection !== connection) session.connection.socket.terminate();
    session.connection = connection;
    connection.session = session;
    for (const entry of session.sent) if (entry.s > seq) connection.send(entry.payload);
    this.#send(session, 'RESUMED', { _trace: ['fake-discord-gateway'] });
  }

  #send(session: Session, t: string, d: unknown): void {
    const s = ++session.seq;
    const payload = JSON.stringify({ op: Op.dispatch, t, s, d });
    session.sent.push({ s, payload });
    if (session.sent.length > 10_000) session.sent.shift();
    session.connection?.send(payload);
  }

  /**
   * Sends an event to every session that may receive it. `shape` gives what one session
   * gets (it depends on the session's intents), or null when it gets nothing. Sessions that
   * are disconnected but resumable keep the event for their RESUME.
   */
  dispatch(t: string, shape: (intents: number) => unknown): void {
    for (const session of this.#sessions.values()) {
      if (!session.resumable) continue;
      const d = shape(session.intents);
      if (d !== null) this.#send(session, t, d);
    }
    this.#o.changed();
  }

  /** Cuts every connection as a network failure would (the client sees 1006), or closes with a code. */
  drop(code?: number): void {
    for (const session of this.#sessions.values()) {
      const socket = session.connection?.socket;
      if (!socket) continue;
      if (code === undefined) socket.terminate();
      else socket.close(code);
    }
  }

  /** Forgets every session, so that a RESUME gets INVALID_SESSION. */
  invalidateSessions(): void {
    for (const session of this.#sessions.values()) session.resumable = false;
  }

  /** Asks every client to reconnect and resume (opcode 7), as Discord does before maintenance. */
  requestReconnect(): void {
    for (const session of this.#sessions.values()) session.connection?.send({ op: Op.reconnect, d: null, s: null, t: null });
  }

  /** Sessions with a live connection. */
  connectedSessions(): number {
    return [...this.#sessions.values()].filter((s) => s.connection?.socket.readyState === WebSocket.OPEN).length;
  }

  async close(): Promise<void> {
    for (const client of this.#wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}

function plainSender(socket: WebSocket): Connection['send'] {
  return (payload) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  };
}

/**
 * One zlib stream per connection; each payload ends with a sync flush (00 00 FF FF), as
 * Discord's do, and goes out as one binary frame once its flush marker has come through.
 */
function zlibSender(socket: WebSocket): Connection['send'] {
  const deflate: Deflate = createDeflate();
  let pending: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    const frame = Buffer.concat(pending);
    if (frame.length >= 4 && frame.readUInt32BE(frame.length - 4) === 0x0000ffff) {
      pending = [];
      if (socket.readyState === WebSocket.OPEN) socket.send(frame, { binary: true });
    }
  });
  socket.on('close', () => deflate.close());
  return (payload) => {
    deflate.write(typeof payload === 'string' ? payload : JSON.stringify(payload));
    deflate.flush(zlibConstants.Z_SYNC_FLUSH);
  };
}
