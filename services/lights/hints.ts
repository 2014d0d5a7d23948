import type { MethodHints } from '../../core/plugin/hints.js';

/** Questions about the lights, not orders: "is the porch light on?", "are the lights off?". */
const questions = ['(is|are) (the|my|any|all)', 'which', 'whether', 'how bright'];

/** How the rule brain recognizes each lights method. */
export const lightsHints = {
  toggle_lights_in_location: {
    phrases: [
      'turn (on|off)',
      'switch (on|off)',
      'toggle',
      'flip',
      'put out',
      'shut off',
      'kill',
      '(lights|light|lamp|lamps) (on|off|out)',
      'is (on|off)',
      'are (on|off)',
      'power (on|off)',
      'light up',
    ],
    keywords: ['light', 'lights', 'lamp', 'lamps'],
    exclude: questions,
  },
  set_brightness: {
    // "turn on the bedroom light at 50%" sets a brightness; without one, turning on is a toggle.
    phrases: ['set', 'dim', 'brighten', 'brightness', 'turn', 'turn (up|down)', '(turn|switch) on', 'make', 'change', 'adjust', 'lower', 'raise', 'put'],
    keywords: ['light', 'lights', 'lamp', 'lamps', 'brightness', 'percent', 'dimmer', 'brighter'],
    exclude: questions,
  },
  list_lights: {
    phrases: [
      'which (lights|light|lamps)',
      'what lights',
      'list [the] (lights|lamps)',
      '(is|are) [the|my|any|all]',
      'status of [the] lights',
      'show [me] [the] lights',
      'how are [the] lights',
      'check [the] (lights|light)',
    ],
    keywords: ['lights', 'light', 'lamps'],
  },
} satisfies Record<string, MethodHints>;

/** Words after an unknown word that say it was meant as an area ("the attic light"). */
export const areaCues = ['light', 'lights', 'lamp', 'lamps', 'room'];
