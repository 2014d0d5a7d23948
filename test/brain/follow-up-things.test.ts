import { describe, expect, it } from 'vitest';
import { indexCatalog } from '../../core/brain/rule/catalog-index.js';
import type { EarlierRequest } from '../../core/brain/brain.js';
import { extractActions } from '../../core/brain/rule/extract.js';
import { followUpText } from '../../core/brain/rule/follow-up.js';
import { builtinCatalog } from './support.js';

const index = indexCatalog(builtinCatalog());
const env = { index, time: { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' }, maxActions: 50 };
const added = { text: 'add milk to the shopping list', actions: [{ target: 'documents.add_to_list', args: { items: 'milk', list: 'shopping' } }] };

describe('a follow-up of a request whose words name the things it acted on', () => {
  it('is that request of the things said anew: "and eggs too", "same for bread"', () => {
    expect(followUpText('and eggs too', added, index)).toBe('add eggs to the shopping list');
    expect(followUpText('same for bread and butter', added, index)).toBe('add bread and butter to the shopping list');
    // The thing as stored ("milk") found in the words as said ("Milk").
    expect(followUpText('Eggs as well.', { ...added, text: 'Add Milk to the shopping list' }, index)).toBe('Add Eggs to the shopping list');
    const taken = { text: 'take milk off the shopping list', actions: [{ target: 'documents.remove_from_list', args: { items: 'milk', list: 'shopping' } }] };
    expect(followUpText('and the eggs too', taken, index)).toBe('take eggs off the shopping list');
  });

  it('is no thing when it says a word of the method: "same for the to-do list" puts no "to-do list" on the list', () => {
    expect(followUpText('same for the to-do list', added, index)).toBeUndefined();
  });

  it('leaves words to say alone: a message\'s text names no things', () => {
    const told = { text: 'tell bob dinner is ready', actions: [{ target: 'email.send_message', args: { to: 'bob', text: 'dinner is ready' } }] };
    expect(followUpText('and lunch too', told, index)).toBeUndefined();
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
    expect(followUpText('email it to me', added, index)).toBe("what's on the shopping list, and email it to me");
    expect(followUpText('OK, send that to bob', added, index)).toBe("what's on the shopping list, and send that to bob");
    expect(followUpText('forward it to alice', calendar, index)).toBe("what's on my calendar tomorrow, and forward it to alice");
    const plan = (text: string, earlier: EarlierRequest) => extractActions(followUpText(text, earlier, index) ?? text, { ...env, earlier }).map((a) => a.decision);
    expect(plan('send that to bob', added)).toEqual([
      expect.objectContaining({ target: 'documents.read_list', args: { list: 'shopping' } }),
      expect.objectContaining({ target: 'email.send_message', args: { to: 'bob' } }),
    ]);
    // "That" opening what a message says is no "it".
    expect(followUpText('email me that dinner is at 7pm', added, index)).toBeUndefined();
    // A light switched: how the lights it switched are now (it mailed "As you asked" and nothing more).
    const lit: EarlierRequest = { text: 'turn off the kitchen light', actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: false } }] };
    expect(plan('email it to me', lit)).toEqual([
      expect.objectContaining({ target: 'lights.list_lights', args: { location: 'kitchen' } }),
      expect.objectContaining({ target: 'email.send_message' }),
    ]);
    const dimmed: EarlierRequest = { text: 'dim the lights', actions: [{ target: 'lights.adjust_brightness', args: { direction: 'down' } }] };
    expect(followUpText('email it to me', dimmed, index)).toBe('show me the lights, and email it to me');
    // Nothing to look up by: as it was (a reminder set is no thing to send).
    const reminded: EarlierRequest = { text: 'remind me to stretch at noon', actions: [{ target: 'calendar.create_reminder', args: { text: 'stretch', at: '2026-11-21T12:00:00Z' } }] };
    expect(followUpText('email it to me', reminded, index)).toBeUndefined();
  });
});
