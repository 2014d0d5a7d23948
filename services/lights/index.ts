import { z } from 'zod';
import { envInt, envList, envOptional, envString, envUrl } from '../../core/config/env.js';
import type { PluginModule, PluginContext, ServicePlugin } from '../../core/plugin/plugin.js';
import { defineMethod, failedResult, type ActionContext } from '../../core/plugin/method.js';
import type { ActionResult } from '../../core/types.js';
import { DEFAULT_AREAS, areaValues } from './areas.js';
import { areaCues, lightsHints } from './hints.js';
import { SimulatedHome, type ChangeOutcome, type Home, type LightChange, type LightState } from './home.js';
import { MqttHome } from './mqtt-home.js';
import { adjustParams, brightnessParams, checkParams, colourParams, listParams, restoreParams, toggleParams } from './params.js';
import { COLOURS, colourNamed, colourValues } from './colours.js';
import { capitalize, counted } from '../../core/util/text.js';

const env = z.object({
  LIGHTS_AREAS: envList('Areas of the home, each with one dimmable light (with MQTT: the bridge\'s device names)', [...DEFAULT_AREAS]),
  LIGHTS_LATENCY_MS: envInt('How long a simulated bulb takes to answer', 0, { min: 0, max: 60_000 }),
  LIGHTS_MQTT_URL: envUrl('MQTT broker of real lights (a Zigbee2MQTT-style bridge), e.g. mqtt://127.0.0.1:1883; unset simulates the home', ['mqtt', 'mqtts']),
  LIGHTS_MQTT_TOPIC: envString('Base topic of the bridge: a light\'s state on <topic>/<area>, its commands to <topic>/<area>/set', 'zigbee2mqtt'),
  LIGHTS_MQTT_USERNAME: envOptional('User name on the MQTT broker'),
  LIGHTS_MQTT_PASSWORD: envOptional('Password on the MQTT broker', { secret: true }),
  LIGHTS_MQTT_TIMEOUT_MS: envInt('How long a real light has to confirm a change', 5_000, { min: 100, max: 120_000 }),
});

/** Real lights over MQTT, when a broker is set. */
export interface LightsMqtt {
  url: string;
  topic: string;
  timeoutMs: number;
  username?: string;
  password?: string;
}

/** A light that is on, in a listing: "kitchen", "porch (50%)", "bedroom (40%, warm white)". */
function onText(area: string, light: LightState): string {
  const how = [...(light.brightness === 100 ? [] : [`${light.brightness}%`]), ...(light.colour !== undefined ? [light.colour] : [])];
  return how.length === 0 ? area : `${area} (${how.join(', ')})`;
}

function describe(area: string, light: LightState): string {
  if (!light.on) return `the ${area} light is off`;
  const colour = light.colour !== undefined ? `, ${light.colour}` : '';
  return light.brightness === 100 ? `the ${area} light is on${colour}` : `the ${area} light is at ${light.brightness}%${colour}`;
}

/** Percentage points of "dim the lights" and "brighter" when no number is said. */
const DEFAULT_STEP = 25;

