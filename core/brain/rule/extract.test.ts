import { describe, expect, it } from 'vitest';
import { conformanceCatalog } from '../conformance.js';
import { indexCatalog } from './catalog-index.js';
import { extractActions } from './extract.js';

const env = { index: indexCatalog(conformanceCatalog()), time: { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' }, maxActions: 50 };
const extract = (text: string) =>
  extractActions(text, env).map((a) => ({
    id: a.id,
    text: a.text,
    after: a.dependsOn.join(','),
    optional: a.optional,
    call: a.decision?.kind === 'call' ? `${a.decision.target} ${JSON.stringify(a.decision.args)}` : `none: ${a.decision?.reason}`,
  }));

describe('extractActions', () => {
  it('says so when nothing can undo what is to last a while, and does it once', () => {
    // This catalog has no way to ask for something later.
    const actions = extractActions('turn on the kitchen light for an hour', env);
    expect(actions).toHaveLength(1);
    expect(actions[0]!.decision).toMatchObject({ kind: 'call', args: { desired_state: true }, reason: expect.stringMatching(/"for an hour": I know no way to undo .* then/) });
  });

  it('splits at "and" only where a new action is named', () => {
    expect(extract('turn on the kitchen light and remind me to stretch at 6pm').map((a) => a.text)).toEqual(['turn on the kitchen light', 'remind me to stretch at 6pm']);
    expect(extract('remind me to buy bread and eggs at 6pm')).toHaveLength(1);
  });

  it('gives a listed value one action each, with its own words', () => {
    expect(extract('turn on the lights in the garage, the kitchen and the porch').map((a) => a.text)).toEqual([
      'turn on the lights in the garage',
      'turn on the lights in the kitchen',
      'turn on the lights in the porch',
    ]);
  });

  it('reads dependencies in both directions', () => {
    expect(extract('turn off the garage light, then email me').map((a) => a.after)).toEqual(['', 'a1']);
    expect(extract('after the hallway light is off, email me').map((a) => [a.text, a.after])).toEqual([
      ['the hallway light is off', ''],
      ['email me', 'a1'],
    ]);
    expect(extract('email me once you have turned off the porch light').map((a) => [a.text, a.after])).toEqual([
      ['email me', 'a2'],
      ['turned off the porch light', ''],
    ]);
    expect(extract('turn off the porch light before you email me').map((a) => [a.text, a.after])).toEqual([
      ['turn off the porch light', ''],
      ['email me', 'a1'],
    ]);
  });

  it('resolves "it" to the action it refers to, which it then waits for', () => {
    const [light, dim] = extract('turn on the porch light, and later turn it off');
    expect(light!.call).toContain('"location":"porch"');
    expect(dim!.call).toBe('lights.toggle_lights_in_location {"desired_state":false,"location":"porch"}');
    expect(dim!.after).toBe('a1');
  });

  it('keeps independent sentences independent unless a cue links them', () => {
    expect(extract('Turn on the porch light. Remind me to stretch at 6pm.').map((a) => a.after)).toEqual(['', '']);
    expect(extract("Turn on the porch light. Email me when that's done.").map((a) => a.after)).toEqual(['', 'a1']);
  });

  it('marks optional actions and keeps the cue out of the arguments', () => {
    const [a] = extract('if possible, remind me to stretch at 6pm');
    expect(a).toMatchObject({ optional: true, call: 'calendar.create_reminder {"at":"2026-11-21T18:00:00Z","text":"stretch"}' });
  });

  it('cuts a request to the most actions allowed, and says so', () => {
    const actions = extractActions('Turn on the porch light. '.repeat(5), { ...env, maxActions: 3 });
    expect(actions).toHaveLength(3);
    expect(actions[0]!.decision).toMatchObject({ reason: expect.stringMatching(/cut to its first 3 actions/) });
  });

  it('reads an "it" nothing in the request explains as what the request just before acted on', () => {
    const earlier = { text: 'turn off the kitchen light', actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: false } }] };
    const withEarlier = (text: string) => extractActions(text, { ...env, earlier }).map((a) => a.decision);
    expect(withEarlier('turn it back on')).toEqual([expect.objectContaining({ kind: 'call', args: { location: 'kitchen', desired_state: true } })]);
    expect(withEarlier('turn it off')).toEqual([expect.objectContaining({ kind: 'call', args: { location: 'kitchen', desired_state: false } })]);
    // Without one, the place is still to be asked for; what the request names itself wins; "it" of its own request first.
    expect(extractActions('turn it back on', env)[0]!.decision).toMatchObject({ kind: 'call', args: { desired_state: true } });
    expect(extractActions('turn it back on', env)[0]!.decision).not.toMatchObject({ args: { location: expect.anything() } });
    expect(withEarlier('turn on the garage light')).toEqual([expect.objectContaining({ args: { location: 'garage', desired_state: true } })]);
    expect(withEarlier('turn on the porch light, wait a minute and turn it off')[1]).toMatchObject({ args: { location: 'porch', desired_state: false } });
    // Nothing of the kind it needs in the request before: nothing taken from it.
    const mail = { text: 'email bob saying hi', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'hi' } }] };
    expect(extractActions('turn it off', { ...env, earlier: mail })[0]!.decision).not.toMatchObject({ args: { location: expect.anything() } });
  });

  it('returns nothing for text that asks for nothing', () => {
    expect(extract('thanks!')).toEqual([]);
    expect(extract('...')).toEqual([]);
  });
});
