import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { startTestAssistant } from '../support/assistant.js';
import { cleanupAfterEach } from '../support/cleanup.js';
import { eventually } from '../support/eventually.js';

describe('requests for later', () => {
  const cleanup = cleanupAfterEach();

  it('"turn off the garage light in 2 seconds" is done then, as a request of the requester\'s own, and not before', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const garage = () => a.store.pluginState('lights').get<{ on: boolean; changes: number }>('light:garage');
    expect((await garage())?.on ?? true).toBe(true);

    const outcome = await a.type('turn off the garage light in 2 seconds');
    expect(outcome.kind).toBe('request');
    await a.waitForOutput(/✓ I'll turn off the garage light today at \d\d:\d\d/);
    // Asked for, not done: the light is as it was.
    expect((await garage())?.on ?? true).toBe(true);
    const [job] = await a.store.scheduled.list({ status: 'pending' });
    expect(job).toMatchObject({ kind: 'reminder', run: true, text: 'turn off the garage light', deliverTo: { channel: 'console', userId: 'local' } });

    await a.waitForOutput(/As you asked: turn off the garage light/, 30_000);
    await eventually(async () => (await garage())?.on === false, 'the garage light to be off');
    // A request of its own, planned when it ran, with its own report.
    const requests = await a.store.listRequests({});
    const ran = requests.find((r) => r.text === 'turn off the garage light');
    expect(ran).toBeDefined();
    await eventually(async () => (await a.store.getRequest(ran!.id))?.status === 'done', 'the request run later to be done');
    // Marked once its handler has returned, which may be after the request it made is done.
    await eventually(async () => (await a.store.scheduled.list()).find((j) => j.id === job!.id)!.status === 'fired', 'the job to be marked fired');

    // Fired again (as after a handler that failed once it had made the request): nothing is made or done twice.
    const changes = (await garage())!.changes;
    const again = await a.engine.gateway.runScheduled(job!, false);
    expect(again).toEqual({ kind: 'request', requestId: ran!.id });
    expect((await a.store.listRequests({})).filter((r) => r.text === 'turn off the garage light')).toHaveLength(1);
    expect((await garage())!.changes).toBe(changes);
  });

  it('"turn off the kitchen light and turn it back on in 2 seconds": "it" is still the kitchen light when the request runs', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const kitchen = () => a.store.pluginState('lights').get<{ on: boolean }>('light:kitchen');
    const outcome = await a.type('turn off the kitchen light and turn it back on in 2 seconds');
    if (outcome.kind !== 'request') throw new Error('not a request');
    expect(await a.finished(outcome.requestId)).toBe('done');
    expect((await kitchen())?.on).toBe(false);
    await a.waitForOutput(/As you asked: turn the kitchen light back on/, 30_000);
    // Planned on its own then, without asking which light "it" was.
    await eventually(async () => (await kitchen())?.on === true, 'the kitchen light to be on again');
    expect(a.terminal()).not.toMatch(/I need the location/);
  });

  it('"turn off the garage light for 2 seconds" turns it off now and on again then', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const garage = () => a.store.pluginState('lights').get<{ on: boolean; changes: number }>('light:garage');

    const outcome = await a.type('turn off the garage light for 2 seconds');
    expect(outcome.kind).toBe('request');
    await a.waitForOutput(/✓ I'll turn on the garage light today at \d\d:\d\d/);
    // Done now, and the other way round asked for when the two seconds are over.
    expect((await garage())?.on).toBe(false);
    const [job] = await a.store.scheduled.list({ status: 'pending' });
    expect(job).toMatchObject({ kind: 'reminder', run: true, text: 'turn on the garage light' });
    expect(job!.at.getTime() - Date.now()).toBeLessThanOrEqual(2_000);

    await a.waitForOutput(/As you asked: turn on the garage light/, 30_000);
    await eventually(async () => (await garage())?.on === true, 'the garage light to be on again');
    const ran = (await a.store.listRequests({})).find((r) => r.text === 'turn on the garage light');
    expect(ran).toBeDefined();
    await eventually(async () => (await a.store.getRequest(ran!.id))?.status === 'done', 'the request run later to be done');
    expect((await garage())!.changes).toBe(2);
  });

  it('"turn on the garage light now and off in 2 seconds": "off" said alone is the same light the other way, then', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const garage = () => a.store.pluginState('lights').get<{ on: boolean; changes: number }>('light:garage');
    await a.type('turn on the garage light now and off in 2 seconds');
    await a.waitForOutput(/✓ I'll turn off the garage light today at \d\d:\d\d/);
    expect((await garage())?.on).toBe(true);
    await a.waitForOutput(/As you asked: turn off the garage light/, 30_000);
    await eventually(async () => (await garage())?.on === false, 'the garage light to be off again');
    expect((await garage())!.changes).toBe(2);
  });

  it('one that repeats is listed and cancelled like a reminder', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    await a.type('every morning at 7 turn on the kitchen lights');
    await a.waitForOutput(/✓ I'll turn on the kitchen lights every day at 07:00, first /);
    const [job] = await a.store.scheduled.list({ status: 'pending' });
    expect(job).toMatchObject({ kind: 'routine', run: true, text: 'turn on the kitchen lights', repeat: { cron: '0 7 * * *', timeZone: 'UTC' } });
    await a.type('what routines do I have');
    await a.waitForOutput(/to do: turn on the kitchen lights: every day at 07:00, next /);
    await a.type('cancel the routine to turn on the kitchen lights');
    await a.waitForOutput(/✓ Stopped: I will no longer turn on the kitchen lights on schedule\./);
    expect((await a.store.scheduled.list())[0]!.status).toBe('cancelled');
  });

  it('"email me the to-do list every morning at 8" is a routine of the whole request, said back to the requester', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    await a.type('email me the to-do list every morning at 8');
    await a.waitForOutput(/✓ I'll email you the to-do list every day at 08:00, first /);
    const jobs = await a.store.scheduled.list({ status: 'pending' });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'routine', run: true, text: 'email me the to-do list', repeat: { cron: '0 8 * * *', timeZone: 'UTC' } });
  });

  it('a routine of a sender the channel no longer allows is refused and ends', async () => {
    const dir = await tempDir();
    cleanup(dir.cleanup);
    const first = await startTestAssistant({}, dir.path);
    // Set while someone else could command the assistant on the console; due while it was down.
    await first.store.scheduled.upsert({
      id: 'theirs',
      kind: 'routine',
      at: new Date(Date.now() - 60_000),
      text: 'turn off the kitchen lights',
      deliverTo: { channel: 'console', conversationId: 'console', userId: 'someone-else' },
      repeat: { cron: '0 7 * * *', timeZone: 'UTC' },
      run: true,
    });
    const before = await first.store.pluginState('lights').get('light:kitchen');
    await first.close();
    const second = await startTestAssistant({}, dir.path);
    cleanup(() => second.close());
    await eventually(async () => (await second.store.scheduled.get('theirs'))?.status === 'cancelled', 'the routine to be cancelled');
    expect(second.terminal()).not.toMatch(/As you asked/);
    expect(await second.store.pluginState('lights').get('light:kitchen')).toEqual(before);
    expect(await second.store.listRequests({})).toEqual([]);
  });

  it('saying not to does nothing, and calls off what was asked for later', async () => {
    const a = await startTestAssistant();
    cleanup(() => a.dispose());
    const kitchen = () => a.store.pluginState('lights').get<{ on: boolean; changes: number }>('light:kitchen');
    const before = await kitchen();
    await a.type('every evening at 6 turn off the kitchen lights');
    await a.waitForOutput(/✓ I'll turn off the kitchen lights every day at 18:00, first /);

    expect((await a.type("don't turn off the kitchen lights")).kind).toBe('rejected');
    await a.waitForOutput(/I found nothing to do in that message\./);
    expect(await kitchen()).toEqual(before);

    await a.type("don't turn off the kitchen lights every evening anymore");
    await a.waitForOutput(/✓ Stopped: I will no longer turn off the kitchen lights on schedule\./);
    expect((await a.store.scheduled.list())[0]!.status).toBe('cancelled');
    expect(await kitchen()).toEqual(before);
  });
});
