import { describe, expect, it } from 'vitest';
import { indexCatalog } from '../../core/brain/rule/catalog-index.js';
import type { EarlierRequest } from '../../core/brain/brain.js';
import { extractActions } from '../../core/brain/rule/extract.js';
import { correctionOf, followUpText } from '../../core/brain/rule/follow-up.js';
import { builtinCatalog } from './support.js';

const index = indexCatalog(builtinCatalog());
const env = { index, time: { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' }, maxActions: 50 };
const added = { text: 'add milk to the shopping list', actions: [{ target: 'documents.add_to_list', args: { items: 'milk', list: 'shopping' } }] };

describe('a follow-up of a request whose words name the things it acted on', () => {
  it('is that request of the things said anew: "and eggs too", "same for bread"', () => {
    expect(followUpText('and eggs too', added, index, env.time)).toBe('add eggs to the shopping list');
    expect(followUpText('same for bread and butter', added, index, env.time)).toBe('add bread and butter to the shopping list');
    // The thing as stored ("milk") found in the words as said ("Milk").
    expect(followUpText('Eggs as well.', { ...added, text: 'Add Milk to the shopping list' }, index, env.time)).toBe('Add Eggs to the shopping list');
    const taken = { text: 'take milk off the shopping list', actions: [{ target: 'documents.remove_from_list', args: { items: 'milk', list: 'shopping' } }] };
    expect(followUpText('and the eggs too', taken, index, env.time)).toBe('take eggs off the shopping list');
  });

  it('is no thing when it says a word of the method: "same for the to-do list" puts no "to-do list" on the list', () => {
    expect(followUpText('same for the to-do list', added, index, env.time)).toBeUndefined();
  });

  it('leaves words to say alone: a message\'s text names no things', () => {
    const told = { text: 'tell bob dinner is ready', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'dinner is ready' } }] };
    expect(followUpText('and lunch too', told, index, env.time)).toBeUndefined();
  });
});

describe('a bare verb that names a method of another plugin than the one just before', () => {
  it('is one of the plugin the request just before, or the action before, acted with, when that makes it a call', () => {
    const listed = { text: "what's on the shopping list", actions: [{ target: 'documents.read_list', args: { list: 'shopping' } }] };
    const after = (text: string, earlier: EarlierRequest = listed) => extractActions(text, { ...env, earlier }).map((a) => a.decision);
    // "Remove the eggs" cancelled an event called "eggs".
    expect(after('remove the eggs')).toEqual([expect.objectContaining({ kind: 'call', target: 'documents.remove_from_list', args: { items: 'eggs', list: 'shopping' } })]);
    expect(after('turn on the kitchen light and remove the eggs')[1]).toMatchObject({ target: 'documents.remove_from_list', args: { items: 'eggs', list: 'shopping' } });
    // A word of the other plugin's says it is that one's; with nothing before, the verb's own reading stays.
    expect(after('remove the dentist appointment')).toEqual([expect.objectContaining({ target: 'calendar.cancel_event' })]);
    expect(extractActions('remove the eggs', env)[0]!.decision).toMatchObject({ target: 'calendar.cancel_event' });
    // Nor does a request before with nothing such a verb could act on change it.
    const lit = { text: 'turn off the kitchen light', actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: false } }] };
    expect(after('remove the team lunch', lit)).toEqual([expect.objectContaining({ target: 'calendar.cancel_event' })]);
    // A call whole without "it", of the plugin before, names what "it" stood for: the list read is the one added to, not "the only list there is".
    const added: EarlierRequest = { text: 'add milk and eggs to the shopping list', actions: [{ target: 'documents.add_to_list', args: { items: 'milk and eggs', list: 'shopping' } }] };
    expect(after("what's on it?", added)).toEqual([expect.objectContaining({ target: 'documents.read_list', args: { list: 'shopping' } })]);
    expect(after('clear it', added)).toEqual([expect.objectContaining({ target: 'documents.clear_list', args: { list: 'shopping' } })]);
    expect(after('remove the eggs', added)).toEqual([expect.objectContaining({ target: 'documents.remove_from_list', args: { items: 'eggs', list: 'shopping' } })]);
    // In one request: the list the action before acted on ("... and remove the milk" cancelled an event called "milk").
    expect(extractActions('add eggs to the shopping list and remove the milk', env).map((a) => a.decision)[1]).toMatchObject({ target: 'documents.remove_from_list', args: { items: 'milk', list: 'shopping' } });
  });

});

