import type { PlanCase } from '../support.js';

/**
 * More requests of the kinds the shared cases show, with other areas, verbs, items, players,
 * times, word orders and connectives. "Now" is Saturday 2026-11-21 10:00 UTC unless a case says.
 */

const T = 'lights.toggle_lights_in_location';
const B = 'lights.set_brightness';
const LIST = 'lights.list_lights';
const CHECK = 'lights.check_light';
const STEP = 'lights.adjust_brightness';
const REMIND = 'calendar.create_reminder';
const EVENT = 'calendar.create_event';
const EVENTS = 'calendar.list_events';
const UNEVENT = 'calendar.cancel_event';
const EMAIL = 'email.send_message';
const DISCORD = 'discord.send_message';
const ADD_ITEMS = 'documents.add_to_list';
const TAKE_ITEMS = 'documents.remove_from_list';
const READ_LIST = 'documents.read_list';
const PRIMARY = 'primary.send_message';
const OBTAIN = 'minecraft.obtain_item';
const GIVE = 'minecraft.give_item';
const DROP = 'minecraft.drop_item';
const EMPTY = 'minecraft.empty_inventory';
const GOTO = 'minecraft.goto_player';
const GO = 'minecraft.goto_place';
const NAME_PLACE = 'minecraft.remember_place';
const FOLLOW = 'minecraft.follow_player';
const LATER = 'calendar.schedule_request';
const AFTER_TIMER = 'calendar.after_timer';
const GAME_CHAT = 'minecraft.send_message';

const at = (iso: string) => ({ between: [iso, iso] });

