import { describe, expect, it } from 'vitest';
import { actionStarted as started, sayer, startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { deletePrefix, freshPrefix, SHARED_REDIS_URL } from '../support/redis.js';

const TOKEN = 'cancel-last-token-0123456789';

describe('"cancel that", "never mind": about the sender\'s last request', () => {
  const cleanup = cleanupAfterEach();

  it.each([
    ['embedded', (): Record<string, string> => ({})],
    ['distributed', (): Record<string, string> => ({ REDIS_URL: SHARED_REDIS_URL, MAJORDOMO_QUEUE_PREFIX: freshPrefix('cancel-last') })],
  ])('stops the running request after its current action, and only that sender\'s (%s)', async (_mode, env) => {
    const settings = env();
    const a = await startTestAssistant({ LIGHTS_LATENCY_MS: '400', MAJORDOMO_API_TOKEN: TOKEN, MAJORDOMO_HTTP_PORT: '0', ...settings });
    cleanup(async () => {
      await a.dispose();
      if (settings['MAJORDOMO_QUEUE_PREFIX']) await deletePrefix(SHARED_REDIS_URL, settings['MAJORDOMO_QUEUE_PREFIX']);
    });
    // Someone else's request over the HTTP API, running at the same time.
    const response = await fetch(`http://127.0.0.1:${a.http!.port}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'turn on the porch light and then turn off the porch light', conversationId: 'other' }),
    });
    const theirs = ((await response.json()) as { requestId: string }).requestId;

    const kitchen = started(a, 'kitchen');
    const mine = await a.type('turn on the kitchen light and then turn off the garage light');
    if (mine.kind !== 'request') throw new Error('not a request');
    await kitchen;
    const cancelled = await a.type('cancel that');
    expect(cancelled).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^Cancelling "turn on the kitchen light and then turn off the garage light": what it already did stays done/) });

    expect(await a.finished(mine.requestId)).toBe('cancelled');
    const view = (await a.engine.api.request(mine.requestId))!;
    expect(view.groups[0]!.actions.map((r) => r.status)).toEqual(['done', 'cancelled']);
    // The other sender's request was not touched, and "cancel that" made no request of its own.
    expect(await a.finished(theirs)).toBe('done');
    expect(await a.engine.api.requests()).toHaveLength(2);
    await a.waitForOutput(/Not done: "turn off the garage light" was not done \(stopped\)/);
  });

  it('with nothing running, says so and what became of the last request; nothing is planned', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    expect(await a.type('never mind')).toMatchObject({ kind: 'replied', text: 'Nothing of yours is running, so nothing was cancelled.' });
    const done = await a.type('turn off the garage light');
    if (done.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(done.requestId)).toBe('done');
    const told = await a.type('Oh, never mind, thanks.');
    expect(told).toMatchObject({ kind: 'replied', text: expect.stringContaining('Your last request, "turn off the garage light", is over (done)') });
    await a.waitForOutput(/Nothing of yours is running, so nothing was cancelled\. Your last request/);
    expect(await a.engine.api.requests()).toHaveLength(1);
    // A bare "stop" is not about the last request: it is planned (in a game it stops the bot).
    expect((await a.type('stop')).kind).toBe('request');
  });

  it('"undo" puts back what the last request changed, as a request of its own, and names what cannot be undone', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    const light = async (area: string) => await a.store.pluginState('lights').get<{ on: boolean; brightness: number }>(`light:${area}`);
    // The garage light starts on.
    await say('turn off the garage light', 'done');
    expect(await light('garage')).toMatchObject({ on: false });
    const undo = await a.type('undo that');
    if (undo.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(undo)}`);
    await a.waitForOutput(/Undoing "turn off the garage light": put the garage lights back\./);
    expect(await a.finished(undo.requestId)).toBe('done');
    expect(await light('garage')).toMatchObject({ on: true });

    // A message sent stays sent; the light is put back.
    await say('dim the kitchen lights to 30% and email me', 'done');
    expect(await light('kitchen')).toMatchObject({ on: true, brightness: 30 });
    const again = await a.type('undo');
    if (again.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(again)}`);
    await a.waitForOutput(/Undoing "dim the kitchen lights to 30% and email me": put the kitchen lights back\. "email me" cannot be undone\./);
    expect(await a.finished(again.requestId)).toBe('done');
    expect(await light('kitchen')).toMatchObject({ on: true, brightness: 100 });
    // The undoing itself is not undone: nothing is planned.
    expect(await a.type('undo that')).toMatchObject({ kind: 'replied', text: expect.stringContaining('Your last request, "put the kitchen lights back", is over (done)') });
    expect(await a.engine.api.requests()).toHaveLength(4);

    // What it set up for later is called off, and not said to stay.
    await say('turn off the porch light and remind me in 2 hours to lock up', 'done');
    const third = await a.type('undo');
    if (third.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(third)}`);
    await a.waitForOutput(/Undoing "turn off the porch light and remind me in 2 hours to lock up": put the porch lights back\. Called off what "turn off the porch light and remind me in 2 hours to lock up" set up: the reminder "lock up" \([^)]*\)\.\n/);
    expect(await a.finished(third.requestId)).toBe('done');
    expect(await a.engine.api.scheduled({ status: 'pending' })).toEqual([]);
    expect(await light('porch')).toMatchObject({ on: true });
  });

  it('"undo" after a change to a list takes off what it put on, and puts back what it took off; what was there already stays', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    const items = async () => ((await a.store.pluginState('documents').get<{ items: Array<{ text: string }> }>('list:shopping'))?.items ?? []).map((i) => i.text);
    await say('add milk to the shopping list', 'done');
    await say('add milk, eggs and bread to the shopping list', 'done');
    expect(await items()).toEqual(['milk', 'eggs', 'bread']);
    const undo = await a.type('undo');
    if (undo.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(undo)}`);
    await a.waitForOutput(/Undoing "add milk, eggs and bread to the shopping list": take eggs and bread off the shopping list\./);
    expect(await a.finished(undo.requestId)).toBe('done');
    expect(await items()).toEqual(['milk']);

    await say('take milk off the shopping list', 'done');
    expect(await items()).toEqual([]);
    const again = await a.type('undo that');
    if (again.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(again)}`);
    await a.waitForOutput(/Undoing "take milk off the shopping list": add milk to the shopping list\./);
    expect(await a.finished(again.requestId)).toBe('done');
    expect(await items()).toEqual(['milk']);

    // Nothing new went on: there is nothing to undo.
    await say('add milk to the shopping list', 'done');
    expect(await a.type('undo')).toMatchObject({ kind: 'replied', text: expect.stringContaining('Your last request, "add milk to the shopping list", is over (done)') });
    expect(await items()).toEqual(['milk']);
  });

  it('right after a request is over, calls off the reminders it set; not those of an older one', async () => {
    let now = Date.now();
    const a = await startTestAssistant({}, undefined, { clock: () => new Date(now) });
    cleanup(() => a.dispose());
    const say = sayer(a);
    await say('remind me in 2 hours to call mom', 'done');
    await say('remind me in 3 hours to water the plants', 'done');
    const told = await a.type('scratch that');
    expect(told).toMatchObject({ kind: 'replied', text: expect.stringMatching(/^Called off what "remind me in 3 hours to water the plants" set up: the reminder "water the plants" \((today|tomorrow) at \d\d:\d\d\)\.$/) });
    const pending = await a.engine.api.scheduled({ status: 'pending' });
    expect(pending.map((j) => j.text)).toEqual(['call mom']);
    // Said again, nothing is left to call off from that request.
    expect(await a.type('undo that')).toMatchObject({ kind: 'replied', text: expect.stringContaining('Your last request, "remind me in 3 hours to water the plants", is over (done)') });

    await say('remind me tomorrow at 9 to call the bank', 'done');
    now += 11 * 60_000;
    expect(await a.type('never mind')).toMatchObject({ kind: 'replied', text: expect.stringContaining('Nothing of yours is running') });
    expect((await a.engine.api.scheduled({ status: 'pending' })).map((j) => j.text).sort()).toEqual(['call mom', 'call the bank']);
  });

  it('"actually, make it 8pm": what the last request set up is called off, and it is made again at the new time', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    await say('remind me tomorrow at 7pm to call mom', 'done');
    await say('remind me tomorrow at 9 to call the bank', 'done');
    const id = await say('actually, make it 10', 'done');
    await a.waitForOutput(/Called off what "remind me tomorrow at 9 to call the bank" set up: the reminder "call the bank" \(tomorrow at 09:00\)\./);
    const pending = await a.engine.api.scheduled({ status: 'pending' });
    // The bank at 10 instead of 9, once; mom untouched, 9 hours later.
    expect(pending.map((j) => j.text).sort()).toEqual(['call mom', 'call the bank']);
    const bank = pending.find((j) => j.text === 'call the bank')!;
    const mom = pending.find((j) => j.text === 'call mom')!;
    expect(mom.at.getTime() - bank.at.getTime()).toBe(9 * 3_600_000);
    expect((await a.engine.api.request(id))!.request.text).toBe('actually, make it 10');
    // A correction that is no time of the request before: asked about, nothing called off.
    expect((await a.type('no, make it alice')).kind).toBe('request');
    expect((await a.engine.api.scheduled({ status: 'pending' })).length).toBe(2);
  });

  it('"no, I meant the garage": what the request before did is put back first, then it is done of the thing said instead', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    const light = async (area: string) => await a.store.pluginState('lights').get<{ on: boolean }>(`light:${area}`);
    // The kitchen and the garage lights start on.
    await say('switch off the kitchen light', 'done');
    expect(await light('kitchen')).toMatchObject({ on: false });
    const id = await say('no, I meant the garage', 'done');
    await a.waitForOutput(/Setting right "switch off the kitchen light": first put the kitchen lights back\./);
    expect(await light('garage')).toMatchObject({ on: false });
    expect(await light('kitchen')).toMatchObject({ on: true });
    // One group, in turn: the kitchen put back, then the garage.
    const plan = (await a.engine.api.request(id))!.request.plan;
    expect(plan.groups.map((g) => g.actions.map((x) => (x.decision.kind === 'call' ? [x.decision.target, x.decision.args['location']] : null)))).toEqual([
      [
        ['lights.restore_lights', 'kitchen'],
        ['lights.toggle_lights_in_location', 'garage'],
      ],
    ]);
    // A list: what was put on comes off, and what was meant goes on.
    await say('add milk to the shopping list', 'done');
    await say('actually, make it eggs', 'done');
    await say("what's on the shopping list", 'done');
    await a.waitForOutput(/Took milk off the shopping list/);
    await a.waitForOutput(/On the shopping list \(1 item\): eggs\./);
  });

  it('calls off nothing for a change the last request did not make: "make it 50%" after a light turned on for an hour keeps its turning off', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const say = sayer(a);
    await say('turn on the porch light for an hour', 'done');
    expect((await a.engine.api.scheduled({ status: 'pending' })).map((j) => j.text)).toEqual(['turn off the porch light']);
    await say('actually, make it 50%', 'done');
    expect((await a.engine.api.scheduled({ status: 'pending' })).map((j) => j.text)).toEqual(['turn off the porch light']);
  });

  it('is the answer to a question waiting in the conversation', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const asked = await a.type('turn on the attic light');
    if (asked.kind !== 'request') throw new Error('not a request');
    await a.waitForOutput(/\? I don't know how to "turn on the attic light"/);
    expect((await a.type('cancel that')).kind).toBe('answer');
    expect(await a.finished(asked.requestId)).toBe('cancelled');
  });
});
