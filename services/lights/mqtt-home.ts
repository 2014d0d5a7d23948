import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { MajordomoError } from '../../core/errors.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import type { Logger } from '../../core/util/logger.js';
import { applyChange, initial, lightKey, type ChangeOutcome, type Home, type LightChange, type LightState } from './home.js';
import { colourNamed } from './colours.js';

export interface MqttHomeOptions {
  /** `mqtt://` or `mqtts://` URL of the broker. */
  url: string;
  /** Topic prefix of the bridge (Zigbee2MQTT's base topic): state on `<prefix>/<area>`, commands to `<prefix>/<area>/set`. */
  prefix: string;
  /** How long a light has to confirm a change. */
  timeoutMs: number;
  username?: string;
  password?: string;
  state: PluginState;
  areas: readonly string[];
  logger: Logger;
}

/** What a light reports on its state topic, as Zigbee2MQTT devices do. */
interface Reported {
  on: boolean;
  /** 1..100 */
  brightness?: number;
}

/** A change a light has yet to confirm. */
interface Pending {
  /** The state to see; undefined: any report. */
  wanted: LightState | undefined;
  done: () => void;
}

export class LightsError extends MajordomoError {}

/** Brightness as the bridge speaks it (0..254) from percent, and back. */
const toDevice = (percent: number): number => Math.round((percent * 254) / 100);
const fromDevice = (value: number): number => Math.max(1, Math.min(100, Math.round((value * 100) / 254)));

/**
 * Real lights behind an MQTT bridge (Zigbee2MQTT and the like): each area's light is the
 * device named after the area. A change is decided once per idempotency key, as an absolute
 * target (a toggle becomes "on" or "off" from the state the light last reported), recorded in
 * the plugin's state, then sent and confirmed by the light's next state message. Sending the
 * recorded target again after a crash changes nothing: the light is switched once.
 */
export class MqttHome implements Home {
  readonly areas: readonly string[];
  readonly #o: MqttHomeOptions;
  readonly #reported = new Map<string, Reported>();
  readonly #pending = new Map<string, Set<Pending>>();
  #client: MqttClient | undefined;

  constructor(options: MqttHomeOptions) {
    this.#o = options;
    this.areas = options.areas;
  }

  /** Connects and listens to every light's state; waits for the first connection (up to the confirmation timeout, 5 s at most), then keeps trying in the background. */
  async start(): Promise<void> {
    const { url, username, password, prefix, logger } = this.#o;
    const options: IClientOptions = { reconnectPeriod: 1_000, connectTimeout: 5_000, ...(username ? { username } : {}), ...(password ? { password } : {}) };
    const client = connect(url, options);
    this.#client = client;
    client.on('message', (topic, payload) => this.#onMessage(topic, payload));
    client.on('error', (error) => logger.warn({ err: error, broker: redact(url) }, 'MQTT error'));
    client.on('connect', () => {
      // Subscribed again on each connection: retained states come with it.
      client.subscribe(this.areas.map((a) => `${prefix}/${a}`), { qos: 1 }, (error) => {
        if (error) logger.warn({ err: error }, 'could not subscribe to the lights');
      });
    });
    const connected = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), Math.min(5_000, this.#o.timeoutMs));
      client.once('connect', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!connected) logger.warn({ broker: redact(url) }, 'the MQTT broker does not answer yet; lights fail until it does (check LIGHTS_MQTT_URL)');
  }

  async stop(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    await client?.endAsync().catch(() => {});
  }

  /** Whether the light has reported its state since the connection. */
  heardFrom(area: string): boolean {
    return this.#reported.has(area);
  }

  async get(area: string): Promise<LightState> {
    const stored = (await this.#o.state.get<LightState>(lightKey(area))) ?? initial(area);
    const reported = this.#reported.get(area);
    return reported ? { ...stored, on: reported.on, brightness: reported.brightness ?? stored.brightness } : stored;
  }

  async all(): Promise<Array<{ area: string; light: LightState }>> {
    return Promise.all(this.areas.map(async (area) => ({ area, light: await this.get(area) })));
  }

  async change(area: string, change: LightChange, idempotencyKey: string, at: Date, signal?: AbortSignal): Promise<ChangeOutcome> {
    const client = this.#client;
    if (!client?.connected) {
      throw new LightsError('LIGHTS_BROKER_DOWN', `the MQTT broker at ${redact(this.#o.url)} is not connected`, { hint: 'check that the broker runs and LIGHTS_MQTT_URL points at it' });
    }
    // A toggle needs to know where the light stands: one that has not said so since the connection is asked.
    if (change.kind === 'power' && change.on === undefined && !this.heardFrom(area)) await this.#ask(client, area, signal);
    const now = await this.get(area);
    // The target is decided once per key, from what the light last said: a replay sends the same one.
    const { result } = await this.#o.state.apply<LightState, ChangeOutcome>(lightKey(area), idempotencyKey, (stored) => {
      const before = { ...(stored ?? initial(area)), on: now.on, brightness: now.brightness };
      const after = applyChange(before, change, at);
      return { next: after, result: { before, after } };
    });
    const wanted = result.after;
    // A colour is not among what lights report alike (hex, xy, hue): it is sent even to a light that looks as wanted.
    // Put back, a light that had no colour of ours goes back to plain white.
    const colour = change.kind === 'colour' ? change.colour : change.kind === 'restore' && result.before.colour !== wanted.colour ? (wanted.colour ?? 'white') : undefined;
    if (colour === undefined && this.#matches(area, wanted)) return result;
    const confirmed = this.#confirmation(area, wanted, signal);
    const payload = wanted.on ? { state: 'ON', brightness: toDevice(wanted.brightness), ...(colour !== undefined ? colourCommand(colour) : {}) } : { state: 'OFF' };
    await client.publishAsync(`${this.#o.prefix}/${area}/set`, JSON.stringify(payload), { qos: 1 });
    await confirmed;
    return result;
  }

  /** Asks a light for its state (`<topic>/<area>/get`) and waits for its answer. */
  async #ask(client: MqttClient, area: string, signal?: AbortSignal): Promise<void> {
    const answered = this.#confirmation(area, undefined, signal);
    await client.publishAsync(`${this.#o.prefix}/${area}/get`, JSON.stringify({ state: '' }), { qos: 1 });
    await answered;
  }