export const LIGHT_CASES: PlanCase[] = [
  // "Off" mistyped "of", said last: off (a colour, or a brightness, was asked for).
  { text: 'switch the kitchen lights of', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  { text: 'turn the porch light of', groups: [[{ call: T, args: { location: 'porch', desired_state: false } }]] },
  // A part of the day said alone before what to do greets (it was an action that could not be done).
  { text: 'morning, turn on the kitchen lights', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  { text: 'night! turn off the porch light', groups: [[{ call: T, args: { location: 'porch', desired_state: false } }]] },
  // "Turn it on" again after turning it on is done once; "again" says twice.
  { text: 'turn on the kitchen light and then turn it on', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  // "If it is" after a check is no second thing to check: the switch follows the check, of the light it checked (it checked "it" too, and switched twice).
  { text: 'check if the garage light is on and if it is, turn it off', groups: [[{ call: LIST, args: { location: 'garage' } }, { call: T, args: { location: 'garage', desired_state: false } }]] },
  // "And the porch one": the porch light (the kitchen's action kept its word "light" too).
  { text: 'turn on the kitchen light and the porch one', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }], [{ call: T, args: { location: 'porch', desired_state: true } }]] },
  // An area nothing knows, said after one it does: asked about as an area (it was "nothing I can do matches").
  { text: 'turn the lights on in the kitchen and the dining room', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }], [{ call: null, reason: /no area of the home is called 'dining room'/ }]] },
  // A light's brightness asked about (it was a question to long-term memory).
  { text: "what's the brightness in the office", groups: [[{ call: LIST, args: { location: 'office' } }]] },
  { text: "what is the kitchen light's brightness", groups: [[{ call: LIST, args: { location: 'kitchen' } }]] },
  // Mistyped, as meant: nothing fitted "trun", and "tomorow" was words of the reminder, due today.
  { text: 'trun on the porch light', groups: [[{ call: T, args: { location: 'porch', desired_state: true } }]] },
  { text: 'remind me to call mom tomorow at 5', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-22T17:00:00Z') } }]] },
  // "Before" a time is a deadline: ahead of it (it was at it, and a word of the text: "turn on the porch light before").
  { text: 'turn off the lights before midnight', groups: [[{ call: LATER, args: { text: 'turn off the lights', at: at('2026-11-21T23:30:00Z') } }]] },
  { text: 'remind me to pay rent before friday', groups: [[{ call: REMIND, args: { text: 'pay rent', at: at('2026-11-26T09:00:00Z') } }]] },
  { text: "what's on my calendar before friday", groups: [[{ call: EVENTS, args: { from: at('2026-11-21T10:00:00Z'), to: at('2026-11-27T00:00:00Z') } }]] },
  // "In 10" said last is minutes (the lights went off at once); "less bright" is dimmer (a colour called "bright" was asked about).
  { text: 'turn the lights off in 10', groups: [[{ call: LATER, args: { text: 'turn the lights off', at: at('2026-11-21T10:10:00Z') } }]] },
  { text: 'remind me to check the oven in 15', groups: [[{ call: REMIND, args: { text: 'check the oven', at: at('2026-11-21T10:15:00Z') } }]] },
  { text: 'make the bedroom light less bright', groups: [[{ call: STEP, args: { location: 'bedroom', direction: 'down' } }]] },
  { text: 'make the kitchen less dark', groups: [[{ call: STEP, args: { location: 'kitchen', direction: 'up' } }]] },
  { text: 'turn the kitchen light on', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  // Said as tersely as people type them: an area and a state or a level (nothing matched).
  { text: 'kitchen off', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  { text: 'office on', groups: [[{ call: T, args: { location: 'office', desired_state: true } }]] },
  { text: 'kitchen 50%', groups: [[{ call: B, args: { location: 'kitchen', percent: 50 } }]] },
  { text: 'living room 30%', groups: [[{ call: B, args: { location: 'living room', percent: 30 } }]] },
  // Without "%", a bare number said last (it matched nothing).
  { text: 'kitchen 50', groups: [[{ call: B, args: { location: 'kitchen', percent: 50 } }]] },
  { text: 'kitchen lights 40', groups: [[{ call: B, args: { location: 'kitchen', percent: 40 } }]] },
  { text: 'kitchen 150', groups: [[{ call: null, reason: /nothing I can do matches/ }]] },
  { text: 'kitchen and garage off', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }], [{ call: T, args: { location: 'garage', desired_state: false } }]] },
  { text: 'kitchen', groups: [[{ call: null, reason: /nothing I can do matches/ }]] },
  // Brighter or dimmer without an area, or said as a complaint (a level to set was asked for; nothing matched).
  { text: 'make it brighter in here', groups: [[{ call: STEP, args: { direction: 'up', location: { absent: true } } }]] },
  { text: "it's too dark in the kitchen", groups: [[{ call: STEP, args: { location: 'kitchen', direction: 'up' } }]] },
  // Said as it is somewhere, without "too": the same wish.
  { text: "it's dark in the hallway", groups: [[{ call: STEP, args: { location: 'hallway', direction: 'up' } }]] },
  { text: 'it is getting so bright in the office', groups: [[{ call: STEP, args: { location: 'office', direction: 'down' } }]] },
  // Said of nowhere, before a request: how it is, not one of its own.
  { text: "it's dark, turn on the porch light", groups: [[{ call: T, args: { location: 'porch', desired_state: true } }]] },
  { text: "it's too bright in the bedroom", groups: [[{ call: STEP, args: { location: 'bedroom', direction: 'down' } }]] },
  { text: 'the office is way too dim', groups: [[{ call: STEP, args: { location: 'office', direction: 'up' } }]] },
  { text: 'email bob saying it is too dark to play outside', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'it is too dark to play outside' } }]] },
  { text: 'could you please turn the backyard lights on', groups: [[{ call: T, args: { location: 'backyard', desired_state: true } }]] },
  { text: 'please could you turn the living room lamp off', groups: [[{ call: T, args: { location: 'living room', desired_state: false } }]] },
  { text: 'kill the lights in the garage', groups: [[{ call: T, args: { location: 'garage', desired_state: false } }]] },
  // "Of" for "off", mistyped after the words that switch (a brightness of nothing); warmer and cooler are the whites (no colour "warmer").
  { text: 'turn of the kitchen light', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  { text: 'make the kitchen lights warmer', groups: [[{ call: 'lights.set_colour', args: { location: 'kitchen', colour: 'warm white' } }]] },
  { text: 'kill the garage lights', groups: [[{ call: T, args: { location: 'garage', desired_state: false } }]] },
  // Killing what is no light is nothing the home does (it was asked about as an area called "zombie", "minecraft"), nor the game's bot.
  { text: 'kill the zombie', groups: [[{ call: null, reason: /^the game's bot does not attack on request \(it fights off a mob that comes close by itself\): it gets, crafts, gives and drops things/ }]] },
  { text: 'kill the creeper in minecraft', groups: [[{ call: null, reason: /does not attack on request/ }]] },
  { text: 'lights out in the basement', groups: [[{ call: T, args: { location: 'basement', desired_state: false } }]] },
  { text: 'lights on in the living room please', groups: [[{ call: T, args: { location: 'living room', desired_state: true } }]] },
  { text: 'in the kitchen, turn the lights off', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  { text: 'turn on the lounge light', groups: [[{ call: T, args: { location: 'living room', desired_state: true } }]] },
  { text: 'flip the hallway light', groups: [[{ call: T, args: { location: 'hallway', desired_state: { absent: true } } }]] },
  { text: 'dim the bedroom lights to a quarter', groups: [[{ call: B, args: { location: 'bedroom', percent: 25 } }]] },
  { text: 'set the hallway light to half', groups: [[{ call: B, args: { location: 'hallway', percent: 50 } }]] },
  { text: 'make the office light 30 percent', groups: [[{ call: B, args: { location: 'office', percent: 30 } }]] },
  { text: 'put the porch light at 75%', groups: [[{ call: B, args: { location: 'porch', percent: 75 } }]] },
  { text: 'brighten the porch light to max', groups: [[{ call: B, args: { location: 'porch', percent: 100 } }]] },
  { text: 'set the kitchen lights to the lowest', groups: [[{ call: B, args: { location: 'kitchen', percent: 1 } }]] },
  { text: 'turn the bathroom light up to 80 percent', groups: [[{ call: B, args: { location: 'bathroom', percent: 80 } }]] },
  { text: 'set the garage to 40', groups: [[{ call: B, args: { location: 'garage', percent: 40 } }]] },
  // Brighter or dimmer, from where the light is; a level said with "to" is set.
  { text: 'dim the bedroom lights', groups: [[{ call: STEP, args: { location: 'bedroom', direction: 'down', by: { absent: true } } }]] },
  { text: 'make the kitchen brighter', groups: [[{ call: STEP, args: { location: 'kitchen', direction: 'up' } }]] },
  { text: 'dim the living room lights by 10%', groups: [[{ call: STEP, args: { location: 'living room', direction: 'down', by: 10 } }]] },
  { text: 'turn up the office light', groups: [[{ call: STEP, args: { location: 'office', direction: 'up' } }]] },
  { text: 'make the bedroom darker', groups: [[{ call: STEP, args: { location: 'bedroom', direction: 'down' } }]] },
  // A state said as a condition is no change to make: a switch of the same light after it is made either way.
  { text: 'if the garage light is on, turn it off', groups: [[{ call: T, args: { location: 'garage', desired_state: false } }]] },
  // Anything else waits for the light to be checked, and runs only if the state holds (it was asked about).
  { text: 'if the garage light is on, email me', groups: [[{ call: CHECK, args: { location: 'garage', on: true } }, { call: EMAIL, after: [0], onlyIf: 'done' }]] },
  { text: 'if the kitchen lights are on, dim them to 20%', groups: [[{ call: CHECK, args: { location: 'kitchen', on: true } }, { call: B, args: { location: 'kitchen', percent: 20 }, after: [0], onlyIf: 'done' }]] },
  { text: 'if the garage light is on, turn off the porch light', groups: [[{ call: CHECK, args: { location: 'garage', on: true } }, { call: T, args: { location: 'porch', desired_state: false }, after: [0], onlyIf: 'done' }]] },
  { text: 'in case the bedroom light is on, turn off the kitchen light', groups: [[{ call: CHECK, args: { location: 'bedroom', on: true } }, { call: T, args: { location: 'kitchen', desired_state: false }, after: [0], onlyIf: 'done' }]] },
  // Said last, it is checked first; "unless" checks the other state.
  { text: 'turn off the porch light if the garage light is on', groups: [[{ call: CHECK, args: { location: 'garage', on: true } }, { call: T, args: { location: 'porch', desired_state: false }, after: [0], onlyIf: 'done' }]] },
  { text: 'turn on the porch light unless the living room lights are on', groups: [[{ call: CHECK, args: { location: 'living room', on: false } }, { call: T, args: { location: 'porch', desired_state: true }, after: [0], onlyIf: 'done' }]] },
  { text: 'email me, but only if the garage light is still on', groups: [[{ call: CHECK, args: { location: 'garage', on: true } }, { call: EMAIL, after: [0], onlyIf: 'done' }]] },
  // What is joined to it waits for the check too; the next sentence does not.
  {
    text: 'if the kitchen light is off, turn on the porch light and email me. Also remind me to call mom at 5pm',
    groups: [
      [{ call: CHECK, args: { location: 'kitchen', on: false } }, { call: T, args: { location: 'porch', desired_state: true }, after: [0], onlyIf: 'done' }, { call: EMAIL, after: [0, 1], onlyIf: null }],
      [{ call: REMIND, args: { text: 'call mom' } }],
    ],
  },
  // What to do otherwise waits for the check, and runs when it does not hold (the kitchen light was switched off either way, and the porch never lit).
  {
    text: 'if the kitchen light is on, turn it off, otherwise turn on the porch light',
    groups: [
      [
        { call: CHECK, args: { location: 'kitchen', on: true } },
        { call: T, args: { location: 'kitchen', desired_state: false }, after: [0], onlyIf: 'done' },
        { call: T, args: { location: 'porch', desired_state: true }, after: [0], onlyIf: 'failed' },
      ],
    ],
  },
  {
    text: 'turn off the porch light if the garage light is on, otherwise email me',
    groups: [[{ call: CHECK, args: { location: 'garage', on: true } }, { call: T, args: { location: 'porch' }, after: [0], onlyIf: 'done' }, { call: EMAIL, after: [0], onlyIf: 'failed' }]],
  },
  // "If that fails" is said of the action, not of the condition.
  {
    text: 'if the garage light is on, turn off the porch light, and if that fails, email me',
    groups: [[{ call: CHECK, args: { location: 'garage', on: true } }, { call: T, args: { location: 'porch' }, after: [0], onlyIf: 'done' }, { call: EMAIL, after: [1], onlyIf: 'failed' }]],
  },
  // One light is checked at a time: of two, it is asked about (the porch light was dropped, and only the garage light switched).
  { text: 'if the garage light and the porch light are on, turn them off', groups: [[{ call: null, reason: /I check one light at a time, not garage and porch together/ }]] },
  // A switch said of the light's own state is the same either way (it was asked about).
  { text: "turn off the porch light if it's on", groups: [[{ call: T, args: { location: 'porch', desired_state: false } }]] },
  { text: 'turn off the kitchen light if it is still on', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  { text: 'turn on the porch light if it is off', groups: [[{ call: T, args: { location: 'porch', desired_state: true } }]] },
  // Asked whether ("text me if ...", "check if ..."): the state is looked up and told, never switched (it was switched off).
  { text: 'text me if the porch lights are off', groups: [[{ call: LIST, args: { location: 'porch' } }, { call: EMAIL, after: [0] }]] },
  { text: 'check if the kitchen light is on', groups: [[{ call: LIST, args: { location: 'kitchen' } }]] },
  // A message's words keep a state said in them.
  { text: 'tell bob dinner is ready if the porch light is on', groups: [[{ call: EMAIL, args: { to: 'bob', text: { '~': 'if the porch light is on' } } }]] },
  // How much, in words: a small step or a big one, never an area called "bit".
  { text: 'dim the lights a bit', groups: [[{ call: STEP, args: { location: { absent: true }, direction: 'down', by: 10 } }]] },
  { text: 'make the lights a little brighter', groups: [[{ call: STEP, args: { direction: 'up', by: 10 } }]] },
  { text: 'turn the bedroom lights down slightly', groups: [[{ call: STEP, args: { location: 'bedroom', direction: 'down', by: 10 } }]] },
  { text: 'make the kitchen a lot brighter', groups: [[{ call: STEP, args: { location: 'kitchen', direction: 'up', by: 50 } }]] },
  { text: 'make the office much darker', groups: [[{ call: STEP, args: { location: 'office', direction: 'down', by: 50 } }]] },
  { text: 'turn down the kitchen lights', groups: [[{ call: STEP, args: { location: 'kitchen', direction: 'down' } }]] },
  { text: 'is the kitchen light on?', groups: [[{ call: LIST, args: { location: 'kitchen' } }]] },
  { text: 'how bright is the kitchen', groups: [[{ call: LIST, args: { location: 'kitchen' } }]] },
  // A question is not an order, however it starts.
  { text: 'is there a light on in the kitchen', groups: [[{ call: LIST, args: { location: 'kitchen' } }]] },
  // A time by the sun is not one the assistant can place: it asks instead of doing it now.
  { text: 'switch off the porch light at sunset', groups: [[{ call: null }]] },
  { text: 'which lights are on', groups: [[{ call: LIST, args: { location: { absent: true } } }]] },
  { text: 'which rooms have lights on', groups: [[{ call: LIST, args: { location: { absent: true } } }]] },
  {
    text: 'turn off the kitchen, living room and bedroom lights',
    groups: [
      [{ call: T, args: { location: 'kitchen', desired_state: false } }],
      [{ call: T, args: { location: 'living room', desired_state: false } }],
      [{ call: T, args: { location: 'bedroom', desired_state: false } }],
    ],
  },
  // The whole home is every area; an area it does not have is still asked about, never taken for all.
  ...['turn off everything in the house', 'turn off the lights everywhere', 'turn off the whole house', 'turn off the lights in every room', 'turn off the lights in all the rooms'].map((text) => ({
    text,
    groups: ['garage', 'kitchen', 'living room', 'bedroom', 'bathroom', 'office', 'porch', 'hallway', 'basement', 'backyard'].map((location) => [{ call: T, args: { location, desired_state: false } }]),
  })),
  { text: 'turn off every light in the attic', groups: [[{ call: null }]] },
  {
    text: 'switch off the lights in the bathroom and the office',
    groups: [[{ call: T, args: { location: 'bathroom', desired_state: false } }], [{ call: T, args: { location: 'office', desired_state: false } }]],
  },
];

export const CALENDAR_CASES: PlanCase[] = [
  // The end of the day is 17:00 (tomorrow at 09:00, or no time with "day to send the invoice" as the text).
  { text: 'remind me at the end of the day to send the invoice', groups: [[{ call: REMIND, args: { at: at('2026-11-21T17:00:00Z'), text: 'send the invoice' } }]] },
  { text: 'remind me tomorrow at the end of the day to call bob', groups: [[{ call: REMIND, args: { at: at('2026-11-22T17:00:00Z'), text: 'call bob' } }]] },
  { text: 'remind me eod to send the invoice', groups: [[{ call: REMIND, args: { at: at('2026-11-21T17:00:00Z'), text: 'send the invoice' } }]] },
  { text: 'turn off the office lights at the end of the day', groups: [[{ call: LATER, args: { at: at('2026-11-21T17:00:00Z'), text: 'turn off the office lights' } }]] },
  // Timers said together: one each (nothing matched, or "one for 10 minutes" was asked about).
  { text: 'set timers for 5 and 10 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }], [{ call: 'calendar.set_timer', args: { seconds: 600 } }]] },
  { text: 'set two timers, one for 5 minutes and one for 10 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }], [{ call: 'calendar.set_timer', args: { seconds: 600 } }]] },
  { text: 'set a timer for 5 minutes and one for 10 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }], [{ call: 'calendar.set_timer', args: { seconds: 600 } }]] },
  { text: 'show my timers', groups: [[{ call: 'calendar.list_reminders' }]] },
  // "The 1st and 15th": the second day without its "the" (one reminder, to "pay rent and 15th").
  {
    text: 'remind me to pay rent on the 1st and 15th',
    groups: [[{ call: REMIND, args: { at: at('2026-12-01T09:00:00Z'), text: 'pay rent' } }], [{ call: REMIND, args: { at: at('2026-12-15T09:00:00Z'), text: 'pay rent' } }]],
  },
  // Whose event it is is no word of its title ("my dentist appointment" was looked for as such).
  { text: 'add my dentist appointment tomorrow at 3', groups: [[{ call: EVENT, args: { start: at('2026-11-22T15:00:00Z'), title: 'dentist appointment' } }]] },
  { text: "put my mom's birthday party on saturday at 2", groups: [[{ call: EVENT, args: { title: "mom's birthday party" } }]] },
  // "What's on my agenda" is the calendar's (it asked about a light in an area called "agenda").
  { text: "what's on my agenda", groups: [[{ call: EVENTS, args: { from: { absent: true }, to: { absent: true } } }]] },
  { text: "what's on my schedule", groups: [[{ call: EVENTS }]] },
  // A day or a week later at the same time: by that long (it went to next Monday, with "to same time" in the title).
  { text: 'move the dentist to the same time next week', groups: [[{ call: 'calendar.move_event', args: { title: 'dentist', by: 10080, date: { absent: true } } }]] },
  { text: 'push the dentist back a week', groups: [[{ call: 'calendar.move_event', args: { title: 'dentist', by: 10080, date: { absent: true } } }]] },
  { text: 'bring the book club forward a day', groups: [[{ call: 'calendar.move_event', args: { title: 'book club', by: -1440 } }]] },
  // Moving them all is refused, one at a time (it listed the meetings, or cleared them).
  { text: 'push all my meetings tomorrow by an hour', groups: [[{ call: null, reason: /^I move one event or reminder at a time/ }]] },
  // A word that ends the verb's ("in", "on") stays with it when the time has a word of its own ("at", "on", "tomorrow"): it was dropped.
  { text: 'remind me to bring the cat in at 5pm', groups: [[{ call: REMIND, args: { text: 'bring the cat in', at: at('2026-11-21T17:00:00Z') } }]] },
  { text: 'remind me to turn the heating on at 6', groups: [[{ call: REMIND, args: { text: 'turn the heating on', at: at('2026-11-21T18:00:00Z') } }]] },
  { text: 'remind me to let the dog in tomorrow', groups: [[{ call: REMIND, args: { text: 'let the dog in', at: at('2026-11-22T09:00:00Z') } }]] },
  { text: 'remind me to check in on monday', groups: [[{ call: REMIND, args: { text: 'check in', at: at('2026-11-23T09:00:00Z') } }]] },
  { text: 'remind me to log in at 9', groups: [[{ call: REMIND, args: { text: 'log in', at: at('2026-11-21T21:00:00Z') } }]] },
  // Guards: "in" that leads to the time goes with it; "for tomorrow" is the time's.
  { text: 'remind me to call mom in 10 minutes', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T10:10:00Z') } }]] },
  { text: 'remind me to take my pills in the morning', groups: [[{ call: REMIND, args: { text: 'take my pills', at: at('2026-11-22T08:00:00Z') } }]] },
  { text: 'Set a reminder for tomorrow at noon: call the vet.', groups: [[{ call: REMIND, args: { text: 'call the vet', at: at('2026-11-22T12:00:00Z') } }]] },
  // "On the 1st" asked for later goes whole, "on" too (it was "email me on to pay rent").
  { text: 'email me on the 1st to pay rent', groups: [[{ call: LATER, args: { text: 'email me to pay rent', at: at('2026-12-01T09:00:00Z') } }]] },
  // Guard: "on" that says how the lights are stays when the time opens otherwise.
  { text: 'turn the porch light on at 6pm', groups: [[{ call: LATER, args: { text: 'turn the porch light on', at: at('2026-11-21T18:00:00Z') } }]] },
  // What is done in the evening: an hour said bare is after noon (it was the next 11 o'clock, this morning; and 07:00 for the book club).
  { text: 'remind me to go to bed at 11', groups: [[{ call: REMIND, args: { text: 'go to bed', at: at('2026-11-21T23:00:00Z') } }]] },
  { text: 'add my book club on friday at 7', groups: [[{ call: EVENT, args: { title: 'book club', start: at('2026-11-27T19:00:00Z') } }]] },
  // Something to do that no plugin does, joined by "and": a clause of its own, said so; what comes before is done (it was all refused: "no area called 'play'").
  { text: 'turn on the lights and play some music', groups: [[{ call: T, args: { desired_state: true } }], [{ call: null, reason: /^nothing I can do matches "play some music"/ }]] },
  { text: 'turn on the porch light and open the garage door', groups: [[{ call: T, args: { location: 'porch', desired_state: true } }], [{ call: null, reason: /^nothing I can do matches "open the garage door"/ }]] },
  // Guards: things of a list stay things of it.
  { text: 'add milk and water to the shopping list', groups: [[{ call: 'documents.add_to_list', args: { items: 'milk and water', list: 'shopping' } }]] },
  { text: 'create a to-do list: call the bank and fix the sink', groups: [[{ call: 'documents.create_list', args: { items: 'call the bank and fix the sink', list: 'to-do' } }]] },
  // Days from one to another that come round: each of them, at the time said (it was Mondays only, or a light on for 94 hours).
  { text: 'turn on the kitchen light every monday to friday at 7am', groups: [[{ call: LATER, args: { text: 'turn on the kitchen light', every: '0 7 * * 1-5' } }]] },
  { text: 'remind me every monday through friday at 8 to take my pills', groups: [[{ call: REMIND, args: { text: 'take my pills', every: '0 8 * * 1-5' } }]] },
  { text: 'remind me every friday to sunday at 10 to water the garden', groups: [[{ call: REMIND, args: { text: 'water the garden', every: '0 10 * * 0,5,6' } }]] },
  { text: 'remind me mondays to fridays at 9 to stand up', groups: [[{ call: REMIND, args: { text: 'stand up', every: '0 9 * * 1-5' } }]] },
  // A routine said to end ("until friday", "for 2 weeks"): refused, not set to come forever.
  { text: 'remind me to take my pills every day at 9 until friday', groups: [[{ call: null, reason: /^I cannot make a routine stop by itself \("until friday"\)/ }]] },
  { text: 'add soccer practice every wednesday at 5pm until december', groups: [[{ call: null, reason: /^I cannot make a routine stop by itself \("until december"\)/ }]] },
  { text: 'remind me every hour for the next 3 hours to stretch', groups: [[{ call: null, reason: /^I cannot make a routine stop by itself/ }]] },
  { text: 'remind me to water the plants every day for 2 weeks', groups: [[{ call: null, reason: /^I cannot make a routine stop by itself \("for 2 weeks"\)/ }]] },
  { text: 'remind me every monday until the end of the month to submit my timesheet', groups: [[{ call: null, reason: /^I cannot make a routine stop by itself \("until the end of the month"\)/ }]] },
  // Guards: how long each time lasts, and the hours of each day, are no end.
  { text: 'turn on the porch light every night at 7 for an hour', groups: [[{ call: LATER, args: { text: 'turn on the porch light for an hour', every: '0 19 * * *' } }]] },
  { text: 'remind me to stretch every hour between 9 and 5', groups: [[{ call: REMIND, args: { text: 'stretch', every: '0 9-17 * * *' } }]] },
  // Asked for later in the words said: "50%", not "50 %".
  { text: 'set the kitchen light to 50% at 10pm', groups: [[{ call: LATER, args: { text: 'set the kitchen light to 50%', at: at('2026-11-21T22:00:00Z') } }]] },
  { text: 'dim the bedroom lights to 20% at 10pm every night', groups: [[{ call: LATER, args: { text: 'dim the bedroom lights to 20%', every: '0 22 * * *' } }]] },
  // Moved, not stopped: refused like the meetings (before, they were cleared, after a yes).
  { text: 'push all my reminders back an hour', groups: [[{ call: null, reason: /^I move one event or reminder at a time/ }]] },
  { text: 'delay all my alarms by 10 minutes', groups: [[{ call: null, reason: /^I move one event or reminder at a time/ }]] },
  { text: 'shift all my timers by 5 minutes', groups: [[{ call: null, reason: /^I move one event or reminder at a time/ }]] },
  // "... and again in 20 minutes" before what to do: a reminder at each time (it was one, at the first).
  {
    text: 'remind me in 10 minutes and again in 20 minutes to check the oven',
    groups: [[{ call: REMIND, args: { at: at('2026-11-21T10:10:00Z'), text: 'check the oven' } }], [{ call: REMIND, args: { at: at('2026-11-21T10:20:00Z'), text: 'check the oven' } }]],
  },
  {
    text: 'remind me at 5 and again at 6 to call bob',
    groups: [[{ call: REMIND, args: { at: at('2026-11-21T17:00:00Z'), text: 'call bob' } }], [{ call: REMIND, args: { at: at('2026-11-21T18:00:00Z'), text: 'call bob' } }]],
  },
  // "Half 7" is half past 7, as said in Britain: the reminder had no time, and the light was set to 50% at once.
  { text: 'remind me at half 7 to call dad', groups: [[{ call: REMIND, args: { at: at('2026-11-21T19:30:00Z'), text: 'call dad' } }]] },
  { text: 'turn on the porch light at half six', groups: [[{ call: LATER, args: { at: at('2026-11-21T18:30:00Z'), text: 'turn on the porch light' } }]] },
  { text: 'dim the lights to half at half 9', groups: [[{ call: LATER, args: { at: at('2026-11-21T21:30:00Z'), text: 'dim the lights to half' } }]] },
  // "5 more minutes" is 5 minutes: the snooze was asked for how long, "in 15 more minutes" was no time.
  { text: 'snooze for 5 more minutes', groups: [[{ call: 'calendar.snooze', args: { seconds: 300 } }]] },
  { text: 'remind me again in 15 more minutes', groups: [[{ call: 'calendar.snooze', args: { at: at('2026-11-21T10:15:00Z') } }]] },
  // "It" is what the action before put on a list or made: the reminder said "it", and one before "it" found no event.
  {
    text: 'add call mom to my to-do list and remind me about it at 5pm',
    groups: [[{ call: ADD_ITEMS, args: { items: 'call mom', list: 'to-do' } }, { call: REMIND, args: { at: at('2026-11-21T17:00:00Z'), text: 'call mom' }, after: [0] }]],
  },
  {
    text: 'add dentist on friday at 3 and remind me about it an hour before',
    groups: [[{ call: EVENT, args: { start: at('2026-11-27T15:00:00Z'), title: 'dentist' } }, { call: REMIND, args: { ahead: 3600, text: 'dentist', event: 'dentist' }, after: [0] }]],
  },
  { text: "what's scheduled for tomorrow", groups: [[{ call: EVENTS, args: { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  // "It" after a reminder is the reminder, on the calendar at its time (an event of nothing, "too").
  {
    text: 'remind me to call the vet on monday at 10am and add it to my calendar',
    groups: [[{ call: REMIND, args: { text: 'call the vet', at: at('2026-11-23T10:00:00Z') } }, { call: EVENT, args: { title: 'call the vet', start: at('2026-11-23T10:00:00Z') }, after: [0] }]],
  },
  {
    text: 'remind me to call mom tomorrow and put it on my calendar too',
    groups: [[{ call: REMIND, args: { text: 'call mom' } }, { call: EVENT, args: { title: 'call mom' }, after: [0] }]],
  },
  { text: 'remind me to stretch', groups: [[{ call: REMIND, args: { text: { '~': 'stretch' }, at: { absent: true } } }]] },
  { text: 'remind me tomorrow at 8am to call mom', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-22T08:00:00Z') } }]] },
  { text: 'set a reminder for 6pm to take the pills', groups: [[{ call: REMIND, args: { text: 'take the pills', at: at('2026-11-21T18:00:00Z') } }]] },
  { text: 'remind me on Friday to pay the rent', groups: [[{ call: REMIND, args: { text: 'pay the rent', at: { between: ['2026-11-27T00:00:00Z', '2026-11-27T23:59:00Z'] } } }]] },
  { text: 'remind me this evening to water the plants', groups: [[{ call: REMIND, args: { text: 'water the plants', at: { between: ['2026-11-21T17:00:00Z', '2026-11-21T21:00:00Z'] } } }]] },
  { text: "don't let me forget to buy milk tomorrow", groups: [[{ call: REMIND, args: { text: 'buy milk', at: { between: ['2026-11-22T00:00:00Z', '2026-11-22T23:59:00Z'] } } }]] },
  { text: 'set a reminder in 20 minutes to check the laundry', groups: [[{ call: REMIND, args: { text: 'check the laundry', at: at('2026-11-21T10:20:00Z') } }]] },
  { text: 'remind me at 8 to read', groups: [[{ call: REMIND, args: { text: 'read', at: at('2026-11-21T20:00:00Z') } }]] },
  { text: 'wake me up at 6:30 tomorrow', groups: [[{ call: REMIND, args: { text: 'wake up', at: at('2026-11-22T06:30:00Z') } }]] },
  // The same at several times: one each (the later times were read as the reminder's words, or nothing fitted "alarms").
  {
    text: 'set alarms for 6, 6:15 and 6:30',
    groups: [
      [{ call: REMIND, args: { text: 'wake up', at: at('2026-11-22T06:00:00Z') } }],
      [{ call: REMIND, args: { text: 'wake up', at: at('2026-11-22T06:15:00Z') } }],
      [{ call: REMIND, args: { text: 'wake up', at: at('2026-11-22T06:30:00Z') } }],
    ],
  },
  {
    text: 'set an alarm for 7am tomorrow and another one for 7:30',
    groups: [[{ call: REMIND, args: { text: 'wake up', at: at('2026-11-22T07:00:00Z') } }], [{ call: REMIND, args: { text: 'wake up', at: at('2026-11-22T07:30:00Z') } }]],
  },
  {
    text: 'remind me to call mom at 5 and 6',
    groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T17:00:00Z') } }], [{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T18:00:00Z') } }]],
  },
  // Another thing with a time of its own, the verb said once (one event "meeting and a call at 5" was added).
  { text: 'add a meeting at 3 and a call at 5', groups: [[{ call: EVENT, args: { title: 'meeting', start: at('2026-11-21T15:00:00Z') } }], [{ call: EVENT, args: { title: 'call', start: at('2026-11-21T17:00:00Z') } }]] },
  // The first thing said bare, with words of its own (one event, "lunch with bob and a meeting with alice at 4").
  {
    text: 'add lunch with bob at 1 and a meeting with alice at 4',
    groups: [[{ call: EVENT, args: { title: 'lunch with bob', start: at('2026-11-21T13:00:00Z') } }], [{ call: EVENT, args: { title: 'meeting with alice', start: at('2026-11-21T16:00:00Z') } }]],
  },
  // A part of the day after a word of a name is the name's (the event was "game" at 20:00, "poker", and "book" named the method).
  { text: 'add game night to my calendar on friday', groups: [[{ call: EVENT, args: { title: 'game night', start: at('2026-11-27T09:00:00Z') } }]] },
  // An hour without am or pm is after noon beside words of the evening, and stays in the morning otherwise.
  { text: 'add dinner with alice on friday at 7', groups: [[{ call: EVENT, args: { title: 'dinner with alice', start: at('2026-11-27T19:00:00Z') } }]] },
  { text: 'add movie night on saturday at 8', groups: [[{ call: EVENT, args: { title: 'movie night', start: at('2026-11-28T20:00:00Z') } }]] },
  { text: 'add breakfast with bob on friday at 7', groups: [[{ call: EVENT, args: { title: 'breakfast with bob', start: at('2026-11-27T07:00:00Z') } }]] },
  { text: 'remind me to book the restaurant at 1 at night', groups: [[{ call: REMIND, args: { text: 'book the restaurant', at: at('2026-11-22T01:00:00Z') } }]] },
  { text: 'put poker night on the calendar for next friday', groups: [[{ call: EVENT, args: { title: 'poker night' } }]] },
  { text: 'add book club on thursday evening', groups: [[{ call: EVENT, args: { title: 'book club', start: at('2026-11-26T19:00:00Z') } }]] },
  { text: 'call mom friday night', groups: [[{ call: EVENT, args: { title: 'call mom', start: at('2026-11-27T20:00:00Z') } }]] },
  { text: 'remind me to water the plants this evening', groups: [[{ call: REMIND, args: { text: 'water the plants', at: at('2026-11-21T19:00:00Z') } }]] },
  // The unit said last is every bare number's; a request for later is read again then, so what it lacks now is no matter.
  // A length of several parts is one ("1 hour and 30 minutes" set a timer of an hour and asked about "30 minutes").
  // What a timer is for said before its length (it was dropped).
  { text: 'set a timer for the pasta for 12 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 720, label: 'the pasta' } }]] },
  { text: 'start a timer for my tea for 3 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 180, label: 'my tea' } }]] },
  // Named by "called"/"named" (it cancelled a reminder at 10:05 called "set a timer called tea").
  { text: 'set a 5 minute timer called tea', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300, label: 'tea' } }]] },
  { text: 'start a 10 minute timer named pasta', groups: [[{ call: 'calendar.set_timer', args: { seconds: 600, label: 'pasta' } }]] },
  { text: 'set a timer for 5 minutes called tea', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300, label: 'tea' } }]] },
  // What it is for said just before "timer" (it cancelled a reminder at 10:05 called "set a tea timer"), and its length in words (it set a request for 10:05).
  { text: 'set a 5 minute tea timer', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300, label: 'tea' } }]] },
  { text: 'start a 10 minute pasta timer', groups: [[{ call: 'calendar.set_timer', args: { seconds: 600, label: 'pasta' } }]] },
  { text: 'set an oven timer for 45 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 2700, label: 'oven' } }]] },
  { text: 'set a five minute timer', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }]] },
  { text: 'set a two hour timer', groups: [[{ call: 'calendar.set_timer', args: { seconds: 7200 } }]] },
  { text: 'set a half hour timer', groups: [[{ call: 'calendar.set_timer', args: { seconds: 1800 } }]] },
  { text: 'start a quick 5 minute timer', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }]] },
  { text: 'set a new timer for 5 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }]] },
  // Days left out of those it comes round on (they were words of the reminder).
  { text: 'remind me every weekday at 7:30 to take my vitamins except friday', groups: [[{ call: REMIND, args: { text: 'take my vitamins', every: '30 7 * * 1,2,3,4' } }]] },
  { text: 'remind me every day except sunday at 8 to water the plants', groups: [[{ call: REMIND, args: { text: 'water the plants', every: '0 8 * * 1,2,3,4,5,6' } }]] },
  { text: 'set a timer for 1 hour and 30 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 5400 } }]] },
  { text: 'set a timer for 2 hours, 15 minutes and 10 seconds', groups: [[{ call: 'calendar.set_timer', args: { seconds: 8110 } }]] },
  { text: 'set a timer for 5 and 10 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }], [{ call: 'calendar.set_timer', args: { seconds: 600 } }]] },
  // What waits for a timer's end is asked for then, not done once the timer is set.
  {
    text: "set a timer for 10 minutes and when it goes off turn off the kitchen light",
    groups: [[{ call: 'calendar.set_timer', args: { seconds: 600 } }, { call: LATER, args: { text: 'turn off the kitchen light', at: at('2026-11-21T10:10:00Z') }, after: [0] }]],
  },
  {
    text: "set a timer for 20 minutes, and once the timer is up email me",
    groups: [[{ call: 'calendar.set_timer', args: { seconds: 1200 } }, { call: LATER, args: { text: 'email me that the timer is up', at: at('2026-11-21T10:20:00Z') }, after: [0] }]],
  },
  {
    text: 'set a timer for 10 minutes and text bob dinner is ready when it is done',
    groups: [[{ call: 'calendar.set_timer', args: { seconds: 600 } }, { call: LATER, args: { text: 'text bob dinner is ready', at: at('2026-11-21T10:10:00Z') }, after: [0] }]],
  },
  {
    text: 'turn off the lights at 11 and 12',
    groups: [[{ call: LATER, args: { text: 'turn off the lights', at: at('2026-11-21T11:00:00Z') } }], [{ call: LATER, args: { text: 'turn off the lights', at: at('2026-11-21T12:00:00Z') } }]],
  },
  {
    text: 'remind me to call bob in 15 minutes and again in an hour',
    groups: [[{ call: REMIND, args: { text: 'call bob', at: at('2026-11-21T10:15:00Z') } }], [{ call: REMIND, args: { text: 'call bob', at: at('2026-11-21T11:00:00Z') } }]],
  },
  {
    text: 'set a timer for 5 minutes and another for 10 minutes',
    groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }], [{ call: 'calendar.set_timer', args: { seconds: 600 } }]],
  },
  { text: 'every weekday wake me up at 6:45', groups: [[{ call: REMIND, args: { text: 'wake up', every: '45 6 * * 1-5' } }]] },
  { text: 'tomorrow at 9, remind me to call the bank', groups: [[{ call: REMIND, args: { text: 'call the bank', at: at('2026-11-22T09:00:00Z') } }]] },
  { text: 'remind me to buy bread and eggs at 5pm', groups: [[{ call: REMIND, args: { text: 'buy bread and eggs', at: at('2026-11-21T17:00:00Z') } }]] },
  { text: 'schedule lunch with Sarah tomorrow at 1pm', groups: [[{ call: EVENT, args: { title: 'lunch with Sarah', start: at('2026-11-22T13:00:00Z') } }]] },
  // Clock times in words, days said without a time (at 09:00), "next" as a time, ranges of hours.
  { text: 'remind me at quarter past 5 to call mom', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T17:15:00Z') } }]] },
  { text: 'remind me at a quarter to six to call mom', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T17:45:00Z') } }]] },
  { text: 'turn on the porch light at half past seven', groups: [[{ call: LATER, args: { text: 'turn on the porch light', at: at('2026-11-21T19:30:00Z') } }]] },
  { text: 'turn the porch light on at quarter to 8', groups: [[{ call: LATER, args: { text: 'turn the porch light on', at: at('2026-11-21T19:45:00Z') } }]] },
  { text: 'remind me next week to call mom', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-23T09:00:00Z') } }]] },
  { text: 'remind me the day after tomorrow to call mom', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-23T09:00:00Z') } }]] },
  { text: 'remind me in 2 days to call mom', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-23T10:00:00Z') } }]] },
  // A length from now with a half more: all of it (the half was dropped, or read alone, or as an area).
  { text: 'remind me in an hour and a half to check the oven', groups: [[{ call: REMIND, args: { text: 'check the oven', at: at('2026-11-21T11:30:00Z') } }]] },
  { text: 'remind me in two and a half hours to check the oven', groups: [[{ call: REMIND, args: { text: 'check the oven', at: at('2026-11-21T12:30:00Z') } }]] },
  { text: 'turn off the lights in an hour and a half', groups: [[{ call: LATER, args: { text: 'turn off the lights', at: at('2026-11-21T11:30:00Z') } }]] },
  { text: 'next week turn on the porch light', groups: [[{ call: LATER, args: { text: 'turn on the porch light', at: at('2026-11-23T09:00:00Z') } }]] },
  { text: 'turn on the porch light from 7 to 11', groups: [[{ call: LATER, args: { text: 'turn on the porch light for 4 hours', at: at('2026-11-21T19:00:00Z') } }]] },
  { text: 'dim the kitchen lights from 80 to 40', groups: [[{ call: B, args: { location: 'kitchen', percent: 40 } }]] },
  { text: 'set the porch light from 20 to 60', groups: [[{ call: B, args: { location: 'porch', percent: 60 } }]] },
  // A part of a day and a clock time said apart are one time, the clock in that part.
  // Where to clear is no title to clear by; the next appointment is asked of the calendar, not of what was told.
  { text: 'delete everything on my calendar for friday', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-27T00:00:00Z'), to: at('2026-11-28T00:00:00Z'), title: { absent: true } } }]] },
  { text: "what's my next appointment", groups: [[{ call: 'calendar.find_event', args: { title: 'appointment' } }]] },
  { text: 'when is my next meeting', groups: [[{ call: 'calendar.find_event' }]] },
  { text: 'tomorrow morning add a dentist appointment at 9', groups: [[{ call: EVENT, args: { title: 'dentist appointment', start: at('2026-11-22T09:00:00Z') } }]] },
  { text: 'tomorrow evening add dinner with bob at 7', groups: [[{ call: EVENT, args: { title: 'dinner with bob', start: at('2026-11-22T19:00:00Z') } }]] },
  {
    text: 'add a dentist appointment on Tuesday at 3pm for an hour',
    groups: [[{ call: EVENT, args: { title: 'dentist appointment', start: at('2026-11-24T15:00:00Z'), end: at('2026-11-24T16:00:00Z') } }]],
  },
  {
    text: 'put a team meeting on my calendar on Monday from 2 to 3pm',
    groups: [[{ call: EVENT, args: { title: 'team meeting', start: at('2026-11-23T14:00:00Z'), end: at('2026-11-23T15:00:00Z') } }]],
  },
  { text: 'create an event called board game night tomorrow at 8pm', groups: [[{ call: EVENT, args: { title: 'board game night', start: at('2026-11-22T20:00:00Z') } }]] },
  { text: "what's on my calendar tomorrow", groups: [[{ call: EVENTS, args: { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  // Said alone, what is on then (it cleared the day, asking first); a day said of a list names the list (it was the calendar's day).
  // An alarm "for" a clock time that comes round is at that time (it was at 09:00); "for 10 minutes" stays a length.
  // A bare hour after "for" is the alarm's time on those days (it was read as how long, and 09:00 taken).
  { text: 'set an alarm for 7 on weekdays', groups: [[{ call: REMIND, args: { every: '0 7 * * 1-5' } }]] },
  { text: 'set an alarm for 8 on saturdays and sundays', groups: [[{ call: REMIND, args: { every: '0 8 * * 0,6' } }]] },
  { text: 'set an alarm for 6:30am on weekdays', groups: [[{ call: REMIND, args: { every: '30 6 * * 1-5' } }]] },
  { text: 'set an alarm for 7am on weekends', groups: [[{ call: REMIND, args: { every: '0 7 * * 0,6' } }]] },
  { text: "today's events", groups: [[{ call: EVENTS, args: { from: at('2026-11-21T00:00:00Z'), to: at('2026-11-22T00:00:00Z') } }]] },
  { text: "tomorrow's meetings", groups: [[{ call: EVENTS, args: { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: "what's on my to-do list for today", groups: [[{ call: READ_LIST, args: { list: 'to-do' } }]] },
  // What a summary or a list of is, looked up and sent (it was refused as a thing to make up).
  {
    text: "email me a summary of today's events",
    groups: [[{ call: EVENTS, args: { from: at('2026-11-21T00:00:00Z'), to: at('2026-11-22T00:00:00Z') } }, { call: EMAIL, args: { text: { absent: true } }, after: [0] }]],
  },
  { text: 'send alice a list of my reminders', groups: [[{ call: 'calendar.list_reminders' }, { call: EMAIL, args: { to: 'alice' }, after: [0] }]] },
  { text: 'what do I have this week', groups: [[{ call: EVENTS, args: { from: at('2026-11-16T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  // What is still to come in a period starts now, not at the period's start.
  { text: 'what is coming up this week', groups: [[{ call: EVENTS, args: { from: at('2026-11-21T10:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: "what's upcoming this weekend", groups: [[{ call: EVENTS, args: { from: at('2026-11-21T10:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: "what's on the rest of my week", groups: [[{ call: EVENTS, args: { from: at('2026-11-21T10:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: 'show me my calendar for next week', groups: [[{ call: EVENTS, args: { from: at('2026-11-23T00:00:00Z'), to: at('2026-11-30T00:00:00Z') } }]] },
  { text: 'am I free tomorrow afternoon?', groups: [[{ call: EVENTS, args: { from: at('2026-11-22T12:00:00Z'), to: at('2026-11-22T18:00:00Z') } }]] },
  // The time and the day, where the home is.
  { text: 'what time is it', groups: [[{ call: 'calendar.now', args: { date: { absent: true } } }]] },
  // Asked as "tell me": the time, not a message to oneself saying "time".
  { text: 'tell me the time', groups: [[{ call: 'calendar.now', args: { date: { absent: true } } }]] },
  { text: 'what is the date today', groups: [[{ call: 'calendar.now', args: { date: '2026-11-21' } }]] },
  { text: 'what day is the 3rd of January', groups: [[{ call: 'calendar.now', args: { date: '2027-01-03' } }]] },
  // Timers: how long, and what for.
  { text: 'set a timer for 10 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 600 } }]] },
  { text: 'set a 5 minute timer', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }]] },
  { text: 'start a timer for an hour and a half', groups: [[{ call: 'calendar.set_timer', args: { seconds: 5400 } }]] },
  { text: 'set a timer for 12 minutes for the pasta', groups: [[{ call: 'calendar.set_timer', args: { seconds: 720, label: 'the pasta' } }]] },
  // An alarm goes off in the morning unless said otherwise; one said with a length is a timer.
  { text: 'set an alarm for 6:45 tomorrow', groups: [[{ call: REMIND, args: { text: 'wake up', at: at('2026-11-22T06:45:00Z') } }]] },
  { text: 'set an alarm for 7', groups: [[{ call: REMIND, args: { text: 'wake up', at: at('2026-11-22T07:00:00Z') } }]] },
  { text: 'set an alarm for 3pm to pick up the kids', groups: [[{ call: REMIND, args: { text: 'pick up the kids', at: at('2026-11-21T15:00:00Z') } }]] },
  { text: 'set an alarm for 20 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 1200 } }]] },
  // Holidays are days when said as one.
  { text: 'what day is Christmas', groups: [[{ call: 'calendar.now', args: { date: '2026-12-25' } }]] },
  // The sun's times asked about (they were nothing, or asked what day it is).
  { text: 'when is sunset', groups: [[{ call: 'calendar.sun', args: { which: 'sunset', date: { absent: true } } }]] },
  { text: 'what time does the sun rise tomorrow', groups: [[{ call: 'calendar.sun', args: { which: 'sunrise', date: '2026-11-22' } }]] },
  { text: 'when does it get dark', groups: [[{ call: 'calendar.sun', args: { which: 'dusk' } }]] },
  // How far off a day is (they were nothing); a possessive names an event, as before.
  { text: 'how long until christmas', groups: [[{ call: 'calendar.now', args: { date: '2026-12-25' } }]] },
  { text: 'how many days until friday', groups: [[{ call: 'calendar.now', args: { date: '2026-11-27' } }]] },
  { text: 'how many sleeps till christmas', groups: [[{ call: 'calendar.now', args: { date: '2026-12-25' } }]] },
  { text: 'how many days till my birthday', groups: [[{ call: 'calendar.find_event', args: { title: 'birthday' } }]] },
  // A time asked about: how long until it (it said what time it is now).
  { text: 'how long until 5pm', groups: [[{ call: 'calendar.now', args: { time: '17:00', date: { absent: true } } }]] },
  { text: 'how long until friday at 6pm', groups: [[{ call: 'calendar.now', args: { time: '18:00', date: '2026-11-27' } }]] },
  { text: 'when is easter', groups: [[{ call: 'calendar.now', args: { date: '2027-03-28' } }]] },
  { text: 'when is christmas eve', groups: [[{ call: 'calendar.now', args: { date: '2026-12-24' } }]] },
  { text: 'remind me on christmas eve at 6pm to wrap the presents', groups: [[{ call: REMIND, args: { text: 'wrap the presents', at: at('2026-12-24T18:00:00Z') } }]] },
  { text: "what's on my calendar on new year's eve", groups: [[{ call: EVENTS, args: { from: '2026-12-31T00:00:00Z', to: '2027-01-01T00:00:00Z' } }]] },
  { text: 'snooze', groups: [[{ call: 'calendar.snooze', args: {} }]] },
  { text: 'pause the timer', groups: [[{ call: 'calendar.pause_timer', args: {} }]] },
  // A length said of the timer is its name, not when to pause it.
  { text: 'pause the 10 minute timer', groups: [[{ call: 'calendar.pause_timer', args: { label: '10 minute' } }]] },
  { text: 'resume the timer for the pasta', groups: [[{ call: 'calendar.resume_timer', args: { label: 'pasta' } }]] },
  { text: 'unpause my egg timer', groups: [[{ call: 'calendar.resume_timer', args: { label: 'egg' } }]] },
  // Every timer, not the list of them, nor one asked about.
  { text: 'pause all my timers', groups: [[{ call: 'calendar.pause_timer', args: { all: true, label: { absent: true } } }]] },
  { text: 'pause my timers', groups: [[{ call: 'calendar.pause_timer', args: { all: true } }]] },
  { text: 'pause both timers', groups: [[{ call: 'calendar.pause_timer', args: { all: true } }]] },
  { text: 'pause all the egg timers', groups: [[{ call: 'calendar.pause_timer', args: { all: true, label: 'egg' } }]] },
  { text: 'resume all my timers', groups: [[{ call: 'calendar.resume_timer', args: { all: true, label: { absent: true } } }]] },
  { text: 'unpause every timer', groups: [[{ call: 'calendar.resume_timer', args: { all: true } }]] },
  // A guard: one timer said, one paused.
  { text: 'pause my timer', groups: [[{ call: 'calendar.pause_timer', args: { all: { absent: true } } }]] },
  { text: 'snooze for 5 minutes', groups: [[{ call: 'calendar.snooze', args: { seconds: 300 } }]] },
  { text: 'remind me again in 20 minutes', groups: [[{ call: 'calendar.snooze', args: { at: at('2026-11-21T10:20:00Z') } }]] },
  { text: 'cancel all my reminders', groups: [[{ call: 'calendar.clear_reminders', args: { text: { absent: true } } }]] },
  { text: 'delete all my reminders about the bins', groups: [[{ call: 'calendar.clear_reminders', args: { text: { '~': 'bins' } } }]] },
  // All of one kind: only those ("cancel all my timers" stopped every reminder; "delete all my alarms" looked for events called "my alarms").
  { text: 'cancel all my timers', groups: [[{ call: 'calendar.clear_reminders', args: { kind: 'timer', text: { absent: true } } }]] },
  { text: 'delete all my alarms', groups: [[{ call: 'calendar.clear_reminders', args: { kind: 'alarm', text: { absent: true } } }]] },
  { text: 'stop all my routines', groups: [[{ call: 'calendar.clear_reminders', args: { kind: 'routine' } }]] },
  { text: 'cancel all my reminders about the bins', groups: [[{ call: 'calendar.clear_reminders', args: { kind: { absent: true } } }]] },
  // Those of a day (the text was "tomorrow", or one reminder was cancelled at 09:00, or every one).
  { text: 'cancel all my reminders for tomorrow', groups: [[{ call: 'calendar.clear_reminders', args: { from: '2026-11-22T00:00:00Z', to: '2026-11-23T00:00:00Z', text: { absent: true } } }]] },
  { text: 'cancel my reminders for tomorrow', groups: [[{ call: 'calendar.clear_reminders', args: { from: '2026-11-22T00:00:00Z', to: '2026-11-23T00:00:00Z', text: { absent: true } } }]] },
  { text: "delete tomorrow's reminders", groups: [[{ call: 'calendar.clear_reminders', args: { from: '2026-11-22T00:00:00Z', to: '2026-11-23T00:00:00Z', text: { absent: true } } }]] },
  { text: 'delete my alarms for tomorrow', groups: [[{ call: 'calendar.clear_reminders', args: { kind: 'alarm', from: '2026-11-22T00:00:00Z' } }]] },
  { text: 'when is my dentist appointment?', groups: [[{ call: 'calendar.find_event', args: { title: 'dentist appointment' } }]] },
  // "How long until", "how long is": when it is (nothing fitted; "how long is my meeting" sent the bot to a player called "long").
  { text: 'how many days until my dentist appointment', groups: [[{ call: 'calendar.find_event', args: { title: 'dentist appointment' } }]] },
  { text: 'how long is my meeting', groups: [[{ call: 'calendar.find_event', args: { title: 'meeting' } }]] },
  { text: 'go to the meeting point', groups: [[{ call: null }]] },
  { text: 'when do I have lunch with alice', groups: [[{ call: 'calendar.find_event', args: { title: 'lunch with alice' } }]] },
  // A particle that ends the request is part of it.
  { text: 'remind me every Tuesday at 8pm to take the bins in', groups: [[{ call: REMIND, args: { text: 'take the bins in', every: '0 20 * * 2' } }]] },
  { text: 'every first of the month remind me to pay rent', groups: [[{ call: REMIND, args: { text: 'pay rent', every: '0 9 1 * *' } }]] },
  { text: 'remind me on the first of every month to pay rent', groups: [[{ call: REMIND, args: { text: 'pay rent', every: '0 9 1 * *' } }]] },
  { text: 'remind me to call mom in 10 minutes', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T10:10:00Z') } }]] },
  { text: 'block my calendar on Monday from 9 to 5 for work', groups: [[{ call: EVENT, args: { title: 'work', start: '2026-11-23T09:00:00Z', end: '2026-11-23T17:00:00Z' } }]] },
  { text: 'cancel the timer', groups: [[{ call: 'calendar.cancel_reminder' }]] },
  // Which timer or routine, by words said before its name (nothing fitted).
  { text: 'cancel the eggs timer', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'eggs' } }]] },
  { text: 'stop the porch light routine', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'porch light' } }]] },
  // A length said of a thing is no time to do it at; one said with "in" is.
  { text: 'remind me in 10 minutes to check the oven', groups: [[{ call: REMIND, args: { text: 'check the oven', at: at('2026-11-21T10:10:00Z') } }]] },
  { text: 'is anything on at 3pm Friday', groups: [[{ call: EVENTS, args: { from: at('2026-11-27T15:00:00Z') } }]] },
  { text: 'how long is left on my timer', groups: [[{ call: 'calendar.list_reminders' }]] },
  // Asked of a timer by its end: the timers, with what is left of each (nothing fitted "how long until my pasta timer is done").
  { text: "put a reminder in for my mom's birthday on march 3rd", groups: [[{ call: REMIND, args: { at: at('2027-03-03T09:00:00Z'), text: "my mom's birthday" } }]] },
  { text: 'how long until my pasta timer is done', groups: [[{ call: 'calendar.list_reminders' }]] },
  { text: 'how much time until the timer goes off', groups: [[{ call: 'calendar.list_reminders' }]] },
  { text: 'how long until my dentist appointment', groups: [[{ call: 'calendar.find_event', args: { title: 'dentist appointment' } }]] },
  // A timer started again goes on from where it was paused; a new one says how long.
  { text: 'start the timer again', groups: [[{ call: 'calendar.resume_timer', args: {} }]] },
  { text: 'restart the pasta timer', groups: [[{ call: 'calendar.resume_timer', args: { label: 'pasta' } }]] },
  { text: 'start a timer for 5 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }]] },
  { text: 'start the timer for 5 minutes', groups: [[{ call: 'calendar.set_timer', args: { seconds: 300 } }]] },
  // Events taken off the calendar, by words of their title and their day.
  { text: 'cancel my dentist appointment', groups: [[{ call: UNEVENT, args: { title: 'dentist appointment', from: { absent: true } } }]] },
  { text: 'delete lunch with alice from my calendar', groups: [[{ call: UNEVENT, args: { title: 'lunch with alice' } }]] },
  { text: 'call off the party tomorrow', groups: [[{ call: UNEVENT, args: { title: 'party', from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: 'cancel dinner on Friday', groups: [[{ call: UNEVENT, args: { title: 'dinner', from: at('2026-11-27T00:00:00Z') } }]] },
  // Moved: what is said of the new time, and nothing else (the rest is kept).
  { text: 'move my dentist appointment to 4pm', groups: [[{ call: 'calendar.move_event', args: { title: 'dentist appointment', time: '16:00', date: { absent: true } } }]] },
  { text: 'reschedule lunch with alice to Friday', groups: [[{ call: 'calendar.move_event', args: { title: 'lunch with alice', date: '2026-11-27', time: { absent: true } } }]] },
  // Without "my" or "the" (it became a new event called "move lunch with bob"); "move to bob" is no event moved.
  { text: 'move lunch with bob to 1pm', groups: [[{ call: 'calendar.move_event', args: { title: 'lunch with bob', time: '13:00' } }]] },
  // Two times: the one after "to" is where it moves; the other names the event (it moved to 3pm, "meeting to 4pm").
  { text: 'move my 3pm meeting to 4pm', groups: [[{ call: 'calendar.move_event', args: { title: '3pm meeting', time: '16:00' } }]] },
  // A bare hour after the time the title was said with: when, on the side of noon nearest it (it moved a "meeting to 4" to 15:00).
  { text: 'move my 3pm meeting to 4', groups: [[{ call: 'calendar.move_event', args: { title: '3pm meeting', time: '16:00' } }]] },
  { text: 'move my 11am meeting to 1', groups: [[{ call: 'calendar.move_event', args: { title: '11am meeting', time: '13:00' } }]] },
  // Moved by a length, from where it is (it was moved to an hour from now, or nothing fitted).
  { text: 'push my 3pm meeting back an hour', groups: [[{ call: 'calendar.move_event', args: { title: { '~': '3pm meeting' }, by: 60, time: { absent: true }, date: { absent: true } } }]] },
  { text: 'bring the dentist forward 30 minutes', groups: [[{ call: 'calendar.move_event', args: { title: 'dentist', by: -30 } }]] },
  { text: 'move my dentist appointment an hour later', groups: [[{ call: 'calendar.move_event', args: { title: 'dentist appointment', by: 60 } }]] },
  { text: 'push back the 10am call to 11:30', groups: [[{ call: 'calendar.move_event', args: { title: '10am call', time: '11:30' } }]] },
  { text: 'move to bob', groups: [[{ call: null }]] },
  { text: 'how many items are on the shopping list?', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }]] },
  { text: 'move the team meeting to Monday at 10am', groups: [[{ call: 'calendar.move_event', args: { title: 'team meeting', date: '2026-11-23', time: '10:00' } }]] },
  { text: 'add a meeting to move the couch tomorrow at 5pm', groups: [[{ call: EVENT, args: { title: 'meeting to move the couch', start: at('2026-11-22T17:00:00Z') } }]] },
  // Cleared: every event of a period, or those whose titles share a word said.
  // The requester's part of the day (it cleared with no period, which cannot be done); a name stays a name.
  { text: 'clear my afternoon', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-21T12:00:00Z'), to: at('2026-11-21T18:00:00Z'), title: { absent: true } } }]] },
  { text: 'clear my friday afternoon', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-27T12:00:00Z'), to: at('2026-11-27T18:00:00Z'), title: { absent: true } } }]] },
  // The part of the day said before the day: that part of it, not the whole day (it cleared every event of the day).
  { text: 'clear my morning tomorrow', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-22T06:00:00Z'), to: at('2026-11-22T12:00:00Z'), title: { absent: true } } }]] },
  { text: 'clear my afternoon on friday', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-27T12:00:00Z'), to: at('2026-11-27T18:00:00Z'), title: { absent: true } } }]] },
  { text: "what's on my afternoon tomorrow", groups: [[{ call: EVENTS, args: { from: at('2026-11-22T12:00:00Z'), to: at('2026-11-22T18:00:00Z') } }]] },
  { text: 'remind me at night tomorrow to lock up', groups: [[{ call: REMIND, args: { text: 'lock up', at: at('2026-11-22T20:00:00Z') } }]] },
  { text: 'game night tomorrow at 8pm', groups: [[{ call: EVENT, args: { title: 'game night', start: at('2026-11-22T20:00:00Z') } }]] },
  // "Between 2 and 3" is a range, as "from 2 to 3" is (it was 09:00, and the words were the title's).
  { text: 'schedule a call with alice tomorrow between 2 and 3', groups: [[{ call: EVENT, args: { title: 'call with alice', start: at('2026-11-22T14:00:00Z'), end: at('2026-11-22T15:00:00Z') } }]] },
  { text: 'am I free between 2pm and 4pm tomorrow', groups: [[{ call: EVENTS, args: { from: at('2026-11-22T14:00:00Z'), to: at('2026-11-22T16:00:00Z') } }]] },
  { text: 'turn on the porch light between 7pm and 11pm', groups: [[{ call: LATER, args: { text: 'turn on the porch light for 4 hours', at: at('2026-11-21T19:00:00Z') } }]] },
  // "Before it starts": before the event said earlier, as "before" alone (it was 15 minutes before now, "it starts" in the words).
  { text: 'remind me about the meeting 15 minutes before it starts', groups: [[{ call: REMIND, args: { event: 'the meeting', ahead: 900, at: { absent: true } } }]] },
  // More time on a timer (it made an event called "timer", or asked for "add to the timer" in 10 minutes).
  { text: 'add 10 minutes to the timer', groups: [[{ call: 'calendar.add_to_timer', args: { seconds: 600, label: { absent: true } } }]] },
  { text: 'put 5 more minutes on the pasta timer', groups: [[{ call: 'calendar.add_to_timer', args: { seconds: 300, label: 'pasta' } }]] },
  { text: 'give the timer another 2 minutes', groups: [[{ call: 'calendar.add_to_timer', args: { seconds: 120 } }]] },
  // A while before no event named, after one was made: before that one, once it is made (it had no event, and failed).
  { text: 'add a dentist appointment on friday at 3 and remind me an hour before', groups: [[{ call: EVENT, args: { title: 'dentist appointment', start: at('2026-11-27T15:00:00Z') } }, { call: REMIND, args: { event: 'dentist appointment', ahead: 3600 } }]] },
  // "My next reminder": the reminders, the soonest first (it was nothing).
  { text: "what's my next reminder", groups: [[{ call: 'calendar.list_reminders' }]] },
  // An event renamed (it was nothing).
  { text: 'rename my dentist appointment to dentist checkup', groups: [[{ call: 'calendar.rename_event', args: { title: 'dentist appointment', name: 'dentist checkup' } }]] },
  { text: "rename tomorrow's meeting to planning", groups: [[{ call: 'calendar.rename_event', args: { title: 'meeting', name: 'planning', from: at('2026-11-22T00:00:00Z') } }]] },
  { text: 'rename the shopping list to groceries', groups: [[{ call: 'documents.rename_list', args: { list: 'shopping', to: 'groceries' } }]] },
  { text: 'cancel my morning meeting', groups: [[{ call: 'calendar.cancel_event', args: { title: 'morning meeting' } }]] },
  { text: 'remind me about my morning routine', groups: [[{ call: 'calendar.create_reminder', args: { text: 'my morning routine', at: { absent: true } } }]] },
  { text: 'clear my calendar for tomorrow', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z'), title: { absent: true } } }]] },
  // "Today and tomorrow": both days (today alone was read).
  { text: "what's on my calendar today and tomorrow", groups: [[{ call: EVENTS, args: { from: at('2026-11-21T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  // "The rest of the day/week": from now to its end (it was tomorrow, or Saturday).
  { text: "what's on my calendar for the rest of the week", groups: [[{ call: EVENTS, args: { from: at('2026-11-21T10:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: 'what do I have for the rest of the day', groups: [[{ call: EVENTS, args: { from: at('2026-11-21T10:00:00Z'), to: at('2026-11-22T00:00:00Z') } }]] },
  // "Clear everything": every event then (an event was added at 11:00 today, without a title).
  { text: 'clear everything on my calendar on friday', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-27T00:00:00Z'), to: at('2026-11-28T00:00:00Z'), title: { absent: true } } }]] },
  { text: 'cancel all my meetings on Friday', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-27T00:00:00Z'), title: { '~': 'meetings' } } }]] },
  // All of them, not those called "my events"; the dentist's, not "my dentist appointments".
  { text: 'delete all my events tomorrow', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z'), title: { absent: true } } }]] },
  { text: 'cancel all my dentist appointments', groups: [[{ call: 'calendar.clear_events', args: { title: 'dentist appointments' } }]] },
  // The verb and a day said as an owner are no words of the titles ("cancel tomorrow's meetings" looked for events called so).
  { text: "cancel tomorrow's meetings with bob", groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z'), title: 'meetings with bob' } }]] },
  { text: "delete friday's events", groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-27T00:00:00Z'), to: at('2026-11-28T00:00:00Z'), title: { absent: true } } }]] },
  // Not an event: a reminder, and the bot's task.
  { text: 'cancel my reminder to take out the trash', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'take out the trash' } }]] },
  // By when it is due alone: no words of its text (it looked for a reminder about "cancel my reminder", and found none).
  { text: 'cancel my 3pm reminder', groups: [[{ call: 'calendar.cancel_reminder', args: { at: at('2026-11-21T15:00:00Z'), text: { absent: true } } }]] },
  { text: "cancel tomorrow's reminder", groups: [[{ call: 'calendar.cancel_reminder', args: { text: { absent: true } } }]] },
  { text: 'halt', groups: [[{ call: 'minecraft.stop' }]] },
  // A time said as how long before an event is the calendar's to work out when it is set (it was read as that long before now).
  { text: 'remind me an hour before my dentist appointment', groups: [[{ call: REMIND, args: { event: 'my dentist appointment', ahead: 3600, text: 'my dentist appointment', at: { absent: true } } }]] },
  { text: 'remind me to leave 30 minutes before my flight', groups: [[{ call: REMIND, args: { text: 'leave', event: 'my flight', ahead: 1800, at: { absent: true } } }]] },
  { text: 'remind me to bring the cake 10 minutes before the party on friday', groups: [[{ call: REMIND, args: { text: 'bring the cake', event: 'the party on friday', ahead: 600 } }]] },
  { text: "remind me a day and a half before mom's birthday party", groups: [[{ call: REMIND, args: { event: "mom's birthday party", ahead: 129_600 } }]] },
  { text: 'remind me 1 hour and 30 minutes ahead of the interview', groups: [[{ call: REMIND, args: { event: 'the interview', ahead: 5400 } }]] },
  { text: 'remind me about the dentist an hour before', groups: [[{ call: REMIND, args: { text: 'the dentist', event: 'the dentist', ahead: 3600 } }]] },
  // "The day before" is a day before (it was a reminder an hour from now); "the night before" depends on when the event is: asked (it was tonight).
  { text: 'remind me about the dentist appointment the day before', groups: [[{ call: REMIND, args: { event: 'the dentist appointment', ahead: 86_400, at: { absent: true } } }]] },
  { text: "remind me to buy a gift the day before alice's birthday", groups: [[{ call: REMIND, args: { text: 'buy a gift', event: "alice's birthday", ahead: 86_400, at: { absent: true } } }]] },
  { text: "remind me the week before mom's birthday", groups: [[{ call: REMIND, args: { event: "mom's birthday", ahead: 604_800 } }]] },
  { text: 'remind me to pack the night before my flight', groups: [[{ call: null, reason: /"the night before" is no one time: say how long before \(e\.g\. "remind me to pack a day before my flight"\)/ }]] },
  // Not an event: a time ("before noon"), or no length ("stretch before bed" is what to do).
  { text: 'remind me 10 minutes before noon to stretch', groups: [[{ call: REMIND, args: { event: { absent: true }, text: 'stretch' } }]] },
  { text: 'remind me to stretch before bed', groups: [[{ call: REMIND, args: { text: 'stretch before bed', event: { absent: true } } }]] },
  // "Next" asked about is no action to come next: "on my calendar" alone was an event to add.
  { text: "what's next on my calendar", groups: [[{ call: 'calendar.find_event', args: { title: 'next event' } }]] },
  { text: 'what comes next on my schedule', groups: [[{ call: 'calendar.find_event', args: { title: 'next event' } }]] },
  // What takes no time is asked for then: the porch light was turned on at once.
  { text: 'turn on the porch light 20 minutes before the dinner with alice', groups: [[{ call: LATER, args: { text: 'turn on the porch light', event: 'the dinner with alice', ahead: 1200, at: { absent: true } } }]] },
  // A day's own event ("tomorrow's standup"): the day is when it is, the rest its title. It was nothing,
  // a question of what day tomorrow is, or (asked "what time is") an event called "what time is meeting" added.
  { text: "cancel tomorrow's standup", groups: [[{ call: UNEVENT, args: { title: 'standup', from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: "skip tomorrow's standup", groups: [[{ call: UNEVENT, args: { title: 'standup', from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: 'skip the team lunch', groups: [[{ call: UNEVENT, args: { title: 'team lunch' } }]] },
  { text: "call off monday's team standup", groups: [[{ call: UNEVENT, args: { title: 'team standup', from: at('2026-11-23T00:00:00Z'), to: at('2026-11-24T00:00:00Z') } }]] },
  { text: "when is tomorrow's standup", groups: [[{ call: 'calendar.find_event', args: { title: 'standup', from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: "what time is friday's meeting?", groups: [[{ call: 'calendar.find_event', args: { title: 'meeting', from: at('2026-11-27T00:00:00Z'), to: at('2026-11-28T00:00:00Z') } }]] },
  { text: 'what time is the standup tomorrow', groups: [[{ call: 'calendar.find_event', args: { title: 'standup', from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  // An event that repeats is added once, coming round (it was a request to add one, run every Monday; or "every year" was words of its title).
  { text: 'add a weekly team meeting every monday at 10am', groups: [[{ call: EVENT, args: { title: 'team meeting', every: '0 10 * * 1', start: { absent: true } } }]] },
  { text: 'put standup on my calendar every weekday at 9:30', groups: [[{ call: EVENT, args: { title: 'standup', every: '30 9 * * 1-5' } }]] },
  { text: 'add yoga every tuesday and thursday at 6pm', groups: [[{ call: EVENT, args: { title: 'yoga', every: '0 18 * * 2,4' } }]] },
  { text: "add mom's birthday on march 3rd every year", groups: [[{ call: EVENT, args: { title: "mom's birthday", every: '0 9 3 3 *' } }]] },
  { text: "add mom's birthday every march 3rd", groups: [[{ call: EVENT, args: { title: "mom's birthday", every: '0 9 3 3 *' } }]] },
  { text: 'add pay rent to my calendar on the 1st of every month', groups: [[{ call: EVENT, args: { title: 'pay rent', every: '0 9 1 * *' } }]] },
  // One there is already, named by how often it comes: which one, not when (a request to cancel it was run every Saturday).
  { text: 'cancel my weekly team meeting', groups: [[{ call: UNEVENT, args: { title: 'team meeting', all: true } }]] },
  { text: 'delete the team meeting for good', groups: [[{ call: UNEVENT, args: { title: 'team meeting', all: true } }]] },
  { text: 'cancel the team meeting on monday', groups: [[{ call: UNEVENT, args: { title: 'team meeting', all: { absent: true }, from: at('2026-11-23T00:00:00Z') } }]] },
  // Said without "my" or "the" (nothing fitted).
  { text: 'cancel lunch with sam', groups: [[{ call: UNEVENT, args: { title: 'lunch with sam' } }]] },
  { text: 'call off dinner with the smiths', groups: [[{ call: UNEVENT, args: { title: 'dinner with the smiths' } }]] },
  { text: 'when is my weekly team meeting', groups: [[{ call: 'calendar.find_event', args: { title: 'team meeting' } }]] },
  { text: 'move my weekly team meeting to 11', groups: [[{ call: 'calendar.move_event', args: { title: 'team meeting', time: '11:00', all: true } }]] },
  { text: 'move the team meeting to tuesday from now on', groups: [[{ call: 'calendar.move_event', args: { title: 'team meeting', date: '2026-11-24', time: { absent: true }, all: true } }]] },
  { text: 'move the team meeting to 11', groups: [[{ call: 'calendar.move_event', args: { title: 'team meeting', time: '11:00', all: { absent: true } } }]] },
  { text: 'remind me 15 minutes before every team meeting', groups: [[{ call: REMIND, args: { event: 'every team meeting', ahead: 900, at: { absent: true } } }]] },
  { text: 'remind me about my weekly meeting an hour before', groups: [[{ call: REMIND, args: { event: 'my weekly meeting', ahead: 3600, every: { absent: true } } }]] },
  // "The next two weeks" is from now to the end of them (it was the one day two weeks on).
  { text: "what's on my calendar in the next two weeks", groups: [[{ call: EVENTS, args: { from: at('2026-11-21T10:00:00Z'), to: at('2026-12-06T00:00:00Z') } }]] },
  { text: 'what do i have over the next 3 days', groups: [[{ call: EVENTS, args: { from: at('2026-11-21T10:00:00Z'), to: at('2026-11-25T00:00:00Z') } }]] },
  { text: 'remind me in the next few days to call mom', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-24T09:00:00Z') } }]] },
  // Every one of a name, with no period said: all those to come (planned so before, it failed for want of a period).
  { text: 'cancel every team meeting', groups: [[{ call: 'calendar.clear_events', args: { title: 'team meeting', from: { absent: true } } }]] },
  // Several of a day's events are all of them, as before; a statement names an event, it asks nothing.
  { text: "delete friday's meetings", groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-27T00:00:00Z'), to: at('2026-11-28T00:00:00Z') } }]] },
  { text: 'the party is at 8', groups: [[{ call: EVENT }]] },
  // A question about the first of a day names no move (it moved "what's my first meeting" to tomorrow).
  { text: "what's my first meeting tomorrow", groups: [[{ call: 'calendar.find_event', args: { title: 'meeting', from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: 'do I have anything tomorrow morning', groups: [[{ call: EVENTS, args: { from: at('2026-11-22T06:00:00Z'), to: at('2026-11-22T12:00:00Z') } }]] },
  { text: 'clear my friday morning', groups: [[{ call: 'calendar.clear_events', args: { from: at('2026-11-27T06:00:00Z'), to: at('2026-11-27T12:00:00Z') } }]] },
  // Told to do something then is reminded of it (a message went to "call", saying "at 5pm bob").
  { text: 'tell me at 5pm to call bob', groups: [[{ call: REMIND, args: { text: 'call bob', at: at('2026-11-21T17:00:00Z') } }]] },
  { text: 'tell me tomorrow to take out the bins', groups: [[{ call: REMIND, args: { text: 'take out the bins', at: { between: ['2026-11-22T00:00:00Z', '2026-11-22T23:59:00Z'] } } }]] },
  { text: 'tell me how to get there', groups: [[{ call: null }]] },
  // Reminders asked about or moved: none is made (one called "7pm" was set) or stopped (a move was a cancel).
  { text: "when's my next reminder", groups: [[{ call: 'calendar.list_reminders' }]] },
  { text: 'change my 6pm reminder to 7pm', groups: [[{ call: 'calendar.move_reminder', args: { text: '6pm', time: '19:00' } }]] },
  { text: 'push my reminder back 10 minutes', groups: [[{ call: 'calendar.move_reminder', args: { by: 10, text: { absent: true } } }]] },
  { text: 'move the reminder about the pills to 8pm', groups: [[{ call: 'calendar.move_reminder', args: { text: 'the pills', time: '20:00' } }]] },
  { text: 'move my alarm to 6:30', groups: [[{ call: 'calendar.move_reminder', args: { text: 'wake up', time: '06:30' } }]] },
  { text: 'remind me to call bob at 5', groups: [[{ call: REMIND, args: { text: 'call bob', at: at('2026-11-21T17:00:00Z') } }]] },
  // Times in a row said with words ("noon", "midnight") are one reminder each (the one at 6pm was dropped).
  {
    text: 'remind me at noon and at 6pm to take my pills',
    groups: [[{ call: REMIND, args: { text: 'take my pills', at: at('2026-11-21T12:00:00Z') } }], [{ call: REMIND, args: { text: 'take my pills', at: at('2026-11-21T18:00:00Z') } }]],
  },
  {
    text: 'turn on the porch light at noon and midnight',
    groups: [[{ call: LATER, args: { at: at('2026-11-21T12:00:00Z') } }], [{ call: LATER, args: { at: at('2026-11-22T00:00:00Z') } }]],
  },
  // The hour a move goes to, said bare: "to 11" was words of the title, and no time.
  { text: 'move the meeting to 11', groups: [[{ call: 'calendar.move_event', args: { title: 'meeting', time: '11:00', date: { absent: true } } }]] },
  { text: 'reschedule my haircut to 2', groups: [[{ call: 'calendar.move_event', args: { time: '14:00' } }]] },
  // A day's own is the day the event is on, not where it goes: with two standups, "move tomorrow's standup to 11" asked which.
  { text: "move tomorrow's standup to 9 o'clock", groups: [[{ call: 'calendar.move_event', args: { title: 'standup', time: '09:00', date: { absent: true }, from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: "move friday's meeting to monday", groups: [[{ call: 'calendar.move_event', args: { title: 'meeting', date: '2026-11-23', from: at('2026-11-27T00:00:00Z') } }]] },
  { text: "push tomorrow's dentist appointment back an hour", groups: [[{ call: 'calendar.move_event', args: { title: 'dentist appointment', by: 60, from: at('2026-11-22T00:00:00Z') } }]] },
  { text: 'move the meeting to tomorrow', groups: [[{ call: 'calendar.move_event', args: { title: 'meeting', date: '2026-11-22', from: { absent: true } } }]] },
  { text: 'move the meeting to 10 minutes later', groups: [[{ call: 'calendar.move_event', args: { time: { absent: true } } }]] },
];

/** Reminders that come round again, and the reminders a requester has: listed, stopped. */
export const RECURRING_CASES: PlanCase[] = [
  // "For tomorrow" says what is sent each night, not how long: it came at 09:00 with "at 9" in its words.
  { text: 'send me my calendar for tomorrow every night at 9', groups: [[{ call: LATER, args: { every: '0 21 * * *', text: 'send me my calendar for tomorrow' } }]] },
  { text: 'every night at 9 email me my calendar for tomorrow', groups: [[{ call: LATER, args: { every: '0 21 * * *', text: 'email me my calendar for tomorrow' } }]] },
  // Said once, "for tonight" is how long: on now.
  { text: 'turn on the porch light for tonight', groups: [[{ call: T, args: { location: 'porch', desired_state: true } }]] },
  // Days and a time said before the verb are one when: the "and" between the days split the request (it asked about "every monday").
  { text: 'every monday and thursday at 8pm remind me to take out the trash', groups: [[{ call: REMIND, args: { every: '0 20 * * 1,4', text: 'take out the trash' } }]] },
  { text: 'every saturday and sunday at 9 turn on the kitchen light', groups: [[{ call: LATER, args: { every: '0 9 * * 0,6', text: 'turn on the kitchen light' } }]] },
  // Days of the week left out, said in the plural: "except fridays" was read as every Friday, and the routine dropped (once, at 23:00).
  { text: 'turn off the porch light every night at 11 except fridays', groups: [[{ call: LATER, args: { every: '0 23 * * 0,1,2,3,4,6', text: 'turn off the porch light' } }]] },
  { text: 'turn off the lights every night at 11 except on fridays', groups: [[{ call: LATER, args: { every: '0 23 * * 0,1,2,3,4,6', text: 'turn off the lights' } }]] },
  // Every hour or so, within some hours of the day: the hours were not kept (every hour, day and night).
  { text: 'remind me to stretch every hour between 9 and 5', groups: [[{ call: REMIND, args: { every: '0 9-17 * * *', text: 'stretch' } }]] },
  { text: 'remind me every 2 hours from 8am to 8pm to drink water', groups: [[{ call: REMIND, args: { every: '0 8-20/2 * * *', text: 'drink water' } }]] },
  { text: 'remind me every 15 minutes between 2 and 6 to check the bread', groups: [[{ call: REMIND, args: { every: '*/15 14-17 * * *', text: 'check the bread' } }]] },
  // The days left out said as the weekend or weekdays: "except on weekends" was read as on weekends (and kept "except" in the words).
  { text: 'remind me every morning at 7 to take my vitamins except on weekends', groups: [[{ call: REMIND, args: { every: '0 7 * * 1-5', text: 'take my vitamins' } }]] },
  { text: 'turn on the kitchen light every day at 7am except weekends', groups: [[{ call: LATER, args: { every: '0 7 * * 1-5', text: 'turn on the kitchen light' } }]] },
  { text: 'remind me every day but not on weekdays to sleep in', groups: [[{ call: REMIND, args: { every: '0 9 * * 0,6', text: 'sleep in' } }]] },
  { text: 'remind me on weekends at 10 to water the garden', groups: [[{ call: REMIND, args: { every: '0 10 * * 0,6', text: 'water the garden' } }]] },
  // Each month's end is no day a routine keeps to (it came on the 1st): said so, with what can be kept; once, it is that month's last day.
  { text: 'remind me on the last day of every month to pay rent', groups: [[{ call: null, reason: /^I cannot repeat something "on the last day of every month", as months end on different days/ }]] },
  { text: 'remind me at the end of the month to pay rent', groups: [[{ call: REMIND, args: { at: at('2026-11-30T09:00:00Z'), text: 'pay rent' } }]] },
  { text: 'email bob that rent is due at the end of every month', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'rent is due at the end of every month' } }]] },
  // Two patterns one routine cannot hold (other minutes, other days): a routine each.
  {
    text: 'remind me every morning at 8:30 and every evening at 8 to take my pills',
    groups: [[{ call: REMIND, args: { text: 'take my pills', every: '30 8 * * *' } }], [{ call: REMIND, args: { text: 'take my pills', every: '0 20 * * *' } }]],
  },
  {
    text: 'remind me to take my pills at 8:30am and 8pm every day',
    groups: [[{ call: REMIND, args: { text: 'take my pills', every: '30 8 * * *' } }], [{ call: REMIND, args: { text: 'take my pills', every: '0 20 * * *' } }]],
  },
  {
    text: 'remind me every monday at 9 and every friday at 5pm to water the plants',
    groups: [[{ call: REMIND, args: { text: 'water the plants', every: '0 9 * * 1' } }], [{ call: REMIND, args: { text: 'water the plants', every: '0 17 * * 5' } }]],
  },
  {
    text: 'turn on the porch light every day at 7 and every weekend at 9',
    groups: [[{ call: LATER, args: { text: 'turn on the porch light', every: '0 7 * * *' } }], [{ call: LATER, args: { text: 'turn on the porch light', every: '0 9 * * 0,6' } }]],
  },
  // Alike but for the hour: one routine at both.
  { text: 'remind me to take my pills every morning at 8 and every evening at 8', groups: [[{ call: REMIND, args: { text: 'take my pills', every: '0 8,20 * * *' } }]] },
  // Two parts of the day, each at its time (the second was read as words of the reminder).
  { text: 'remind me to take my pills every morning at 8 and every evening at 8', groups: [[{ call: REMIND, args: { every: '0 8,20 * * *', text: 'take my pills' } }]] },
  { text: 'remind me every morning and every evening to take my pills', groups: [[{ call: REMIND, args: { every: '0 8,19 * * *', text: 'take my pills' } }]] },
  { text: 'remind me to feed the cat every morning at 7 and every night at 10', groups: [[{ call: REMIND, args: { every: '0 7,22 * * *', text: 'feed the cat' } }]] },
  // What is set, asked about (it was a question to long-term memory).
  { text: 'what did I ask you to remind me about', groups: [[{ call: 'calendar.list_reminders', args: {} }]] },
  { text: 'what are you going to remind me about', groups: [[{ call: 'calendar.list_reminders', args: {} }]] },
  { text: 'remind me every monday at 8am to take out the trash', groups: [[{ call: REMIND, args: { every: '0 8 * * 1', text: 'take out the trash', at: { absent: true } } }]] },
  { text: 'remind me every day at 9pm to take my pills', groups: [[{ call: REMIND, args: { every: '0 21 * * *', text: 'take my pills' } }]] },
  { text: 'every weekday morning remind me to stretch', groups: [[{ call: REMIND, args: { every: '0 8 * * 1-5', text: { '~': 'stretch' } } }]] },
  { text: 'remind me on tuesdays and fridays at 6pm to water the plants', groups: [[{ call: REMIND, args: { every: '0 18 * * 2,5', text: 'water the plants' } }]] },
  { text: 'set a reminder for every friday at 5pm to pay the rent', groups: [[{ call: REMIND, args: { every: '0 17 * * 5', text: { '~': 'pay the rent' } } }]] },
  { text: 'remind me daily at 7 to feed the cat', groups: [[{ call: REMIND, args: { every: '0 7 * * *', text: 'feed the cat' } }]] },
  { text: 'remind me every hour to stand up', groups: [[{ call: REMIND, args: { every: '0 * * * *', text: 'stand up' } }]] },
  { text: 'remind me tomorrow at 8 to call mom', groups: [[{ call: REMIND, args: { at: at('2026-11-22T08:00:00Z'), every: { absent: true }, text: 'call mom' } }]] },
  { text: 'stop reminding me to take out the trash', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'take out the trash' } }]] },
  { text: 'cancel my reminder about the plants', groups: [[{ call: 'calendar.cancel_reminder', args: { text: { '~': 'plants' } } }]] },
  { text: "don't remind me to feed the cat anymore", groups: [[{ call: 'calendar.cancel_reminder', args: { text: { '~': 'feed the cat' } } }]] },
  { text: 'what reminders do I have', groups: [[{ call: 'calendar.list_reminders', args: {} }]] },
  { text: 'show me my reminders', groups: [[{ call: 'calendar.list_reminders', args: {} }]] },
  // Counting is asking: nothing is set or cleared ("how many events do I have tomorrow" cleared the day).
  { text: 'how many reminders do I have?', groups: [[{ call: 'calendar.list_reminders', args: {} }]] },
  { text: 'what alarms do I have', groups: [[{ call: 'calendar.list_reminders', args: {} }]] },
  // When a timer or an alarm comes: they are listed with when (nothing fitted).
  { text: 'when does my timer go off', groups: [[{ call: 'calendar.list_reminders', args: {} }]] },
  { text: 'when is my alarm set for', groups: [[{ call: 'calendar.list_reminders', args: {} }]] },
  { text: 'how many events do I have tomorrow', now: '2026-11-21T10:00:00Z', groups: [[{ call: EVENTS, args: { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  // Every few minutes, hours or days comes round (it was done once); what a routine cannot keep to is said, not done once.
  { text: 'remind me every 15 minutes to check the oven', groups: [[{ call: REMIND, args: { text: 'check the oven', every: '*/15 * * * *', at: { absent: true } } }]] },
  { text: 'remind me every 3 hours to drink water', groups: [[{ call: REMIND, args: { text: 'drink water', every: '0 */3 * * *' } }]] },
  // Every few days runs on across the end of a month (a cron step of days, "*/2", started again on the 1st).
  { text: 'remind me every other day at 8pm to water the plants', groups: [[{ call: REMIND, args: { text: 'water the plants', every: '0 20 * * *', interval: { count: 2, unit: 'day' } } }]] },
  { text: 'remind me every 2 days to water the plants', groups: [[{ call: REMIND, args: { text: 'water the plants', every: '0 9 * * *', interval: { count: 2, unit: 'day' } } }]] },
  { text: 'remind me every 3 days at 6am to water the plants', groups: [[{ call: REMIND, args: { text: 'water the plants', every: '0 6 * * *', interval: { count: 3, unit: 'day' } } }]] },
  { text: 'remind me at 7pm every 2 days to feed the fish', groups: [[{ call: REMIND, args: { text: 'feed the fish', every: '0 19 * * *', interval: { count: 2, unit: 'day' } } }]] },
  { text: 'every 2 hours turn on the porch light', groups: [[{ call: LATER, args: { text: 'turn on the porch light', every: '0 */2 * * *', interval: { absent: true } } }]] },
  { text: 'email bob saying I call mom every two weeks', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'I call mom every two weeks' } }]] },
  // Every so many weeks, months or years (refused: "I cannot repeat something every two weeks"): each time of the pattern, only every so many.
  { text: 'remind me every two weeks to pay the cleaner', now: '2026-11-21T10:00:00Z', groups: [[{ call: REMIND, args: { text: 'pay the cleaner', every: '0 9 * * 6', interval: { count: 2, unit: 'week' } } }]] },
  { text: 'remind me every 2 weeks on tuesday to put out the bins', groups: [[{ call: REMIND, args: { text: 'put out the bins', every: '0 9 * * 2', interval: { count: 2, unit: 'week' } } }]] },
  { text: 'remind me every other tuesday at 7am to put out the recycling', groups: [[{ call: REMIND, args: { text: 'put out the recycling', every: '0 7 * * 2', interval: { count: 2, unit: 'week' } } }]] },
  { text: 'remind me every second monday and thursday at 6pm to go to choir', groups: [[{ call: REMIND, args: { text: 'go to choir', every: '0 18 * * 1,4', interval: { count: 2, unit: 'week' } } }]] },
  { text: 'remind me every 3 weeks on friday to order contacts', groups: [[{ call: REMIND, args: { text: 'order contacts', every: '0 9 * * 5', interval: { count: 3, unit: 'week' } } }]] },
  { text: 'remind me fortnightly to pay the cleaner', now: '2026-11-21T10:00:00Z', groups: [[{ call: REMIND, args: { text: 'pay the cleaner', every: '0 9 * * 6', interval: { count: 2, unit: 'week' } } }]] },
  { text: 'remind me biweekly on mondays to water the orchids', groups: [[{ call: REMIND, args: { text: 'water the orchids', every: '0 9 * * 1', interval: { count: 2, unit: 'week' } } }]] },
  { text: 'remind me every 3 months to pay the water bill', groups: [[{ call: REMIND, args: { text: 'pay the water bill', every: '0 9 1 * *', interval: { count: 3, unit: 'month' } } }]] },
  { text: 'remind me every 2 months on the 15th to pay the gardener', groups: [[{ call: REMIND, args: { text: 'pay the gardener', every: '0 9 15 * *', interval: { count: 2, unit: 'month' } } }]] },
  { text: 'remind me quarterly to pay the water bill', groups: [[{ call: REMIND, args: { text: 'pay the water bill', every: '0 9 1 * *', interval: { count: 3, unit: 'month' } } }]] },
  { text: 'remind me every 6 months to check the smoke alarm', groups: [[{ call: REMIND, args: { text: 'check the smoke alarm', every: '0 9 1 * *', interval: { count: 6, unit: 'month' } } }]] },
  { text: 'turn on the porch light every other day at 7pm', groups: [[{ call: LATER, args: { text: 'turn on the porch light', every: '0 19 * * *', interval: { count: 2, unit: 'day' } } }]] },
  { text: 'every other friday at 5pm remind me to submit my timesheet', groups: [[{ call: REMIND, args: { text: 'submit my timesheet', every: '0 17 * * 5', interval: { count: 2, unit: 'week' } } }]] },
  { text: 'remind me every 4 years to renew the passport', groups: [[{ call: null, reason: /cannot repeat something "every 4 years".*at most 366 days, 52 weeks, 24 months or 2 years apart/ }]] },
  { text: 'remind me every 45 minutes to stretch', groups: [[{ call: null, reason: /cannot repeat something "every 45 minutes": say minutes that divide an hour/ }]] },
  // A day said of what is looked up asks about it now (it was asked for then, "what lights are" at 11:00); told later, it is sent then.
  { text: "what's on my to-do list today?", groups: [[{ call: 'documents.read_list', args: { list: 'to-do' } }]] },
  { text: 'read me my to-do list today', groups: [[{ call: 'documents.read_list', args: { list: 'to-do' } }]] },
  { text: "what's on my to-do list tomorrow?", groups: [[{ call: 'documents.read_list', args: { list: 'to-do' } }]] },
  { text: 'what lights are on today', groups: [[{ call: 'lights.list_lights', args: {} }]] },
  { text: 'tell me my shopping list tomorrow morning', groups: [[{ call: LATER, args: { text: 'tell me my shopping list', at: at('2026-11-22T08:00:00Z') } }]] },
  // "A reminder for the dentist" is of the dentist (it said "for the dentist").
  { text: 'add a reminder for the dentist next tuesday at 3', groups: [[{ call: REMIND, args: { text: 'the dentist', at: at('2026-11-24T15:00:00Z') } }]] },
  { text: "set a reminder for mom's birthday on march 3", groups: [[{ call: REMIND, args: { text: "mom's birthday" } }]] },
  // What to be reminded of changes no alarm and snoozes nothing: its words are the reminder's.
  { text: 'remind me to change the smoke alarm batteries', groups: [[{ call: REMIND, args: { text: 'change the smoke alarm batteries' } }]] },
  { text: 'remind me tomorrow to change the smoke alarm batteries', groups: [[{ call: REMIND, args: { text: 'change the smoke alarm batteries', at: at('2026-11-22T09:00:00Z') } }]] },
  { text: 'remind me every 6 months to change the smoke alarm batteries', groups: [[{ call: REMIND, args: { text: 'change the smoke alarm batteries', interval: { count: 6, unit: 'month' } } }]] },
  { text: 'remind me to change the alarm time', groups: [[{ call: REMIND, args: { text: 'change the alarm time' } }]] },
  { text: 'remind me to snooze less', groups: [[{ call: REMIND, args: { text: 'snooze less' } }]] },
  // An event of the calendar too (it was refused, or its title took "every other").
  { text: 'add a team meeting every other monday at 10', groups: [[{ call: 'calendar.create_event', args: { title: 'team meeting', every: '0 10 * * 1', interval: { count: 2, unit: 'week' } } }]] },
  // A chore is no event called "out the bins".
  { text: 'put out the bins every other week', groups: [[{ call: null }]] },
  { text: 'put book club on my calendar every 4 weeks on wednesday at 7pm', groups: [[{ call: 'calendar.create_event', args: { title: 'book club', every: '0 19 * * 3', interval: { count: 4, unit: 'week' } } }]] },
  // When it starts, said after "starting" or "from" a day: none before it (it was passed by, or went into the words).
  { text: 'remind me every monday starting december 7 to water the plants', groups: [[{ call: REMIND, args: { text: 'water the plants', every: '0 9 * * 1', at: at('2026-12-07T00:00:00Z') } }]] },
  { text: 'remind me every monday at 9 from december 7 to water the plants', groups: [[{ call: REMIND, args: { text: 'water the plants', every: '0 9 * * 1', at: at('2026-12-07T00:00:00Z') } }]] },
  { text: 'remind me every other week starting next monday to pay rent', groups: [[{ call: REMIND, args: { text: 'pay rent', every: '0 9 * * 1', interval: { count: 2, unit: 'week' }, at: at('2026-11-23T00:00:00Z') } }]] },
  { text: 'turn on the porch light every evening at 6 starting next week', groups: [[{ call: LATER, args: { text: 'turn on the porch light', every: '0 18 * * *', at: at('2026-11-23T00:00:00Z') } }]] },
  { text: 'remind me every day from 9 to 5 to stretch', groups: [[{ call: REMIND, args: { at: { absent: true } } }]] },
  // The start's day is the day of the week or of the month, when no other is said.
  { text: 'remind me every other week starting december 14 to put out the recycling', groups: [[{ call: REMIND, args: { every: '0 9 * * 1', interval: { count: 2, unit: 'week' }, at: at('2026-12-14T00:00:00Z') } }]] },
  { text: 'remind me every 3 months starting january 15 to pay the water bill', groups: [[{ call: REMIND, args: { every: '0 9 15 * *', interval: { count: 3, unit: 'month' }, at: at('2027-01-15T00:00:00Z') } }]] },
  // A day said alone starts at its beginning (its first time is that day's); said first, or read as one with the time of day.
  { text: 'remind me to take my pills every day at 8 starting tomorrow', groups: [[{ call: REMIND, args: { text: 'take my pills', every: '0 8 * * *', at: at('2026-11-22T00:00:00Z') } }]] },
  { text: 'starting tomorrow, remind me every day at 8 to take my pills', groups: [[{ call: REMIND, args: { text: 'take my pills', every: '0 8 * * *', at: at('2026-11-22T00:00:00Z') } }]] },
  { text: 'beginning monday, remind me every weekday at 7 to walk the dog', groups: [[{ call: REMIND, args: { text: 'walk the dog', every: '0 7 * * 1-5', at: at('2026-11-23T00:00:00Z') } }]] },
  // Named so, it is what there is: no routine.
  { text: 'remind me about the quarterly review tomorrow at 9', groups: [[{ call: REMIND, args: { text: 'the quarterly review', at: at('2026-11-22T09:00:00Z'), every: { absent: true } } }]] },
  { text: 'remind me to pay the fortnightly cleaner on friday', groups: [[{ call: REMIND, args: { text: 'pay the fortnightly cleaner', every: { absent: true }, interval: { absent: true } } }]] },
  // "... and at 6 to ...": a reminder said again with a time of its own is a reminder of its own, on the day the first said.
  {
    text: 'remind me at 5 to call mom and at 6 to pick up the kids',
    groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T17:00:00Z') } }], [{ call: REMIND, args: { text: 'pick up the kids', at: at('2026-11-21T18:00:00Z') } }]],
  },
  {
    text: 'remind me to call mom at 5 and to pick up the kids at 6',
    groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T17:00:00Z') } }], [{ call: REMIND, args: { text: 'pick up the kids', at: at('2026-11-21T18:00:00Z') } }]],
  },
  {
    text: 'remind me tomorrow at 9 to call mom and at 10 to email bob',
    groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-22T09:00:00Z') } }], [{ call: REMIND, args: { text: 'email bob', at: at('2026-11-22T10:00:00Z') } }]],
  },
  {
    text: 'remind me tomorrow at 5pm to call mom and at 6 to email bob',
    groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-22T17:00:00Z') } }], [{ call: REMIND, args: { text: 'email bob', at: at('2026-11-22T18:00:00Z') } }]],
  },
  { text: 'remind me to talk to bob and to alice', groups: [[{ call: REMIND, args: { text: 'talk to bob and to alice' } }]] },
  // An alarm is a reminder to wake up: cancelled as one, not looked for in the calendar.
  { text: 'cancel my alarm', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'wake up' } }]] },
  { text: 'turn off my alarm for tomorrow', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'wake up' } }]] },
  // "Stop" an alarm: that one (nothing fitted; the closest was the bot's stop).
  { text: 'stop my alarm', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'wake up' } }]] },
  // Said by when it is due (the time was looked for as words of a reminder: "at 5pm").
  // The part of the day said with how often puts the hour in its half (11:00 every morning, it was).
  { text: 'every night at 11 turn off all the lights', groups: [[{ call: 'calendar.schedule_request', args: { text: 'turn off all the lights', every: '0 23 * * *' } }]] },
  { text: 'remind me every morning at 11:30 to stretch', groups: [[{ call: REMIND, args: { text: 'stretch', every: '30 11 * * *' } }]] },
  { text: "what's today's date?", groups: [[{ call: 'calendar.now' }]] },
  // Asked for later, a pronoun is said again as what it stands for now (at its time, "turn it back on" asked which light), with the word that said what it is ("the kitchen" alone read oddly).
  {
    text: 'turn on the lights in the garage and turn them off in an hour',
    groups: [[{ call: T, args: { location: 'garage', desired_state: true } }, { call: LATER, args: { text: 'turn the garage lights off', at: at('2026-11-21T11:00:00Z') }, after: [0] }]],
  },
  {
    text: 'turn off the kitchen light and turn it back on in 5 minutes',
    groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }, { call: LATER, args: { text: 'turn the kitchen light back on', at: at('2026-11-21T10:05:00Z') }, after: [0] }]],
  },
  // A time is no name ("give him 3 apples in 5 minutes" was for a player called "minutes"), and its words all go from what is asked for later.
  {
    text: 'follow bob and then give him 3 apples in 5 minutes',
    groups: [[{ call: 'minecraft.follow_player', args: { player: 'bob' } }, { call: LATER, args: { text: 'give bob 3 apples', at: at('2026-11-21T10:05:00Z') }, after: [0] }]],
  },
  // A time between the recipient and the message says when (the mail went now).
  // A number of a time is no count: "them" still counts 3 (it was "give the oak log to bob 9").
  {
    text: 'get 3 oak logs and give them to bob tomorrow at 9',
    groups: [[{ call: 'minecraft.obtain_item', args: { item: 'oak_log', count: 3 } }, { call: LATER, args: { text: 'give 3 oak log to bob', at: at('2026-11-22T09:00:00Z') }, after: [0] }]],
  },
  { text: 'email bob tomorrow saying the party is at 8', groups: [[{ call: LATER, args: { text: 'email bob saying the party is at 8', at: at('2026-11-22T09:00:00Z') } }]] },
  { text: 'email bob tomorrow saying hi', groups: [[{ call: LATER, args: { text: 'email bob saying hi', at: at('2026-11-22T09:00:00Z') } }]] },
  // A time before the next verb still starts a new action ("then in 5 minutes ..." was asked for as a whole, the light turned off only then); "wait 5 minutes" is that time.
  {
    text: 'turn on the porch light and at 7pm turn it off',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true } }, { call: LATER, args: { text: 'turn the porch light off', at: at('2026-11-21T19:00:00Z') }, after: [0] }]],
  },
  {
    text: 'turn off the kitchen light, wait 5 minutes, then turn it back on',
    groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }, { call: LATER, args: { text: 'turn the kitchen light back on', at: at('2026-11-21T10:05:00Z') }, after: [0] }]],
  },
  // All of them, not one ("give me all your cobblestone" gave one).
  { text: 'give me all your cobblestone', groups: [[{ call: 'minecraft.give_item', args: { item: 'cobblestone', player: 'me', all: true } }]] },
  { text: 'give me all 5 apples', groups: [[{ call: 'minecraft.give_item', args: { item: 'apple', count: 5, all: { absent: true } } }]] },
  { text: 'cancel my 7am alarm', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'wake up', at: at('2026-11-22T07:00:00Z') } }]] },
  { text: 'turn off the 6:30 alarm', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'wake up', at: at('2026-11-22T06:30:00Z') } }]] },
  { text: 'cancel the reminder at 5pm', groups: [[{ call: 'calendar.cancel_reminder', args: { at: at('2026-11-21T17:00:00Z'), text: { absent: true } } }]] },
  { text: 'delete my reminder to call mom tomorrow', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'call mom', at: { between: ['2026-11-22T00:00:00Z', '2026-11-22T23:59:00Z'] } } }]] },
  // Of a day: listed, not asked again tomorrow.
  { text: 'what reminders do I have tomorrow', groups: [[{ call: 'calendar.list_reminders', args: { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: 'do I have any reminders on Monday?', groups: [[{ call: 'calendar.list_reminders', args: { from: at('2026-11-23T00:00:00Z'), to: at('2026-11-24T00:00:00Z') } }]] },
  // More hours said with the time: one routine at each ("take my pills and 8pm" at 08:00 only).
  { text: 'remind me to take my pills at 8am and 8pm every day', groups: [[{ call: REMIND, args: { text: 'take my pills', every: '0 8,20 * * *' } }]] },
  { text: 'remind me every day at 8am and 8pm to take my pills', groups: [[{ call: REMIND, args: { text: 'take my pills', every: '0 8,20 * * *' } }]] },
  // A number of a time is not a level ("a quarter" still is).
  { text: 'put the office light at 7 percent', groups: [[{ call: B, args: { location: 'office', percent: 7 } }]] },
  // A message that tells what a lookup finds, with a time: the whole is done then (the lookup was put off, the mail sent at once, empty).
  // A day's own names what is sent, not when: it stays in the request's words ("today's" was dropped, and "tomorrow's calendar" sent now, with the time in it).
  { text: "email me today's events every evening at 9", groups: [[{ call: LATER, args: { text: "email me today's events", every: '0 21 * * *' } }]] },
  { text: "email me tomorrow's calendar every night at 9", groups: [[{ call: LATER, args: { text: "email me tomorrow's calendar", every: '0 21 * * *' } }]] },
  { text: 'email me the to-do list every morning at 8', groups: [[{ call: LATER, args: { text: 'email me the to-do list', every: '0 8 * * *' } }]] },
  { text: 'send bob the shopping list every friday at 5pm', groups: [[{ call: LATER, args: { text: 'send bob the shopping list', every: '0 17 * * 5' } }]] },
  // How often, said to a lookup of a period: when the whole is done, not the period looked at (the reminders of next Sunday evening were mailed at once).
  { text: 'email me my reminders every sunday evening', groups: [[{ call: LATER, args: { text: 'email me my reminders', every: '0 19 * * 0' } }]] },
  { text: "what's on my calendar every monday morning", groups: [[{ call: LATER, args: { text: "what's on my calendar", every: '0 8 * * 1' } }]] },
];

/** Actions said with a time their method cannot take: asked for then, once or again and again. */
export const LATER_CASES: PlanCase[] = [
  // "Then" said last: at the time of the clause before (the light was turned on at once).
  { text: 'wake me up tomorrow to feed the cat at 7 and turn on the kitchen light then', groups: [[{ call: REMIND, args: { text: 'feed the cat', at: at('2026-11-22T07:00:00Z') } }], [{ call: LATER, args: { text: 'turn on the kitchen light', at: at('2026-11-22T07:00:00Z') } }]] },
  { text: 'wake me up at 7 tomorrow and turn on the bedroom light then', groups: [[{ call: REMIND, args: { at: at('2026-11-22T07:00:00Z') } }], [{ call: LATER, args: { text: 'turn on the bedroom light', at: at('2026-11-22T07:00:00Z') } }]] },
  // The same to do twice, each with its time, the second without its verb: two reminders (it was one, "call mom and dad at 7", at 6).
  { text: 'remind me to call mom at 6 and dad at 7', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T18:00:00Z') } }], [{ call: REMIND, args: { text: 'call dad', at: at('2026-11-21T19:00:00Z') } }]] },
  { text: 'remind me to call mom at 6 and text dad at 7', groups: [[{ call: REMIND, args: { text: 'call mom' } }], [{ call: REMIND, args: { text: 'text dad', at: at('2026-11-21T19:00:00Z') } }]] },
  {
    text: 'remind me to take out the trash tomorrow and the recycling on friday',
    groups: [[{ call: REMIND, args: { text: 'take out the trash', at: at('2026-11-22T09:00:00Z') } }], [{ call: REMIND, args: { text: 'take out the recycling', at: at('2026-11-27T09:00:00Z') } }]],
  },
  // Two days for the same: once on each (it was one, "water the plants and thursday", on monday).
  {
    text: 'remind me to water the plants on monday and thursday',
    groups: [[{ call: REMIND, args: { text: 'water the plants', at: at('2026-11-23T09:00:00Z') } }], [{ call: REMIND, args: { text: 'water the plants', at: at('2026-11-26T09:00:00Z') } }]],
  },
  // What the game's bot would be told with nowhere to go is no action of its own: it is what to be reminded of (the bot was sent nowhere).
  { text: 'remind me at 5 to feed the dog and walk it', groups: [[{ call: REMIND, args: { text: 'feed the dog and walk it', at: at('2026-11-21T17:00:00Z') } }]] },
  // One time for both stays one reminder.
  { text: 'remind me to call mom and dad at 7', groups: [[{ call: REMIND, args: { text: 'call mom and dad', at: at('2026-11-21T19:00:00Z') } }]] },
  // After an action asked for later, it goes along with it (the reminder came at once), and without its "then".
  { text: 'turn off the porch light in 2 hours and remind me to lock the door then', groups: [[{ call: LATER, args: { text: 'turn off the porch light, then remind me to lock the door', at: at('2026-11-21T12:00:00Z') } }]] },
  { text: 'turn on the porch light at 7pm', groups: [[{ call: LATER, args: { text: 'turn on the porch light', at: at('2026-11-21T19:00:00Z') } }]] },
  { text: 'at 7pm turn on the porch light', groups: [[{ call: LATER, args: { text: 'turn on the porch light', at: at('2026-11-21T19:00:00Z') } }]] },
  { text: 'tomorrow at 7 turn on the lights in the garage', groups: [[{ call: LATER, args: { text: 'turn on the lights in the garage', at: at('2026-11-22T07:00:00Z') } }]] },
  { text: 'every morning at 7 turn on the kitchen lights', groups: [[{ call: LATER, args: { text: 'turn on the kitchen lights', every: '0 7 * * *', at: { absent: true } } }]] },
  { text: 'turn off all the lights every night at 11pm', groups: [[{ call: LATER, args: { text: 'turn off all the lights', every: '0 23 * * *' } }]] },
  // A time said before the words of a method of free text says when, not what (said after them, it is the message's).
  { text: 'on Monday at 9 add milk to the shopping list', groups: [[{ call: LATER, args: { text: 'add milk to the shopping list', at: at('2026-11-23T09:00:00Z') } }]] },
  { text: 'every Monday add bin bags to the shopping list', groups: [[{ call: LATER, args: { text: 'add bin bags to the shopping list', every: '0 9 * * 1' } }]] },
  { text: 'at 5pm, email bob saying dinner is ready', groups: [[{ call: LATER, args: { text: 'email bob saying dinner is ready', at: at('2026-11-21T17:00:00Z') } }]] },
  { text: 'in 10 minutes tell alice on discord that dinner is ready', groups: [[{ call: LATER, args: { text: 'tell alice on discord that dinner is ready', at: at('2026-11-21T10:10:00Z') } }]] },
  { text: "email bob saying I'll be there at 5", groups: [[{ call: EMAIL, args: { to: 'bob', text: "I'll be there at 5" } }]] },
  { text: 'remember that tomorrow is trash day', groups: [[{ call: 'memory.remember', args: { text: 'tomorrow is trash day' } }]] },
  { text: 'turn on the lights in the garage and the kitchen at 7pm', groups: [[{ call: LATER, args: { text: 'turn on the lights in the garage and the kitchen', at: at('2026-11-21T19:00:00Z') } }]] },
  { text: 'get me a stone pickaxe in 5 minutes', groups: [[{ call: LATER, args: { text: 'get me a stone pickaxe', at: at('2026-11-21T10:05:00Z') } }]] },
  // Not later: a time that is part of a message, a time a method takes.
  { text: 'email me that dinner is at 7pm', groups: [[{ call: EMAIL, args: { text: { '~': '7pm' } } }]] },
  { text: 'remind me at 7pm to turn on the porch light', groups: [[{ call: REMIND, args: { at: at('2026-11-21T19:00:00Z'), text: 'turn on the porch light' } }]] },
  // A part of the day said after the time is that time's half of the day, and not left in the text.
  { text: 'remind me tomorrow at 7 in the evening to call mom', groups: [[{ call: REMIND, args: { at: at('2026-11-22T19:00:00Z'), text: 'call mom' } }]] },
  { text: 'turn on the porch light tomorrow from 7 to 11 in the evening', groups: [[{ call: LATER, args: { text: 'turn on the porch light for 4 hours', at: at('2026-11-22T19:00:00Z') } }]] },
  { text: 'from 7 to 9 in the morning turn on the kitchen lights', groups: [[{ call: LATER, args: { text: 'turn on the kitchen lights for 2 hours', at: at('2026-11-22T07:00:00Z') } }]] },
  // A time said first is said of every action joined to the first that says none of its own.
  {
    text: 'tomorrow at 7 turn on the kitchen light and remind me to call mom',
    groups: [[{ call: LATER, args: { text: 'turn on the kitchen light', at: at('2026-11-22T07:00:00Z') } }], [{ call: REMIND, args: { at: at('2026-11-22T07:00:00Z'), text: 'call mom' } }]],
  },
  {
    text: 'every morning at 7 turn on the kitchen lights and remind me to take my pills',
    groups: [[{ call: LATER, args: { every: '0 7 * * *' } }], [{ call: REMIND, args: { every: '0 7 * * *', text: 'take my pills' } }]],
  },
  // Kept as a message's words it would be sent now: it is asked for then, whole; a time does not make a list's item an event.
  { text: 'every monday turn on the porch light and email bob saying trash day', groups: [[{ call: LATER, args: { every: '0 9 * * 1' } }], [{ call: LATER, args: { text: 'email bob saying trash day', every: '0 9 * * 1' } }]] },
  { text: 'tomorrow at 9 remind me to call the bank and add milk to the shopping list', groups: [[{ call: REMIND, args: { at: at('2026-11-22T09:00:00Z') } }], [{ call: LATER, args: { text: 'add milk to the shopping list', at: at('2026-11-22T09:00:00Z') } }]] },
  // Not of a clause that says its own time, or now, nor of one said after it.
  { text: 'at 8pm turn off the porch light and turn on the garage light now', groups: [[{ call: LATER, args: { at: at('2026-11-21T20:00:00Z') } }], [{ call: T, args: { location: 'garage', desired_state: true } }]] },
  { text: 'turn on the kitchen light and remind me at 5 to call mom', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }], [{ call: REMIND, args: { at: at('2026-11-21T17:00:00Z') } }]] },
  // What waits for an action asked for later goes with it.
  { text: 'in 10 minutes turn off the garage light, then email me', groups: [[{ call: LATER, args: { text: 'turn off the garage light, then email me', at: at('2026-11-21T10:10:00Z') } }]] },
  {
    text: 'turn off the garage light at 11pm and email me when that is done. Also remind me tomorrow at 8 to call mom',
    groups: [[{ call: LATER, args: { text: { '~': 'turn off the garage light, then email me' }, at: at('2026-11-21T23:00:00Z') } }], [{ call: REMIND, args: { text: 'call mom' } }]],
  },
  // Saying not to: nothing is done, and what was asked for later is called off.
  { text: "don't turn on the kitchen lights", groups: [] },
  { text: 'never turn off the porch light', groups: [] },
  { text: 'stop turning on the kitchen lights', groups: [] },
  { text: "turn off the garage light. Don't turn off the porch light, then email me", groups: [[{ call: T, args: { location: 'garage', desired_state: false } }], [{ call: EMAIL }]] },
  { text: 'stop turning on the kitchen lights every morning', groups: [[{ call: 'calendar.cancel_reminder', args: { text: { '~': 'on the kitchen lights' } } }]] },
  // No place said: "stop" was asked about as an area of the home.
  { text: 'stop turning off the lights every night', groups: [[{ call: 'calendar.cancel_reminder', args: { text: { '~': 'off the lights' } } }]] },
  { text: 'stop turning the lights off every night', groups: [[{ call: 'calendar.cancel_reminder', args: { text: { '~': 'the lights off' } } }]] },
  { text: "don't turn on the kitchen lights every morning anymore", groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'turn on the kitchen lights' } }]] },
  { text: 'no longer turn on the porch light at 7pm', groups: [[{ call: 'calendar.cancel_reminder', args: { text: 'turn on the porch light' } }]] },
  { text: "turn off the porch light but don't turn off the kitchen light", groups: [[{ call: T, args: { location: 'porch', desired_state: false } }]] },
  { text: 'stop following me', groups: [[{ call: 'minecraft.stop' }]] },
  // "On" or "off" said alone with a time, after a switch: that switch the other way then (nothing fitted "off at 11pm").
  {
    text: 'turn the porch light on at 7pm and off at 11pm',
    now: '2026-11-21T10:00:00Z',
    groups: [
      [{ call: LATER, args: { text: 'turn the porch light on', at: at('2026-11-21T19:00:00Z') } }],
      [{ call: LATER, args: { text: 'turn the porch light off', at: at('2026-11-21T23:00:00Z') } }],
    ],
  },
  {
    text: 'turn off the kitchen light and back on in 5 minutes',
    now: '2026-11-21T10:00:00Z',
    groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }], [{ call: LATER, args: { text: 'turn on the kitchen light', at: at('2026-11-21T10:05:00Z') } }]],
  },
  {
    text: 'turn on the porch light now and off in an hour',
    now: '2026-11-21T10:00:00Z',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true } }], [{ call: LATER, args: { text: 'turn off the porch light', at: at('2026-11-21T11:00:00Z') } }]],
  },
];

/** A switch that is to last a while: done now, and the other way round asked for when it is over. */
export const LASTING_CASES: PlanCase[] = [
  // "Keep" or "leave" the lights on, with no area said: all of them (it asked about an area called "keep").
  {
    text: 'keep the lights on for 10 minutes',
    groups: [[{ call: T, args: { desired_state: true, location: { absent: true } } }, { call: LATER, args: { at: at('2026-11-21T10:10:00Z'), text: 'turn the lights off' }, after: [0] }]],
  },
  {
    text: 'leave the kitchen light on for 10 more minutes',
    groups: [[{ call: T, args: { desired_state: true, location: 'kitchen' } }, { call: LATER, args: { at: at('2026-11-21T10:10:00Z'), text: 'turn the kitchen light off' }, after: [0] }]],
  },
  {
    text: 'turn on the office light for an hour',
    groups: [[{ call: T, args: { location: 'office', desired_state: true } }, { call: LATER, args: { text: 'turn off the office light', at: at('2026-11-21T11:00:00Z') }, after: [0] }]],
  },
  {
    text: 'switch the kitchen lights off for 10 minutes',
    groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }, { call: LATER, args: { text: 'switch the kitchen lights on', at: at('2026-11-21T10:10:00Z') }, after: [0] }]],
  },
  {
    text: 'turn on the porch light until 11pm',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true } }, { call: LATER, args: { text: 'turn off the porch light', at: at('2026-11-21T23:00:00Z') }, after: [0] }]],
  },
  {
    text: 'leave the porch light on till midnight',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true } }, { call: LATER, args: { text: 'turn the porch light off', at: at('2026-11-22T00:00:00Z') }, after: [0] }]],
  },
  {
    text: 'turn off the lights until tomorrow morning',
    groups: [[{ call: T, args: { desired_state: false } }, { call: LATER, args: { text: 'turn on the lights', at: at('2026-11-22T08:00:00Z') }, after: [0] }]],
  },
  {
    text: 'shut off the garage light for an hour and a half',
    groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: LATER, args: { text: 'turn on the garage light', at: at('2026-11-21T11:30:00Z') }, after: [0] }]],
  },
  {
    text: 'lights out in the basement for a couple of hours please',
    groups: [[{ call: T, args: { location: 'basement', desired_state: false } }, { call: LATER, args: { text: 'lights on in the basement', at: at('2026-11-21T12:00:00Z') }, after: [0] }]],
  },
  // "Half" is no level and "2 hours" no area; the lights of a list, or all of them, are switched back together.
  {
    text: 'turn on the kitchen and garage lights for half an hour, then email me',
    groups: [
      [
        { call: T, args: { location: 'kitchen', desired_state: true } },
        { call: T, args: { location: 'garage', desired_state: true } },
        { call: LATER, args: { text: 'turn off the kitchen and garage lights', at: at('2026-11-21T10:30:00Z') }, after: [0, 1] },
        { call: EMAIL, after: [0, 1, 2] },
      ],
    ],
  },
  { text: 'kill the lights in the office for 2 hours', groups: [[{ call: T, args: { location: 'office', desired_state: false } }, { call: LATER, args: { text: 'turn on the lights in the office', at: at('2026-11-21T12:00:00Z') }, after: [0] }]] },
  // "It" and "them" are what was switched, never the action that switches it back (which would name no light: all of them).
  {
    text: 'turn on the garage light for 10 minutes then turn it off',
    groups: [
      [
        { call: T, args: { location: 'garage', desired_state: true } },
        { call: LATER, args: { text: 'turn off the garage light' }, after: [0] },
        { call: T, args: { location: 'garage', desired_state: false }, after: [0, 1] },
      ],
    ],
  },
  {
    text: 'turn on the kitchen and garage lights for an hour, then set them to 50%',
    groups: [
      [
        { call: T, args: { location: 'kitchen', desired_state: true } },
        { call: T, args: { location: 'garage', desired_state: true } },
        { call: LATER, args: { text: 'turn off the kitchen and garage lights' }, after: [0, 1] },
        { call: B, args: { location: 'kitchen', percent: 50 }, after: [0, 1, 2] },
        { call: B, args: { location: 'garage', percent: 50 }, after: [0, 1, 2] },
      ],
    ],
  },
  // Later, and for a while: how long goes with what is asked for then.
  { text: 'at 7pm turn on the porch light for an hour', groups: [[{ call: LATER, args: { text: 'turn on the porch light for an hour', at: at('2026-11-21T19:00:00Z') } }]] },
  { text: 'from 7pm to 11pm turn on the porch light', groups: [[{ call: LATER, args: { text: 'turn on the porch light for 4 hours', at: at('2026-11-21T19:00:00Z') } }]] },
  { text: 'every evening from 7 to 11 turn on the porch light', groups: [[{ call: LATER, args: { text: 'turn on the porch light for 4 hours', every: '0 19 * * *' } }]] },
  // A duration is no time to start at, and where a method takes it, it stays its own.
  { text: 'remind me to stretch for 10 minutes at 5pm', groups: [[{ call: REMIND, args: { at: at('2026-11-21T17:00:00Z'), text: 'stretch for 10 minutes' } }]] },
  { text: 'add a meeting with bob tomorrow at 3pm for an hour', groups: [[{ call: EVENT, args: { start: at('2026-11-22T15:00:00Z'), end: at('2026-11-22T16:00:00Z'), title: 'meeting with bob' } }]] },
  // A level or a colour is undone by putting the lights back, asked for when it is over.
  {
    text: 'set the office light to 40% for 20 minutes',
    groups: [[{ call: B, args: { location: 'office', percent: 40 } }, { call: LATER, args: { text: 'put the office lights back', at: at('2026-11-21T10:20:00Z') }, after: [0] }]],
  },
  { text: 'turn the bedroom light blue for an hour', groups: [[{ call: 'lights.set_colour', args: { colour: 'blue' } }, { call: LATER, args: { text: 'put the bedroom lights back', at: at('2026-11-21T11:00:00Z') } }]] },
  { text: 'put the kitchen lights back the way they were', groups: [[{ call: 'lights.restore_lights', args: { location: 'kitchen' } }]] },
  // Not putting back: switching on again, or a level said.
  { text: 'turn the kitchen lights back on', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  { text: 'set the kitchen lights back to 50%', groups: [[{ call: B, args: { location: 'kitchen', percent: 50 } }]] },
  { text: "don't turn on the porch light for an hour", groups: [] },
];

export const MESSAGE_CASES: PlanCase[] = [
  // "Text me in 10 minutes to check the oven": a reminder (it was mailed to someone called "check", now).
  { text: 'text me in 10 minutes to check the oven', groups: [[{ call: REMIND, args: { at: at('2026-11-21T10:10:00Z'), text: 'check the oven' } }]] },
  { text: 'ping me at 5 to call bob', groups: [[{ call: REMIND, args: { at: at('2026-11-21T17:00:00Z'), text: 'call bob' } }]] },
  { text: 'send me a message in 20 minutes to stretch', groups: [[{ call: REMIND, args: { at: at('2026-11-21T10:20:00Z'), text: 'stretch' } }]] },
  // Mailed to the requester, "to ..." is what to do: mailed then (to someone called "renew", now).
  { text: 'email me tomorrow at 9 to renew my passport', groups: [[{ call: LATER, args: { at: at('2026-11-22T09:00:00Z'), text: 'email me to renew my passport' } }]] },
  { text: 'email me to renew my passport', groups: [[{ call: EMAIL, args: { to: { absent: true }, text: 'renew my passport' } }]] },
  // Mailed to someone else at a time, what they are to do: mailed then (it went at once, saying "at 8 to call me").
  { text: 'email bob at 8 to call me', groups: [[{ call: LATER, args: { at: at('2026-11-21T20:00:00Z'), text: 'email bob to call me' } }]] },
  { text: 'email bob in an hour to bring the cake', groups: [[{ call: LATER, args: { at: at('2026-11-21T11:00:00Z'), text: 'email bob to bring the cake' } }]] },
  // A server's channel by name, on Discord (nothing matched "post", and "#general" was no one).
  { text: 'post in #general that dinner is ready', groups: [[{ call: DISCORD, args: { to: '#general', text: 'dinner is ready' } }]] },
  { text: 'post dinner is ready in the general channel', groups: [[{ call: DISCORD, args: { to: '#general', text: 'dinner is ready' } }]] },
  { text: 'tell the kids channel that the movie starts at 8', groups: [[{ call: DISCORD, args: { to: '#kids', text: 'the movie starts at 8' } }]] },
  // A channel said in what a message to someone says is the message's.
  { text: 'tell bob on discord that the news channel is on', groups: [[{ call: DISCORD, args: { to: 'bob', text: 'the news channel is on' } }]] },
  // "cc bob": bob gets the same mail, one of his own (it mailed someone called "cc", or said "and cc bob" in the mail).
  { text: 'email alice and cc bob saying the party is at 8', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'the party is at 8' } }], [{ call: EMAIL, args: { to: 'bob', text: 'the party is at 8' } }]] },
  { text: 'email alice saying the party is at 8 and cc bob', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'the party is at 8' } }], [{ call: EMAIL, args: { to: 'bob', text: 'the party is at 8' } }]] },
  // "And say ..." after a message with no words yet is what it says (it sent an empty mail, and said the words in the game's chat).
  { text: 'email bob and say hi', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'hi' } }]] },
  { text: 'message alice on discord and say hi', groups: [[{ call: DISCORD, args: { to: 'alice', text: 'hi' } }]] },
  { text: 'email bob saying hi and say hello in the game', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'hi' } }], [{ call: GAME_CHAT, args: { text: 'hello' } }]] },
  // What the requester has to do is said as it is in a message to someone (it was cut to "work late", "a cold"); in a note to themselves too.
  { text: 'tell bob I have to work late', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'I have to work late' } }]] },
  // After "that", the words are said as they are: "to get there ..." kept its "to" (it was "get there he should ..."); without "that", "to" opens what to do.
  { text: 'tell bob that to get there he should take the bus', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'to get there he should take the bus' } }]] },
  { text: 'email alice telling her that to park she should use the back', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'to park she should use the back' } }]] },
  { text: 'email alice telling her to call me', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'call me' } }]] },
  { text: 'tell bob that I have a cold', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'I have a cold' } }]] },
  { text: "tell bob I've got the keys", groups: [[{ call: EMAIL, args: { to: 'bob', text: "I've got the keys" } }]] },
  { text: 'text alice that we need to leave at 6', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'we need to leave at 6' } }]] },
  { text: 'remind me that I need to call mom tomorrow', groups: [[{ call: REMIND, args: { text: 'call mom' } }]] },
  // A list of any name is looked up and sent, as the shopping list is ("the camping list" was words nothing could come up with).
  { text: 'send bob the camping list', groups: [[{ call: READ_LIST, args: { list: 'camping' } }, { call: EMAIL, args: { to: 'bob' } }]] },
  { text: 'send the hardware store list to bob on discord', groups: [[{ call: READ_LIST, args: { list: 'hardware store' } }, { call: DISCORD, args: { to: 'bob' } }]] },
  // "Too": the same words to another (it asked what to tell bob).
  { text: "tell alice I'm on my way, and tell bob too", groups: [[{ call: EMAIL, args: { to: 'alice', text: "I'm on my way" } }], [{ call: EMAIL, args: { to: 'bob', text: "I'm on my way" } }]] },
  { text: 'email alice that dinner is ready and text bob as well', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'dinner is ready' } }], [{ call: EMAIL, args: { to: 'bob', text: 'dinner is ready' } }]] },
  { text: 'email bob@example.com saying the party is at 8', groups: [[{ call: EMAIL, args: { to: 'bob@example.com', text: 'the party is at 8' } }]] },
  { text: 'email alice@example.com telling her the package arrived', groups: [[{ call: EMAIL, args: { to: 'alice@example.com', text: { '~': 'package arrived' } } }]] },
  { text: 'send an email to bob saying happy birthday', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'happy birthday' } }]] },
  // "Please" and "thanks" inside a message are its words; around the request, the requester's.
  // A subject line, apart from what the mail says.
  { text: 'send an email to bob@example.com with subject hello saying hi there', groups: [[{ call: EMAIL, args: { to: 'bob@example.com', subject: 'hello', text: 'hi there' } }]] },
  { text: 'email bob with the subject "Dinner" saying we start at 8', groups: [[{ call: EMAIL, args: { to: 'bob', subject: 'Dinner', text: 'we start at 8' } }]] },
  { text: 'email bob saying the subject of the talk is AI', groups: [[{ call: EMAIL, args: { to: 'bob', subject: { absent: true }, text: 'the subject of the talk is AI' } }]] },
  // A message to several people: one each, never only to the first.
  { text: 'email bob and alice saying the party is at 8', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'the party is at 8' } }], [{ call: EMAIL, args: { to: 'alice', text: 'the party is at 8' } }]] },
  { text: 'tell bob, alice and carol that dinner is ready', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'dinner is ready' } }], [{ call: EMAIL, args: { to: 'alice', text: 'dinner is ready' } }], [{ call: EMAIL, args: { to: 'carol', text: 'dinner is ready' } }]] },
  { text: 'email bob saying alice and carol are coming', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'alice and carol are coming' } }]] },
  // "me" in the method's own words ("email me") starts the list all the same (bob was mailed alone, or not at all).
  { text: 'email me and bob@example.com saying hi', groups: [[{ call: EMAIL, args: { to: { me: true }, text: 'hi' } }], [{ call: EMAIL, args: { to: 'bob@example.com', text: 'hi' } }]] },
  { text: 'email me and bob saying the party is at 8', groups: [[{ call: EMAIL, args: { to: { me: true }, text: 'the party is at 8' } }], [{ call: EMAIL, args: { to: 'bob', text: 'the party is at 8' } }]] },
  { text: 'email me and then bob saying hi', groups: [[{ call: EMAIL, args: { to: { me: true }, text: 'hi' } }], [{ call: EMAIL, args: { to: 'bob', text: 'hi' } }]] },
  // The message's own words, though they name a way to send it ("I told you so" lost "told", "I sent the email" lost all but "I the").
  { text: 'email bob saying I told you so', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'I told you so' } }]] },
  { text: 'tell bob that I sent the email', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'I sent the email' } }]] },
  // Told to the person named right after the verb, not to the word after "to" (it went to "call", saying "bob me").
  { text: 'tell bob to call me', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'call me' } }]] },
  // What they are told to do is all the message, words that name a way to send included (it sent nothing, or "me the report").
  { text: 'tell alice to email me', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'email me' } }]] },
  { text: 'tell bob to send me the report', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'send me the report' } }]] },
  // Someone named by who they are to the requester is the recipient (the mail went to the requester, saying "my wife I'll be late", or to "come").
  { text: "tell my wife I'll be late", groups: [[{ call: EMAIL, args: { to: 'my wife', text: "I'll be late" } }]] },
  // Someone named by who they are, after what is sent (the mail went to the requester, saying "shopping list to my wife").
  { text: 'email the shopping list to my wife', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: EMAIL, args: { to: 'my wife' }, after: [0] }]] },
  // Forwarded: looked up and mailed (the list was only read out).
  { text: 'forward the shopping list to alice', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: EMAIL, args: { to: 'alice', text: { absent: true } }, after: [0] }]] },
  // Two lists named: both looked up, one message after both (the packing list alone was).
  {
    text: 'email me the shopping list and the packing list',
    groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: READ_LIST, args: { list: 'packing' } }, { call: EMAIL, args: { text: { absent: true } }, after: [0, 1] }]],
  },
  // A thing named, not words said, which nothing here looks up: asked about (the mail said "report").
  { text: 'email the report to my boss', groups: [[{ call: null, reason: /cannot come up with "the report" myself/ }]] },
  { text: 'send my location to bob', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'my location' } }]] },
  { text: 'tell the kids to come down for dinner', groups: [[{ call: EMAIL, args: { to: 'the kids', text: 'come down for dinner' } }]] },
  { text: 'send the family photo to bob', groups: [[{ call: null, reason: /cannot come up with "the family photo" myself/ }]] },
  // "Let alice know", "ask bob to": the person is inside the words that say to send (nothing fitted); "let me know" stays the requester's own channel.
  { text: 'let alice know that dinner is ready', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'dinner is ready' } }]] },
  // Someone else reminded is told (a calendar event "remind alice to call me" was added); said with a time first, told then; "remind me" stays one's own.
  { text: 'remind alice to call me tomorrow', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'call me tomorrow' } }]] },
  { text: 'remind my wife to pick up the kids at 3', groups: [[{ call: EMAIL, args: { to: 'my wife', text: 'pick up the kids at 3' } }]] },
  { text: 'remind bob tomorrow at 9 to bring the cake', groups: [[{ call: LATER, args: { text: 'remind bob to bring the cake', at: at('2026-11-22T09:00:00Z') } }]] },
  // Several reminded: each told ("remind bob and alice" told bob alone); with the requester, a reminder of their own too (the other one was lost).
  { text: 'remind bob and alice to buy milk', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'buy milk' } }], [{ call: EMAIL, args: { to: 'alice', text: 'buy milk' } }]] },
  { text: 'remind me and alice to buy milk tomorrow', groups: [[{ call: REMIND, args: { text: 'buy milk', at: at('2026-11-22T09:00:00Z') } }], [{ call: EMAIL, args: { to: 'alice', text: 'buy milk tomorrow' } }]] },
  { text: 'remind me and my wife at 6pm to call mom', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T18:00:00Z') } }], [{ call: LATER, args: { text: 'remind my wife to call mom', at: at('2026-11-21T18:00:00Z') } }]] },
  { text: 'remind alice and me to buy milk at 5pm', groups: [[{ call: REMIND, args: { text: 'buy milk', at: at('2026-11-21T17:00:00Z') } }], [{ call: EMAIL, args: { to: 'alice', text: 'buy milk at 5pm' } }]] },
  // Told to do something at a time said between: then (it mailed "at 8 to call me" at once).
  { text: 'tell bob at 8 to call me', groups: [[{ call: LATER, args: { text: 'tell bob to call me', at: at('2026-11-21T20:00:00Z') } }]] },
  { text: 'tell alice tomorrow morning to bring the cake', groups: [[{ call: LATER, args: { text: 'tell alice to bring the cake', at: at('2026-11-22T08:00:00Z') } }]] },
  { text: 'tell bob how to get here', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'how to get here' } }]] },
  // The time between the one reminded and what to do, or how often said last, is when (nothing, or one mail saying "every night").
  { text: 'remind alice in an hour to take her medicine', groups: [[{ call: LATER, args: { text: 'remind alice to take her medicine', at: at('2026-11-21T11:00:00Z') } }]] },
  { text: 'remind bob every monday to take out the bins', groups: [[{ call: LATER, args: { text: 'remind bob to take out the bins', every: '0 9 * * 1', at: { absent: true } } }]] },
  { text: 'remind the kids to brush their teeth at 8pm every night', groups: [[{ call: LATER, args: { text: 'remind the kids to brush their teeth', every: '0 20 * * *' } }]] },
  { text: 'remind me tomorrow to call the bank', groups: [[{ call: REMIND, args: { text: 'call the bank' } }]] },
  // A wish or thanks said for the requester: in its own words (nothing fitted).
  { text: 'wish bob a happy birthday', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'Happy birthday!' } }]] },
  { text: 'thank my wife for the flowers', groups: [[{ call: EMAIL, args: { to: 'my wife', text: 'Thank you for the flowers!' } }]] },
  // Who they are to the requester, where the words that say to send leave a gap (nothing fitted, or it went to no one).
  { text: 'ask my wife to call me', groups: [[{ call: EMAIL, args: { to: 'my wife', text: 'call me' } }]] },
  { text: "let the kids know it's bedtime", groups: [[{ call: EMAIL, args: { to: 'the kids', text: "it's bedtime" } }]] },
  // How often, said last of a message to oneself, is when it is sent (the mail said "summary of my day every morning at 7"); said to someone else, or after "saying", it is the message's.
  { text: 'send me a summary of my day every morning at 7', groups: [[{ call: LATER, args: { text: 'send me a summary of my day', every: '0 7 * * *' } }]] },
  { text: 'text me good morning every day at 7', groups: [[{ call: LATER, args: { text: 'text me good morning', every: '0 7 * * *' } }]] },
  { text: 'email me saying the bins go out every monday', groups: [[{ call: EMAIL, args: { text: 'the bins go out every monday' } }]] },
  // A day said only as whose ("today's meeting") is no time to send at (it was sent an hour later, or tonight).
  { text: "email alice the notes from today's meeting", groups: [[{ call: null, reason: /cannot come up with "the notes from today's meeting"/ }]] },
  { text: "text bob about tonight's game", groups: [[{ call: EMAIL, args: { to: 'bob', text: "tonight's game" } }]] },
  // Told nothing but to tell, after something done: it waits, and tells what was done (it went at once, "As you asked"); "also" keeps it apart.
  { text: 'turn off the garage light and let me know', groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: PRIMARY, after: [0] }]] },
  { text: 'set a timer for 10 minutes and email bob', groups: [[{ call: 'calendar.set_timer' }, { call: EMAIL, args: { to: 'bob', text: { absent: true } }, after: [0] }]] },
  { text: 'turn off the garage light and also email bob', groups: [[{ call: T }], [{ call: EMAIL, args: { to: 'bob' } }]] },
  // "Remind him" after a name is a message to him (a reminder of one's own, or a mail to "call"), and one message: what
  // follows "and" says what the mail to him says (it was two mails, the first saying nothing).
  { text: 'email bob and remind him to call me', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'call me' } }]] },
  { text: 'email bob and tell him to call me', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'call me' } }]] },
  { text: 'email bob and ask him to call me', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'call me' } }]] },
  { text: 'text alice and let her know dinner is ready', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'dinner is ready' } }]] },
  // Someone else told to do something, named by a pronoun with no one named before: asked who (not a reminder of one's own, nor a mail to "him").
  { text: 'remind him to call me', groups: [[{ call: null, reason: /who "him" is here.*"remind alice to call me"/ }]] },
  { text: 'tell him to call me', groups: [[{ call: null, reason: /who "him" is here/ }]] },
  { text: 'remind us to take out the trash tonight', groups: [[{ call: REMIND, args: { text: 'take out the trash' } }]] },
  // What is shared with someone is looked up and sent to them (the list was read out).
  {
    text: 'share the packing list with bob',
    groups: [[{ call: READ_LIST, args: { list: 'packing' } }, { call: EMAIL, args: { to: 'bob', text: { absent: true } }, after: [0] }]],
  },
  // A sentence said to someone keeps its article (the mail said "kids are asleep"); a thing sent is named ("family photo").
  { text: 'tell alice the kids are asleep', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'the kids are asleep' } }]] },
  { text: 'tell bob the meeting moved to 4', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'the meeting moved to 4' } }]] },
  // The words of a message keep the pronouns in them (the mail said "I love", "I fixed").
  { text: 'tell bob I love him', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'I love him' } }]] },
  { text: 'tell my wife I fixed it', groups: [[{ call: EMAIL, args: { to: 'my wife', text: 'I fixed it' } }]] },
  // An "it" after who is told is a word of what they are told (the mail said "is raining", "bring home").
  { text: 'tell alice it is raining', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'it is raining' } }]] },
  { text: 'tell alice to bring it home', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'bring it home' } }]] },
  { text: 'tell alice to come home when it rains', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'come home when it rains' } }]] },
  // After "him" (who is told), too (it said "is hot").
  {
    text: 'text bob that dinner is ready and tell him it is hot',
    groups: [[{ call: EMAIL, args: { to: 'bob', text: 'dinner is ready' } }, { call: EMAIL, args: { to: 'bob', text: 'it is hot' }, after: [0] }]],
  },
  // A greeting after who they are to the requester is what is said (the mail went to the requester, saying "my brother happy birthday").
  { text: 'tell my brother happy birthday', groups: [[{ call: EMAIL, args: { to: 'my brother', text: 'happy birthday' } }]] },
  { text: 'email my family photo to bob', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'my family photo' } }]] },
  // A question asked of someone, in the words said to them (nothing fitted).
  { text: 'ask alice if she wants pizza', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'Do you want pizza?' } }]] },
  // Asked with "when", "where", "how": the question, put to them (it sent the bot home, or asked for a time).
  { text: "ask bob when he's coming home", groups: [[{ call: EMAIL, args: { to: 'bob', text: 'When are you coming home?' } }]] },
  { text: 'ask my wife where she left the keys', groups: [[{ call: EMAIL, args: { to: 'my wife', text: 'Where did you leave the keys?' } }]] },
  // About something else, put in the order a question is asked in; it was "What time the party starts?".
  { text: 'ask alice what time the party starts', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'What time does the party start?' } }]] },
  { text: 'can you ask mom when the store closes', groups: [[{ call: EMAIL, args: { to: 'mom', text: 'When does the store close?' } }]] },
  { text: 'ask the kids why the lights are on', groups: [[{ call: EMAIL, args: { to: 'the kids', text: 'Why are the lights on?' } }]] },
  { text: 'ask bob how he is doing', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'How are you doing?' } }]] },
  { text: "ask bob whether he's seen my keys", groups: [[{ call: EMAIL, args: { to: 'bob', text: 'Have you seen my keys?' } }]] },
  // Asked politely, the same: "can you ask bob if he wants pizza" sent "he wants pizza"; "please ask bob when ..." sent the bot home.
  { text: 'can you ask bob if he wants pizza', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'Do you want pizza?' } }]] },
  { text: 'could you please ask alice whether she can pick up the kids', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'Can you pick up the kids?' } }]] },
  { text: 'please ask bob when he is coming home', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'When are you coming home?' } }]] },
  { text: 'can you thank alice for dinner', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'Thank you for dinner!' } }]] },
  // What a thing does, said with a verb in -s: words to send, not a thing named ("I cannot come up with "the party starts at 8"").
  { text: 'tell bob the party starts at 8', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'the party starts at 8' } }]] },
  { text: 'tell alice the bus leaves in 10 minutes', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'the bus leaves in 10 minutes' } }]] },
  { text: 'tell bob the shop opens at 9', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'the shop opens at 9' } }]] },
  // An action after a message's words that names a value nothing here knows, by a word of its plugin, is an action all the same, not more words to send.
  { text: 'email the kids that dinner is ready and turn on the dining room light', groups: [[{ call: EMAIL, args: { to: 'the kids', text: 'dinner is ready' } }], [{ call: null, reason: /no area of the home is called 'dining room'/ }]] },
  // A plural named, followed by what it is of or from, stays a thing named.
  { text: 'send alice the pictures from the party', groups: [[{ call: null, reason: /cannot come up with "the pictures from the party"/ }]] },
  // It mailed "the kids" to someone called "goodnight".
  { text: 'would you say goodnight to the kids', groups: [[{ call: EMAIL, args: { to: 'the kids', text: 'goodnight' } }]] },
  { text: 'ask alice@example.com if she wants pizza', groups: [[{ call: EMAIL, args: { to: 'alice@example.com', text: 'Do you want pizza?' } }]] },
  // An address where the words leave a gap for who (the mail went to "call", saying "me").
  { text: 'ask bob@example.com to call me', groups: [[{ call: EMAIL, args: { to: 'bob@example.com', text: 'call me' } }]] },
  { text: 'ask the kids if they want pizza', groups: [[{ call: EMAIL, args: { to: 'the kids', text: 'Do you want pizza?' } }]] },
  // "Say X to Y" (it went to the game chat, to a player called "goodnight").
  { text: 'say goodnight to the kids', groups: [[{ call: EMAIL, args: { to: 'the kids', text: 'goodnight' } }]] },
  // The game named, by its name or as "the game" (an email; "hi in the game" said in the chat).
  { text: 'tell steve hello in minecraft', groups: [[{ call: GAME_CHAT, args: { to: 'steve', text: 'hello' } }]] },
  { text: 'message steve in minecraft saying hi', groups: [[{ call: GAME_CHAT, args: { to: 'steve', text: 'hi' } }]] },
  { text: 'say hi to steve in the game', groups: [[{ call: GAME_CHAT, args: { to: 'steve', text: 'hi' } }]] },
  { text: 'say hi in the game', groups: [[{ call: GAME_CHAT, args: { to: { absent: true }, text: 'hi' } }]] },
  { text: 'tell bob hello', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'hello' } }]] },
  // "It" after a change is the thing as it is then, looked up once changed (the mail told what was added).
  {
    text: 'put eggs, milk, and bread on the shopping list and email it to my wife',
    groups: [[{ call: ADD_ITEMS, args: { list: 'shopping' } }, { call: READ_LIST, args: { list: 'shopping' }, after: [0] }, { call: EMAIL, args: { to: 'my wife', text: { absent: true } }, after: [0, 1] }]],
  },
  {
    text: 'turn on the kitchen light and email it to me',
    groups: [[{ call: T, args: { location: 'kitchen' } }, { call: LIST, args: { location: 'kitchen' }, after: [0] }, { call: EMAIL, args: { to: { me: true } }, after: [0, 1] }]],
  },
  // "It" before the change that names it, which waits for the message: the thing looked up first (it mailed "As you asked", then cleared the list).
  {
    text: 'clear the shopping list after you email it to me',
    // Ids in the order said: the clearing is a1, the lookup a2, the message a3.
    groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: EMAIL, args: { to: { me: true }, text: { absent: true } }, after: [1] }, { call: 'documents.clear_list', args: { list: 'shopping' }, after: [1, 2] }]],
  },
  {
    text: 'before you clear the shopping list, email it to me',
    groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: EMAIL, args: { to: { me: true } }, after: [1] }, { call: 'documents.clear_list', args: { list: 'shopping' }, after: [1, 2] }]],
  },
  // "The list" after a change to one is that list, as "it" is (the mail said "list").
  {
    text: 'add milk to the shopping list and email alice the list',
    groups: [[{ call: ADD_ITEMS, args: { items: 'milk', list: 'shopping' } }, { call: READ_LIST, args: { list: 'shopping' }, after: [0] }, { call: EMAIL, args: { to: 'alice', text: { absent: true } }, after: [0, 1] }]],
  },
  // "A list of the lights" is looked up, and the message tells it (it said "list of lights").
  { text: 'send bob a list of the lights', groups: [[{ call: LIST }, { call: EMAIL, args: { to: 'bob', text: { absent: true } }, after: [0] }]] },
  // A message of "it" or a summary tells what the actions before it did, once done (it said "it", or "summary", and did not wait).
  {
    text: 'remind me in 2 hours to check the laundry and then email bob about it',
    groups: [[{ call: REMIND, args: { text: 'check the laundry' } }, { call: EMAIL, args: { to: 'bob', text: { absent: true } }, after: [0] }]],
  },
  {
    text: 'turn off the garage light and email me a summary',
    groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: EMAIL, args: { to: { me: true }, text: { absent: true } }, after: [0] }]],
  },
  { text: 'ask bob to call me', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'call me' } }]] },
  // Only when, of something out of sight: sent now, the message said "when the laundry is done" and nothing else.
  { text: 'let me know when the laundry is done', groups: [[{ call: null, reason: /cannot tell when the laundry is done/ }]] },
  { text: 'text me on discord when the laundry is done', groups: [[{ call: null, reason: /cannot tell when the laundry is done: say a time instead \(e\.g\. "text me on discord at 6pm"\)/ }]] },
  { text: 'email me when the package arrives', groups: [[{ call: null, reason: /cannot tell when the package arrives/ }]] },
  { text: "email bob that I'll call when the laundry is done", groups: [[{ call: EMAIL, args: { to: 'bob', text: "I'll call when the laundry is done" } }]] },
  { text: "send me an email when that's over", groups: [[{ call: EMAIL, args: { to: { me: true }, text: { absent: true } } }]] },
  { text: 'let me know when you are done', groups: [[{ call: PRIMARY }]] },
  // A message of a time alone (it was sent now, saying "in 10 minutes"): asked what to send; a greeting's part of the day is no such time.
  { text: 'ping me in 10 minutes', groups: [[{ call: null, reason: /saying only "in 10 minutes" says nothing.*"remind me in 10 minutes to call bob"/ }]] },
  { text: 'text me tomorrow', groups: [[{ call: null, reason: /saying only "tomorrow"/ }]] },
  { text: 'email me at 5pm saying dinner is ready', groups: [[{ call: LATER, args: { text: 'email me saying dinner is ready', at: at('2026-11-21T17:00:00Z') } }]] },
  // Dark, as said: done now, it was done at the wrong time.
  { text: 'turn on the porch light when it gets dark', groups: [[{ call: null, reason: /cannot tell when it gets dark here: say a clock time instead \(e\.g\. "turn on the porch light at 5pm"\)/ }]] },
  { text: 'get me 64 torches once the sun goes down', groups: [[{ call: null, reason: /cannot tell when the sun goes down/ }]] },
  // A condition said first, up to a comma: it was an action of its own, asked about, and what it conditions was done at once.
  { text: 'if it rains, turn on the porch light', groups: [[{ call: null, reason: /cannot tell whether it rains: say what to do without "if" \(e\.g\. "turn on the porch light"\)/ }]] },
  { text: 'if alice is home, turn on the porch light', groups: [[{ call: null, reason: /cannot tell whether alice is home/ }]] },
  { text: 'if bob calls, email me', groups: [[{ call: null, reason: /cannot tell whether bob calls/ }]] },
  // A condition of no kind read before, said first or last: it was dropped, and the light switched whether or not it held.
  { text: 'if the door is open, turn on the hallway light', groups: [[{ call: null, reason: /cannot tell whether the door is open/ }]] },
  { text: 'turn on the porch light if bob calls', groups: [[{ call: null, reason: /cannot tell whether bob calls/ }]] },
  { text: 'turn on the hallway light unless the door is open', groups: [[{ call: null, reason: /cannot tell whether the door is open: say what to do without "unless"/ }]] },
  { text: 'only if the door is open, turn on the hallway light', groups: [[{ call: null, reason: /cannot tell whether the door is open/ }]] },
  // An "if" that asks whether, says what the action needs, or belongs to a message is no condition.
  { text: 'check if the kitchen light is on', groups: [[{ call: 'lights.list_lights', args: { location: 'kitchen' } }]] },
  { text: 'turn off the lights if not already off', groups: [[{ call: T, args: { desired_state: false } }]] },
  { text: 'tell bob I will come if he wants', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'I will come if he wants' } }]] },
  // A condition on the time of day is told now (at 10:00): what holds is done, what does not is ended, saying why.
  { text: "if it's after 9am, turn on the kitchen light", groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  { text: "if it's after 10pm, turn off the porch light", groups: [[{ call: null, reason: /^it is not after 10pm yet \(it is 10:00\)$/ }]] },
  { text: "turn on the porch light, but only if it's after 8pm", groups: [[{ call: null, reason: /^it is not after 8pm yet/ }]] },
  {
    text: "if it's past noon, turn on the porch light. Also remind me to call mom at 6pm",
    groups: [[{ call: null, reason: /^it is not past noon yet/ }], [{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T18:00:00Z') } }]],
  },
  { text: 'if it is after 9, email me', groups: [[{ call: null, reason: /"after 9" may be in the morning or in the evening/ }]] },
  { text: 'email me and turn off the garage light', groups: [[{ call: EMAIL, args: { to: { me: true } } }], [{ call: T, args: { location: 'garage', desired_state: false } }]] },
  {
    text: 'email the shopping list to bob and alice',
    groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: EMAIL, args: { to: 'bob', text: { absent: true } }, after: [0] }, { call: EMAIL, args: { to: 'alice', text: { absent: true } }, after: [0] }]],
  },
  { text: 'email bob saying thanks for dinner', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'thanks for dinner' } }]] },
  { text: 'tell alice thank you for the flowers', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'thank you for the flowers' } }]] },
  { text: 'email bob saying please call me', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'please call me' } }]] },
  { text: 'tell bob thanks', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'thanks' } }]] },
  { text: "please email bob saying I'm late, thanks", groups: [[{ call: EMAIL, args: { to: 'bob', text: "I'm late" } }]] },
  { text: 'remind me to call mom please', groups: [[{ call: REMIND, args: { text: 'call mom' } }]] },
  { text: 'thank you so much, turn off the kitchen light', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  { text: 'write me an email about the electricity bill', groups: [[{ call: EMAIL, args: { to: { me: true }, text: { '~': 'electricity bill' } } }]] },
  // What a message names that can be looked up is looked up first, and the message tells what was found.
  { text: 'send me an email with the shopping list', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: EMAIL, args: { to: { me: true }, text: { absent: true } }, after: [0] }]] },
  { text: 'email me my reminders', groups: [[{ call: 'calendar.list_reminders', args: {} }, { call: EMAIL, args: { to: { me: true }, text: { absent: true } }, after: [0] }]] },
  { text: "email bob@example.com what's on my calendar tomorrow", now: '2026-11-21T10:00:00Z', groups: [[{ call: EVENTS, args: { from: '2026-11-22T00:00:00Z' } }, { call: EMAIL, args: { to: 'bob@example.com', text: { absent: true } }, after: [0] }]] },
  // Words to pass on are passed on.
  { text: 'email bob@example.com saying my reminders', groups: [[{ call: EMAIL, args: { to: 'bob@example.com', text: 'my reminders' } }]] },
  { text: 'email bob@example.com that the lights are on', groups: [[{ call: EMAIL, args: { to: 'bob@example.com', text: 'the lights are on' } }]] },
  { text: 'email bob@example.com saying the battery is at 20%', groups: [[{ call: EMAIL, args: { to: 'bob@example.com', text: 'the battery is at 20%' } }]] },
  { text: 'dm me on discord saying dinner is ready', groups: [[{ call: DISCORD, args: { to: { me: true }, text: 'dinner is ready' } }]] },
  { text: 'send me a discord message saying the build finished', groups: [[{ call: DISCORD, args: { text: 'the build finished' } }]] },
  { text: 'ping me on discord', groups: [[{ call: DISCORD, args: { to: { me: true }, text: { absent: true } } }]] },
  // Sent "on discord" is sent on Discord (it was an email saying "shopping list on discord"), and "discord bob ..." sends (it only read the list).
  {
    text: 'send the shopping list to bob on discord',
    groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: DISCORD, args: { to: 'bob', text: { absent: true } }, after: [0] }]],
  },
  // Told a thing to make up (it sent the requester "joke"); words to pass on, or a greeting, are sent.
  { text: 'tell me a joke', groups: [[{ call: null, reason: /cannot come up with "a joke" myself/ }]] },
  { text: 'tell me something funny', groups: [[{ call: null, reason: /cannot come up with "something funny"/ }]] },
  { text: 'tell bob a joke', groups: [[{ call: null, reason: /cannot come up with "a joke"/ }]] },
  { text: 'send alice a picture', groups: [[{ call: null, reason: /cannot come up with "a picture"/ }]] },
  { text: 'tell me the weather', groups: [[{ call: null, reason: /cannot come up with "the weather"/ }]] },
  { text: 'tell alice good morning', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'good morning' } }]] },
  { text: 'wish bob a happy birthday', groups: [[{ call: EMAIL, args: { to: 'bob', text: { '~': 'happy birthday' } } }]] },
  { text: 'tell alice the kids are asleep', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'the kids are asleep' } }]] },
  { text: 'text bob on discord that the build is green', groups: [[{ call: DISCORD, args: { to: 'bob', text: 'the build is green' } }]] },
  { text: 'send bob the shopping list on discord', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: DISCORD, args: { to: 'bob' }, after: [0] }]] },
  { text: 'discord bob the shopping list', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: DISCORD, args: { to: 'bob' }, after: [0] }]] },
  { text: 'send the shopping list to bob', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: EMAIL, args: { to: 'bob' }, after: [0] }]] },
  { text: 'notify me when you are done', groups: [[{ call: PRIMARY, args: { text: { absent: true } } }]] },
];