/** Lights of a simulated home whose state persists across restarts, or real ones behind an MQTT bridge. */
export function createLights(areas: readonly string[], latencyMs = 0, mqtt?: LightsMqtt): ServicePlugin {
  const vocabulary = areaValues(areas);
  const byName = new Map(vocabulary.flatMap((v) => v.names.map((n) => [n, v.value] as const)));
  let home: Home | undefined;

  function resolve(location: string): { area: string } | { error: ActionResult } {
    const area = byName.get(location.trim().toLowerCase().replace(/\s+/g, ' '));
    if (area) return { area };
    return {
      error: {
        ok: false,
        retryable: false,
        error: {
          code: 'LIGHTS_UNKNOWN_AREA',
          message: `the home has no area called "${location}"`,
          hint: `areas: ${vocabulary.map((v) => v.value).join(', ')}`,
        },
      },
    };
  }

  function started(): Home {
    if (!home) throw new Error('the lights service was used before it started');
    return home;
  }

  /** Applies a change to the light of an area, once per idempotency key, and says where it stands now (with `aside` on how the change went). */
  async function changeLight(location: string, change: LightChange, ctx: ActionContext, aside: (outcome: ChangeOutcome) => string = () => ''): Promise<ActionResult> {
    const found = resolve(location);
    if ('error' in found) return found.error;
    const outcome = await started().change(found.area, change, ctx.idempotencyKey, new Date(), ctx.signal);
    const { after } = outcome;
    return { ok: true, summary: `${capitalize(describe(found.area, after))}${aside(outcome)}.`, data: { area: found.area, on: after.on, brightness: after.brightness } };
  }

  return {
    kind: 'service',
    name: 'lights',
    description: 'Lights of the home: turn on or off, dim, list',
    examples: ['turn off the kitchen lights', 'dim the bedroom light to 30%', 'turn the porch light red', 'turn off all the lights except the porch', 'which lights are on?', 'if the garage light is on, turn off the porch light'],
    configured: true,
    entities: [
      { kind: 'area', description: 'An area of the home', values: vocabulary, cues: areaCues },
      { kind: 'light-colour', description: 'A colour of light', values: colourValues() },
    ],
    async start(ctx: PluginContext) {
      const names = vocabulary.map((v) => v.value);
      if (!mqtt) {
        home = new SimulatedHome(ctx.state, names, latencyMs);
        return;
      }
      const real = new MqttHome({
        url: mqtt.url,
        prefix: mqtt.topic,
        timeoutMs: mqtt.timeoutMs,
        ...(mqtt.username !== undefined ? { username: mqtt.username } : {}),
        ...(mqtt.password !== undefined ? { password: mqtt.password } : {}),
        state: ctx.state,
        areas: names,
        logger: ctx.logger,
      });
      await real.start();
      home = real;
    },
    async stop() {
      await home?.stop?.();
      home = undefined;
    },
    methods: {
      toggle_lights_in_location: defineMethod({
        description: 'Turn the lights of an area on or off, or toggle them',
        params: toggleParams,
        hints: lightsHints.toggle_lights_in_location,
        flags: { idempotent: false },
        run: (args, ctx) =>
          changeLight(args.location, { kind: 'power', on: args.desired_state }, ctx, ({ before, after }) => (before.on === after.on && args.desired_state !== undefined ? ' (it already was)' : '')),
      }),
      set_brightness: defineMethod({
        description: 'Set the brightness of the lights of an area, in percent (0 turns them off)',
        params: brightnessParams,
        hints: lightsHints.set_brightness,
        flags: { idempotent: true },
        run: (args, ctx) => changeLight(args.location, { kind: 'brightness', percent: args.percent }, ctx),
      }),
      adjust_brightness: defineMethod({
        description: 'Make the lights of an area brighter or dimmer, by some percentage points (25 unless said) from where they are; dimming never turns them off',
        params: adjustParams,
        hints: lightsHints.adjust_brightness,
        flags: { idempotent: true },
        run: (args, ctx) =>
          changeLight(args.location, { kind: 'step', by: (args.by ?? DEFAULT_STEP) * (args.direction === 'up' ? 1 : -1) }, ctx, ({ before, after }) =>
            before.on !== after.on || before.brightness !== after.brightness ? '' : !after.on ? ' (nothing to dim)' : after.brightness === 100 ? ' (it is as bright as it goes)' : ' (it is as dim as it goes)',
          ),
      }),
      set_colour: defineMethod({
        description: 'Set the colour of the lights of an area by name (red, blue, warm white, ...), and a brightness with it when said; turns them on',
        params: colourParams,
        hints: lightsHints.set_colour,
        flags: { idempotent: true },
        async run(args, ctx) {
          const colour = colourNamed(args.colour);
          if (!colour) return failedResult('LIGHTS_UNKNOWN_COLOUR', `"${args.colour}" is no colour the lights know`, { hint: `colours: ${COLOURS.map((c) => c.name).join(', ')}` });
          return changeLight(args.location, { kind: 'colour', colour: colour.name, ...(args.percent !== undefined ? { percent: args.percent } : {}) }, ctx);
        },
      }),
      restore_lights: defineMethod({
        description: 'Put the lights of an area back the way they were before their last change (on or off, level, colour)',
        params: restoreParams,
        hints: lightsHints.restore_lights,
        flags: { idempotent: true },
        run: (args, ctx) => changeLight(args.location, { kind: 'restore' }, ctx, ({ before }) => (before.previous === undefined ? ' (nothing to put back: no change of it is left to undo)' : '')),
      }),
      check_light: defineMethod({
        description:
          'Check whether the light of an area is on (or off), as a condition of what waits for it ("if the garage light is on, turn off the porch light"): when it does not hold, what waits for it is not needed',
        params: checkParams,
        hints: lightsHints.check_light,
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          const found = resolve(args.location);
          if ('error' in found) return found.error;
          const light = await started().get(found.area);
          return { ok: true, summary: `${capitalize(describe(found.area, light))}.`, holds: light.on === args.on, data: { area: found.area, on: light.on, brightness: light.brightness } };
        },
      }),
      list_lights: defineMethod({
        description: 'List the lights of the home, or of one area, with their state',
        params: listParams,
        hints: lightsHints.list_lights,
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          let lights = await started().all();
          if (args.location !== undefined) {
            const found = resolve(args.location);
            if ('error' in found) return found.error;
            lights = lights.filter((l) => l.area === found.area);
          }
          const on = lights.filter((l) => l.light.on);
          const summary =
            lights.length === 1
              ? `${capitalize(describe(lights[0]!.area, lights[0]!.light))}.`
              : on.length === 0
                ? 'All lights are off.'
                : `${counted(on.length, 'light')} ${on.length === 1 ? 'is' : 'are'} on: ${on.map((l) => onText(l.area, l.light)).join(', ')}. Everything else is off.`;
          return { ok: true, summary, data: lights.map((l) => ({ area: l.area, on: l.light.on, brightness: l.light.brightness, ...(l.light.colour !== undefined ? { colour: l.light.colour } : {}) })) };
        },
      }),
    },
  };
}

export const lightsModule: PluginModule<typeof env> = {
  name: 'lights',
  env,
  create: (values) =>
    createLights(
      values.LIGHTS_AREAS,
      values.LIGHTS_LATENCY_MS,
      values.LIGHTS_MQTT_URL === undefined
        ? undefined
        : {
            url: values.LIGHTS_MQTT_URL,
            topic: values.LIGHTS_MQTT_TOPIC,
            timeoutMs: values.LIGHTS_MQTT_TIMEOUT_MS,
            ...(values.LIGHTS_MQTT_USERNAME !== undefined ? { username: values.LIGHTS_MQTT_USERNAME } : {}),
            ...(values.LIGHTS_MQTT_PASSWORD !== undefined ? { password: values.LIGHTS_MQTT_PASSWORD } : {}),
          },
    ),
};
