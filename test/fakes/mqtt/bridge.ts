import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';

/** The broker the tests use: the local Mosquitto (`.ci/run` starts one when none answers). */
export const MQTT_URL = process.env['MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';

export interface FakeLight {
  state: 'ON' | 'OFF';
  /** 0..254, as Zigbee2MQTT reports it. */
  brightness: number;
  /** The last colour it was sent, as sent: `{ hex }`. */
  color?: { hex: string };
  /** The last white it was sent, in mireds. */
  color_temp?: number;
}

/**
 * A Zigbee2MQTT-like bridge on a real broker, under a topic of its own: each light publishes
 * its state (retained) on `<topic>/<name>` and obeys `{"state","brightness","color","color_temp"}` commands sent to
 * `<topic>/<name>/set`, answering with its new state. Lights can be made silent.
 */
export class FakeBridge {
  readonly topic = `mj-test-${randomBytes(4).toString('hex')}`;
  readonly lights = new Map<string, FakeLight>();
  /** Every command received, in order. */
  readonly commands: Array<{ light: string; command: Record<string, unknown> }> = [];
  readonly silent = new Set<string>();
  /** Lights asked for their state (`/get`). */
  readonly asked: string[] = [];
  /** Lights that publish no retained state, so a newcomer knows nothing of them until it asks. */
  readonly unretained = new Set<string>();
  #client: MqttClient | undefined;

  static async start(lights: Record<string, FakeLight>, options: { unretained?: string[] } = {}): Promise<FakeBridge> {
    const bridge = new FakeBridge();
    for (const name of options.unretained ?? []) bridge.unretained.add(name);
    for (const [name, light] of Object.entries(lights)) bridge.lights.set(name, { ...light });
    const client = await connectAsync(MQTT_URL, { reconnectPeriod: 0, connectTimeout: 5_000 });
    bridge.#client = client;
    client.on('message', (topic, payload) => bridge.#command(topic, payload));
    await client.subscribeAsync([`${bridge.topic}/+/set`, `${bridge.topic}/+/get`], { qos: 1 });
    for (const name of bridge.lights.keys()) await bridge.#publish(name);
    return bridge;
  }

  async #publish(name: string): Promise<void> {
    await this.#client!.publishAsync(`${this.topic}/${name}`, JSON.stringify(this.lights.get(name)), { qos: 1, retain: !this.unretained.has(name) });
  }

  #command(topic: string, payload: Buffer): void {
    const name = topic.slice(this.topic.length + 1, -'/set'.length);
    if (topic.endsWith('/get')) {
      this.asked.push(name);
      if (this.lights.has(name) && !this.silent.has(name)) void this.#publish(name);
      return;
    }
    const command = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    this.commands.push({ light: name, command });
    const light = this.lights.get(name);
    if (!light || this.silent.has(name)) return;
    if (command['state'] === 'ON' || command['state'] === 'OFF') light.state = command['state'];
    if (typeof command['brightness'] === 'number') light.brightness = command['brightness'];
    if (typeof command['color'] === 'object' && command['color'] !== null) light.color = command['color'] as { hex: string };
    if (typeof command['color_temp'] === 'number') light.color_temp = command['color_temp'];
    void this.#publish(name);
  }

  /** The light is switched by hand (at the wall, in another app): it publishes its new state. */
  async report(name: string, change: Partial<FakeLight>): Promise<void> {
    const light = this.lights.get(name);
    if (!light) throw new Error(`the bridge has no light called ${name}`);
    Object.assign(light, change);
    await this.#publish(name);
  }

  /** Removes the retained states and disconnects. */
  async stop(): Promise<void> {
    const client = this.#client;
    if (!client) return;
    for (const name of this.lights.keys()) await client.publishAsync(`${this.topic}/${name}`, '', { qos: 1, retain: true });
    await client.endAsync();
  }
}