export const MEMORY_CASES: PlanCase[] = [
  // A detail told outright, without "remember": remembered whole (it was mailed to the address, saying "is").
  { text: "bob's email is bob@example.com", groups: [[{ call: 'memory.remember', args: { text: "bob's email is bob@example.com" } }]] },
  { text: "alice's phone number is 555 1234", groups: [[{ call: 'memory.remember', args: { text: "alice's phone number is 555 1234" } }]] },
  { text: 'my name is Ada', groups: [[{ call: 'memory.remember', args: { text: 'my name is Ada' } }]] },
  { text: 'remember that the WiFi password is Sunflower', groups: [[{ call: 'memory.remember', args: { text: 'the WiFi password is Sunflower' } }]] },
  // Said in a message, it is the message's.
  { text: 'email bob that my email is ada@example.com', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'my email is ada@example.com' } }]] },
  // A day told before, asked for (it read the time now).
  { text: "when is bob's birthday", groups: [[{ call: 'memory.recall', args: { about: "bob's birthday" } }]] },
  // A question about what someone's address is: recalled (an empty mail was sent to the requester).
  { text: "what's bob's email", groups: [[{ call: 'memory.recall', args: { about: "bob's email" } }]] },
  { text: "what's my wife's phone number", groups: [[{ call: 'memory.recall', args: { about: "my wife's phone number" } }]] },
  { text: "what's the wifi password?", groups: [[{ call: 'memory.recall', args: { about: 'wifi password' } }]] },
  // What was told, asked about nothing in particular.
  { text: 'what do you remember?', groups: [[{ call: 'memory.recall', args: { about: { absent: true } } }]] },
  { text: 'what have I told you', groups: [[{ call: 'memory.recall', args: { about: { absent: true } } }]] },
  { text: 'what do you remember about the garage code', groups: [[{ call: 'memory.recall', args: { about: 'garage code' } }]] },
  // Where something was said to be.
  { text: 'where is the spare key?', groups: [[{ call: 'memory.recall', args: { about: 'spare key' } }]] },
  { text: 'where did we park the car', groups: [[{ call: 'memory.recall', args: { about: 'car' } }]] },
  { text: 'where do we keep the batteries', groups: [[{ call: 'memory.recall', args: { about: 'batteries' } }]] },
  { text: 'where are you', groups: [[{ call: 'minecraft.status' }]] },
  // A question about "my email" is no email to send.
  { text: "what's my email", groups: [[{ call: 'memory.recall', args: { about: 'email' } }]] },
  { text: 'what are my reminders', groups: [[{ call: 'calendar.list_reminders' }]] },
  { text: 'forget the wifi password', groups: [[{ call: 'memory.forget', args: { about: 'wifi password' } }]] },
  { text: "don't forget to buy milk tomorrow at 9am", groups: [[{ call: REMIND, args: { text: 'buy milk', at: '2026-11-22T09:00:00Z' } }]], now: '2026-11-21T10:00:00Z' },
  // A note is a fact kept (it was nothing), what to do one is reminded of, and notes asked for are what was told.
  { text: 'make a note: the plumber comes on friday', groups: [[{ call: 'memory.remember', args: { text: 'the plumber comes on friday' } }]] },
  { text: 'write down that the car needs an oil change', groups: [[{ call: 'memory.remember', args: { text: 'the car needs an oil change' } }]] },
  { text: 'jot down the gate code is 4512', groups: [[{ call: 'memory.remember', args: { text: 'the gate code is 4512' } }]] },
  { text: 'make a note to call the plumber tomorrow', groups: [[{ call: REMIND, args: { text: 'call the plumber', at: { between: ['2026-11-22T00:00:00Z', '2026-11-22T23:59:00Z'] } } }]] },
  { text: 'write down milk on the shopping list', groups: [[{ call: ADD_ITEMS, args: { items: 'milk', list: 'shopping' } }]] },
  { text: 'show me my notes', groups: [[{ call: 'memory.recall', args: { about: { absent: true } } }]] },
  // A favourite told is remembered (the colour was a light's, of an area called "favorite"); who someone is, recalled (nothing).
  { text: 'my favorite color is blue', groups: [[{ call: 'memory.remember', args: { text: 'my favorite color is blue' } }]] },
  { text: "our favourite restaurant is luigi's", groups: [[{ call: 'memory.remember', args: { text: "our favourite restaurant is luigi's" } }]] },
  { text: 'who is bob', groups: [[{ call: 'memory.recall', args: { about: 'bob' } }]] },
  { text: "who's our plumber", groups: [[{ call: 'memory.recall', args: { about: 'plumber' } }]] },
  { text: 'read me my notes about the car', groups: [[{ call: 'memory.recall', args: { about: 'the car' } }]] },
];

