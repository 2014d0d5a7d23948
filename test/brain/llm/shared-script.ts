import type { ModelScript, ScriptAction } from './scripted-model.js';

/**
 * What a good model answers to the shared example requests (test/brain/cases/shared.ts),
 * planned at 2026-11-21T10:00:00Z in UTC: the plans those cases expect, written as a strict
 * model writes them. Used to check the LLM brain end to end on every example, and by the
 * benchmark to count what each request costs.
 */

type Call = ScriptAction['call'];
const toggle = (location: string, on: boolean | null): Call => ({ target: 'lights.toggle_lights_in_location', args: { location, desired_state: on } });
const message = (target: string, text: string | null = null, to: string | null = null): Call => ({ target, args: { text, to, subject: null } });
const remind = (text: string, at: string): Call => ({ target: 'calendar.create_reminder', args: { text, at } });
const obtain = (item: string, count: number): Call => ({ target: 'minecraft.obtain_item', args: { item, count } });
const one = (text: string, call: Call): ScriptAction[] => [{ id: 'a1', text, call }];

export const SHARED_SCRIPT: ModelScript = {
  plans: {
    "Turn off the lights in the garage, and send me an email when that's over. Also, set a reminder that I need to take out the trash in the morning.": [
      { id: 'a1', text: 'Turn off the lights in the garage', call: toggle('garage', false) },
      { id: 'a2', text: "send me an email when that's over", dependsOn: ['a1'], call: message('email.send_message') },
      { id: 'a3', text: 'set a reminder that I need to take out the trash in the morning', call: remind('take out the trash', '2026-11-22T08:00:00Z') },
    ],
    'turn on the lights in the kitchen': one('turn on the lights in the kitchen', toggle('kitchen', true)),
    'switch the bedroom light off': one('switch the bedroom light off', toggle('bedroom', false)),
    'set the living room lights to 60%': one('set the living room lights to 60%', { target: 'lights.set_brightness', args: { location: 'living room', percent: 60 } }),
    'toggle the porch light': one('toggle the porch light', toggle('porch', null)),
    'remind me to feed the cat at 7pm': one('remind me to feed the cat at 7pm', remind('feed the cat', '2026-11-21T19:00:00Z')),
    'remind me in 45 minutes to move the car': one('remind me in 45 minutes to move the car', remind('move the car', '2026-11-21T10:45:00Z')),
    'add a meeting with the plumber on Thursday at 11am': one('add a meeting with the plumber on Thursday at 11am', {
      target: 'calendar.create_event',
      args: { title: 'meeting with the plumber', start: '2026-11-26T11:00:00Z', end: null },
    }),
    'what do I have on Monday?': one('what do I have on Monday?', { target: 'calendar.list_events', args: { from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z' } }),
    'email me a note saying buy batteries': one('email me a note saying buy batteries', message('email.send_message', 'buy batteries')),
    'send an email to sam@example.com telling him the game starts at 9': one(
      'send an email to sam@example.com telling him the game starts at 9',
      message('email.send_message', 'The game starts at 9.', 'sam@example.com'),
    ),
    'get me a wooden pickaxe': one('get me a wooden pickaxe', obtain('wooden_pickaxe', 1)),
    'gather 16 cobblestone': one('gather 16 cobblestone', obtain('cobblestone', 16)),
    'come to bob': one('come to bob', { target: 'minecraft.goto_player', args: { player: 'bob' } }),
    'follow alex': one('follow alex', { target: 'minecraft.follow_player', args: { player: 'alex' } }),
    'give bob 2 torches': one('give bob 2 torches', { target: 'minecraft.give_item', args: { player: 'bob', item: 'torch', count: 2 } }),
    'how is your health in minecraft?': one('how is your health in minecraft?', { target: 'minecraft.status', args: {} }),
    'turn off the office light and remind me at noon to stretch': [
      { id: 'a1', text: 'turn off the office light', call: toggle('office', false) },
      { id: 'a2', text: 'remind me at noon to stretch', call: remind('stretch', '2026-11-21T12:00:00Z') },
    ],
    'craft a crafting table and then give it to alex': [
      { id: 'a1', text: 'craft a crafting table', call: obtain('crafting_table', 1) },
      { id: 'a2', text: 'then give it to alex', dependsOn: ['a1'], call: { target: 'minecraft.give_item', args: { player: 'alex', item: 'crafting_table', count: 1 } } },
    ],
    'after the hallway light is off, email me': [
      { id: 'a1', text: 'the hallway light is off', call: toggle('hallway', false) },
      { id: 'a2', text: 'email me', dependsOn: ['a1'], call: message('email.send_message') },
    ],
    "Turn on the porch light and let me know when it's done": [
      { id: 'a1', text: 'Turn on the porch light', call: toggle('porch', true) },
      { id: 'a2', text: "let me know when it's done", dependsOn: ['a1'], call: message('primary.send_message') },
    ],
    'book me a flight to Paris': one('book me a flight to Paris', { target: null, reason: 'none of my methods books flights' }),
    'turn on the lights in the garage and the kitchen': [
      { id: 'a1', text: 'turn on the lights in the garage', call: toggle('garage', true) },
      { id: 'a2', text: 'the kitchen', call: toggle('kitchen', true) },
    ],
    'get 3 oak logs, then craft planks from them. Also switch off the basement light.': [
      { id: 'a1', text: 'get 3 oak logs', call: obtain('oak_log', 3) },
      { id: 'a2', text: 'then craft planks from them', dependsOn: ['a1'], call: obtain('oak_planks', 12) },
      { id: 'a3', text: 'switch off the basement light', call: toggle('basement', false) },
    ],
  },
};