describe('"email it to me" after a request, whose result is not at hand', () => {
  it('looks up again what the request looked up, or what it acted on as its plugin says, then sends it', () => {
    const added: EarlierRequest = { text: 'add milk to the shopping list', actions: [{ target: 'documents.add_to_list', args: { items: 'milk', list: 'shopping' } }] };
    const calendar: EarlierRequest = { text: "what's on my calendar tomorrow", actions: [{ target: 'calendar.list_events', args: { from: '2026-11-22T00:00:00Z', to: '2026-11-23T00:00:00Z' } }] };
    expect(followUpText('email it to me', added, index, env.time)).toBe("what's on the shopping list, and email it to me");
    expect(followUpText('OK, send that to bob', added, index, env.time)).toBe("what's on the shopping list, and send that to bob");
    expect(followUpText('forward it to alice', calendar, index, env.time)).toBe("what's on my calendar tomorrow, and forward it to alice");
    const plan = (text: string, earlier: EarlierRequest) => extractActions(followUpText(text, earlier, index, env.time) ?? text, { ...env, earlier }).map((a) => a.decision);
    expect(plan('send that to bob', added)).toEqual([
      expect.objectContaining({ target: 'documents.read_list', args: { list: 'shopping' } }),
      expect.objectContaining({ target: 'email.send_message', args: { to: 'bob' } }),
    ]);
    // "That" opening what a message says is no "it".
    expect(followUpText('email me that dinner is at 7pm', added, index, env.time)).toBeUndefined();
    // A light switched: how the lights it switched are now (it mailed "As you asked" and nothing more).
    const lit: EarlierRequest = { text: 'turn off the kitchen light', actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: false } }] };
    expect(plan('email it to me', lit)).toEqual([
      expect.objectContaining({ target: 'lights.list_lights', args: { location: 'kitchen' } }),
      expect.objectContaining({ target: 'email.send_message' }),
    ]);
    const dimmed: EarlierRequest = { text: 'dim the lights', actions: [{ target: 'lights.adjust_brightness', args: { direction: 'down' } }] };
    expect(followUpText('email it to me', dimmed, index, env.time)).toBe('show me the lights, and email it to me');
    // Nothing to look up by: as it was (a reminder set is no thing to send).
    const reminded: EarlierRequest = { text: 'remind me to stretch at noon', actions: [{ target: 'calendar.create_reminder', args: { text: 'stretch', at: '2026-11-21T12:00:00Z' } }] };
    expect(followUpText('email it to me', reminded, index, env.time)).toBeUndefined();
  });
});