export const SHORTCUT_CASES: PlanCase[] = [
  // A definition is one action, whatever it holds: nothing of it is done now.
  {
    text: 'when I say goodnight, turn off all the lights and set an alarm for 7',
    groups: [[{ call: 'shortcuts.define', args: { phrase: 'goodnight', text: 'turn off all the lights and set an alarm for 7' } }]],
  },
  { text: "when I say 'movie time' dim the living room lights to 20%", groups: [[{ call: 'shortcuts.define', args: { phrase: 'movie time', text: 'dim the living room lights to 20%' } }]] },
  { text: 'delete the goodnight shortcut', groups: [[{ call: 'shortcuts.forget', args: { phrase: 'goodnight' } }]] },
  { text: 'what shortcuts do I have', groups: [[{ call: 'shortcuts.list' }]] },
  // "When I leave" is still no moment to act on.
  { text: 'when I leave, turn off the lights', groups: [[{ call: null, reason: /cannot tell when you leave/ }]] },
];

export const LIST_CASES: PlanCase[] = [
  // "It" after a reminder is what the reminder is of (an item called "it" went on the list).
  {
    text: 'remind me to call the vet tomorrow morning and put it on my to-do list',
    groups: [[{ call: REMIND, args: { at: at('2026-11-22T08:00:00Z'), text: 'call the vet' } }, { call: ADD_ITEMS, args: { items: 'call the vet', list: 'to-do' }, after: [0] }]],
  },
  // Asked whether anything is on a list, or what is left: read (it looked for an item called "anything", or added to the list).
  { text: 'is there anything on my to-do list', groups: [[{ call: READ_LIST, args: { list: 'to-do' } }]] },
  { text: 'is anything on the shopping list', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }]] },
  { text: "what's left on the to-do list", groups: [[{ call: READ_LIST, args: { list: 'to-do' } }]] },
  { text: 'anything left on the packing list?', groups: [[{ call: READ_LIST, args: { list: 'packing' } }]] },
  // Everything off a list is the list cleared, which asks first (it took off an item called "everything").
  { text: 'cross off everything on the shopping list', groups: [[{ call: 'documents.clear_list', args: { list: 'shopping' } }]] },
  { text: 'take everything off the shopping list', groups: [[{ call: 'documents.clear_list', args: { list: 'shopping' } }]] },
  // Asked whether they got something: whether it is on the list (the game's bot was asked to get eggs, or eggs came off the list).
  { text: 'have we got eggs', groups: [[{ call: 'documents.check_list', args: { items: 'eggs' } }]] },
  { text: 'did we get milk', groups: [[{ call: 'documents.check_list', args: { items: 'milk' } }]] },
  { text: 'did we get any email', groups: [[{ call: null, reason: /cannot read your inbox/ }]] },
  // Got is bought, off the list (it asked the game's bot to get milk and bread); getting home is no item.
  { text: 'I got milk and bread', groups: [[{ call: TAKE_ITEMS, args: { items: 'milk and bread' } }]] },
  { text: 'we just got the eggs', groups: [[{ call: TAKE_ITEMS, args: { items: 'eggs' } }]] },
  { text: 'I got home, turn on the lights', groups: [[{ call: null }], [{ call: T, args: { desired_state: true } }]] },
  // Asked what was put on a list: read (it added nothing, and asked what to add).
  { text: 'what did I add to the shopping list', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }]] },
  { text: 'what have we put on the grocery list', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }]] },
  { text: 'which items did you add to my to-do list', groups: [[{ call: READ_LIST, args: { list: 'to-do' } }]] },
  // Bought is off the list (it was nothing); "more" and "some" are no words of what is needed.
  { text: 'I bought the milk', groups: [[{ call: TAKE_ITEMS, args: { items: 'milk' } }]] },
  { text: 'we just picked up eggs and bread', groups: [[{ call: TAKE_ITEMS, args: { items: 'eggs and bread' } }]] },
  { text: 'we need more toilet paper', groups: [[{ call: ADD_ITEMS, args: { items: 'toilet paper' } }]] },
  { text: 'we need some batteries', groups: [[{ call: ADD_ITEMS, args: { items: 'batteries' } }]] },
  // Running out, said of oneself too (nothing fitted; "running low on" listed the lights); out of time is no thing to buy.
  { text: 'I need more eggs', groups: [[{ call: ADD_ITEMS, args: { items: 'eggs' } }]] },
  { text: "I'm out of toothpaste", groups: [[{ call: ADD_ITEMS, args: { items: 'toothpaste' } }]] },
  { text: "we're running low on coffee", groups: [[{ call: ADD_ITEMS, args: { items: 'coffee' } }]] },
  { text: "we're almost out of dish soap", groups: [[{ call: ADD_ITEMS, args: { items: 'dish soap' } }]] },
  { text: 'I am getting low on olive oil', groups: [[{ call: ADD_ITEMS, args: { items: 'olive oil' } }]] },
  { text: "we're out of time", groups: [[{ call: null }]] },
  // Marked as done or bought is taken off (it was an addition of nothing, asked about).
  { text: 'mark eggs as done on the shopping list', groups: [[{ call: TAKE_ITEMS, args: { items: 'eggs', list: 'shopping' } }]] },
  { text: 'check off milk on the shopping list', groups: [[{ call: TAKE_ITEMS, args: { items: 'milk', list: 'shopping' } }]] },
  { text: 'put eggs on the shopping list', groups: [[{ call: ADD_ITEMS, args: { items: 'eggs', list: 'shopping' } }]] },
  { text: 'add milk, eggs and bread to my shopping list', groups: [[{ call: ADD_ITEMS, args: { items: 'milk, eggs and bread', list: 'shopping' } }]] },
  { text: 'put coffee on the grocery list', groups: [[{ call: ADD_ITEMS, args: { items: 'coffee', list: 'shopping' } }]] },
  { text: 'add a hammer to the hardware store list', groups: [[{ call: ADD_ITEMS, args: { items: 'a hammer', list: 'hardware store' } }]] },
  // A question about what is on a list changes nothing; "is ... on" there is no light's.
  { text: 'is milk on the shopping list?', groups: [[{ call: 'documents.check_list', args: { items: 'milk', list: 'shopping' } }]] },
  // Asked, nothing added (it added nothing, to the shopping list).
  { text: 'do we have milk on the shopping list', groups: [[{ call: 'documents.check_list', args: { items: 'milk', list: 'shopping' } }]] },
  { text: 'do we need milk?', groups: [[{ call: 'documents.check_list', args: { items: 'milk' } }]] },
  // "Check if ...": a question asked of the assistant (the light was switched on; the list part was lost with what was put on the other).
  { text: 'check if the kitchen light is on', groups: [[{ call: LIST, args: { location: 'kitchen' } }]] },
  { text: 'see if the porch light is off', groups: [[{ call: LIST, args: { location: 'porch' } }]] },
  {
    text: 'put toothpaste on the packing list and check if milk is on the shopping list',
    groups: [[{ call: ADD_ITEMS, args: { items: 'toothpaste', list: 'packing' } }], [{ call: 'documents.check_list', args: { items: 'milk', list: 'shopping' } }]],
  },
  // Several lists read with the verb said once: each read (the first alone was).
  // Tasks said with verbs, joined by "and": neither reads as an action alone, so they are one list's items (they were two clauses nothing fitted).
  { text: 'add buy stamps and return books to the library to my to-do list', groups: [[{ call: ADD_ITEMS, args: { items: 'buy stamps and return books to the library', list: 'to-do' } }]] },
  // Each side an action of its own: two.
  { text: 'add eggs to the shopping list and give bob 3 oak logs', groups: [[{ call: ADD_ITEMS, args: { items: 'eggs', list: 'shopping' } }], [{ call: GIVE, args: { item: 'oak_log', count: 3, player: 'bob' } }]] },
  // What follows that is no action is asked about on its own: it made the whole one clause, whose items were lost.
  { text: 'add eggs to the shopping list and give the hammer to bob', groups: [[{ call: ADD_ITEMS, args: { items: 'eggs', list: 'shopping' } }], [{ call: null, reason: /hammer/ }]] },
  // More for the same list, said after it (the items were lost: "and milk" was taken for the start of another part).
  { text: 'add eggs to the shopping list and milk too', groups: [[{ call: ADD_ITEMS, args: { items: 'eggs and milk', list: 'shopping' } }]] },
  { text: 'add eggs to the shopping list, and some bread as well', groups: [[{ call: ADD_ITEMS, args: { items: 'eggs and some bread', list: 'shopping' } }]] },
  { text: "what's on the shopping list and the to-do list", groups: [[{ call: READ_LIST, args: { list: 'shopping' } }], [{ call: READ_LIST, args: { list: 'to-do' } }]] },
  {
    text: 'read me my shopping list, my packing list and my to-do list',
    groups: [[{ call: READ_LIST, args: { list: 'shopping' } }], [{ call: READ_LIST, args: { list: 'packing' } }], [{ call: READ_LIST, args: { list: 'to-do' } }]],
  },
  { text: 'are eggs and butter on the list', groups: [[{ call: 'documents.check_list', args: { items: 'eggs and butter' } }]] },
  { text: 'we need milk', groups: [[{ call: ADD_ITEMS, args: { items: 'milk' } }]] },
  // Said short, with nothing else fitting: onto the list (nothing matched "add toothpaste").
  { text: 'add toothpaste', groups: [[{ call: ADD_ITEMS, args: { items: 'toothpaste', list: { absent: true } } }]] },
  { text: 'please add paper towels and 5 eggs', groups: [[{ call: ADD_ITEMS, args: { items: 'paper towels and 5 eggs' } }]] },
  { text: 'buy milk', groups: [[{ call: ADD_ITEMS, args: { items: 'milk' } }]] },
  { text: 'I need to buy batteries', groups: [[{ call: ADD_ITEMS, args: { items: 'batteries' } }]] },
  { text: 'turn off the garage light and add toothpaste', groups: [[{ call: T, args: { location: 'garage' } }], [{ call: ADD_ITEMS, args: { items: 'toothpaste' } }]] },
  // What else fits stays so; the assistant buys nothing itself.
  { text: 'add a meeting with bob tomorrow at 3', groups: [[{ call: EVENT, args: { title: 'meeting with bob' } }]] },
  { text: 'buy me a pizza', groups: [[{ call: null }]] },
  { text: 'add the kitchen light', groups: [[{ call: null }]] },
  // "Bin" is a thing to add, unless it is said of the list ("bin the packing list").
  { text: 'add bin liners to the shopping list', groups: [[{ call: ADD_ITEMS, args: { items: 'bin liners', list: 'shopping' } }]] },
  { text: 'bin the packing list', groups: [[{ call: 'documents.delete_list', args: { list: 'packing' } }]] },
  { text: 'add call the plumber to my to-do list', groups: [[{ call: ADD_ITEMS, args: { items: 'call the plumber', list: 'to-do' } }]] },
  // On a to-do list, buying is the thing to do (it added "stamps"); on a shopping list, what is bought.
  { text: 'add buy stamps to my to do list', groups: [[{ call: ADD_ITEMS, args: { items: 'buy stamps', list: 'to-do' } }]] },
  { text: 'add get a haircut to my to-do list', groups: [[{ call: ADD_ITEMS, args: { items: 'get a haircut', list: 'to-do' } }]] },
  { text: 'add buy milk to the shopping list', groups: [[{ call: ADD_ITEMS, args: { items: 'milk', list: 'shopping' } }]] },
  { text: "we're out of coffee", groups: [[{ call: ADD_ITEMS, args: { items: 'coffee', list: { absent: true } } }]] },
  { text: 'take eggs and bread off the shopping list', groups: [[{ call: TAKE_ITEMS, args: { items: 'eggs and bread', list: 'shopping' } }]] },
  { text: 'cross off milk', groups: [[{ call: TAKE_ITEMS, args: { items: 'milk' } }]] },
  { text: "what's on the shopping list?", groups: [[{ call: READ_LIST, args: { list: 'shopping' } }]] },
  { text: 'read me the packing list', groups: [[{ call: READ_LIST, args: { list: 'packing' } }]] },
  { text: 'what do we need from the store', groups: [[{ call: READ_LIST, args: { list: { absent: true } } }]] },
  { text: 'clear the shopping list', groups: [[{ call: 'documents.clear_list', args: { list: 'shopping' } }]] },
  { text: 'delete the packing list', groups: [[{ call: 'documents.delete_list', args: { list: 'packing' } }]] },
  // A list renamed (it was nothing).
  { text: 'rename the shopping list to groceries', groups: [[{ call: 'documents.rename_list', args: { list: 'shopping', to: 'groceries' } }]] },
  { text: 'change the name of my packing list to camping gear', groups: [[{ call: 'documents.rename_list', args: { list: 'packing', to: 'camping gear' } }]] },
  { text: 'create a list called camping gear', groups: [[{ call: 'documents.create_list', args: { list: 'camping gear', items: { absent: true } } }]] },
  { text: 'make a new packing list', groups: [[{ call: 'documents.create_list', args: { list: 'packing' } }]] },
  { text: 'set up a list for the party', groups: [[{ call: 'documents.create_list', args: { list: 'party', items: { absent: true } } }]] },
  // What goes on a new list from the start (it was dropped: an empty list made).
  { text: 'create a packing list with socks, shirts and toothbrush', groups: [[{ call: 'documents.create_list', args: { list: 'packing', items: 'socks, shirts and toothbrush' } }]] },
  { text: 'make a list called camping gear with a tent and a stove', groups: [[{ call: 'documents.create_list', args: { list: 'camping gear', items: 'a tent and a stove' } }]] },
  // A note given a name is a document; "make a note called ideas" was remembered as the fact "called ideas".
  { text: 'make a note called ideas', groups: [[{ call: 'documents.create_list', args: { list: 'ideas', items: { absent: true } } }]] },
  { text: 'create a note called ideas with buy a boat', groups: [[{ call: 'documents.create_list', args: { list: 'ideas', items: 'buy a boat' } }]] },
  { text: 'make a note called groceries saying eggs and milk', groups: [[{ call: 'documents.create_list', args: { list: 'groceries', items: 'eggs and milk' } }]] },
  { text: 'make a note that the wifi password is hunter2', groups: [[{ call: 'memory.remember', args: { text: 'the wifi password is hunter2' } }]] },
  // The household's lists are its documents; what goes on a new one may follow its name's "of", or a colon.
  { text: 'create a document called packing list with socks, shirts and a toothbrush', groups: [[{ call: 'documents.create_list', args: { list: 'packing', items: 'socks, shirts and a toothbrush' } }]] },
  { text: 'make a grocery list of apples and pears', groups: [[{ call: 'documents.create_list', args: { list: 'grocery', items: 'apples and pears' } }]] },
  { text: 'create a to-do list: call the bank, fix the sink', groups: [[{ call: 'documents.create_list', args: { list: 'to-do', items: 'call the bank, fix the sink' } }]] },
  // What the action before acted on makes a bare "remove" one of the list, not of an event called "milk".
  { text: 'add eggs to the shopping list and remove the milk', groups: [[{ call: ADD_ITEMS, args: { items: 'eggs', list: 'shopping' } }, { call: TAKE_ITEMS, args: { items: 'milk', list: 'shopping' }, after: [0] }]] },
  { text: 'make a list of things to pack', groups: [[{ call: 'documents.create_list', args: { list: 'things to pack', items: { absent: true } } }]] },
  { text: 'create a new grocery list containing eggs and milk', groups: [[{ call: 'documents.create_list', args: { list: 'grocery', items: 'eggs and milk' } }]] },
  { text: 'what lists do we have', groups: [[{ call: 'documents.list_lists', args: {} }]] },
  {
    text: 'put sunscreen on the packing list and remind me tomorrow at 8am to pack',
    now: '2026-11-21T10:00:00Z',
    groups: [[{ call: ADD_ITEMS, args: { items: 'sunscreen', list: 'packing' } }], [{ call: REMIND, args: { at: '2026-11-22T08:00:00Z', text: 'pack' } }]],
  },
  // "It" after an action on a list is that list.
  { text: "add eggs to the packing list and then tell me what's on it", groups: [[{ call: ADD_ITEMS, args: { items: 'eggs', list: 'packing' } }, { call: READ_LIST, args: { list: 'packing' }, after: [0] }]] },
  { text: 'add milk to the shopping list, then read it to me', groups: [[{ call: ADD_ITEMS, args: { list: 'shopping' } }, { call: READ_LIST, args: { list: 'shopping' }, after: [0] }]] },
  // Taken off after an action on a list, with no list said: that list (the second part was lost, and with it what was added).
  {
    text: 'add eggs to the shopping list and remove milk',
    groups: [[{ call: ADD_ITEMS, args: { items: 'eggs', list: 'shopping' } }, { call: TAKE_ITEMS, args: { items: 'milk', list: 'shopping' }, after: [0] }]],
  },
  { text: 'take eggs off the packing list and delete milk', groups: [[{ call: TAKE_ITEMS, args: { items: 'eggs', list: 'packing' } }, { call: TAKE_ITEMS, args: { items: 'milk', list: 'packing' }, after: [0] }]] },
  // The items are between the verb and the list, not what follows it (that was put on the list: "for tomorrow", "unless it's already there").
  { text: 'add call the plumber to my to-do list for tomorrow', groups: [[{ call: ADD_ITEMS, args: { items: 'call the plumber for tomorrow', list: 'to-do' } }]] },
  { text: "add milk to the shopping list unless it's already there", groups: [[{ call: ADD_ITEMS, args: { items: 'milk', list: 'shopping' } }]] },
  // Alone, a list is not guessed: asked about.
  { text: 'remove milk', groups: [[{ call: null }]] },
  // A part after "and" that nothing reads is asked about, not dropped (the lights were dimmed and the music never mentioned).
  { text: 'dim the bedroom lights and play some music', groups: [[{ call: STEP, args: { location: 'bedroom', direction: 'down' } }], [{ call: null }]] },
  { text: 'turn on the porch light and lock the door', groups: [[{ call: T, args: { location: 'porch', desired_state: true } }], [{ call: null }]] },
  // "Actually," and "sorry," opening a request say nothing of it (it asked what to do about "actually").
  { text: 'actually, turn off the kitchen light', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  { text: 'sorry, turn off the kitchen light', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  // Said before the "and" too: "turn on the coffee machine and the kitchen light" turned on the light and never mentioned the coffee machine.
  { text: 'turn on the coffee machine and the kitchen light', groups: [[{ call: null, reason: /cannot act on 'coffee machine'/ }], [{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  { text: 'turn off the tv and the kitchen light', groups: [[{ call: null, reason: /cannot act on 'tv'/ }], [{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  {
    text: 'first turn off the porch light, then lock up, then email me',
    groups: [[{ call: T, args: { location: 'porch', desired_state: false } }, { call: null, after: [0] }, { call: EMAIL, after: [1] }]],
  },
  // "To do" said as two words, where the list is read: the to-do list (nothing fitted, or a list called "do").
  { text: "what's on my to do list", groups: [[{ call: READ_LIST, args: { list: 'to-do' } }]] },
  { text: 'how many things are on the to do list', groups: [[{ call: READ_LIST, args: { list: 'to-do' } }]] },
  { text: 'read me the to do list', groups: [[{ call: READ_LIST, args: { list: 'to-do' } }]] },
  // Lists cannot be merged: asked about (a list was read out, or something added to it).
  { text: 'merge the packing list into the shopping list', groups: [[{ call: null }]] },
  // Two lists in one clause: no item is made of "and eggs"; the agent asks what to add.
  { text: 'add milk to the shopping list and eggs to the to-do list', groups: [[{ call: ADD_ITEMS, args: { items: { absent: true } } }]] },
  // A list's word in an event is no list.
  { text: 'add a meeting with the list team tomorrow at 3pm', now: '2026-11-21T10:00:00Z', groups: [[{ call: EVENT, args: { title: 'meeting with the list team' } }]] },
  // The list is named after the last "to" before "list"; a verb inside the item is the item's.
  { text: 'add write to grandma to my todo list', groups: [[{ call: ADD_ITEMS, args: { items: 'write to grandma', list: 'to-do' } }]] },
  { text: 'add go to the bank to the todo list', groups: [[{ call: ADD_ITEMS, args: { items: 'go to the bank', list: 'to-do' } }]] },
  { text: 'write down milk on the shopping list', groups: [[{ call: ADD_ITEMS, args: { items: 'milk', list: 'shopping' } }]] },
  // "From school" is part of the item, "to do" part of the list's name.
  { text: 'add pick up kids from school to my todo list', groups: [[{ call: ADD_ITEMS, args: { items: 'pick up kids from school', list: 'to-do' } }]] },
  { text: 'take eggs off my to do list', groups: [[{ call: TAKE_ITEMS, args: { items: 'eggs', list: 'to-do' } }]] },
  { text: 'add eggs to groceries', groups: [[{ call: ADD_ITEMS, args: { items: 'eggs', list: 'shopping' } }]] },
  // "It" said as the item is what the action before took off its list.
  {
    text: 'take milk from the shopping list and put it on the packing list',
    groups: [[{ call: TAKE_ITEMS, args: { items: 'milk', list: 'shopping' } }, { call: ADD_ITEMS, args: { items: 'milk', list: 'packing' }, after: [0] }]],
  },
  // "It" said as the list: the list of the action before, with what goes on or off it (the second part was lost).
  {
    text: 'remove eggs from the shopping list and add bacon to it',
    groups: [[{ call: TAKE_ITEMS, args: { items: 'eggs', list: 'shopping' } }, { call: ADD_ITEMS, args: { items: 'bacon', list: 'shopping' }, after: [0] }]],
  },
  {
    text: 'add milk to the shopping list and then add eggs to it',
    groups: [[{ call: ADD_ITEMS, args: { items: 'milk', list: 'shopping' } }, { call: ADD_ITEMS, args: { items: 'eggs', list: 'shopping' }, after: [0] }]],
  },
  // Moving between lists is no calendar event moved.
  { text: 'move milk from the shopping list to the packing list', groups: [[{ call: null }]] },
];

export const MINECRAFT_CASES: PlanCase[] = [
  // Half of what it holds (it gave all of it; "drop half your dirt" gave the dirt to someone called "half").
  { text: 'give alice half of your cobblestone', groups: [[{ call: GIVE, args: { item: 'cobblestone', player: 'alice', half: true, all: { absent: true } } }]] },
  { text: 'drop half your dirt', groups: [[{ call: DROP, args: { item: 'dirt', half: true, all: { absent: true } } }]] },
  // How far a place is: where it is, and how far (nothing matched).
  { text: 'how far is home', groups: [[{ call: 'minecraft.find_place', args: { place: 'home' } }]] },
  { text: 'how far away is the farm', groups: [[{ call: 'minecraft.find_place', args: { place: 'farm' } }]] },
  // What it finds, said as a condition, is got first, comma or not (it gave diamonds to a player called "find").
  { text: 'if you find diamonds bring them to me', groups: [[{ call: OBTAIN, args: { item: 'diamond' } }, { call: GIVE, args: { item: 'diamond', player: 'me' }, after: [0] }]] },
  // What "it" stands for, asked again the same, is done once; what waits for it waits for the first (iron was got twice).
  { text: 'find iron and mine it', groups: [[{ call: OBTAIN, args: { item: 'iron_ingot', count: 1 } }]] },
  { text: 'find iron, mine it and give it to me', groups: [[{ call: OBTAIN, args: { item: 'iron_ingot', count: 1 } }, { call: GIVE, args: { item: 'iron_ingot', player: 'me' }, after: [0] }]] },
  // The places it knows, from its memory ("what places do you know" was nothing; "where is the farm" looked in what the household told).
  { text: 'what places do you know', groups: [[{ call: 'minecraft.list_places' }]] },
  { text: 'where is the farm', groups: [[{ call: 'minecraft.find_place', args: { place: 'farm' } }]] },
  { text: 'where are the chests', groups: [[{ call: 'minecraft.find_place', args: { place: 'chest' } }]] },
  { text: 'where is my phone', groups: [[{ call: 'memory.recall', args: { about: 'phone' } }]] },
  // A count that counts nothing after it is of the thing before ("one" gave nothing named, and did not wait for the pickaxes).
  { text: 'get me 2 stone pickaxes and give one to alice', groups: [[{ call: OBTAIN, args: { item: 'stone_pickaxe', count: 2 } }, { call: GIVE, args: { item: 'stone_pickaxe', count: 1, player: 'alice' } }]] },
  { text: 'get me 5 oak planks and give two to bob', groups: [[{ call: OBTAIN, args: { item: 'oak_planks', count: 5 } }, { call: GIVE, args: { item: 'oak_planks', count: 2, player: 'bob' } }]] },
  // Trees give logs (they were asked about, no item being called "trees"); a bucket of water is the filled one (an empty bucket was got).
  { text: 'chop down some trees', groups: [[{ call: OBTAIN, args: { item: 'oak_log' } }]] },
  { text: 'chop 10 trees', groups: [[{ call: OBTAIN, args: { item: 'oak_log', count: 10 } }]] },
  { text: 'bring me a bucket of water', groups: [[{ call: OBTAIN, args: { item: 'water_bucket', count: 1 } }]] },
  // Milk and water said alone are in a bucket (no item was called "milk"); one bucket for "some", as it does not stack.
  { text: 'get me some milk', groups: [[{ call: OBTAIN, args: { item: 'milk_bucket', count: 1 } }]] },
  { text: 'get me some buckets of water', groups: [[{ call: OBTAIN, args: { item: 'water_bucket', count: 4 } }]] },
  { text: 'get me 2 buckets of milk', groups: [[{ call: OBTAIN, args: { item: 'milk_bucket', count: 2 } }]] },
  { text: 'get a bucket', groups: [[{ call: OBTAIN, args: { item: 'bucket', count: 1 } }]] },
  // Said to the bot by name: the request is what it is told to do.
  { text: 'tell the bot to come here', groups: [[{ call: GOTO, args: { player: 'me' } }]] },
  { text: 'ask the bot to come here', groups: [[{ call: GOTO, args: { player: 'me' } }]] },
  { text: 'have the bot follow me', groups: [[{ call: FOLLOW, args: { player: 'me' } }]] },
  { text: 'bot, come here', groups: [[{ call: GOTO, args: { player: 'me' } }]] },
  { text: 'hey bot, come here', groups: [[{ call: GOTO, args: { player: 'me' } }]] },
  // Said last without a comma, after what is asked (it went to a player called "bot"); after a verb or "to", it is a player's name.
  { text: 'come here bot', groups: [[{ call: GOTO, args: { player: 'me' } }]] },
  { text: 'follow me bot', groups: [[{ call: FOLLOW, args: { player: 'me' } }]] },
  { text: 'follow bot', groups: [[{ call: FOLLOW, args: { player: 'bot' } }]] },
  { text: 'majordomo, turn on the kitchen light', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  { text: 'turn on the kitchen light, bot', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  // The bot named inside a message is the message's.
  { text: 'email bob saying the bot is broken', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'the bot is broken' } }]] },
  { text: 'bring me 3 diamonds', groups: [[{ call: OBTAIN, args: { item: 'diamond', count: 3 } }]] },
  // "Some" is a handful (it was one), "lots of" more; a number said wins, and what is brought after is as many.
  { text: 'go get some wood', groups: [[{ call: OBTAIN, args: { item: 'oak_log', count: 4 } }]] },
  // "An iron one" after a diamond pickaxe is an iron pickaxe (it was iron ingots), when it is said with its verb.
  { text: "get me a diamond pickaxe, and if you can't get me an iron one", groups: [[{ call: OBTAIN, args: { item: 'diamond_pickaxe' } }, { call: OBTAIN, args: { item: 'iron_pickaxe' }, after: [0], onlyIf: 'failed' }]] },
  // "And a stone one" in a list is the same thing of another kind: a stone sword (it was stone, and the first was read "a wooden sword one").
  { text: 'get me a wooden sword and a stone one', groups: [[{ call: OBTAIN, args: { item: 'wooden_sword' } }], [{ call: OBTAIN, args: { item: 'stone_sword' } }]] },
  { text: 'craft an iron sword and then a diamond one', groups: [[{ call: OBTAIN, args: { item: 'iron_sword' } }, { call: OBTAIN, args: { item: 'diamond_sword' }, after: [0] }]] },
  { text: 'get me 2 iron swords and 3 diamond ones', groups: [[{ call: OBTAIN, args: { item: 'iron_sword', count: 2 } }], [{ call: OBTAIN, args: { item: 'diamond_sword', count: 3 } }]] },
  // Asked the other way round after "tell me": the bot's status (nothing was planned at all).
  { text: 'tell me what you have', groups: [[{ call: 'minecraft.status' }]] },
  { text: 'get me some wood and tell me what you have', groups: [[{ call: OBTAIN, args: { item: 'oak_log' } }, { call: 'minecraft.status', after: [0] }]] },
  // "Your torches" are all it has of them (it gave one).
  { text: 'give me your torches', groups: [[{ call: GIVE, args: { item: 'torch', player: { me: true }, all: true } }]] },
  // Said of no material, any of its kind the bot holds will do ("your pickaxe" meant a wooden one, which it may not have).
  // One tool said as one is that one tool, not every one of its kind (it gave them all).
  { text: 'give me your pickaxe', groups: [[{ call: GIVE, args: { item: 'wooden_pickaxe', player: { me: true }, count: 1, all: { absent: true }, anyKind: true } }]] },
  { text: 'give me your pickaxes', groups: [[{ call: GIVE, args: { item: 'wooden_pickaxe', player: { me: true }, all: true, anyKind: true } }]] },
  { text: 'drop your sword', groups: [[{ call: DROP, args: { item: 'wooden_sword', count: 1, all: { absent: true }, anyKind: true } }]] },
  { text: 'drop all your swords', groups: [[{ call: DROP, args: { item: 'wooden_sword', all: true, anyKind: true } }]] },
  { text: 'give bob your shield', groups: [[{ call: GIVE, args: { item: 'shield', player: 'bob', count: 1, all: { absent: true } } }]] },
  { text: 'throw away the bucket', groups: [[{ call: DROP, args: { item: 'bucket', count: 1, all: { absent: true } } }]] },
  { text: 'give me your cobblestone', groups: [[{ call: GIVE, args: { item: 'cobblestone', all: true } }]] },
  // Food said as such (no item was called "food"): bread to get, any food the bot holds to give.
  { text: 'get me some food', groups: [[{ call: OBTAIN, args: { item: 'bread', anyKind: true } }]] },
  // Got said of no material, one of its kind the bot holds will do; not what it is told to make or gather.
  { text: 'go get some wood', groups: [[{ call: OBTAIN, args: { item: 'oak_log', anyKind: true } }]] },
  { text: 'craft a pickaxe', groups: [[{ call: OBTAIN, args: { item: 'wooden_pickaxe', anyKind: { absent: true } } }]] },
  { text: 'chop down some trees', groups: [[{ call: OBTAIN, args: { item: 'oak_log', anyKind: { absent: true } } }]] },
  { text: 'get me a stone pickaxe', groups: [[{ call: OBTAIN, args: { item: 'stone_pickaxe', anyKind: { absent: true } } }]] },
  { text: 'give alice something to eat', groups: [[{ call: GIVE, args: { item: 'bread', player: 'alice', anyKind: true } }]] },
  { text: 'give me your stone pickaxe', groups: [[{ call: GIVE, args: { item: 'stone_pickaxe', all: { absent: true }, anyKind: { absent: true } } }]] },
  { text: 'give alice 5 oak logs', groups: [[{ call: GIVE, args: { item: 'oak_log', count: 5, player: 'alice', anyKind: { absent: true } } }]] },
  // Named before ("them", "it"): as named.
  { text: 'collect 5 oak logs and then give them to alice', groups: [[{ call: OBTAIN, args: { item: 'oak_log', count: 5 } }, { call: GIVE, args: { item: 'oak_log', player: 'alice', anyKind: { absent: true } }, after: [0] }]] },
  { text: 'give me 3 of your torches', groups: [[{ call: GIVE, args: { item: 'torch', count: 3, all: { absent: true } } }]] },
  // What someone named before does is watched for, which nothing here does (it was a second "stop" to run first).
  { text: 'follow steve and stop when he stops', groups: [[{ call: 'minecraft.follow_player', args: { player: 'steve' } }], [{ call: null, reason: /cannot tell when he stops/ }]] },
  // "Wait there" after it went somewhere: it stays (nothing fitted).
  { text: 'go to my base and wait there', groups: [[{ call: GO, args: { place: 'base' } }, { call: 'minecraft.stop', after: [0] }]] },
  { text: 'get me lots of torches', groups: [[{ call: OBTAIN, args: { item: 'torch', count: 16 } }]] },
  { text: 'get me a few more logs', groups: [[{ call: OBTAIN, args: { item: 'oak_log', count: 3 } }]] },
  { text: 'get me one more torch', groups: [[{ call: OBTAIN, args: { item: 'torch', count: 1 } }]] },
  // A plural alone is a few too ("get me torches" was one torch); a thing with no plural, or one said with "a", stays one.
  { text: 'get me torches', groups: [[{ call: OBTAIN, args: { item: 'torch', count: 4 } }]] },
  { text: 'get me cobblestone', groups: [[{ call: OBTAIN, args: { item: 'cobblestone', count: 1 } }]] },
  { text: 'get me a torch', groups: [[{ call: OBTAIN, args: { item: 'torch', count: 1 } }]] },
  { text: 'mine some diamonds and bring them to me', groups: [[{ call: OBTAIN, args: { item: 'diamond', count: 4 } }, { call: GIVE, args: { player: 'me', item: 'diamond', count: 4 }, after: [0] }]] },
  { text: 'fetch me 2 iron ingots', groups: [[{ call: OBTAIN, args: { item: 'iron_ingot', count: 2 } }]] },
  { text: 'mine 10 iron ore', groups: [[{ call: OBTAIN, args: { item: 'iron_ore', count: 10 } }]] },
  { text: 'get a stack of cobblestone', groups: [[{ call: OBTAIN, args: { item: 'cobblestone', count: 64 } }]] },
  { text: 'craft two crafting tables', groups: [[{ call: OBTAIN, args: { item: 'crafting_table', count: 2 } }]] },
  { text: 'collect a dozen eggs', groups: [[{ call: OBTAIN, args: { item: 'egg', count: 12 } }]] },
  { text: 'make me a stone pick', groups: [[{ call: OBTAIN, args: { item: 'stone_pickaxe', count: 1 } }]] },
  { text: 'give 2 torches to bob', groups: [[{ call: GIVE, args: { player: 'bob', item: 'torch', count: 2 } }]] },
  { text: 'give steve the diamond pickaxe', groups: [[{ call: GIVE, args: { player: 'steve', item: 'diamond_pickaxe', count: 1 } }]] },
  { text: 'hand alex 4 cooked beef', groups: [[{ call: GIVE, args: { player: 'alex', item: 'cooked_beef', count: 4 } }]] },
  { text: 'give me 5 oak planks', groups: [[{ call: GIVE, args: { player: 'me', item: 'oak_planks', count: 5 } }]] },
  { text: 'walk to steve', groups: [[{ call: GOTO, args: { player: 'steve' } }]] },
  { text: 'come here', groups: [[{ call: GOTO, args: { player: 'me' } }]] },
  { text: 'follow Alex_99', groups: [[{ call: FOLLOW, args: { player: 'Alex_99' } }]] },
  // What the bot is doing, and stopping it, said as people say it (nothing fitted).
  { text: "stop what you're doing", groups: [[{ call: 'minecraft.stop', args: {} }]] },
  { text: 'stop the bot', groups: [[{ call: 'minecraft.stop', args: {} }]] },
  { text: 'what are you doing?', groups: [[{ call: 'minecraft.status', args: {} }]] },
  { text: 'come back', groups: [[{ call: GOTO, args: { player: 'me' } }]] },
  {
    text: 'give steve 10 cobblestone and then come back to me',
    groups: [[{ call: GIVE, args: { player: 'steve', item: 'cobblestone', count: 10 } }, { call: GOTO, args: { player: 'me' }, after: [0] }]],
  },
  { text: 'follow me', groups: [[{ call: FOLLOW, args: { player: 'me' } }]] },
  // Places: coordinates (they were nothing, or a time), and places known by name (they were players: "house").
  // What the bot is asked to do after being sent somewhere is done there, after it (they were two things at once, in either order).
  { text: 'go to the farm and harvest the wheat', groups: [[{ call: GO, args: { place: 'farm' } }, { call: 'minecraft.obtain_item', args: { item: 'wheat' }, after: [0] }]] },
  { text: 'come to me and give me 5 torches', groups: [[{ call: GOTO, args: { player: { me: true } } }, { call: 'minecraft.give_item', args: { item: 'torch', count: 5 }, after: [0] }]] },
  // "Him" is the person named before, a player or someone written to (it was asked about, or the torches went to the requester).
  { text: 'give bob 10 cobblestone and email him that it is from me', groups: [[{ call: 'minecraft.give_item', args: { player: 'bob' } }, { call: EMAIL, args: { to: 'bob', text: 'it is from me' }, after: [0] }]] },
  { text: 'email bob the shopping list and give him 5 torches', groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: EMAIL, args: { to: 'bob' } }, { call: 'minecraft.give_item', args: { player: 'bob', item: 'torch', count: 5 } }]] },
  // Other plugins' actions said between do not wait for it.
  { text: 'go to the farm, turn off the porch light and get me some wheat', groups: [[{ call: GO, args: { place: 'farm' } }, { call: 'minecraft.obtain_item', args: { item: 'wheat' }, after: [0] }], [{ call: 'lights.toggle_lights_in_location', args: { location: 'porch' } }]] },
  { text: 'go to 100 64 -20', groups: [[{ call: GO, args: { position: { x: 100, y: 64, z: -20 }, place: { absent: true } } }]] },
  { text: 'come to x=100, z=-20', groups: [[{ call: GO, args: { position: { x: 100, y: { absent: true }, z: -20 } } }]] },
  { text: 'tp to x: -5 y: 70 z: 12', groups: [[{ call: GO, args: { position: { x: -5, y: 70, z: 12 } } }]] },
  {
    text: 'walk to (10, 70, -5) and then come back to me',
    groups: [[{ call: GO, args: { position: { x: 10, y: 70, z: -5 } } }, { call: GOTO, args: { player: 'me' }, after: [0] }]],
  },
  { text: 'go to 100 64 -20 at 5pm', groups: [[{ call: LATER, args: { text: 'go to 100 64 -20', at: at('2026-11-21T17:00:00Z') } }]] },
  { text: 'go home', groups: [[{ call: GO, args: { place: 'home', position: { absent: true } } }]] },
  { text: 'come back home', groups: [[{ call: GO, args: { place: 'home' } }]] },
  { text: 'head back to base', groups: [[{ call: GO, args: { place: 'base' } }]] },
  { text: 'come to my house', groups: [[{ call: GO, args: { place: 'house' } }]] },
  { text: 'go to the nearest chest', groups: [[{ call: GO, args: { place: 'chest' } }]] },
  { text: 'go to the crafting table', groups: [[{ call: GO, args: { place: 'crafting_table' } }]] },
  { text: 'get me 10 cobblestone and then go home', groups: [[{ call: OBTAIN, args: { item: 'cobblestone', count: 10 } }, { call: GO, args: { place: 'home' }, after: [0] }]] },
  { text: 'go to steve', groups: [[{ call: GOTO, args: { player: 'steve' } }]] },
  { text: 'remember this place as home', groups: [[{ call: NAME_PLACE, args: { name: 'home', position: { absent: true } } }]] },
  // The name's article is no part of it (the place is named "mine" either way).
  { text: 'remember where you are as the mine', groups: [[{ call: NAME_PLACE, args: { name: { '~': 'mine' } } }]] },
  // Coordinates said bare, then the name; without coordinates or a place said, what is remembered is no place.
  { text: 'mark 12 64 -30 as the farm', groups: [[{ call: NAME_PLACE, args: { position: { x: 12, y: 64, z: -30 }, name: { '~': 'farm' } } }]] },
  { text: 'remember 12 64 -30 as the farm', groups: [[{ call: NAME_PLACE, args: { position: { x: 12, y: 64, z: -30 }, name: { '~': 'farm' } } }]] },
  { text: 'save 12 64 -30 as home', groups: [[{ call: NAME_PLACE, args: { position: { x: 12, y: 64, z: -30 }, name: 'home' } }]] },
  { text: "remember my wife's birthday as march 3", groups: [[{ call: 'memory.remember' }]] },
  { text: 'mark this spot as the wheat farm', groups: [[{ call: NAME_PLACE, args: { name: 'the wheat farm' } }]] },
  { text: 'set home here', groups: [[{ call: NAME_PLACE, args: { name: 'home' } }]] },
  { text: 'call this place base', groups: [[{ call: NAME_PLACE, args: { name: 'base' } }]] },
  { text: 'remember the spot at 12 64 -30 as the farm', groups: [[{ call: NAME_PLACE, args: { name: 'the farm', position: { x: 12, y: 64, z: -30 } } }]] },
  { text: 'remember that my wifi password is hunter2', groups: [[{ call: 'memory.remember', args: { text: 'my wifi password is hunter2' } }]] },
  // What the requester does, said as when: no one can see it, and it is no place to go ("bed" is one now).
  // Sleeping is nothing the bot does: it went to a player called "sleep", or fetched a bed; it says so.
  { text: 'go to sleep', groups: [[{ call: null, reason: /cannot sleep yet/ }]] },
  { text: 'get to bed', groups: [[{ call: null, reason: /cannot sleep yet/ }]] },
  // Said of oneself, with something to do, it is what is said around it ("I'm heading to bed" sent the bot to a bed).
  { text: "I'm heading to bed. Turn off the kitchen light", groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  // Nor does it build, store, eat or plant: said, not "nothing I can do" ("build me a house" asked which item).
  { text: 'build me a house', groups: [[{ call: null, reason: /cannot build a structure yet/ }]] },
  { text: 'put everything in the chest', groups: [[{ call: null, reason: /cannot use chests yet/ }]] },
  // It drops things where it stands, all of them unless a number is said ("throw away the gravel" gave it to a player called "away"; "drop the dirt" asked to whom).
  { text: 'throw away the gravel', groups: [[{ call: DROP, args: { item: 'gravel', all: true } }]] },
  { text: 'drop the dirt', groups: [[{ call: DROP, args: { item: 'dirt', all: true } }]] },
  { text: 'drop 10 dirt', groups: [[{ call: DROP, args: { item: 'dirt', count: 10 } }]] },
  { text: 'get rid of the rotten flesh', groups: [[{ call: DROP, args: { item: 'rotten_flesh', all: true } }]] },
  // A place the household named is forgotten when said so; a thing told is forgotten by the memory.
  { text: 'forget where the farm is', groups: [[{ call: 'minecraft.forget_place', args: { place: 'farm' } }]] },
  { text: 'forget the place called mine', groups: [[{ call: 'minecraft.forget_place', args: { place: 'mine' } }]] },
  { text: 'forget my wifi password', groups: [[{ call: 'memory.forget' }]] },
  // It stays where it is, said of here too; and says how it is (nothing matched them).
  { text: 'stay here', groups: [[{ call: 'minecraft.stop' }]] },
  { text: 'wait here', groups: [[{ call: 'minecraft.stop' }]] },
  { text: 'come here and stay here', groups: [[{ call: GOTO, args: { player: 'me' } }, { call: 'minecraft.stop', after: [0] }]] },
  { text: 'how hungry are you', groups: [[{ call: 'minecraft.status' }]] },
  // Everything it carries, dropped or given, all kinds at once (it was asked which one kind).
  { text: 'drop everything', groups: [[{ call: EMPTY, args: { player: { absent: true } } }]] },
  { text: 'empty your inventory', groups: [[{ call: EMPTY, args: { player: { absent: true } } }]] },
  { text: 'throw everything away', groups: [[{ call: EMPTY, args: { player: { absent: true } } }]] },
  { text: 'give me everything', groups: [[{ call: EMPTY, args: { player: 'me' } }]] },
  { text: 'hand me all your stuff', groups: [[{ call: EMPTY, args: { player: 'me' } }]] },
  { text: 'give alice everything you have', groups: [[{ call: EMPTY, args: { player: 'alice' } }]] },
  { text: 'give everything to Bob_2', groups: [[{ call: EMPTY, args: { player: 'Bob_2' } }]] },
  { text: 'give me all your cobblestone', groups: [[{ call: GIVE, args: { item: 'cobblestone', player: 'me', all: true } }]] },
  // Dropped for someone is given: "drop me some bread", "toss me a torch".
  { text: 'drop me some bread', groups: [[{ call: GIVE, args: { item: 'bread', player: 'me' } }]] },
  { text: 'toss me a torch', groups: [[{ call: GIVE, args: { item: 'torch', player: 'me', count: 1 } }]] },
  { text: 'eat some bread', groups: [[{ call: null, reason: /eats by itself when it is hungry/ }]] },
  { text: 'plant some wheat', groups: [[{ call: null, reason: /cannot plant yet/ }]] },
  { text: 'build me a crafting table', groups: [[{ call: OBTAIN, args: { item: 'crafting_table' } }]] },
  { text: 'hit the lights', groups: [[{ call: null, reason: /nothing I can do matches/ }]] },
  { text: 'go to the bed', groups: [[{ call: GO, args: { place: 'bed' } }]] },
  { text: 'turn off the lights when I go to bed', groups: [[{ call: null, reason: /cannot tell when you go to bed/ }]] },
  // Before a thing, with no length said, is no one time (the light went on at once); with one, it is before the event, as before.
  { text: 'turn on the porch light before the party', groups: [[{ call: null, reason: /"before the party" is no one time/ }]] },
  { text: 'turn on the porch light 20 minutes before the party', groups: [[{ call: LATER, args: { event: 'the party', ahead: 1200 } }]] },
  // A thing's moment is out of sight too (the light went off at once); a timer's end is the assistant's own: asked for then (it could not tell when).
  { text: 'when the timer is done, turn off the kitchen light', groups: [[{ call: AFTER_TIMER, args: { text: 'turn off the kitchen light', label: { absent: true } } }]] },
  { text: 'when the pasta timer goes off, turn off the kitchen light', groups: [[{ call: AFTER_TIMER, args: { text: 'turn off the kitchen light', label: 'pasta' } }]] },
  { text: 'text me when the laundry timer is done', groups: [[{ call: AFTER_TIMER, args: { text: 'text me saying the laundry timer is up', label: 'laundry' } }]] },
  { text: 'email bob saying dinner is ready when the timer is done', groups: [[{ call: AFTER_TIMER, args: { text: 'email bob saying dinner is ready' } }]] },
  // It reminded of "take the pizza out" with no time, asked when.
  { text: 'remind me when the timer goes off to take the pizza out', groups: [[{ call: AFTER_TIMER, args: { text: 'remind me to take the pizza out' } }]] },
  { text: 'turn off the lights when the movie starts', groups: [[{ call: null, reason: /cannot tell when the movie starts/ }]] },
  // "The timer" is the one set before it in the request (the light went off at once), and what waits for its end waits for it to be set.
  { text: 'set a timer for 10 minutes and when the timer goes off turn off the kitchen light', groups: [[{ call: 'calendar.set_timer', args: { seconds: 600 } }, { call: LATER, args: { text: 'turn off the kitchen light', at: at('2026-11-21T10:10:00Z') }, after: [0] }]] },
  { text: 'set a timer for 10 minutes and turn off the kitchen light when the timer goes off', groups: [[{ call: 'calendar.set_timer', args: { seconds: 600 } }, { call: LATER, args: { text: 'turn off the kitchen light', at: at('2026-11-21T10:10:00Z') }, after: [0] }]] },
  { text: 'when I go to bed, turn off the lights', groups: [[{ call: null, reason: /cannot tell when you go to bed/ }]] },
  { text: 'remind me to lock the door when I go home', groups: [[{ call: REMIND, args: { text: 'lock the door when I go home' } }]] },
  { text: 'tag along with bob', groups: [[{ call: FOLLOW, args: { player: 'bob' } }]] },
  { text: "what's in your inventory", groups: [[{ call: 'minecraft.status', args: {} }]] },
  // Nothing fitted these.
  { text: 'how much wood do you have?', groups: [[{ call: 'minecraft.status', args: {} }]] },
  { text: 'how many lights are on in the kitchen', groups: [[{ call: LIST, args: { location: 'kitchen' } }]] },
  { text: 'reply to alice saying sounds good', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'sounds good' } }]] },
  { text: 'write to bob saying hi', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'hi' } }]] },
  { text: 'stop following me', groups: [[{ call: 'minecraft.stop', args: {} }]] },
  {
    text: 'gather 16 cobblestone and 8 oak logs',
    groups: [[{ call: OBTAIN, args: { item: 'cobblestone', count: 16 } }], [{ call: OBTAIN, args: { item: 'oak_log', count: 8 } }]],
  },
  {
    text: 'give bob 2 torches and 3 apples',
    groups: [[{ call: GIVE, args: { player: 'bob', item: 'torch', count: 2 } }], [{ call: GIVE, args: { player: 'bob', item: 'apple', count: 3 } }]],
  },
];