  #matches(area: string, wanted: LightState | undefined): boolean {
    if (wanted === undefined) return this.#reported.has(area);
    const r = this.#reported.get(area);
    if (!r || r.on !== wanted.on) return false;
    return !wanted.on || r.brightness === undefined || Math.abs(r.brightness - wanted.brightness) <= 1;
  }

  /** Resolves when the light reports `wanted` (or anything, when undefined); fails after the timeout. */
  #confirmation(area: string, wanted: LightState | undefined, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiting = this.#pending.get(area) ?? new Set<Pending>();
      this.#pending.set(area, waiting);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        waiting.delete(entry);
        if (error) reject(error);
        else resolve();
      };
      const entry: Pending = { wanted, done: () => finish() };
      const timer = setTimeout(
        () =>
          finish(
            new LightsError('LIGHTS_NO_CONFIRMATION', `the ${area} light did not ${wanted ? 'confirm the change' : 'report its state'} within ${this.#o.timeoutMs} ms`, {
              hint: `check that the bridge runs and a device is named "${area}" under ${this.#o.prefix}/`,
            }),
          ),
        this.#o.timeoutMs,
      );
      const onAbort = () => finish(new LightsError('LIGHTS_ABORTED', `stopped while waiting for the ${area} light`));
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.add(entry);
    });
  }

  #onMessage(topic: string, payload: Buffer): void {
    const prefix = `${this.#o.prefix}/`;
    if (!topic.startsWith(prefix)) return;
    const area = topic.slice(prefix.length);
    if (!this.areas.includes(area)) return;
    let message: { state?: unknown; brightness?: unknown };
    try {
      message = JSON.parse(payload.toString('utf8')) as typeof message;
    } catch {
      this.#o.logger.warn({ topic }, 'a light sent a state that is not JSON; ignored');
      return;
    }
    if (message.state !== 'ON' && message.state !== 'OFF') return;
    this.#reported.set(area, { on: message.state === 'ON', ...(typeof message.brightness === 'number' ? { brightness: fromDevice(message.brightness) } : {}) });
    for (const p of [...(this.#pending.get(area) ?? [])]) if (this.#matches(area, p.wanted)) p.done();
  }
}

/** How a Zigbee2MQTT-style bridge takes a colour: a hue as `color.hex`, a white as `color_temp` (mireds). */
function colourCommand(name: string): Record<string, unknown> {
  const colour = colourNamed(name);
  if (!colour) return {};
  return colour.hex !== undefined ? { color: { hex: colour.hex } } : { color_temp: colour.mired };
}

/** A broker URL without its password, for logs and messages. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured broker';
  }
}
