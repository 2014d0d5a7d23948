import type { ModelScript, ScriptAction } from './scripted-model.js';

/**
 * What a good model answers to the requests of the Brain conformance suite (now is
 * 2026-11-21T10:00:00Z, in UTC, from the email channel), in the strict wire format: every
 * argument written, null for those left out.
 */

const toggle = (location: string, on: boolean | null) => ({ target: 'lights.toggle_lights_in_location', args: { location, desired_state: on } });
const emailMe = { target: 'email.send_message', args: { text: null, to: null, subject: null } };
const remind = (text: string, at: string) => ({ target: 'calendar.create_reminder', args: { text, at } });

const light: ScriptAction = { id: 'a1', text: 'turn on the kitchen light', call: toggle('kitchen', true) };

export const CONFORMANCE_SCRIPT: ModelScript = {
  plans: {
    'turn on the kitchen light': [light],
    'turn on the kitchen light and remind me to stretch at 6pm': [
      light,
      { id: 'a2', text: 'remind me to stretch at 6pm', call: remind('stretch', '2026-11-21T18:00:00Z') },
    ],
    'turn off the garage light, then send me an email': [
      { id: 'a1', text: 'turn off the garage light', call: toggle('garage', false) },
      { id: 'a2', text: 'then send me an email', dependsOn: ['a1'], call: emailMe },
    ],
    'after the hallway light is off, email me': [
      { id: 'a1', text: 'the hallway light is off', call: toggle('hallway', false) },
      { id: 'a2', text: 'email me', dependsOn: ['a1'], call: emailMe },
    ],
    "turn on the porch light and email me when that's done": [
      { id: 'a1', text: 'turn on the porch light', call: toggle('porch', true) },
      { id: 'a2', text: "email me when that's done", dependsOn: ['a1'], call: emailMe },
    ],
    'turn on the porch light if you can': [{ id: 'a1', text: 'turn on the porch light if you can', optional: true, call: toggle('porch', true) }],
    'turn on the porch light, and if that fails, email me': [
      { id: 'a1', text: 'turn on the porch light', call: toggle('porch', true) },
      { id: 'a2', text: 'if that fails, email me', dependsOn: ['a1'], onlyIf: 'failed', call: { target: 'email.send_message', args: {} } },
    ],
    '?!... 🙂': [],
    "Turn off the garage light and email me when that's over. Also remind me to stretch at noon.": [
      { id: 'a1', text: 'Turn off the garage light', call: toggle('garage', false) },
      { id: 'a2', text: "email me when that's over", dependsOn: ['a1'], call: emailMe },
      { id: 'a3', text: 'remind me to stretch at noon', call: remind('stretch', '2026-11-21T12:00:00Z') },
    ],
  },
  decisions: {
    'turn on the kitchen light': { tool: 'lights__toggle_lights_in_location', args: { location: 'kitchen', desired_state: true } },
    'remind me to stretch at 6pm': { tool: 'calendar__create_reminder', args: { text: 'stretch', at: '2026-11-21T18:00:00+00:00' } },
    'book me a flight to Paris': { tool: 'cannot_do', args: { reason: 'none of my methods books flights' } },
    'turn on the attic light': { tool: 'cannot_do', args: { reason: 'the home has no area called "attic" (areas: kitchen, garage, hallway, porch)' } },
  },
  verdicts: {
    kitchen: {
      verdict: 'revise',
      reason: 'the area from the answer',
      actions: [
        { id: 'a1', text: 'turn on the light', call: toggle('kitchen', true) },
        { id: 'a2', text: 'send me an email', dependsOn: ['a1'], call: emailMe },
      ],
    },
    // The model keeps a2 waiting for the replaced a1, and names the new action itself: the brain sorts out both.
    'no, remind me to buy bulbs at 5pm instead': {
      verdict: 'revise',
      reason: 'a reminder instead of the light',
      actions: [
        { id: 'r1', text: 'remind me to buy bulbs at 5pm', call: remind('buy bulbs', '2026-11-21T17:00:00Z') },
        { id: 'a2', text: 'send me an email', dependsOn: ['a1'], call: emailMe },
      ],
    },
    'qwzx vlorp': { verdict: 'unclear', question: 'Sorry, I did not understand. Which area should I turn on?' },
  },
};
