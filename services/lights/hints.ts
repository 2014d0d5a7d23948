import type { MethodHints } from '../../core/plugin/hints.js';

/** "(Tell me) how the kitchen light is", "how the lights in the garage are": a question said the other way round. */
const HOW_IS = ['how (the|my) [*] [*] (light|lights|lamp|lamps) (is|are)', 'how (the|my) (light|lights|lamp|lamps) (in|on|at|of) [the|my] * [*] (is|are)'];

/** "What's on my agenda", "what is on the schedule": asked of a calendar or a list, not of a light. */
const WHATS_ON = "(what's|what is|whats) on (my|the|our|your)";
/** Questions about the lights, not orders: "is the porch light on?", "are the lights off?". */
const questions = ['(is|are) (the|my|any|all|there)', 'which', 'whether', '(check|see|find out) if', 'how bright', WHATS_ON, ...HOW_IS];

/** A level said with "to" ("dim the lights to 30%", "to half"): one to set, not a step. */
const LEVEL_SAID = /\bto\s+(\d|half|max|min|full|the|a\b|quarter)/;
/** "It's dark in the hallway", "it's getting bright in here": how it is somewhere, said as a wish for the other way. */
const SAID_AS_IT_IS = /\b(?:it'?s|it\s+is)\s+(?:getting\s+)?(?:(?:so|very|really|quite|pretty|rather|a\s+bit|a\s+little)\s+)?(dark|dim|bright)\b/i;

/** A step said in words: "a bit", "slightly" is a small one, "a lot" a big one; none said is the method's own. */
function stepSaid(text: string): number | undefined {
  if (/\b(a\s+(little\s+)?bit|a\s+little|slightly|a\s+touch|a\s+tad)\b/.test(text)) return 10;
  if (/\b(a\s+lot|much|way)\s+(brighter|dimmer|darker|more|less|up|down)\b|\ba\s+lot\b/.test(text)) return 50;
  return undefined;
}

/** What undoes a change of the lights: putting them back the way they were. */
const putBack = (args: Record<string, unknown>) => (typeof args['location'] === 'string' ? `put the ${args['location']} lights back` : undefined);

/** What looks up the lights a change acted on, for "email it to me" after it: how they are now. */
const showLights = (args: Record<string, unknown>) => (typeof args['location'] === 'string' ? `show me the ${args['location']} lights` : 'show me the lights');

/** How the rule brain recognizes each lights method. */
export const lightsHints = {
  toggle_lights_in_location: {
    phrases: [
      'turn (on|off)',
      'switch (on|off)',
      // "Turn of the kitchen light": off, mistyped.
      '(turn|switch|shut) of',
      // "Switch the kitchen lights of": the same, said after the light.
      '(light|lights|lamp|lamps) of',
      'toggle',
      'flip',
      'put out',
      'shut off',
      // "Kill the garage lights", not "kill the zombie".
      'kill [the] [*] [*] (light|lights|lamp|lamps)',
      '(lights|light|lamp|lamps) (on|off|out)',
      'is (on|off)',
      'are (on|off)',
      'power (on|off)',
      'light up',
    ],
    keywords: ['light', 'lights', 'lamp', 'lamps'],
    exclude: questions,
    // "Undo that" after a switch: the light as it was (a switch meant to last a while is switched the other way instead).
    undoText: putBack,
    lookupText: showLights,
  },
  set_brightness: {
    // "turn on the bedroom light at 50%" sets a brightness; without one, turning on is a toggle.
    phrases: ['set', 'dim', 'brighten', 'brightness', 'turn', 'turn (up|down)', '(turn|switch) on', 'make', 'change', 'adjust', 'lower', 'raise', 'put'],
    keywords: ['light', 'lights', 'lamp', 'lamps', 'brightness', 'percent', 'dimmer', 'brighter'],
    // "By 10%" is a step from where the light is (adjust_brightness), not a level.
    refine: (args, info) => {
      if (!/\bby\s+\d/.test(info.text) || LEVEL_SAID.test(info.text)) return args;
      const { percent: _, ...rest } = args;
      return rest;
    },
    undoText: putBack,
    lookupText: showLights,
    exclude: questions,
  },
  set_colour: {
    // "Turn the kitchen lights red", "set the bedroom light to warm white": the colour named is what is asked.
    phrases: ['(colour|color|hue)', 'turn', 'make', 'set', 'change', 'switch', 'paint'],
    keywords: ['light', 'lights', 'lamp', 'lamps', 'colour', 'color'],
    phraseOnly: true,
    undoText: putBack,
    lookupText: showLights,
    // Switching on or off is no colour, whatever else is said ("<script> turn on the kitchen light").
    exclude: [...questions, '(turn|switch|power) (on|off)', '(lights|light|lamp|lamps) (on|off|out)'],
  },
  adjust_brightness: {
    phrases: [
      'dim',
      'brighten',
      'turn (up|down)',
      '(brighter|dimmer|darker)',
      // "Make it brighter in here": a step, though no level and no area is said (it was a level to set, asked for).
      'make (it|things|everything) [a bit|a little|much|a lot] (brighter|dimmer|darker)',
      // "It's too dark in the kitchen": brighter there; "too bright": dimmer.
      '[a bit|a little|way|much] too (dark|dim|bright)',
      // "It's dark in the hallway", "it's getting so bright in here": the same, said as it is somewhere.
      "(it's|it is) [getting] [so|very|really|quite|pretty|rather|a bit|a little] (dark|dim|bright) in",
      // "Make the bedroom light less bright": dimmer.
      'less (bright|dim|dark)',
      'make',
      'lower',
      'raise',
      'increase',
      'decrease',
      'reduce',
    ],
    keywords: ['light', 'lights', 'lamp', 'lamps', 'brightness'],
    // A request about the lights that says no word of a change of brightness is not read for it.
    phraseOnly: true,
    // Which way, from the words; a level said with "to" is one to set, not a step ("dim the lights to 30%").
    refine: (args, info) => {
      const { by, direction: _, ...rest } = args;
      if (LEVEL_SAID.test(info.text)) return rest;
      // "Less bright" is dimmer, "less dark" brighter: as "too bright", "too dark".
      const too = (/\b(?:too|less) (dark|dim|bright)\b/.exec(info.text) ?? SAID_AS_IT_IS.exec(info.text))?.[1];
      const down = too ? too === 'bright' : /\b(dim|dimmer|darker|lower|down|decrease|reduce)\b/.test(info.text);
      const up = too ? too !== 'bright' : /\b(brighten|brighter|raise|up|increase)\b/.test(info.text);
      if (down === up) return rest;
      const step = by !== undefined && /\bby\b/.test(info.text) ? by : stepSaid(info.text);
      return { ...rest, direction: up ? 'up' : 'down', ...(step !== undefined ? { by: step } : {}) };
    },
    undoText: putBack,
    lookupText: showLights,
    exclude: questions,
  },
  restore_lights: {
    // "Put the kitchen lights back (the way they were)": not "turn them back on", nor "set them back to 50%".
    phrases: ['(put|set|turn|switch|change) [the|my] * [*] (light|lights|lamp|lamps) back', '(put|set|turn|switch|change) [the|my] (light|lights|lamp|lamps) back', '(restore|reset) [the|my] * [*] (light|lights|lamp|lamps)'],
    keywords: ['back', 'restore'],
    exclude: [...questions, 'back (on|off|up|down)', 'back to (\\d|half|full|max|min|a|the|red|blue|green|white|warm|cool)'],
    lookupText: showLights,
  },
  // Planned only as the condition of what follows it ("if the garage light is on, ..."); a question about a light is list_lights.
  check_light: { phraseOnly: true, phrases: [] },
  list_lights: {
    // "Is milk on the shopping list": a list's, not a light's.
    exclude: ['(on|off) [the|my|our|a|this] [*] [*] list', WHATS_ON],
    phrases: [
      'which (lights|light|lamps)',
      // "Which rooms have lights on": where they are on.
      '(which|what) (rooms|areas) (have|has)',
      'what lights',
      'how many (lights|lamps)',
      'list [the] (lights|lamps)',
      '[the|a] list of [the|my|all] (lights|lamps)',
      // A question about a light, not any "is the ...": "what's the weather" is none.
      '(is|are) [the|my|any|all] [*] [*] (light|lights|lamp|lamps)',
      '(is|are) [the|my|any|all] * [*] (on|off)',
      '(is|are) (any|all) [of the] (on|off)',
      'status of [the] lights',
      'show [me] [the] lights',
      'how are [the] lights',
      // "Tell me how the kitchen light is": asked the other way round.
      ...HOW_IS,
      // "How bright is the kitchen", "what colour is the porch light": asked of a light.
      'how (bright|dim) (is|are)',
      // "What's the brightness in the office", "what is the kitchen light's brightness".
      "(what's|what is|whats) [the] [*] [*] brightness",
      'what brightness (is|are)',
      'check [the] (lights|light)',
      // "Check if the kitchen light is on": asked, not switched.
      '(check|see|find out) (if|whether)',
    ],
    keywords: ['lights', 'light', 'lamps'],
  },
} satisfies Record<string, MethodHints>;

/** Words after an unknown word that say it was meant as an area ("the attic light"). */
export const areaCues = ['light', 'lights', 'lamp', 'lamps', 'room'];