describe('a follow-up that says another time or another person', () => {
  const plan = (text: string, earlier: EarlierRequest) => extractActions(followUpText(text, earlier, index, env.time) ?? text, { ...env, earlier }).map((a) => a.decision);
  const reminded: EarlierRequest = { text: 'remind me to call mom at 6pm', actions: [{ target: 'calendar.create_reminder', args: { text: 'call mom', at: '2026-11-21T18:00:00Z' } }] };

  it('is the request before at that time, keeping what the new time leaves unsaid', () => {
    // "Same for tomorrow" was read as an area called "tomorrow", or as nothing at all.
    expect(followUpText('same for tomorrow', reminded, index, env.time)).toBe('remind me to call mom tomorrow at 18:00');
    expect(plan('same time tomorrow', reminded)).toEqual([expect.objectContaining({ target: 'calendar.create_reminder', args: { text: 'call mom', at: '2026-11-22T18:00:00Z' } })]);
    expect(plan('and at 8pm too', reminded)).toEqual([expect.objectContaining({ args: { text: 'call mom', at: '2026-11-21T20:00:00Z' } })]);
    // "Again at 9pm" was "... at 6pm at 9pm".
    expect(plan('do it again at 9pm', reminded)).toEqual([expect.objectContaining({ args: { text: 'call mom', at: '2026-11-21T21:00:00Z' } })]);
    const tomorrow: EarlierRequest = { text: 'remind me tomorrow at 6pm to call mom', actions: [{ target: 'calendar.create_reminder', args: { text: 'call mom', at: '2026-11-22T18:00:00Z' } }] };
    expect(plan('and at 8pm too', tomorrow)).toEqual([expect.objectContaining({ args: { text: 'call mom', at: '2026-11-22T20:00:00Z' } })]);
    expect(plan('same for friday', tomorrow)).toEqual([expect.objectContaining({ args: { text: 'call mom', at: '2026-11-27T18:00:00Z' } })]);
    const friday: EarlierRequest = { text: 'remind me on friday at 6pm to call mom', actions: [{ target: 'calendar.create_reminder', args: { text: 'call mom', at: '2026-11-27T18:00:00Z' } }] };
    expect(followUpText('and at 8pm too', friday, index, env.time)).toBe('remind me on Fri 27 Nov at 8pm to call mom');
    expect(plan('and at 8pm too', friday)).toEqual([expect.objectContaining({ args: { text: 'call mom', at: '2026-11-27T20:00:00Z' } })]);
    const daily: EarlierRequest = { text: 'remind me every day at 7 to stretch', actions: [{ target: 'calendar.create_reminder', args: { text: 'stretch', every: '0 7 * * *' } }] };
    expect(plan('same for 8pm', daily)).toEqual([expect.objectContaining({ args: { text: 'stretch', every: '0 20 * * *' } })]);
    const looked: EarlierRequest = { text: "what's on my calendar tomorrow", actions: [{ target: 'calendar.list_events', args: { from: '2026-11-22T00:00:00Z', to: '2026-11-23T00:00:00Z' } }] };
    expect(plan('same for friday', looked)).toEqual([expect.objectContaining({ target: 'calendar.list_events', args: { from: '2026-11-27T00:00:00Z', to: '2026-11-28T00:00:00Z' } })]);
    // Done at once before: now at that time. "Same for tomorrow" turned off a light called "tomorrow".
    const lit: EarlierRequest = { text: 'turn off the garage light', actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'garage', desired_state: false } }] };
    expect(plan('same for tomorrow', lit)).toEqual([expect.objectContaining({ target: 'calendar.schedule_request', args: { text: 'turn off the garage light', at: '2026-11-22T09:00:00Z' } })]);
  });

  it('is the request before at the time a correction says: "actually, make it 8pm", "no, make it 15 minutes"', () => {
    expect(followUpText('actually, make it 8pm', reminded, index, env.time)).toBe('remind me to call mom at 8pm');
    expect(plan('sorry, I meant 10', reminded)).toEqual([expect.objectContaining({ args: { text: 'call mom', at: '2026-11-21T22:00:00Z' } })]);
    expect(plan('no, change it to tomorrow', reminded)).toEqual([expect.objectContaining({ args: { text: 'call mom', at: '2026-11-22T18:00:00Z' } })]);
    const timer: EarlierRequest = { text: 'set a timer for 10 minutes', actions: [{ target: 'calendar.set_timer', args: { seconds: 600 } }] };
    expect(plan('no, make it 15 minutes', timer)).toEqual([expect.objectContaining({ target: 'calendar.set_timer', args: { seconds: 900 } })]);
    // Set right with no time: nothing it can be made of.
    expect(followUpText('actually make it alice', reminded, index, env.time)).toBeUndefined();
    expect(correctionOf('actually, make it 8pm please')).toBe('8pm');
    expect(correctionOf('make it brighter')).toBe('brighter');
    expect(correctionOf('turn it off')).toBeUndefined();
  });

  it('is the request before for the one person, thing or count a correction says instead (it was asked about)', () => {
    const told: EarlierRequest = { text: 'email bob that dinner is ready', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'dinner is ready' } }] };
    expect(followUpText('actually, make it alice', told, index, env.time)).toBe('email alice that dinner is ready');
    expect(plan('no, I meant alice', told)).toEqual([expect.objectContaining({ target: 'email.send_message', args: { to: 'alice', text: 'dinner is ready' } })]);
    const off: EarlierRequest = { text: 'turn off the kitchen light', actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: false } }] };
    expect(plan('sorry, I meant the garage', off)).toEqual([expect.objectContaining({ target: 'lights.toggle_lights_in_location', args: { location: 'garage', desired_state: false } })]);
    expect(plan('actually make it eggs', added)).toEqual([expect.objectContaining({ target: 'documents.add_to_list', args: { items: 'eggs', list: 'shopping' } })]);
    // A bare number of a request that counted and said no time is how many (it was "at 5" o'clock).
    const given: EarlierRequest = { text: 'give bob 3 apples', actions: [{ target: 'minecraft.give_item', args: { player: 'bob', item: 'apple', count: 3 } }] };
    expect(followUpText('make it 5', given, index, env.time)).toBe('give bob 5 apples');
    expect(followUpText('make it alice', given, index, env.time)).toBe('give alice 3 apples');
    // Of a light, a thing of another kind is none of it: asked about.
    expect(followUpText('actually make it the radio', off, index, env.time)).toBeUndefined();
  });

  it('leaves the words of a message as they were: a time in them is not when it was sent', () => {
    const told: EarlierRequest = { text: 'email bob saying dinner is at 8', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'dinner is at 8' } }] };
    expect(followUpText('same for tomorrow', told, index, env.time)).toBeUndefined();
    const hi: EarlierRequest = { text: 'email bob saying hi', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'hi' } }] };
    expect(followUpText('and tomorrow too', hi, index, env.time)).toBeUndefined();
  });

  it('is the request before for someone else, in place of the one person it was for', () => {
    const mailed: EarlierRequest = { text: 'email me saying buy milk', actions: [{ target: 'email.send_message', args: { text: 'buy milk' } }] };
    // "Same for alice" was nothing the assistant could do.
    expect(plan('same for alice', mailed)).toEqual([expect.objectContaining({ target: 'email.send_message', args: { to: 'alice', text: 'buy milk' } })]);
    expect(plan('send the same to bob', mailed)).toEqual([expect.objectContaining({ target: 'email.send_message', args: { to: 'bob', text: 'buy milk' } })]);
    expect(plan('forward it to alice', mailed)).toEqual([expect.objectContaining({ target: 'email.send_message', args: { to: 'alice', text: 'buy milk' } })]);
    expect(plan('same for my sister', mailed)).toEqual([expect.objectContaining({ args: { to: 'my sister', text: 'buy milk' } })]);
    expect(plan('same for bob@example.com', mailed)).toEqual([expect.objectContaining({ args: { to: 'bob@example.com', text: 'buy milk' } })]);
    const toBob: EarlierRequest = { text: 'email bob saying dinner is at 8', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'dinner is at 8' } }] };
    expect(plan('and me too', toBob)).toEqual([expect.objectContaining({ target: 'email.send_message', args: { text: 'dinner is at 8' } })]);
    expect(plan('and Alice too', toBob)).toEqual([expect.objectContaining({ args: { to: 'Alice', text: 'dinner is at 8' } })]);
    const given: EarlierRequest = { text: 'give steve 2 torches', actions: [{ target: 'minecraft.give_item', args: { item: 'torch', count: 2, player: 'steve' } }] };
    expect(plan('same for alex', given)).toEqual([expect.objectContaining({ target: 'minecraft.give_item', args: { item: 'torch', count: 2, player: 'alex' } })]);
    expect(plan('give the same to alex', given)).toEqual([expect.objectContaining({ args: { item: 'torch', count: 2, player: 'alex' } })]);
  });

  it('is no one else where no one was, nor a word said alone after "and" that is not written as a name', () => {
    expect(followUpText('same for alice', reminded, index, env.time)).toBeUndefined();
    const toBob: EarlierRequest = { text: 'tell bob dinner is ready', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'dinner is ready' } }] };
    expect(followUpText('and lunch too', toBob, index, env.time)).toBeUndefined();
    // Two people: which one the new one stands for is not for a guess.
    const two: EarlierRequest = { text: 'email bob and alice saying hi', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'hi' } }, { target: 'email.send_message', args: { to: 'alice', text: 'hi' } }] };
    expect(followUpText('same for carol', two, index, env.time)).toBeUndefined();
    // Sent after a lookup: what was looked up is looked up again, as before.
    const looked: EarlierRequest = { text: "what's on my calendar tomorrow", actions: [{ target: 'calendar.list_events', args: { from: '2026-11-22T00:00:00Z', to: '2026-11-23T00:00:00Z' } }] };
    expect(followUpText('send it to bob', looked, index, env.time)).toBe("what's on my calendar tomorrow, and send it to bob");
  });
});