export const COMPOUND_CASES: PlanCase[] = [
  // A greeting before what to do is no action of its own ("nothing I can do matches 'good morning'" came back beside the light).
  { text: 'good morning, turn on the kitchen light', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  { text: 'goodnight, turn off the porch light', groups: [[{ call: T, args: { location: 'porch', desired_state: false } }]] },
  // Words said to someone keep it.
  { text: 'say good morning to alice', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'good morning' } }]] },
  // "Tell me if ...", "whether ...": what is checked, then told (it sent the words "if the kitchen light is on"; "whether" was whom to tell).
  { text: 'tell me if the kitchen light is on', groups: [[{ call: LIST, args: { location: 'kitchen' } }, { call: 'console.send_message', after: [0] }]] },
  { text: 'tell me whether the porch light is off', groups: [[{ call: LIST, args: { location: 'porch' } }, { call: 'console.send_message', args: { to: { absent: true } }, after: [0] }]] },
  { text: 'email me whether milk is on the shopping list', groups: [[{ call: 'documents.check_list', args: { items: 'milk', list: 'shopping' } }, { call: EMAIL, after: [0] }]] },
  { text: 'tell me if I have anything tomorrow', groups: [[{ call: EVENTS, args: { from: at('2026-11-22T00:00:00Z') } }, { call: 'console.send_message', after: [0] }]] },
  // What a thing does by itself is watched for, which nothing here does: said so (it turned the kitchen light on, then told).
  { text: 'tell me when the kitchen light turns on', groups: [[{ call: null, reason: /cannot tell when the kitchen light turns on/ }]] },
  { text: 'turn on the porch light when the kids get home', groups: [[{ call: null, reason: /cannot tell when the kids get home/ }]] },
  // "When the light is off" after switching it off still waits for the switch.
  { text: 'turn off the garage light and when that is done email me', groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: EMAIL, after: [0] }]] },
  // What is looked up of what a clause before changes waits for the change (the lights were read while the garage was switched off).
  { text: 'turn off the garage light and email me which lights are still on', groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: LIST, after: [0] }, { call: EMAIL, after: [0, 1] }]] },
  { text: "add a meeting tomorrow at 10 and tell me what's on my calendar tomorrow", groups: [[{ call: EVENT, args: { title: 'meeting' } }, { call: EVENTS, after: [0] }]] },
  // Of another thing (another list, another area), or said apart: side by side.
  { text: 'put toothpaste on the packing list and check if milk is on the shopping list', groups: [[{ call: ADD_ITEMS, args: { list: 'packing' } }], [{ call: 'documents.check_list', args: { list: 'shopping' } }]] },
  { text: 'turn off the garage light, and also tell me which lights are on', groups: [[{ call: T, args: { location: 'garage' } }], [{ call: LIST }]] },
  {
    text: 'collect 5 oak logs and then give them to alice',
    groups: [[{ call: OBTAIN, args: { item: 'oak_log', count: 5 } }, { call: GIVE, args: { player: 'alice', item: 'oak_log', count: 5 }, after: [0] }]],
  },
  {
    text: 'get 4 spruce logs, then craft planks out of them and give them to steve',
    groups: [
      [
        { call: OBTAIN, args: { item: 'spruce_log', count: 4 } },
        { call: OBTAIN, args: { item: 'spruce_planks', count: 16 }, after: [0] },
        { call: GIVE, args: { player: 'steve', item: 'spruce_planks', count: 16 }, after: [1] },
      ],
    ],
  },
  {
    text: 'chop 10 birch logs and then make planks from them',
    groups: [[{ call: OBTAIN, args: { item: 'birch_log', count: 10 } }, { call: OBTAIN, args: { item: 'birch_planks' }, after: [0] }]],
  },
  {
    text: 'craft a stone pickaxe and then give it to me',
    groups: [[{ call: OBTAIN, args: { item: 'stone_pickaxe', count: 1 } }, { call: GIVE, args: { player: 'me', item: 'stone_pickaxe', count: 1 }, after: [0] }]],
  },
  {
    text: 'follow bob and then give him 3 apples',
    groups: [[{ call: FOLLOW, args: { player: 'bob' } }, { call: GIVE, args: { player: 'bob', item: 'apple', count: 3 }, after: [0] }]],
  },
  {
    text: 'after you turn off the garage light, send me an email',
    groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: EMAIL, args: { to: { me: true } }, after: [0] }]],
  },
  {
    text: 'once the kitchen light is on, remind me in 10 minutes to start cooking',
    groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }, { call: REMIND, args: { text: 'start cooking', at: at('2026-11-21T10:10:00Z') }, after: [0] }]],
  },
  {
    // Said second, done first: the email waits for the light.
    text: "email me when you've turned off the porch light",
    groups: [[{ call: T, args: { location: 'porch', desired_state: false } }, { call: EMAIL, args: { to: { me: true } }, after: [1] }]],
  },
  {
    text: 'tell me when the garage light is off',
    groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: PRIMARY, after: [1] }]],
  },
  {
    text: 'turn off the bedroom light before you email me',
    groups: [[{ call: T, args: { location: 'bedroom', desired_state: false } }, { call: EMAIL, args: { to: { me: true }, text: { absent: true } }, after: [0] }]],
  },
  {
    text: 'before you email me, turn off the bedroom light',
    groups: [[{ call: T, args: { location: 'bedroom', desired_state: false } }, { call: EMAIL, args: { to: { me: true } }, after: [1] }]],
  },
  // The household's own hours are asked for as clock times (the light was switched at once; "bedtime" was an area; a reminder had no time).
  { text: 'turn on the kitchen light at dinner time', groups: [[{ call: null, reason: /^I do not know when your dinner time is: say a clock time instead \(e\.g\. "turn on the kitchen light at 7pm"\)$/ }]] },
  // A meal said without "time" is the same (the light went on at once; the reminder had no time).
  { text: 'turn on the kitchen light at lunch', groups: [[{ call: null, reason: /^I do not know when your lunch time is: say a clock time instead \(e\.g\. "turn on the kitchen light at 12:30"\)$/ }]] },
  { text: 'remind me at lunch to call bob', groups: [[{ call: null, reason: /^I do not know when your lunch time is/ }]] },
  { text: 'email bob that I will see him at dinner', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'I will see him at dinner' } }]] },
  { text: 'turn off the lights at bedtime', groups: [[{ call: null, reason: /^I do not know when your bedtime is/ }]] },
  { text: 'remind me before bed to lock the door', groups: [[{ call: null, reason: /"remind me before 10pm to lock the door"/ }]] },
  { text: 'email bob that we eat at dinnertime', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'we eat at dinnertime' } }]] },
  // Two days of the month, each its reminder (it was one, "pay rent and the 15th", on the 1st).
  {
    text: 'remind me to pay rent on the 1st and the 15th',
    groups: [[{ call: REMIND, args: { text: 'pay rent', at: at('2026-12-01T09:00:00Z') } }], [{ call: REMIND, args: { text: 'pay rent', at: at('2026-12-15T09:00:00Z') } }]],
  },
  // Several days of every month: one routine on each (it came on the 1st only, "and the 15th" in its text).
  { text: 'remind me to pay rent on the 1st and the 15th of every month', groups: [[{ call: REMIND, args: { text: 'pay rent', every: '0 9 1,15 * *' } }]] },
  { text: 'remind me every month on the 1st, 10th and 20th to water the plants', groups: [[{ call: REMIND, args: { text: 'water the plants', every: '0 9 1,10,20 * *' } }]] },
  // So many times a day: every day, at hours spread over the day unless said (it was once, tomorrow, "take my medicine twice").
  { text: 'remind me to take my medicine twice a day', groups: [[{ call: REMIND, args: { text: 'take my medicine', every: '0 9,21 * * *' } }]] },
  { text: 'remind me three times a day to drink water', groups: [[{ call: REMIND, args: { text: 'drink water', every: '0 8,14,20 * * *' } }]] },
  { text: 'remind me twice daily to feed the cat', groups: [[{ call: REMIND, args: { text: 'feed the cat', every: '0 9,21 * * *' } }]] },
  { text: 'remind me twice a day at 8am and 8pm to take my pills', groups: [[{ call: REMIND, args: { text: 'take my pills', every: '0 8,20 * * *' } }]] },
  // What is joined to an action asked for when a timer is up goes with it (the email went out at once).
  { text: 'when the pasta timer goes off, turn off the kitchen light and email me', groups: [[{ call: AFTER_TIMER, args: { text: 'turn off the kitchen light, then email me', label: 'pasta' } }]] },
  // An action asked for later or when a timer is up, after a reminder, is its own (it went into the reminder's text, or took the reminder into its own).
  {
    text: 'remind me in 20 minutes to check the oven, and turn off the kitchen light when the timer goes off',
    groups: [[{ call: REMIND, args: { text: 'check the oven', at: at('2026-11-21T10:20:00Z') } }], [{ call: AFTER_TIMER, args: { text: 'turn off the kitchen light' } }]],
  },
  { text: 'remind me at 6 to call mom and turn on the porch light at 7', groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-21T18:00:00Z') } }], [{ call: LATER, args: { text: 'turn on the porch light', at: at('2026-11-21T19:00:00Z') } }]] },
  // A word of the method's after the phrase and an article is what is added: "the book club" (it was "club").
  { text: 'add the book club on friday at 7pm', groups: [[{ call: EVENT, args: { title: 'book club', start: at('2026-11-27T19:00:00Z') } }]] },
  { text: 'schedule the plan review on monday at 10', groups: [[{ call: EVENT, args: { title: 'plan review', start: at('2026-11-23T10:00:00Z') } }]] },
  { text: 'add the book club on the first thursday of every month at 7pm', groups: [[{ call: EVENT, args: { title: 'book club', every: '0 19 * * 4', week: 1 } }]] },
  { text: 'book a table for friday at 7pm', groups: [[{ call: EVENT, args: { title: 'table' } }]] },
  // The n-th or last weekday of every month: that weekday, only that one of each month (it was the 27th of every month).
  { text: 'remind me to pay the bills on the last friday of every month', groups: [[{ call: REMIND, args: { text: 'pay the bills', every: '0 9 * * 5', week: -1 } }]] },
  { text: 'remind me to pay the bills every last friday of the month', groups: [[{ call: REMIND, args: { text: 'pay the bills', every: '0 9 * * 5', week: -1 } }]] },
  { text: 'remind me on the first monday of each month to check the smoke alarms', groups: [[{ call: REMIND, args: { text: 'check the smoke alarms', every: '0 9 * * 1', week: 1 } }]] },
  { text: 'every month on the second tuesday remind me to call grandma', groups: [[{ call: REMIND, args: { text: 'call grandma', every: '0 9 * * 2', week: 2 } }]] },
  { text: 'turn on the porch light on the last friday of every month at 6pm', groups: [[{ call: LATER, args: { text: 'turn on the porch light', every: '0 18 * * 5', week: -1 } }]] },
  { text: 'remind me every friday to water the plants', groups: [[{ call: REMIND, args: { text: 'water the plants', every: '0 9 * * 5', week: { absent: true } } }]] },
  // The n-th or last weekday of a month, once: that day (its words were left in the reminder's text).
  { text: 'remind me on the last friday of the month to pay the bills', groups: [[{ call: REMIND, args: { text: 'pay the bills', at: at('2026-11-27T09:00:00Z') } }]] },
  { text: 'remind me to pay the bills on the first monday of december', groups: [[{ call: REMIND, args: { text: 'pay the bills', at: at('2026-12-07T09:00:00Z') } }]] },
  { text: 'remind me to call grandma on the second sunday of next month', groups: [[{ call: REMIND, args: { text: 'call grandma', at: at('2026-12-13T09:00:00Z') } }]] },
  // The first Friday of this month has passed: next month's.
  { text: 'remind me on the first friday of the month to check the smoke alarms', groups: [[{ call: REMIND, args: { text: 'check the smoke alarms', at: at('2026-12-04T09:00:00Z') } }]] },
  { text: "what's on my calendar on the first monday of december", groups: [[{ call: EVENTS, args: { from: '2026-12-07T00:00:00Z', to: '2026-12-08T00:00:00Z' } }]] },
  // The time in another place: by the city its zone is named after, or another name of it.
  { text: 'what time is it in tokyo', groups: [[{ call: 'calendar.now', args: { zone: 'Asia/Tokyo' } }]] },
  { text: "what's the time in new york right now", groups: [[{ call: 'calendar.now', args: { zone: 'America/New_York' } }]] },
  { text: 'what time is it in new zealand', groups: [[{ call: 'calendar.now', args: { zone: 'Pacific/Auckland' } }]] },
  { text: 'what time is it in narnia', groups: [[{ call: null, reason: /no place with a known time zone is called 'narnia'/ }]] },
  { text: 'when is easter', groups: [[{ call: 'calendar.now', args: { date: '2027-03-28', zone: { absent: true } } }]] },
  // "But first": what is said after it is done before what was said before it.
  {
    text: 'turn off the lights but first email me',
    groups: [[{ call: EMAIL, args: { to: { me: true } }, after: [] }, { call: T, args: { desired_state: false }, after: [1] }]],
  },
  {
    text: 'turn off the garage light but first send me an email',
    groups: [[{ call: EMAIL, args: { to: { me: true } }, after: [] }, { call: T, args: { location: 'garage', desired_state: false }, after: [1] }]],
  },
  {
    text: 'turn off the kitchen light, but first remind me to lock the door in an hour',
    groups: [[{ call: REMIND, args: { text: 'lock the door', at: at('2026-11-21T11:00:00Z') }, after: [] }, { call: T, args: { location: 'kitchen', desired_state: false }, after: [1] }]],
  },
  {
    text: 'turn off the lights, but email me first',
    groups: [[{ call: EMAIL, args: { to: { me: true } }, after: [] }, { call: T, args: { desired_state: false }, after: [1] }]],
  },
  // "First" said last is when, not whom; "on the first" is a day.
  {
    text: 'email me first, then turn off the lights',
    groups: [[{ call: EMAIL, args: { to: { me: true } }, after: [] }, { call: T, args: { desired_state: false }, after: [0] }]],
  },
  {
    text: 'remind me to pay rent on the first',
    groups: [[{ call: REMIND, args: { text: 'pay rent', at: at('2026-12-01T09:00:00Z') } }]],
  },
  {
    text: "turn on the porch light. Then tell me when it's done.",
    groups: [[{ call: T, args: { location: 'porch', desired_state: true } }, { call: PRIMARY, after: [0] }]],
  },
  {
    text: 'turn on the porch light. Meanwhile, get me 10 oak logs',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true }, after: [] }], [{ call: OBTAIN, args: { item: 'oak_log', count: 10 }, after: [] }]],
  },
  {
    text: 'switch on the hallway light, turn off the garage light and remind me at 6pm to call dad',
    groups: [
      [{ call: T, args: { location: 'hallway', desired_state: true } }],
      [{ call: T, args: { location: 'garage', desired_state: false } }],
      [{ call: REMIND, args: { text: 'call dad', at: at('2026-11-21T18:00:00Z') } }],
    ],
  },
  {
    text: 'turn on the garage and kitchen lights and then tell me',
    groups: [
      [
        { call: T, args: { location: 'garage', desired_state: true } },
        { call: T, args: { location: 'kitchen', desired_state: true } },
        { call: PRIMARY, after: [0, 1] },
      ],
    ],
  },
  {
    text: 'turn the basement light on, then set it to 30 percent',
    groups: [[{ call: T, args: { location: 'basement', desired_state: true } }, { call: B, args: { location: 'basement', percent: 30 }, after: [0] }]],
  },
  {
    text: 'turn off the kitchen and garage lights, then turn them on again',
    groups: [
      [
        { call: T, args: { location: 'kitchen', desired_state: false } },
        { call: T, args: { location: 'garage', desired_state: false } },
        { call: T, args: { location: 'kitchen', desired_state: true }, after: [0, 1] },
        { call: T, args: { location: 'garage', desired_state: true }, after: [0, 1] },
      ],
    ],
  },
  {
    text: 'email bob saying I will be late and remind me to call him at 5',
    groups: [[{ call: EMAIL, args: { to: 'bob', text: 'I will be late' } }], [{ call: REMIND, args: { text: 'call him', at: at('2026-11-21T17:00:00Z') } }]],
  },
  {
    text: 'send an email to alice@example.com saying the meeting moved. Also turn on the office light.',
    groups: [[{ call: EMAIL, args: { to: 'alice@example.com', text: 'the meeting moved' } }], [{ call: T, args: { location: 'office', desired_state: true } }]],
  },
  {
    // What follows a text opened by "to" stays in it unless it reads as an action of its own.
    text: 'remind me to buy bread and find my keys',
    groups: [[{ call: REMIND, args: { text: 'buy bread and find my keys' } }]],
  },
  {
    text: 'schedule dinner with Ana on Friday at 8pm and remind me tomorrow at 9am to book a table',
    groups: [
      [{ call: EVENT, args: { title: 'dinner with Ana', start: at('2026-11-27T20:00:00Z') } }],
      [{ call: REMIND, args: { text: 'book a table', at: at('2026-11-22T09:00:00Z') } }],
    ],
  },
  // What the requester says of their situation around what to do is no action (it was asked about).
  { text: "it's dark, turn on the porch light", groups: [[{ call: T, args: { location: 'porch', desired_state: true } }]] },
  {
    text: 'movie time: dim the living room to 10% and turn off the kitchen light',
    groups: [[{ call: B, args: { location: 'living room', percent: 10 } }], [{ call: T, args: { location: 'kitchen', desired_state: false } }]],
  },
  { text: "I'm going to bed, set an alarm for 6:30", now: '2026-11-21T10:00:00Z', groups: [[{ call: REMIND, args: { text: 'wake up', at: at('2026-11-22T06:30:00Z') } }]] },
  // Said alone, it is still asked about.
  { text: "I'm going to bed", groups: [[{ call: null }]] },
];

