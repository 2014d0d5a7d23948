import { describe, expect, it } from 'vitest';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import { context, plan } from './support.js';

/** London; "now" is Saturday 21 November 2026, 10:00 UTC: the sun sets at 16:04 and rises on Sunday at 07:30. */
const london = createRuleBrain({ place: { latitude: 51.5074, longitude: -0.1278 } });

async function only(text: string, brain = london, channel = 'console') {
  const p = await plan(text, context({ channel, timeZone: 'Europe/London' }), brain);
  expect(p.groups).toHaveLength(1);
  expect(p.groups[0]!.actions).toHaveLength(1);
  return p.groups[0]!.actions[0]!;
}

const minute = (iso: unknown) => String(iso).slice(0, 16);

describe('a while from what the sun does to a clock time ("from sunset to 11")', () => {
  it('starts then, and ends at the clock time in the half of the day after it (it was a level of 11%, at once)', async () => {
    const evening = await only('turn on the porch light from sunset to 11');
    expect(evening).toMatchObject({ target: 'calendar.schedule_request', args: { text: 'turn on the porch light until 11pm' } });
    expect(minute(evening.args['at'])).toBe('2026-11-21T16:04');
    expect(await only('turn on the kitchen light from dawn to 8')).toMatchObject({ args: { text: 'turn on the kitchen light until 8am' } });
    expect(await only('turn on the porch light every night from sunset to 11')).toMatchObject({ target: 'calendar.schedule_request', args: { text: 'turn on the porch light until 11pm', sun: 'sunset' } });
    // Where the home is not known: asked for a clock time, not done at once.
    const nowhere = (await plan('turn on the porch light from sunset to 11')).groups[0]!.actions[0]!;
    expect(nowhere).toMatchObject({ target: null, reason: expect.stringMatching(/^I cannot tell when sunset is here/) });
  });

  it('reads "dark" as dusk, said after a word of when: "from dark to 11", "after dark" (it was a level of 11%, or at once)', async () => {
    const fromDark = await only('turn on the porch light from dark to 11');
    expect(fromDark).toMatchObject({ target: 'calendar.schedule_request', args: { text: 'turn on the porch light until 11pm' } });
    expect(minute(fromDark.args['at'])).toBe('2026-11-21T16:42');
    expect(minute((await only('turn on the porch light after dark')).args['at'])).toBe('2026-11-21T16:42');
    const cat = await only('remind me to bring the cat in by dark');
    expect(cat).toMatchObject({ target: 'calendar.create_reminder', args: { text: 'bring the cat in' } });
    expect(minute(cat.args['at'])).toBe('2026-11-21T16:42');
    // Where the home is not known: asked for a clock time, in words that say what is not known.
    const nowhere = (await plan('turn on the porch light from dark to 11')).groups[0]!.actions[0]!;
    expect(nowhere).toMatchObject({ target: null, reason: expect.stringMatching(/^I cannot tell when it gets dark here: say a clock time instead \(e\.g\. "turn on the porch light at 5pm until 11pm"\)/) });
    expect((await plan('turn on the porch light after dark')).groups[0]!.actions[0]).toMatchObject({ target: null, reason: expect.stringMatching(/^I cannot tell when it gets dark here/) });
    // "It's dark" says how it is, not when: done now, in the words said after it.
    expect(await only("it's dark, turn on the porch light")).toMatchObject({ target: 'lights.toggle_lights_in_location', text: 'turn on the porch light' });
  });
});

