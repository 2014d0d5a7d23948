import { describe, expect, it } from 'vitest';
import { sayer, startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

describe('shortcuts', () => {
  const cleanup = cleanupAfterEach();

  it('make a few words stand for a whole request, which they then do; deleted, they stand for nothing', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    const kitchen = async () => (await a.store.pluginState('lights').get<{ on: boolean }>('light:kitchen'))?.on ?? true;

    // Defined, not done: the light stays on and no timer runs.
    await say('when I say goodnight, turn off the kitchen light and set a timer for 10 minutes', 'done');
    await a.waitForOutput(/✓ When you say "goodnight", I'll turn off the kitchen light and set a timer for 10 minutes\./);
    expect(await kitchen()).toBe(true);
    expect(await a.store.scheduled.list({ status: 'pending' })).toEqual([]);

    const night = await say('Goodnight!', 'done');
    expect(await kitchen()).toBe(false);
    expect((await a.store.scheduled.list({ status: 'pending' })).map((r) => r.text)).toEqual(['10-minute timer is up']);
    // The request keeps what was said; its plan is what the words stand for.
    const view = (await a.engine.api.request(night))!;
    expect(view.request.text).toBe('Goodnight!');
    expect(view.request.plan.groups.flatMap((g) => g.actions.map((x) => x.decision.kind === 'call' && x.decision.target))).toEqual(['lights.toggle_lights_in_location', 'calendar.set_timer']);

    await say("when I say 'movie time' dim the living room lights to 20%", 'done');
    await say('what shortcuts do we have', 'done');
    await a.waitForOutput(/"goodnight": turn off the kitchen light and set a timer for 10 minutes\n.*"movie time": dim the living room lights to 20%/);
    // Said with a word of politeness around it, it is still the shortcut.
    await say('OK, movie time please', 'done');
    expect(await a.store.pluginState('lights').get('light:living room')).toMatchObject({ on: true, brightness: 20 });

    await say('delete the goodnight shortcut', 'done');
    await a.waitForOutput(/✓ Deleted the shortcut "goodnight"\./);
    await say('turn on the kitchen light', 'done');
    const after = await a.type('goodnight');
    // Words that stand for nothing any more: said back, no light is switched, no request made.
    expect(after).toEqual({ kind: 'replied', text: 'Good night!' });
    expect(await kitchen()).toBe(true);
    expect((await a.engine.api.requests()).map((r) => r.text)).not.toContain('goodnight');
    expect(await a.store.pluginState('shortcuts').list('shortcut:')).toHaveLength(1);

    // The shortcut that "I'm leaving" is said back with, once made, is done instead.
    expect(await a.type("I'm leaving")).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^See you later!/) });
    await say("when I say I'm leaving, turn off the kitchen light", 'done');
    await say("I'm leaving", 'done');
    expect(await kitchen()).toBe(false);
  });
});
