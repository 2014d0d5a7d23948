import { describe, expect, it } from 'vitest';
import { sayer, startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { tempDir } from '../support/cli.js';
import { eventually } from '../support/eventually.js';

describe('lights made brighter or dimmer', () => {
  const cleanup = cleanupAfterEach();

  it('step from where each light is, never off by dimming, on by brightening', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const light = async (area: string) => (await a.store.pluginState('lights').get<{ on: boolean; brightness: number }>(`light:${area}`));
    const say = async (text: string) => {
      const outcome = await a.type(text);
      if (outcome.kind !== 'request') throw new Error(`not a request: ${text}`);
      expect(await a.finished(outcome.requestId)).toBe('done');
      return (await a.engine.api.request(outcome.requestId))!.request.summary;
    };

    // The kitchen light starts on, at full.
    expect(await say('dim the kitchen lights')).toMatch(/kitchen light is at 75%/);
    expect(await say('dim the kitchen lights by 60%')).toMatch(/kitchen light is at 15%/);
    expect(await say('turn down the kitchen lights')).toMatch(/kitchen light is at 1%/);
    expect(await say('make the kitchen brighter')).toMatch(/kitchen light is at 26%/);
    expect(await light('kitchen')).toMatchObject({ on: true, brightness: 26 });
    // The bedroom light starts off: brighter turns it on, dimmer leaves it off.
    expect(await say('dim the bedroom light')).toMatch(/bedroom light is off \(nothing to dim\)/);
    expect(await say('turn up the bedroom light')).toMatch(/bedroom light is at 25%/);
    // A level said with "to" is set, not stepped to.
    expect(await say('dim the bedroom light to 10%')).toMatch(/bedroom light is at 10%/);
  });

  it('are put back the way they were: when asked, and when a change meant to last a while is over', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const light = async (area: string) => await a.store.pluginState('lights').get<{ on: boolean; brightness: number; colour?: string }>(`light:${area}`);
    const say = sayer(a);
    // The kitchen light starts on, at full: dimmed for 2 seconds, it is back at full after.
    await say('dim the kitchen lights to 30% for 2 seconds', 'done');
    expect(await light('kitchen')).toMatchObject({ on: true, brightness: 30 });
    expect((await a.store.scheduled.list({ status: 'pending' })).map((j) => j.text)).toEqual(['put the kitchen lights back']);
    await eventually(async () => (await light('kitchen'))?.brightness === 100, 'the kitchen light to be put back at full', 20_000);
    expect(await light('kitchen')).toMatchObject({ on: true, brightness: 100 });

    // A colour, put back by asking: the bedroom light started off, and has no colour again.
    await say('turn the bedroom light red', 'done');
    expect(await light('bedroom')).toMatchObject({ on: true, colour: 'red' });
    await say('put the bedroom light back the way it was', 'done');
    const bedroom = await light('bedroom');
    expect(bedroom).toMatchObject({ on: false });
    expect(bedroom?.colour).toBeUndefined();
    // Put back already: nothing more to put back, and nothing changes.
    const again = await say('put the bedroom light back', 'done');
    expect((await a.engine.api.request(again))!.request.summary).toMatch(/nothing to put back/);
    expect(await light('bedroom')).toMatchObject({ on: false });
  });

  it('are what "it" is in the next request: "turn off the kitchen light", then "turn it back on"', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const light = async (area: string) => await a.store.pluginState('lights').get<{ on: boolean; brightness: number }>(`light:${area}`);
    const say = sayer(a);
    await say('turn off the kitchen light', 'done');
    expect(await light('kitchen')).toMatchObject({ on: false });
    const back = await say('turn it back on', 'done');
    expect(await light('kitchen')).toMatchObject({ on: true });
    expect((await a.engine.api.request(back))!.request.summary).toMatch(/kitchen light is on/i);
    // Said of the request before, which did something else: that is what "it" is.
    await say('dim the bedroom light to 20%', 'done');
    await say('turn it off', 'done');
    expect(await light('bedroom')).toMatchObject({ on: false });
    expect(await light('kitchen')).toMatchObject({ on: true });
    // "Same for ...": the request before, of another place.
    await say('set the office light to 35%', 'done');
    const same = await say('same for the garage', 'done');
    expect(await light('garage')).toMatchObject({ on: true, brightness: 35 });
    expect((await a.engine.api.request(same))!.groups[0]!.actions[0]!.action.text).toBe('set the garage light to 35%');
    // "... too": another place of the same kind, after the follow-up (of what it stood for).
    await say('and the porch too', 'done');
    expect(await light('porch')).toMatchObject({ on: true, brightness: 35 });
  });

  it('are what "it" is after a restart too, from the store', async () => {
    const dir = await tempDir();
    cleanup(() => dir.cleanup());
    const first = await startTestAssistant({}, dir.path);
    let open = true;
    cleanup(async () => void (open && (await first.dispose())));
    await sayer(first)('turn off the kitchen light', 'done');
    await first.dispose();
    open = false;
    const again = await startTestAssistant({}, dir.path);
    cleanup(() => again.dispose());
    const back = await sayer(again)('turn it back on', 'done');
    expect(await again.store.pluginState('lights').get('light:kitchen')).toMatchObject({ on: true });
    expect((await again.engine.api.request(back))!.groups[0]!.actions[0]!.action.decision).toMatchObject({ kind: 'call', target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: true } });
  });

  it('are all switched but those spared: "turn off all the lights except the porch"', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const outcome = await a.type('turn off all the lights except the porch and the kitchen');
    if (outcome.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(outcome.requestId)).toBe('done');
    // Both started on, as the garage and the living room did: only those two are still on, and the others were switched.
    const changed = (await a.store.pluginState('lights').list<{ on: boolean }>('light:')).map((l) => l.key.slice('light:'.length)).sort();
    expect(changed).toEqual(['backyard', 'basement', 'bathroom', 'bedroom', 'garage', 'hallway', 'living room', 'office']);
    const asked = await a.type('which lights are on');
    if (asked.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(asked.requestId)).toBe('done');
    const summary = (await a.engine.api.request(asked.requestId))!.request.summary ?? '';
    expect(summary).toBe('Done: 2 lights are on: kitchen, porch. Everything else is off.');
  });
});