export const OPTIONAL_CASES: PlanCase[] = [
  // A cue said before the last thing listed is of that one: the hallway light was required, or both were optional.
  {
    text: 'turn on the porch light, and optionally the hallway light',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true }, optional: false }], [{ call: T, args: { location: 'hallway', desired_state: true }, optional: true }]],
  },
  {
    text: 'turn on the porch light, and if possible the hallway light',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true }, optional: false }], [{ call: T, args: { location: 'hallway', desired_state: true }, optional: true }]],
  },
  {
    text: 'maybe turn on the porch light, and optionally the hallway light',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true }, optional: true }], [{ call: T, args: { location: 'hallway', desired_state: true }, optional: true }]],
  },
  { text: 'turn on the kitchen light if you can', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true }, optional: true }]] },
  { text: 'if possible, dim the office light to 20%', groups: [[{ call: B, args: { location: 'office', percent: 20 }, optional: true }]] },
  { text: 'maybe give alex some bread', groups: [[{ call: GIVE, args: { player: 'alex', item: 'bread' }, optional: true }]] },
  {
    text: 'turn off the porch light and, if you have time, remind me at 9pm to lock up',
    groups: [[{ call: T, args: { location: 'porch' }, optional: false }], [{ call: REMIND, args: { text: 'lock up', at: at('2026-11-21T21:00:00Z') }, optional: true }]],
  },
  {
    text: 'email me a note saying buy batteries, optionally',
    groups: [[{ call: EMAIL, args: { text: 'buy batteries' }, optional: true }]],
  },
];

