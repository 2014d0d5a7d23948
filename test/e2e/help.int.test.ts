import { describe, expect, it } from 'vitest';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';

describe('asking the assistant what it can do', () => {
  const cleanup = cleanupAfterEach();

  it('is answered at once from what the plugins say of themselves, and makes no request', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const outcome = await a.type('what can you do?');
    expect(outcome.kind).toBe('replied');
    await a.waitForOutput(/I can do these, said in your own words/);
    const told = a.terminal();
    expect(told).toMatch(/- lights: .*For example "turn off the kitchen lights"/);
    expect(told).toMatch(/- documents: .*"add milk and eggs to the shopping list"/);
    // A plugin not set up here says what it needs.
    expect(told).toMatch(/- minecraft: .*\(not set up here: MINECRAFT_HOST\)/);
    expect(told).toMatch(/"Cancel that" stops what you asked last/);
    expect(await a.engine.api.requests()).toEqual([]);

    expect((await a.type('hello!')).kind).toBe('replied');
    await a.waitForOutput(/Hello! I can do these/);
    // Help said as part of a request is the request's: "help me turn off the lights".
    const request = await a.type('help me turn off the kitchen light');
    expect(request.kind).toBe('request');
  });

  it('says a courtesy back ("thanks", "good morning", "bye") without making a request of it', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    expect(await a.type('thanks!')).toEqual({ kind: 'replied', text: "You're welcome!" });
    expect(await a.type('OK, thank you so much')).toEqual({ kind: 'replied', text: "You're welcome!" });
    expect(await a.type('Good morning')).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^Good morning! What can I do for you\?/) });
    expect(await a.type('morning!')).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^Good morning! What can I do for you\?/) });
    expect(await a.type('night!')).toEqual({ kind: 'replied', text: 'Good night!' });
    expect(await a.type('bye')).toEqual({ kind: 'replied', text: 'Bye!' });
    expect(await a.type('sleep well!')).toEqual({ kind: 'replied', text: 'Good night!' });
    // Said as what one does: it sent the game's bot to a bed.
    expect(await a.type("I'm heading to bed")).toEqual({ kind: 'replied', text: 'Good night!' });
    expect(await a.type("we're off to bed now, good night")).toEqual({ kind: 'replied', text: 'Good night!' });
    // Comings and goings: said back, with how to have something done each time (they matched nothing, and were asked about).
    expect(await a.type("I'm leaving")).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^See you later! .*"when I say I'm leaving, turn off all the lights"/) });
    expect(await a.type("ok, I'm off to work, bye")).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^See you later!/) });
    expect(await a.type("I'm home!")).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^Welcome home! .*"when I say I'm home, turn on the hallway light"/) });
    expect(await a.type('hi, how are you?')).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^Very well, thank you!/) });
    await a.waitForOutput(/Bye!/);
    expect(await a.engine.api.requests()).toEqual([]);
    // Said with a request, it is the request's politeness.
    const request = await a.type('thanks, and turn off the kitchen light');
    expect(request.kind).toBe('request');
    // A part of the day alone, set apart, greets: no action is asked for of "morning" (it was one that could not be done).
    const greeted = await a.type('morning! turn off the kitchen light');
    if (greeted.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(greeted)}`);
    const view = (await a.engine.api.request(greeted.requestId))!;
    expect(view.groups.flatMap((g) => g.actions.map((r) => [r.action.decision.kind === 'call' ? r.action.decision.target : null, r.action.decision.kind === 'call' ? r.action.decision.args : null]))).toEqual([['lights.toggle_lights_in_location', { location: 'kitchen', desired_state: false }]]);
  });

  it('is answered while a question waits, and the question still waits for its answer', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const asked = await a.type('turn on the attic light');
    if (asked.kind !== 'request') throw new Error('not a request');
    await a.waitForOutput(/\? I don't know how to "turn on the attic light"/);
    expect((await a.type('help')).kind).toBe('replied');
    expect(await a.engine.api.questions({ status: ['open'] })).toHaveLength(1);
    expect((await a.type('the kitchen one')).kind).toBe('answer');
    expect(await a.finished(asked.requestId)).toBe('done');
  });
});
