import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PluginState } from './plugin-state.js';

/** Gives the {@link PluginState} of a namespace; every namespace of one test shares a backend. */
export type PluginStates = (namespace: string) => PluginState;

/**
 * Registers the behaviour every {@link PluginState} must have, inside the current suite.
 * `current` gives the states of the backend of the running test.
 */
export function pluginStateTests(current: () => PluginStates): void {
  const states: PluginStates = (namespace) => current()(namespace);

  it('gets, sets, deletes and lists by prefix, apart per namespace', async () => {
    const lights = states('lights');
    const other = states('calendar');
    await lights.set('light:garage', { on: true });
    await lights.set('light:kitchen', { on: false });
    await lights.set('Light:upper', 1);
    await lights.set('light_x', 2);
    await other.set('light:garage', 'not a light');
    expect(await lights.get('light:garage')).toEqual({ on: true });
    expect(await other.get('light:garage')).toBe('not a light');
    expect(await lights.list('light:')).toEqual([{ key: 'light:garage', value: { on: true } }, { key: 'light:kitchen', value: { on: false } }]);
    expect((await lights.list('light_')).map((e) => e.key)).toEqual(['light_x']);
    expect(await lights.list('')).toHaveLength(4);
    await lights.delete('light:garage');
    expect(await lights.get('light:garage')).toBeUndefined();
    expect(await other.get('light:garage')).toBe('not a light');
  });

  it('applies an update exactly once per idempotency key', async () => {
    const state = states('counter');
    let calls = 0;
    const inc = (n: number | undefined): { next: number; result: number } => {
      calls++;
      return { next: (n ?? 0) + 1, result: (n ?? 0) + 1 };
    };
    expect(await state.apply('n', 'k1', inc)).toEqual({ result: 1, replayed: false });
    expect(await state.apply('n', 'k1', inc)).toEqual({ result: 1, replayed: true });
    expect(await state.apply('n', 'k2', inc)).toEqual({ result: 2, replayed: false });
    // The replay may have computed a next value; none was stored.
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(calls).toBeLessThanOrEqual(3);
    expect(await state.get('n')).toBe(2);
    expect(await state.applied('k1')).toBe(1);
    expect(await states('elsewhere').applied('k1')).toBeUndefined();
    const all = await Promise.all(Array.from({ length: 10 }, () => state.apply('n', 'k3', inc)));
    expect(all.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await state.get('n')).toBe(3);
  });

  it('stores nothing when the update throws, so that a retry applies', async () => {
    const state = states('p');
    const boom = (): never => {
      throw new Error('boom');
    };
    await expect(state.apply('k', 'once', boom)).rejects.toThrow('boom');
    expect(await state.applied('once')).toBeUndefined();
    expect(await state.apply('k', 'once', () => ({ next: 'v', result: 'ok' }))).toEqual({ result: 'ok', replayed: false });
  });

  it('records results outside apply in the same ledger; the first one stands', async () => {
    const state = states('email');
    await state.recordApplied('mail-1', { file: 'a.eml' });
    await state.recordApplied('mail-1', { file: 'b.eml' });
    expect(await state.applied('mail-1')).toEqual({ file: 'a.eml' });
    expect(await state.apply('x', 'mail-1', () => ({ next: 1, result: 'new' }))).toEqual({ result: { file: 'a.eml' }, replayed: true });
    expect(await state.get('x')).toBeUndefined();
  });
}

/**
 * The plugin-state part of the store conformance, for a backend of plugin state on its own
 * (Redis in distributed mode). The factory gives a fresh, empty backend per test.
 */
export function pluginStateConformance(name: string, make: () => Promise<{ states: PluginStates; close(): Promise<void> }>): void {
  describe(`PluginState conformance: ${name}`, () => {
    let backend: { states: PluginStates; close(): Promise<void> };
    beforeEach(async () => {
      backend = await make();
    });
    afterEach(async () => {
      await backend.close();
    });
    pluginStateTests(() => backend.states);
  });
}
