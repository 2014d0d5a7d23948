import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { TypedEmitter, type EngineEvents } from './events.js';
import { HealthTracker } from './health.js';
import { defineMethod } from './plugin/method.js';
import type { ChannelPlugin, PluginHealth, ServicePlugin } from './plugin/plugin.js';

function service(name: string, configured = true, health?: () => PluginHealth): ServicePlugin {
  return {
    kind: 'service',
    name,
    description: name,
    configured,
    requiredEnv: ['GARDEN_URL'],
    methods: { water: defineMethod({ description: 'water', params: z.object({}), async run() { return { ok: true, summary: 'ok' }; } }) },
    ...(health ? { health } : {}),
  };
}

function channel(name: string, listening: boolean): ChannelPlugin {
  return {
    kind: 'channel',
    name,
    description: name,
    configured: true,
    methods: {},
    allows: () => true,
    start: async () => {},
    stop: async () => {},
    send: async () => ({}),
    listening: () => listening,
  };
}

const ids = { requestId: 'r-1', groupId: 'r-1.g1', actionId: 'a1', text: 'water the roses' };

describe('the health of plugins', () => {
  it('says off, with what to set, for a plugin that is not configured; up otherwise', () => {
    const tracker = new HealthTracker(new TypedEmitter<EngineEvents>());
    expect(tracker.of(service('garden', false))).toEqual({ name: 'garden', kind: 'service', state: 'off', detail: 'not configured: set GARDEN_URL' });
    expect(tracker.of(service('garden'))).toEqual({ name: 'garden', kind: 'service', state: 'up' });
    expect(tracker.of(channel('chat', true))).toMatchObject({ state: 'up', detail: 'listening' });
    expect(tracker.of(channel('mail', false))).toMatchObject({ state: 'up', detail: 'sends only' });
  });

  it("keeps the last failure that was not the request's fault, and a channel's failed deliveries", () => {
    const events = new TypedEmitter<EngineEvents>();
    let now = new Date('2026-01-01T10:00:00Z');
    const tracker = new HealthTracker(events, () => now);
    events.emit('agent', { type: 'action.started', ...ids, target: 'garden.water', attempt: 1 });
    events.emit('agent', { type: 'action.finished', ...ids, target: 'garden.water', result: { ok: false, retryable: false, error: { code: 'GARDEN_UNKNOWN_BED', message: 'no bed called attic' } } });
    expect(tracker.of(service('garden')).lastError).toBeUndefined();

    events.emit('agent', { type: 'action.started', ...ids, target: 'garden.water', attempt: 2 });
    events.emit('agent', { type: 'action.retrying', ...ids, attempt: 2, delayMs: 10, error: 'the valve did not answer' });
    expect(tracker.of(service('garden')).lastError).toEqual({ message: 'the valve did not answer', at: '2026-01-01T10:00:00.000Z' });

    now = new Date('2026-01-01T10:05:00Z');
    events.emit('agent', { type: 'action.finished', ...ids, target: 'garden.water', result: { ok: false, retryable: true, error: { code: 'MJ_ERR_TIMEOUT', message: 'garden.water did not finish within 30000 ms' } } });
    expect(tracker.of(service('garden')).lastError).toMatchObject({ code: 'MJ_ERR_TIMEOUT', at: '2026-01-01T10:05:00.000Z' });

    events.emit('delivery.failed', { channel: 'chat', kind: 'reply', code: 'ECONNRESET', message: 'socket hang up' });
    expect(tracker.of(channel('chat', true)).lastError).toMatchObject({ code: 'ECONNRESET', message: 'could not deliver a reply: socket hang up' });
    expect(tracker.of(channel('mail', false)).lastError).toBeUndefined();
  });

  it("prefers what a plugin says about itself, and the newer of its own and the tracked last error", () => {
    const events = new TypedEmitter<EngineEvents>();
    const tracker = new HealthTracker(events, () => new Date('2026-01-01T10:00:00Z'));
    events.emit('agent', { type: 'action.started', ...ids, target: 'garden.water', attempt: 1 });
    events.emit('agent', { type: 'action.retrying', ...ids, attempt: 1, delayMs: 10, error: 'tracked' });
    const older = service('garden', true, () => ({ state: 'down', detail: 'reconnecting', lastError: { message: 'own', at: '2025-12-31T00:00:00.000Z' } }));
    expect(tracker.of(older)).toMatchObject({ state: 'down', detail: 'reconnecting', lastError: { message: 'tracked' } });
    const newer = service('garden', true, () => ({ state: 'down', lastError: { message: 'own', at: '2026-01-02T00:00:00.000Z' } }));
    expect(tracker.of(newer).lastError).toEqual({ message: 'own', at: '2026-01-02T00:00:00.000Z' });
  });
});