describe('times said by the sun, where the home is known', () => {
  it('are the times the sun keeps there: done then, not now', async () => {
    const sunset = await only('turn on the porch light at sunset');
    expect(sunset).toMatchObject({ target: 'calendar.schedule_request', args: { text: 'turn on the porch light' } });
    expect(minute(sunset.args['at'])).toBe('2026-11-21T16:04');
    // Dark is civil dusk, some forty minutes later; the next sunrise is tomorrow's.
    expect(minute((await only('turn on the porch light when it gets dark')).args['at'])).toBe('2026-11-21T16:42');
    expect(minute((await only('turn off the porch light at sunrise')).args['at'])).toBe('2026-11-22T07:29');
    expect(minute((await only('turn off the garden lights an hour after sunset')).args['at'])).toBe('2026-11-21T17:04');
    const laundry = await only('remind me 30 minutes before sunset to bring the laundry in');
    expect(laundry).toMatchObject({ target: 'calendar.create_reminder', args: { text: 'bring the laundry in' } });
    expect(minute(laundry.args['at'])).toBe('2026-11-21T15:34');
  });

  it('are followed every day they come round, each at that day\'s time: a routine that follows the sun', async () => {
    expect(await only('turn on the porch light every day at sunset')).toMatchObject({ target: 'calendar.schedule_request', args: { text: 'turn on the porch light', every: '0 0 * * *', sun: 'sunset' } });
    expect(await only('turn on the lights every evening when it gets dark')).toMatchObject({ target: 'calendar.schedule_request', args: { text: 'turn on the lights', every: '0 0 * * *', sun: 'dusk' } });
    // A reminder was set for 03:57 every day (today's sunset, read as a clock time the wrong side of noon).
    expect(await only('remind me every day at sunset to close the chickens')).toMatchObject({ target: 'calendar.create_reminder', args: { text: 'close the chickens', every: '0 0 * * *', sun: 'sunset' } });
    expect(await only('remind me every weekday 30 minutes before sunrise to feed the chickens')).toMatchObject({ target: 'calendar.create_reminder', args: { every: '0 0 * * 1-5', sun: 'sunrise', sunOffset: -1800 } });
    // The while said before the sun is no clause of its own ("an hour" was split off, as was "15 minutes after sunset").
    expect(await only('every weekday an hour before sunrise turn on the kitchen lights')).toMatchObject({ target: 'calendar.schedule_request', args: { text: 'turn on the kitchen lights', every: '0 0 * * 1-5', sun: 'sunrise', sunOffset: -3600 } });
    expect(await only('every day 15 minutes after sunset, turn off the garden lights')).toMatchObject({ target: 'calendar.schedule_request', args: { every: '0 0 * * *', sun: 'sunset', sunOffset: 900 } });
    expect(minute((await only('an hour before sunrise turn on the kitchen lights')).args['at'])).toBe('2026-11-22T06:29');
    expect(minute((await only('15 minutes after sunset, turn off the garden lights')).args['at'])).toBe('2026-11-21T16:19');
    // Where the home is not known, a clock time is asked for.
    expect(await only('turn on the porch light every day at sunset', createRuleBrain())).toMatchObject({ target: null, reason: expect.stringContaining('set MAJORDOMO_LATITUDE and MAJORDOMO_LONGITUDE') });
  });

  it('are asked about when they are no one time, come at another time each day, or are a game\'s', async () => {
    expect(await only('turn on the lights before sunset')).toMatchObject({ target: null, reason: expect.stringMatching(/^"before sunset" is no one time/) });
    // An event that repeats keeps to one clock time (it was set daily at 03:57).
    expect(await only('add yoga every day at sunset to my calendar')).toMatchObject({ target: null, reason: expect.stringMatching(/comes at another time each day, and this repeats at one clock time only/) });
    expect(await only('get me 64 torches once the sun goes down', london, 'minecraft')).toMatchObject({ target: null, reason: expect.stringMatching(/it keeps a day of its own/) });
    // A message keeps its words.
    expect(await only('email bob that we will meet at sunset')).toMatchObject({ target: 'email.send_message', args: { text: 'we will meet at sunset' } });
  });

  it('are asked for as a clock time where the home is not known, saying how to make it known', async () => {
    expect(await only('turn on the porch light at sunset', createRuleBrain())).toMatchObject({ target: null, reason: expect.stringContaining('set MAJORDOMO_LATITUDE and MAJORDOMO_LONGITUDE') });
    // Said apart from what a reminder says, they are its time (it was set for half an hour ago).
    expect(await only('remind me 30 minutes before sunset to bring the laundry in', createRuleBrain())).toMatchObject({ target: null, reason: expect.stringMatching(/^I cannot tell when sunset is here/) });
    expect(await only('remind me to watch the sunset', createRuleBrain())).toMatchObject({ target: 'calendar.create_reminder', args: { text: 'watch the sunset' } });
  });

  it('are told together when both are asked ("what time is sunrise and sunset tomorrow"): the day\'s times, not the last said alone', async () => {
    expect(await only('what time is sunrise and sunset tomorrow')).toMatchObject({ target: 'calendar.sun', args: { date: '2026-11-22' } });
    expect((await only('what time is sunrise and sunset tomorrow')).args['which']).toBeUndefined();
    expect(await only('when are sunrise and sunset today')).toMatchObject({ target: 'calendar.sun', args: { date: '2026-11-21' } });
    expect(await only('when is sunrise and sunset on friday')).toMatchObject({ target: 'calendar.sun', args: { date: '2026-11-27' } });
    expect(await only('when is sunset')).toMatchObject({ target: 'calendar.sun', args: { which: 'sunset' } });
    // A lone word before "and" that does nothing alone is no request of its own (it was "sunrise", asked about).
    expect(await only('sunrise and sunset times for friday')).toMatchObject({ target: 'calendar.sun', args: { date: '2026-11-27' } });
  });

  it('say when a reminder comes, and ask what a message sent then says', async () => {
    expect(minute((await only('remind me at sunset to close the curtains')).args['at'])).toBe('2026-11-21T16:04');
    expect(await only('text me when it gets dark')).toMatchObject({ target: null, reason: expect.stringMatching(/^I can send it when it gets dark, but not without its words/) });
    // Said after the words, it is what they say, sent now, as "... at 6pm" is (it asked for words).
    expect(await only('tell alice to come home when it gets dark')).toMatchObject({ target: 'email.send_message', args: { to: 'alice', text: 'come home when it gets dark' } });
  });
});
