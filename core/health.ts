import type { ComponentHealth } from './api.js';
import type { AgentEvent, EngineEvents, TypedEmitter } from './events.js';
import type { Plugin } from './plugin/plugin.js';

type LastError = NonNullable<ComponentHealth['lastError']>;

/** Actions whose target is remembered between their start and their end, at most. */
const MAX_IN_FLIGHT = 10_000;

/**
 * Keeps the last error of each plugin, from what the engine announces: failed deliveries of
 * channels, and failures of methods that were not the request's fault (retryable ones: the
 * service was down, slow or broke). An unknown area or a bad argument is the request's
 * fault, not the service's, and leaves its health alone.
 */
export class HealthTracker {
  readonly #errors = new Map<string, LastError>();
  /** `groupId/actionId` → target of the attempt under way, since retry events do not carry it. */
  readonly #inFlight = new Map<string, string>();
  readonly #clock: () => Date;

  constructor(events: TypedEmitter<EngineEvents>, clock: () => Date = () => new Date()) {
    this.#clock = clock;
    events.on('agent', (e) => this.#onAgent(e));
    events.on('delivery.failed', (e) => this.#record(e.channel, { message: `could not deliver a ${e.kind}: ${e.message}`, code: e.code }));
  }

  #onAgent(event: AgentEvent): void {
    const key = `${event.groupId}/${event.actionId}`;
    switch (event.type) {
      case 'action.started':
        if (this.#inFlight.size >= MAX_IN_FLIGHT) this.#inFlight.clear();
        this.#inFlight.set(key, event.target);
        return;
      case 'action.retrying': {
        const target = this.#inFlight.get(key);
        if (target) this.#record(pluginOf(target), { message: event.error });
        return;
      }
      case 'action.finished':
        this.#inFlight.delete(key);
        if (!event.result.ok && event.result.retryable) this.#record(pluginOf(event.target), { message: event.result.error.message, code: event.result.error.code });
        return;
      case 'action.skipped':
        this.#inFlight.delete(key);
        return;
      default:
        return;
    }
  }

  #record(plugin: string, error: { message: string; code?: string }): void {
    this.#errors.set(plugin, { ...error, at: this.#clock().toISOString() });
  }

  /** The health of one plugin: what it says about itself, or what its configuration and channel state tell. */
  of(plugin: Plugin): ComponentHealth {
    const own = plugin.health?.();
    const tracked = this.#errors.get(plugin.name);
    const reported = own?.lastError;
    const lastError = !reported ? tracked : !tracked || reported.at >= tracked.at ? reported : tracked;
    // A plugin that is not configured is off whatever it says, and the detail says what to set.
    const base = own && plugin.configured ? own : derived(plugin);
    return {
      name: plugin.name,
      kind: plugin.kind,
      state: base.state,
      ...(base.detail ? { detail: base.detail } : {}),
      ...(lastError ? { lastError } : {}),
    };
  }
}

function pluginOf(target: string): string {
  return target.split('.')[0] ?? target;
}

function derived(plugin: Plugin): { state: ComponentHealth['state']; detail?: string } {
  if (!plugin.configured) {
    const needs = plugin.requiredEnv ?? [];
    return { state: 'off', detail: needs.length > 0 ? `not configured: set ${needs.join(', ')}` : 'not configured' };
  }
  if (plugin.kind === 'service') return { state: 'up' };
  // A configured channel that does not listen still sends (a send-only one, or a worker process).
  return plugin.listening() ? { state: 'up', detail: 'listening' } : { state: 'up', detail: 'sends only' };
}