/** What to do if an action fails, or only if it worked: runs on that outcome of the action before. */
export const FALLBACK_CASES: PlanCase[] = [
  {
    text: 'turn on the porch light, and if that fails, email me',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true }, onlyIf: null }, { call: EMAIL, args: { text: { absent: true }, to: { me: true } }, after: [0], onlyIf: 'failed' }]],
  },
  {
    text: "turn on the porch light and if it doesn't work send me an email",
    groups: [[{ call: T, args: { location: 'porch' } }, { call: EMAIL, args: { text: { absent: true } }, after: [0], onlyIf: 'failed' }]],
  },
  {
    text: 'turn off the garage light. If that fails, turn off the kitchen light instead',
    groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: T, args: { location: 'kitchen', desired_state: false }, after: [0], onlyIf: 'failed' }]],
  },
  {
    text: 'set the kitchen light to 50% and if it fails tell bob',
    groups: [[{ call: B, args: { location: 'kitchen', percent: 50 } }, { call: EMAIL, args: { to: 'bob' }, after: [0], onlyIf: 'failed' }]],
  },
  { text: 'turn on the porch light or else email me', groups: [[{ call: T, args: { location: 'porch' } }, { call: EMAIL, after: [0], onlyIf: 'failed' }]] },
  { text: 'turn on the porch light; otherwise, message me on discord', groups: [[{ call: T, args: { location: 'porch' } }, { call: DISCORD, after: [0], onlyIf: 'failed' }]] },
  // "If you can't" is no "if you can": the pickaxe is not optional, and the message is what happens if it fails.
  {
    text: "get me a stone pickaxe and if you can't, tell me",
    groups: [[{ call: OBTAIN, args: { item: 'stone_pickaxe' }, optional: false }, { call: 'primary.send_message', after: [0], onlyIf: 'failed' }]],
  },
  { text: 'get me a stone pickaxe. if you fail, let me know', groups: [[{ call: OBTAIN, args: { item: 'stone_pickaxe' } }, { call: 'primary.send_message', after: [0], onlyIf: 'failed' }]] },
  { text: 'turn off the garage light and let me know if it fails', groups: [[{ call: T, args: { location: 'garage' } }, { call: 'primary.send_message', after: [0], onlyIf: 'failed' }]] },
  // Said first: the clause after it is what runs if it fails.
  {
    text: "if you can't turn on the porch light, turn on the hallway light",
    groups: [[{ call: T, args: { location: 'porch', desired_state: true }, onlyIf: null }, { call: T, args: { location: 'hallway', desired_state: true }, after: [0], onlyIf: 'failed' }]],
  },
  { text: 'turn on the porch light and email me if it worked', groups: [[{ call: T, args: { location: 'porch' } }, { call: EMAIL, args: { text: { absent: true } }, after: [0], onlyIf: 'done' }]] },
  {
    text: 'turn on the porch light, then if that works turn on the hallway light too',
    groups: [[{ call: T, args: { location: 'porch' } }, { call: T, args: { location: 'hallway', desired_state: true }, after: [0], onlyIf: 'done' }]],
  },
  // What follows the fallback follows it as any step.
  {
    text: 'turn on the porch light, and if that fails, email me. Then turn on the kitchen light',
    groups: [[{ call: T, args: { location: 'porch' } }, { call: EMAIL, after: [0], onlyIf: 'failed' }, { call: T, args: { location: 'kitchen' }, after: [1], onlyIf: null }]],
  },
  // All that follows in the same sentence is what to do if it fails; after a comma and "and", a thing apart.
  {
    text: 'turn off the garage light, and if that fails, turn off the kitchen light and email me',
    groups: [
      [
        { call: T, args: { location: 'garage', desired_state: false } },
        { call: T, args: { location: 'kitchen', desired_state: false }, after: [0], onlyIf: 'failed' },
        { call: EMAIL, args: { text: { absent: true } }, after: [0, 1], onlyIf: 'failed' },
      ],
    ],
  },
  {
    text: "if you can't turn on the porch light, turn on the hallway light and email me",
    groups: [[{ call: T, args: { location: 'porch' }, onlyIf: null }, { call: T, args: { location: 'hallway' }, after: [0], onlyIf: 'failed' }, { call: EMAIL, after: [0, 1], onlyIf: 'failed' }]],
  },
  {
    text: 'turn on the porch light and if that fails email me, and remind me at 5 to call bob',
    groups: [[{ call: T, args: { location: 'porch' } }, { call: EMAIL, after: [0], onlyIf: 'failed' }], [{ call: REMIND, args: { text: 'call bob', at: at('2026-11-21T17:00:00Z') }, after: [], onlyIf: null }]],
  },
  // Asked for later, what to do if it fails goes with it, and is read again then.
  { text: 'turn on the porch light at 7pm, and if that fails, email me', groups: [[{ call: LATER, args: { text: { '~': 'if that fails, email me' }, at: at('2026-11-21T19:00:00Z') } }]] },
  { text: 'turn on the porch light, then if that fails, email me', groups: [[{ call: T, args: { location: 'porch' } }, { call: EMAIL, after: [0], onlyIf: 'failed' }]] },
  // "Try again in 10 minutes": the action before, asked for again then; without a time, asked when.
  {
    text: 'turn on the porch light, and if that fails, try again in 10 minutes',
    groups: [[{ call: T, args: { location: 'porch' } }, { call: LATER, args: { text: 'turn on the porch light', at: at('2026-11-21T10:10:00Z') }, after: [0], onlyIf: 'failed' }]],
  },
  {
    text: "get me a stone pickaxe, and if you can't, give it another go tomorrow morning",
    groups: [[{ call: OBTAIN, args: { item: 'stone_pickaxe' } }, { call: LATER, args: { text: 'get me a stone pickaxe', at: at('2026-11-22T08:00:00Z') }, after: [0], onlyIf: 'failed' }]],
  },
  { text: 'turn on the porch light, and if that fails, try again later', groups: [[{ call: T }, { call: null, reason: /say when to try "turn on the porch light" again/, after: [0], onlyIf: 'failed' }]] },
  // Whatever it says, what to do if it fails is a part of its own, asked about only if it comes to that.
  { text: 'turn on the porch light, and if that fails, blah blah', groups: [[{ call: T }, { call: null, after: [0], onlyIf: 'failed' }]] },
  // Nothing before it to fail or work: asked about.
  { text: 'if that fails, email me', groups: [[{ call: null, reason: /nothing said before .* could fail/ }]] },
  { text: 'email me if it worked', groups: [[{ call: null, reason: /could work/ }]] },
  // Not a fallback: a state the light may already be in.
  { text: 'turn off the lights if not already off', groups: [[{ call: T, args: { desired_state: false }, onlyIf: null }]] },
];

