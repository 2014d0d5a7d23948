import type { PluginState } from '../../core/store/plugin-state.js';

/** One light of the simulated home. */
export interface LightState {
  on: boolean;
  /** 1..100 while on; kept while off so that turning on restores it. */
  brightness: number;
  /** The colour it was set to by name ("red", "warm white"); kept while off. None: as it came. */
  colour?: string;
  /** How it stood before the last change: what putting it back returns to. None once put back. */
  previous?: { on: boolean; brightness: number; colour?: string };
  /** How many changes were applied to this light, ever: what tests count. */
  changes: number;
  updatedAt: string;
}

/** A lived-in home: a few lights are on when the simulation first starts. */
const ON_AT_FIRST = new Set(['garage', 'kitchen', 'living room', 'porch']);

export function initial(area: string): LightState {
  return { on: ON_AT_FIRST.has(area), brightness: 100, changes: 0, updatedAt: new Date(0).toISOString() };
}

export type LightChange =
  | { kind: 'power'; on: boolean | undefined }
  | { kind: 'brightness'; percent: number }
  /** Brighter or dimmer by some points, from where the light stands: never off by dimming, on by brightening. */
  | { kind: 'step'; by: number }
  /** A colour by name: the light is on in it, at the brightness said or else the one it had. */
  | { kind: 'colour'; colour: string; percent?: number }
  /** Back to how it stood before the last change; nothing when it was put back already, or never changed. */
  | { kind: 'restore' };

export interface ChangeOutcome {
  before: LightState;
  after: LightState;
}

/** Where the lights service finds its lights: simulated, or real ones behind an MQTT bridge. */
export interface Home {
  readonly areas: readonly string[];
  get(area: string): Promise<LightState>;
  all(): Promise<Array<{ area: string; light: LightState }>>;
  /** Applies a change once per idempotency key; returns the light before and after. */
  change(area: string, change: LightChange, idempotencyKey: string, at: Date, signal?: AbortSignal): Promise<ChangeOutcome>;
  stop?(): Promise<void>;
}

/**
 * A home of dimmable lights whose state persists in the plugin's state. Each change is
 * applied exactly once per idempotency key.
 */
export class SimulatedHome implements Home {
  constructor(
    private readonly state: PluginState,
    readonly areas: readonly string[],
    /** How long a bulb takes to answer, like a real one on a radio network. */
    private readonly latencyMs = 0,
  ) {}

  async get(area: string): Promise<LightState> {
    return (await this.state.get<LightState>(lightKey(area))) ?? initial(area);
  }

  async all(): Promise<Array<{ area: string; light: LightState }>> {
    return Promise.all(this.areas.map(async (area) => ({ area, light: await this.get(area) })));
  }

  async change(area: string, change: LightChange, idempotencyKey: string, at: Date, signal?: AbortSignal): Promise<ChangeOutcome> {
    if (this.latencyMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      signal?.throwIfAborted();
    }
    const { result } = await this.state.apply<LightState, ChangeOutcome>(lightKey(area), idempotencyKey, (current) => {
      const before = current ?? initial(area);
      const after = applyChange(before, change, at);
      return { next: after, result: { before, after } };
    });
    return result;
  }
}

export function applyChange(light: LightState, change: LightChange, at: Date): LightState {
  if (change.kind === 'restore') {
    const was = light.previous;
    if (!was) return light;
    const { previous: _, colour: __, ...rest } = light;
    return { ...rest, on: was.on, brightness: was.brightness, ...(was.colour !== undefined ? { colour: was.colour } : {}), changes: (light.changes ?? 0) + 1, updatedAt: at.toISOString() };
  }
  const previous = { on: light.on, brightness: light.brightness, ...(light.colour !== undefined ? { colour: light.colour } : {}) };
  const base = { ...light, previous, changes: (light.changes ?? 0) + 1, updatedAt: at.toISOString() };
  if (change.kind === 'power') return { ...base, on: change.on ?? !light.on };
  if (change.kind === 'step') {
    if (!light.on) return change.by > 0 ? { ...base, on: true, brightness: Math.min(100, change.by) } : base;
    return { ...base, brightness: Math.max(1, Math.min(100, light.brightness + change.by)) };
  }
  if (change.kind === 'colour') return { ...base, on: true, colour: change.colour, brightness: change.percent ?? light.brightness };
  if (change.percent === 0) return { ...base, on: false };
  return { ...base, on: true, brightness: change.percent };
}

export function lightKey(area: string): string {
  return `light:${area}`;
}
