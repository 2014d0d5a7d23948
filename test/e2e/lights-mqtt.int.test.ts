import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import { silentLogger } from '../../core/util/logger.js';
import { MqttHome } from '../../services/lights/mqtt-home.js';
import { FakeBridge, MQTT_URL } from '../fakes/mqtt/bridge.js';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { eventually } from '../support/mail.js';
import { startSmtpReceiver } from '../support/smtp-receiver.js';

describe('real lights over MQTT (a Zigbee2MQTT-like bridge on Mosquitto)', () => {
  const cleanup = cleanupAfterEach();

  async function rig(env: Record<string, string> = {}) {
    const bridge = await FakeBridge.start({ garage: { state: 'ON', brightness: 254 }, porch: { state: 'OFF', brightness: 127 }, kitchen: { state: 'ON', brightness: 254 } });
    cleanup(() => bridge.stop());
    const a = await startTestAssistant({
      LIGHTS_AREAS: 'garage,porch,kitchen',
      LIGHTS_MQTT_URL: MQTT_URL,
      LIGHTS_MQTT_TOPIC: bridge.topic,
      LIGHTS_MQTT_TIMEOUT_MS: '1000',
      ...env,
    });
    cleanup(() => a.dispose());
    return { bridge, a };
  }

  /** A home on its own store, started against `url` under `topic`. */
  async function startedHome(topic: string, areas: string[], timeoutMs: number, url = MQTT_URL, store = openSqliteStore({ path: ':memory:' })) {
    cleanup(() => store.close());
    const home = new MqttHome({ url, prefix: topic, timeoutMs, state: store.pluginState('lights'), areas, logger: silentLogger });
    cleanup(() => home.stop());
    await home.start();
    return { home, store };
  }

  async function run(a: Awaited<ReturnType<typeof rig>>['a'], text: string) {
    const outcome = await a.type(text);
    if (outcome.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(outcome)}`);
    const status = await a.finished(outcome.requestId);
    return { status, view: (await a.engine.api.request(outcome.requestId))! };
  }

  it('switches, toggles and dims the lights the bridge has, from what they report, and lists them', async () => {
    const { bridge, a } = await rig();
    expect((await run(a, 'turn off the lights in the garage')).status).toBe('done');
    // The porch light said it was off: a toggle turns it on.
    expect((await run(a, 'toggle the porch light')).status).toBe('done');
    const dimmed = await run(a, 'set the kitchen light to 40%');
    expect(dimmed.status).toBe('done');
    expect(dimmed.view.request.summary).toMatch(/kitchen light is at 40%/);
    expect(bridge.commands).toEqual([
      { light: 'garage', command: { state: 'OFF' } },
      { light: 'porch', command: { state: 'ON', brightness: 127 } },
      { light: 'kitchen', command: { state: 'ON', brightness: 102 } },
    ]);
    expect([...bridge.lights].map(([name, l]) => [name, l.state, l.brightness])).toEqual([
      ['garage', 'OFF', 254],
      ['porch', 'ON', 127],
      ['kitchen', 'ON', 102],
    ]);
    const listed = await run(a, 'which lights are on?');
    expect(listed.view.request.summary).toMatch(/2 lights are on: porch \(50%\), kitchen \(40%\)\. Everything else is off\./);
    // Already off: nothing is sent.
    expect((await run(a, 'turn off the garage light')).status).toBe('done');
    expect(bridge.commands).toHaveLength(3);
    // A step from where the light says it is, confirmed by it.
    const step = await run(a, 'dim the kitchen light by 15%');
    expect(step.status).toBe('done');
    expect(step.view.request.summary).toMatch(/kitchen light is at 25%/);
    expect(bridge.commands).toHaveLength(4);
  });

  it('checks a light said as a condition, from what it reports, and does what follows only if the condition holds', async () => {
    const { bridge, a } = await rig();
    // The garage light said it was on: what waits for it to be off is not needed, and nothing is sent.
    const unheld = await run(a, 'if the garage light is off, turn on the porch light');
    expect(unheld.status).toBe('done');
    expect(unheld.view.request.summary).toMatch(/Done: The garage light is on\./);
    expect(unheld.view.request.summary).toMatch(/Not needed: "turn on the porch light" \(the garage light is on\)\./);
    expect(bridge.commands).toEqual([]);
    // Said last, the same: checked first, then switched.
    const held = await run(a, 'turn on the porch light if the garage light is on');
    expect(held.status).toBe('done');
    expect(bridge.commands).toEqual([{ light: 'porch', command: { state: 'ON', brightness: 127 } }]);
    // The light changed since (it reported so): the next check sees it.
    await bridge.report('garage', { state: 'OFF' });
    await eventually(async () => /garage light is off/.test((await run(a, 'is the garage light on?')).view.request.summary ?? ''), 'the garage light to report off');
    const after = await run(a, 'turn off the porch light unless the garage light is off');
    expect(after.view.request.summary).toMatch(/Not needed: "turn off the porch light" \(the garage light is off\)\./);
    expect(bridge.commands).toHaveLength(1);
  });

  it('sets a colour by name: a hue as hex, a white as a colour temperature, at the brightness the light had', async () => {
    const { bridge, a } = await rig();
    const red = await run(a, 'turn the kitchen light red');
    expect(red.status).toBe('done');
    expect(red.view.request.summary).toMatch(/kitchen light is on, red/);
    // The porch light was off: it comes on, at the brightness it had, in warm white.
    expect((await run(a, 'set the porch light to warm white')).status).toBe('done');
    expect(bridge.commands).toEqual([
      { light: 'kitchen', command: { state: 'ON', brightness: 254, color: { hex: '#FF0000' } } },
      { light: 'porch', command: { state: 'ON', brightness: 127, color_temp: 454 } },
    ]);
    expect(bridge.lights.get('kitchen')).toMatchObject({ state: 'ON', color: { hex: '#FF0000' } });
    expect(bridge.lights.get('porch')).toMatchObject({ state: 'ON', brightness: 127, color_temp: 454 });
    const listed = await run(a, 'which lights are on?');
    expect(listed.view.request.summary).toBe('Done: 3 lights are on: garage, porch (50%, warm white), kitchen (red). Everything else is off.');

    // Put back: the kitchen light had no colour of ours, so it is sent plain white; the porch light goes off again.
    expect((await run(a, 'put the kitchen light back')).status).toBe('done');
    expect((await run(a, 'put the porch light back')).status).toBe('done');
    expect(bridge.commands.slice(2)).toEqual([
      { light: 'kitchen', command: { state: 'ON', brightness: 254, color_temp: 250 } },
      { light: 'porch', command: { state: 'OFF' } },
    ]);
    expect(bridge.lights.get('porch')).toMatchObject({ state: 'OFF' });
  });

  it('says which light did not answer, and does not claim the change', async () => {
    const { bridge, a } = await rig({ MAJORDOMO_MAX_RETRIES: '1' });
    bridge.silent.add('garage');
    const asked = new Promise<string>((resolve) => a.engine.events.on('question.asked', (q) => resolve(q.text)));
    const outcome = await a.type('turn off the garage light');
    if (outcome.kind !== 'request') throw new Error('not a request');
    expect(await asked).toMatch(/garage light did not confirm the change within 1000 ms/);
    // The same command, once per attempt, with the same absolute target.
    expect(bridge.commands.every((c) => c.light === 'garage' && c.command['state'] === 'OFF')).toBe(true);
    expect(bridge.commands.length).toBeGreaterThanOrEqual(1);
  });

  it('does what the requester said to do if a light fails, instead of asking, and only then', async () => {
    const outbox = await startSmtpReceiver();
    cleanup(outbox.close);
    const { bridge, a } = await rig({ MAJORDOMO_MAX_RETRIES: '1', LIGHTS_MQTT_TIMEOUT_MS: '300', SMTP_URL: outbox.url, EMAIL_FROM: 'Majordomo <majordomo@example.org>', MAJORDOMO_OWNER_EMAIL: 'owner@example.org' });
    const questions: string[] = [];
    a.engine.events.on('question.asked', (q) => questions.push(q.text));
    bridge.silent.add('garage');

    const failed = await run(a, 'turn off the garage light, and if that fails, turn off the kitchen light and email me');
    // The garage light is still on: the request failed, and says so; the kitchen light went off and the mail says why.
    expect(failed.status).toBe('failed');
    expect(bridge.lights.get('garage')!.state).toBe('ON');
    expect(bridge.lights.get('kitchen')!.state).toBe('OFF');
    expect(failed.view.request.summary).toMatch(/Failed: Could not "turn off the garage light": .*the garage light did not confirm the change within 300 ms/);
    expect(failed.view.request.summary).toMatch(/Done: .*kitchen light is off/i);
    const mail = await eventually(() => outbox.mails.find((m) => m.to.includes('owner@example.org')), 'the mail sent because the light failed');
    expect(mail.parsed.text).toMatch(/Could not turn off the garage light: .*the garage light did not confirm the change within 300 ms/);
    expect(questions).toEqual([]);

    // It works: what was to be done if it failed is not needed, and not done; the request is done.
    const worked = await run(a, 'turn on the porch light, or else turn on the kitchen light');
    expect(worked.status).toBe('done');
    expect(bridge.lights.get('porch')!.state).toBe('ON');
    expect(bridge.lights.get('kitchen')!.state).toBe('OFF');
    expect(worked.view.request.summary).toMatch(/Not needed: "or else turn on the kitchen light" \("turn on the porch light" did not fail\)/);
    expect(bridge.commands.filter((c) => c.light === 'kitchen')).toHaveLength(1);
    expect(outbox.mails).toHaveLength(1);
    expect(questions).toEqual([]);
  });

  it('tries a light that failed again later when told to, as a request of its own', async () => {
    const { bridge, a } = await rig({ MAJORDOMO_MAX_RETRIES: '0', LIGHTS_MQTT_TIMEOUT_MS: '300' });
    const questions: string[] = [];
    a.engine.events.on('question.asked', (q) => questions.push(q.text));
    bridge.silent.add('garage');
    const first = await run(a, 'turn off the garage light, and if that fails, try again in 3 seconds');
    expect(first.status).toBe('failed');
    expect(first.view.request.summary).toMatch(/Failed: Could not "turn off the garage light"/);
    expect(bridge.lights.get('garage')!.state).toBe('ON');
    const [again] = await a.engine.api.scheduled({ status: 'pending' });
    expect(again).toMatchObject({ text: 'turn off the garage light', status: 'pending' });
    // The light answers again before then: the second try switches it off.
    bridge.silent.delete('garage');
    await eventually(() => (bridge.lights.get('garage')!.state === 'OFF' ? true : undefined), 'the garage light switched off by the second try', 15_000);
    expect(bridge.commands.filter((c) => c.light === 'garage')).toHaveLength(2);
    expect(questions).toEqual([]);
  });

  it('applies a change once per idempotency key: a replay sends the recorded target, never a second toggle', async () => {
    const bridge = await FakeBridge.start({ hall: { state: 'OFF', brightness: 254 } });
    cleanup(() => bridge.stop());
    const { home } = await startedHome(bridge.topic, ['hall'], 1000);
    await eventuallyReported(home);
    const first = await home.change('hall', { kind: 'power', on: undefined }, 'r1:a1:1', new Date());
    expect(first.after.on).toBe(true);
    // The same key again (a worker resumed after a crash): the light stays on, no toggle back.
    const again = await home.change('hall', { kind: 'power', on: undefined }, 'r1:a1:1', new Date());
    expect(again.after.on).toBe(true);
    expect(bridge.lights.get('hall')!.state).toBe('ON');
    expect(bridge.commands).toEqual([{ light: 'hall', command: { state: 'ON', brightness: 254 } }]);
    // A new key toggles.
    expect((await home.change('hall', { kind: 'power', on: undefined }, 'r2:a1:1', new Date())).after.on).toBe(false);
    expect(bridge.lights.get('hall')!.state).toBe('OFF');
  });

  it('asks a light that has not said where it stands before toggling it', async () => {
    const bridge = await FakeBridge.start({ cellar: { state: 'ON', brightness: 254 } }, { unretained: ['cellar'] });
    cleanup(() => bridge.stop());
    const { home } = await startedHome(bridge.topic, ['cellar'], 1000);
    expect(home.heardFrom('cellar')).toBe(false);
    // Unknown, it would count as off and be turned on; asked, it says on, so the toggle turns it off.
    const toggled = await home.change('cellar', { kind: 'power', on: undefined }, 'r3:a1:1', new Date());
    expect(bridge.asked).toEqual(['cellar']);
    expect(toggled.before.on).toBe(true);
    expect(toggled.after.on).toBe(false);
    expect(bridge.lights.get('cellar')!.state).toBe('OFF');
    // A light that does not answer the question: the toggle fails, naming it, and nothing is sent.
    bridge.silent.add('cellar');
    const { home: other } = await startedHome(bridge.topic, ['cellar'], 300);
    await expect(other.change('cellar', { kind: 'power', on: undefined }, 'r4:a1:1', new Date())).rejects.toMatchObject({ code: 'LIGHTS_NO_CONFIRMATION', message: 'the cellar light did not report its state within 300 ms' });
    expect(bridge.commands.filter((c) => c.light === 'cellar')).toHaveLength(1);
  });

  it('fails a change clearly while the broker is out of reach', async () => {
    const { home } = await startedHome('nowhere', ['hall'], 500, 'mqtt://127.0.0.1:1');
    await expect(home.change('hall', { kind: 'power', on: true }, 'k', new Date())).rejects.toMatchObject({ code: 'LIGHTS_BROKER_DOWN', message: expect.stringMatching(/MQTT broker at mqtt:\/\/127\.0\.0\.1:1\/? is not connected/) });
  });
});

/** Waits until the home has heard the bridge's retained state of the hall light. */
async function eventuallyReported(home: MqttHome): Promise<void> {
  for (let i = 0; i < 250 && !home.heardFrom('hall'); i++) await new Promise((r) => setTimeout(r, 20));
  expect(home.heardFrom('hall')).toBe(true);
}