/** A message that tells how what came before went: the account of it, once it is done. */
export const ACCOUNT_CASES: PlanCase[] = [
  { text: 'set the kitchen to 50% and email me the new brightness', groups: [[{ call: B, args: { location: 'kitchen', percent: 50 } }, { call: EMAIL, args: { text: { absent: true } }, after: [0] }]] },
  { text: 'turn off the garage light and email me the result', groups: [[{ call: T, args: { location: 'garage' } }, { call: EMAIL, args: { text: { absent: true } }, after: [0] }]] },
  { text: 'get me a stone pickaxe and let me know how it goes', groups: [[{ call: OBTAIN, args: { item: 'stone_pickaxe' } }, { call: 'primary.send_message', args: { text: { absent: true } }, after: [0] }]] },
  // "how it went" is no question to look up: the porch light was switched, then told of as it is then.
  {
    text: 'turn off the porch light and tell me how it went',
    groups: [[{ call: T, args: { location: 'porch', desired_state: false } }, { call: LIST, args: { location: 'porch' }, after: [0] }, { call: 'primary.send_message', args: { text: { absent: true } }, after: [0, 1] }]],
  },
  { text: 'tell me what happened', groups: [[{ call: null, reason: /nothing was done before/ }]] },
  // What to be reminded to do is no event to come before: the one made before it is, once it is made.
  {
    text: 'add a dentist appointment on friday at 3 and remind me to leave 10 minutes before it starts',
    groups: [[{ call: EVENT, args: { title: 'dentist appointment' } }, { call: REMIND, args: { text: 'leave', event: 'dentist appointment', ahead: 600 }, after: [0] }]],
  },
  { text: 'remind me to leave 10 minutes before it starts', groups: [[{ call: REMIND, args: { text: 'leave', ahead: 600, event: { absent: true } } }]] },
  { text: 'remind me about the dentist an hour before', groups: [[{ call: REMIND, args: { event: 'the dentist', ahead: 3600 } }]] },
  // Asked the other way round, a light's state is looked up, never switched.
  { text: 'tell me how the kitchen light is', groups: [[{ call: LIST, args: { location: 'kitchen' } }]] },
  { text: 'let me know how the lights in the garage are', groups: [[{ call: LIST, args: { location: 'garage' } }]] },
];

export const UNKNOWN_CASES: PlanCase[] = [
  // A device the home has no way to switch is said to be one, not an area ("no area of the home is called 'tv'").
  { text: 'turn on the tv', groups: [[{ call: null, reason: /^I cannot act on 'tv': I know lights only, by area of the home \(known: / }]] },
  { text: 'set the thermostat to 21', groups: [[{ call: null, reason: /I cannot act on 'thermostat'/ }]] },
  // Said with "light", it is an area that is unknown.
  { text: 'turn on the tv light', groups: [[{ call: null, reason: /no area of the home is called 'tv'/ }]] },
  // "That" is what is sent when only whom it goes to follows it (it mailed the words "bob"); it still opens what a message says.
  { text: "what's on the shopping list and send that to bob", groups: [[{ call: READ_LIST, args: { list: 'shopping' } }, { call: EMAIL, args: { to: 'bob', text: { absent: true } }, after: [0] }]] },
  { text: 'tell bob that dinner is ready', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'dinner is ready' } }]] },
  // Reading one's own mail is no mail to send (it mailed the requester "check my email"): the assistant says it reads no inbox.
  { text: 'check my email', groups: [[{ call: null, reason: /^I can send email, but I cannot read your inbox$/ }]] },
  { text: 'read my latest email', groups: [[{ call: null, reason: /cannot read your inbox/ }]] },
  { text: 'did bob email me back?', groups: [[{ call: null, reason: /cannot read your inbox/ }]] },
  { text: 'turn off the garage light and check my email', groups: [[{ call: T, args: { location: 'garage', desired_state: false } }], [{ call: null, reason: /cannot read your inbox/ }]] },
  { text: 'email alice that I have new mail', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'I have new mail' } }]] },
  { text: 'turn on the attic light', groups: [[{ call: null, reason: /attic.*garage/ }]] },
  { text: 'turn on the lights in the attic', groups: [[{ call: null, reason: /attic/ }]] },
  { text: 'turn off the kitchn light', groups: [[{ call: null, reason: /did you mean 'kitchen'/ }]] },
  { text: 'get me 3 unobtainium', groups: [[{ call: null, reason: /unobtainium/ }]] },
  { text: 'order a pizza', groups: [[{ call: null }]] },
  // A question nothing answers is not a light's status, nor one to ask again tomorrow.
  { text: "what's the weather tomorrow", groups: [[{ call: null }]] },
  { text: 'is the porch on', groups: [[{ call: LIST, args: { location: 'porch' } }]] },
  // Colours by name; two lights each with its own colour are two actions.
  { text: 'turn the kitchen lights red', groups: [[{ call: 'lights.set_colour', args: { location: 'kitchen', colour: 'red' } }]] },
  { text: 'set the bedroom lights to warm white', groups: [[{ call: 'lights.set_colour', args: { location: 'bedroom', colour: 'warm white' } }]] },
  { text: 'set the kitchen light to red at 50%', groups: [[{ call: 'lights.set_colour', args: { location: 'kitchen', colour: 'red', percent: 50 } }]] },
  {
    text: 'turn the porch light green and the kitchen light blue',
    groups: [[{ call: 'lights.set_colour', args: { location: 'porch', colour: 'green' } }], [{ call: 'lights.set_colour', args: { location: 'kitchen', colour: 'blue' } }]],
  },
  // All but some: never the one said to be spared.
  {
    text: 'turn off all the lights except the porch and the kitchen',
    groups: ['garage', 'living room', 'bedroom', 'bathroom', 'office', 'hallway', 'basement', 'backyard'].map((location) => [{ call: T, args: { location, desired_state: false } }]),
  },
  {
    text: 'turn off all the lights but leave the bedroom on',
    groups: ['garage', 'kitchen', 'living room', 'bathroom', 'office', 'porch', 'hallway', 'basement', 'backyard'].map((location) => [{ call: T, args: { location, desired_state: false } }]),
  },
  // "The lights" of no area said are all of them: the one spared is never switched (it was the only one switched).
  {
    text: 'turn off the lights except the bedroom',
    groups: ['garage', 'kitchen', 'living room', 'bathroom', 'office', 'porch', 'hallway', 'basement', 'backyard'].map((location) => [{ call: T, args: { location, desired_state: false } }]),
  },
  {
    text: 'dim the lights except the kitchen to 20%',
    groups: ['garage', 'living room', 'bedroom', 'bathroom', 'office', 'porch', 'hallway', 'basement', 'backyard'].map((location) => [{ call: B, args: { location, percent: 20 } }]),
  },
  // Of an area said, only that one.
  { text: 'turn off the kitchen lights but not the porch', groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }]] },
  // What people do is no moment the assistant can see: it asks for a time instead of doing it now.
  { text: 'turn off the lights when I leave', groups: [[{ call: null, reason: /cannot tell when you leave: say a time instead \(e\.g\. "turn off the lights at 6pm"\)/ }]] },
  { text: 'when my wife gets home, turn on the porch light', groups: [[{ call: null, reason: /cannot tell when your wife gets home/ }]] },
  // Said first, the moment is said of what is joined to it, a message too; inside a message it is the message's.
  {
    text: 'when my wife gets home, turn on the porch light and email me',
    groups: [[{ call: null, reason: /cannot tell when your wife gets home/ }], [{ call: null, reason: /cannot tell when your wife gets home: say a time instead \(e\.g\. "email me at 6pm"\)/ }]],
  },
  { text: 'when I leave, remind me to lock the door', groups: [[{ call: null, reason: /cannot tell when you leave/ }]] },
  { text: 'email bob that I will call when I get home', groups: [[{ call: 'email.send_message', args: { text: 'I will call when I get home' } }]] },
  // What goes on a list is put there now, whatever moment it is for.
  { text: 'before we leave, add sunscreen to the packing list', groups: [[{ call: 'documents.add_to_list', args: { items: 'sunscreen', list: 'packing' } }]] },
  { text: 'when my wife gets home, turn on the porch light and turn off the garage light now', groups: [[{ call: null }], [{ call: T, args: { location: 'garage', desired_state: false } }]] },
  { text: "if I'm late turn on the porch light", groups: [[{ call: null, reason: /cannot tell whether you're late: say what to do without "if"/ }]] },
  // Who is home, the weather, who comes: nothing here sees them (the first two were read as areas named "nobody" and "alice";
  // "let me know" was sent at once, saying nothing; the porch light was turned on at once).
  { text: 'turn off the lights if nobody is home', groups: [[{ call: null, reason: /cannot tell whether nobody is home/ }]] },
  { text: 'turn off the lights if alice is home', groups: [[{ call: null, reason: /cannot tell whether alice is home/ }]] },
  { text: 'if it rains let me know', groups: [[{ call: null, reason: /cannot tell whether it rains: say what to do without "if" \(e\.g\. "let me know"\)/ }]] },
  { text: 'if anyone comes to the door turn on the porch light', groups: [[{ call: null, reason: /cannot tell whether anyone comes to the door/ }]] },
  // "If it gets dark" is "when it gets dark": a time by the sun, which needs the home's place (it was done at once).
  { text: 'turn on the porch light if it gets dark', groups: [[{ call: null, reason: /cannot tell when it gets dark/ }]] },
  // A state said as a condition ends where what to do starts, comma or not (the light was turned on, by the state's "on").
  { text: 'if the garage light is on turn it off', groups: [[{ call: T, args: { location: 'garage', desired_state: false } }]] },
  { text: 'in case the kitchen lights are still off turn them on', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  { text: 'if the garage light is on email me', groups: [[{ call: CHECK, args: { location: 'garage', on: true } }, { call: EMAIL, after: [0], onlyIf: 'done' }]] },
  {
    text: 'order a pizza and turn on the kitchen light',
    groups: [[{ call: null }], [{ call: T, args: { location: 'kitchen', desired_state: true } }]],
  },
];

export const ZONE_CASES: PlanCase[] = [
  {
    text: 'remind me in the morning to take out the trash',
    now: '2026-03-28T10:00:00Z',
    timeZone: 'Europe/Paris',
    // The clocks go forward that night: 08:00 is 06:00 UTC.
    groups: [[{ call: REMIND, args: { text: 'take out the trash', at: at('2026-03-29T06:00:00Z') } }]],
  },
  {
    text: 'what do I have on Monday',
    now: '2026-03-28T10:00:00Z',
    timeZone: 'Europe/Paris',
    groups: [[{ call: EVENTS, args: { from: at('2026-03-29T22:00:00Z'), to: at('2026-03-30T22:00:00Z') } }]],
  },
  {
    text: 'remind me tomorrow at 9am to call mom',
    now: '2026-10-31T14:00:00Z',
    timeZone: 'America/New_York',
    groups: [[{ call: REMIND, args: { text: 'call mom', at: at('2026-11-01T14:00:00Z') } }]],
  },
  {
    text: 'remind me in 2 hours to check the oven',
    now: '2026-10-31T14:00:00Z',
    timeZone: 'America/New_York',
    groups: [[{ call: REMIND, args: { text: 'check the oven', at: at('2026-10-31T16:00:00Z') } }]],
  },
  {
    text: 'remind me at 7pm to feed the cat',
    now: '2026-11-21T20:00:00Z',
    timeZone: 'UTC',
    // 19:00 has passed: tomorrow's.
    groups: [[{ call: REMIND, args: { text: 'feed the cat', at: at('2026-11-22T19:00:00Z') } }]],
  },
  {
    text: 'add a call with the bank on Thursday at 11am',
    timeZone: 'Asia/Tokyo',
    groups: [[{ call: EVENT, args: { title: 'call with the bank', start: at('2026-11-26T02:00:00Z') } }]],
  },
];

/** Second round: other orders and connectives, derived items, wrappers around questions. */
export const MORE_CASES: PlanCase[] = [
  {
    text: "Switch the garage lights on and email me when you're finished.",
    groups: [[{ call: T, args: { location: 'garage', desired_state: true } }, { call: EMAIL, args: { to: { me: true } }, after: [0] }]],
  },
  {
    text: 'Please set the bedroom light to 40 percent, then remind me at 10pm to go to bed.',
    groups: [[{ call: B, args: { location: 'bedroom', percent: 40 } }, { call: REMIND, args: { text: 'go to bed', at: at('2026-11-21T22:00:00Z') }, after: [0] }]],
  },
  {
    text: 'Turn off the porch and backyard lights, then send an email to dad@example.com saying goodnight.',
    groups: [
      [
        { call: T, args: { location: 'porch', desired_state: false } },
        { call: T, args: { location: 'backyard', desired_state: false } },
        { call: EMAIL, args: { to: 'dad@example.com', text: 'goodnight' }, after: [0, 1] },
      ],
    ],
  },
  {
    text: 'Collect 10 cobblestone, craft a furnace, then give it to bob.',
    groups: [[{ call: OBTAIN, args: { item: 'cobblestone', count: 10 } }], [{ call: OBTAIN, args: { item: 'furnace', count: 1 } }, { call: GIVE, args: { player: 'bob', item: 'furnace' }, after: [1] }]],
  },
  // Made of what the action before got, said without "them": after it, and as much as that makes (planks were 1, in a group of their own).
  {
    text: 'collect some wood and craft planks',
    groups: [[{ call: OBTAIN, args: { item: 'oak_log', count: 4 } }, { call: OBTAIN, args: { item: 'oak_planks', count: 16 }, after: [0] }]],
  },
  {
    text: 'get 3 spruce logs and craft planks',
    groups: [[{ call: OBTAIN, args: { item: 'spruce_log', count: 3 } }, { call: OBTAIN, args: { item: 'spruce_planks', count: 12 }, after: [0] }]],
  },
  {
    text: 'mine 5 iron ore and smelt iron ingots',
    groups: [[{ call: OBTAIN, args: { item: 'iron_ore', count: 5 } }, { call: OBTAIN, args: { item: 'iron_ingot', count: 5 }, after: [0] }]],
  },
  // What is made of other things is made on its own.
  { text: 'get me a stone pickaxe and make a stone sword', groups: [[{ call: OBTAIN, args: { item: 'stone_pickaxe' } }], [{ call: OBTAIN, args: { item: 'stone_sword' } }]] },
  {
    text: 'after collecting 3 iron ore, smelt them',
    groups: [[{ call: OBTAIN, args: { item: 'iron_ore', count: 3 } }, { call: OBTAIN, args: { item: 'iron_ingot', count: 3 }, after: [0] }]],
  },
  {
    text: 'get me 64 sand and then make glass out of it',
    groups: [[{ call: OBTAIN, args: { item: 'sand', count: 64 } }, { call: OBTAIN, args: { item: 'glass', count: 64 }, after: [0] }]],
  },
  { text: 'cook 5 beef', groups: [[{ call: OBTAIN, args: { item: 'cooked_beef', count: 5 } }]] },
  {
    text: 'mine some diamonds and bring them to me',
    groups: [[{ call: OBTAIN, args: { item: 'diamond' } }, { call: GIVE, args: { player: 'me', item: 'diamond' }, after: [0] }]],
  },
  { text: 'Remind me in half an hour to call Tom', groups: [[{ call: REMIND, args: { text: 'call Tom', at: at('2026-11-21T10:30:00Z') } }]] },
  { text: 'set an alarm for 7am', groups: [[{ call: REMIND, args: { at: at('2026-11-22T07:00:00Z') } }]] },
  {
    text: 'turn the hall light off then turn the porch light on',
    groups: [[{ call: T, args: { location: 'hallway', desired_state: false } }, { call: T, args: { location: 'porch', desired_state: true }, after: [0] }]],
  },
  { text: 'I need the kitchen lights on', groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }]] },
  {
    text: 'turn on the kitchen light and also the garage light',
    groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }], [{ call: T, args: { location: 'garage', desired_state: true } }]],
  },
  {
    text: 'Turn on the light in the kitchen and in the bedroom',
    groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }], [{ call: T, args: { location: 'bedroom', desired_state: true } }]],
  },
  { text: "email mom@example.com and tell her I'll be home at 6", groups: [[{ call: EMAIL, args: { to: 'mom@example.com', text: "I'll be home at 6" } }]] },
  // "Her" with no one named before is asked about when planned, never the requester (the mail went to the requester), nor someone called "her".
  { text: "tell her I'll be late", groups: [[{ call: null, reason: /who "her" is here/ }]] },
  { text: "turn on the porch light and tell her it's on", groups: [[{ call: T }, { call: null, reason: /who "her" is here/, after: [0] }]] },
  // Asked of "them", no one named: not the requester.
  { text: 'ask them if they want pizza', groups: [[{ call: null, reason: /who "them" is here/ }]] },
  { text: 'let them know dinner is ready', groups: [[{ call: null, reason: /who "them" is here/ }]] },
  // Named first, then asked: the question in the words said to them.
  { text: 'email alice and ask her if she wants pizza', groups: [[{ call: EMAIL, args: { to: 'alice', text: 'Do you want pizza?' } }]] },
  { text: "email bob and ask him when he's coming home", groups: [[{ call: EMAIL, args: { to: 'bob', text: 'When are you coming home?' } }]] },
  { text: 'tell bob on discord that the server is up', groups: [[{ call: DISCORD, args: { to: 'bob', text: 'the server is up' } }]] },
  // "Message", "text": a message by the way set up here (Discord has no token in these cases); named, Discord (nothing fitted "text", Discord was taken for "message").
  { text: 'message bob saying hi', groups: [[{ call: EMAIL, args: { to: 'bob', text: 'hi' } }]] },
  { text: "text bob that I'm on my way", groups: [[{ call: EMAIL, args: { to: 'bob', text: "I'm on my way" } }]] },
  { text: 'message bob on discord saying hi', groups: [[{ call: DISCORD, args: { to: 'bob', text: 'hi' } }]] },
  {
    text: 'send me an email and send bob an email',
    groups: [[{ call: EMAIL, args: { to: { me: true } } }], [{ call: EMAIL, args: { to: 'bob' } }]],
  },
  { text: "let me know what's on my calendar tomorrow", groups: [[{ call: EVENTS, args: { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') } }]] },
  { text: "what's my schedule like on friday", groups: [[{ call: EVENTS, args: { from: at('2026-11-27T00:00:00Z'), to: at('2026-11-28T00:00:00Z') } }]] },
  { text: 'how are you?', groups: [[{ call: 'minecraft.status' }]] },
  { text: 'turn on the tv', groups: [[{ call: null, reason: /'tv'/ }]] },
  { text: 'Remind me on the 5th at 3pm to pay rent', groups: [[{ call: REMIND, args: { text: 'pay rent', at: at('2026-12-05T15:00:00Z') } }]] },
  { text: 'remind me on the 3rd of January to renew my passport', groups: [[{ call: REMIND, args: { text: 'renew my passport', at: { between: ['2027-01-03T00:00:00Z', '2027-01-03T23:59:00Z'] } } }]] },
  { text: 'remind me next friday at 5 to submit the timesheet', groups: [[{ call: REMIND, args: { text: 'submit the timesheet', at: at('2026-11-27T17:00:00Z') } }]] },
  { text: 'Set a reminder for tomorrow at noon: call the vet.', groups: [[{ call: REMIND, args: { text: 'call the vet', at: at('2026-11-22T12:00:00Z') } }]] },
  { text: 'Send the report to sam@example.com', groups: [[{ call: null, reason: /cannot come up with "the report"/ }]] },
  { text: 'send bob an email', groups: [[{ call: EMAIL, args: { to: 'bob', text: { absent: true } } }]] },
  {
    text: 'Let me know by email when the garage light is off',
    groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: EMAIL, args: { to: { me: true } }, after: [1] }]],
  },
  { text: 'turn on the bedroom light at 50%', groups: [[{ call: B, args: { location: 'bedroom', percent: 50 } }]] },
  {
    text: 'First turn on the kitchen light, then the porch light.',
    groups: [[{ call: T, args: { location: 'kitchen', desired_state: true } }, { call: T, args: { location: 'porch', desired_state: true }, after: [0] }]],
  },
  {
    text: "Once you've collected 5 birch logs, give them to Steve.",
    groups: [[{ call: OBTAIN, args: { item: 'birch_log', count: 5 } }, { call: GIVE, args: { player: 'Steve', item: 'birch_log', count: 5 }, after: [0] }]],
  },
  {
    text: 'Could you turn off the garage lights and then shoot me an email?',
    groups: [[{ call: T, args: { location: 'garage', desired_state: false } }, { call: EMAIL, args: { to: { me: true } }, after: [0] }]],
  },
  {
    text: 'give Notch 3 diamonds and follow him',
    groups: [[{ call: GIVE, args: { player: 'Notch', item: 'diamond', count: 3 } }, { call: FOLLOW, args: { player: 'Notch' }, after: [0] }]],
  },
  {
    text: 'turn the living room lights to 70 percent and the kitchen to 20',
    groups: [[{ call: B, args: { location: 'living room', percent: 70 } }], [{ call: B, args: { location: 'kitchen', percent: 20 } }]],
  },
  {
    text: 'Turn the basement lights off and the porch lights on',
    groups: [[{ call: T, args: { location: 'basement', desired_state: false } }], [{ call: T, args: { location: 'porch', desired_state: true } }]],
  },
  {
    text: 'turn the porch light on and the basement light off',
    groups: [[{ call: T, args: { location: 'porch', desired_state: true } }], [{ call: T, args: { location: 'basement', desired_state: false } }]],
  },
  {
    text: 'turn the lights in the kitchen off and the ones in the bedroom on',
    groups: [[{ call: T, args: { location: 'kitchen', desired_state: false } }], [{ call: T, args: { location: 'bedroom', desired_state: true } }]],
  },
  { text: 'Bring Steve 5 golden apples', groups: [[{ call: GIVE, args: { player: 'Steve', item: 'golden_apple', count: 5 } }]] },
  {
    text: 'Get me a stack of torches and a diamond pickaxe',
    groups: [[{ call: OBTAIN, args: { item: 'torch', count: 64 } }], [{ call: OBTAIN, args: { item: 'diamond_pickaxe', count: 1 } }]],
  },
  { text: 'Would you mind switching off the garage light?', groups: [[{ call: T, args: { location: 'garage', desired_state: false } }]] },
  { text: "What's happening on the 30th?", groups: [[{ call: EVENTS, args: { from: at('2026-11-30T00:00:00Z'), to: at('2026-12-01T00:00:00Z') } }]] },
  {
    text: 'go to alex and give him a cake',
    groups: [[{ call: GOTO, args: { player: 'alex' } }, { call: GIVE, args: { player: 'alex', item: 'cake', count: 1 }, after: [0] }]],
  },
  {
    text: 'get 10 oak logs and 5 cobblestone, then craft a furnace',
    groups: [
      [
        { call: OBTAIN, args: { item: 'oak_log', count: 10 } },
        { call: OBTAIN, args: { item: 'cobblestone', count: 5 } },
        { call: OBTAIN, args: { item: 'furnace', count: 1 }, after: [0, 1] },
      ],
    ],
  },
];

export const EXTRA_CASES: PlanCase[] = [
  ...LIGHT_CASES,
  ...CALENDAR_CASES,
  ...RECURRING_CASES,
  ...LATER_CASES,
  ...LASTING_CASES,
  ...MESSAGE_CASES,
  ...LIST_CASES,
  ...MEMORY_CASES,
  ...SHORTCUT_CASES,
  ...MINECRAFT_CASES,
  ...COMPOUND_CASES,
  ...OPTIONAL_CASES,
  ...FALLBACK_CASES,
  ...ACCOUNT_CASES,
  ...UNKNOWN_CASES,
  ...ZONE_CASES,
  ...MORE_CASES,
];
