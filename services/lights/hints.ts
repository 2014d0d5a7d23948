import type { MethodHints } from '../../core/plugin/hints.js';

/** How the rule brain recognizes each lights method. */
export const lightsHints = {
  toggle_lights_in_location: {
    phrases: ['turn (on|off)', 'switch (on|off)', 'toggle', 'flip', 'put out', 'shut off', 'kill', '(lights|light) (on|off)', 'is (on|off)', 'are (on|off)'],
    keywords: ['light', 'lights', 'lamp', 'lamps'],
  },
  set_brightness: {
    phrases: ['set', 'dim', 'brighten', 'brightness', 'turn (up|down)'],
    keywords: ['light', 'lights', 'lamp', 'lamps', 'brightness', 'percent'],
  },
  list_lights: {
    phrases: ['which lights', 'what lights', 'list [the] lights', 'are [the] lights on', 'status of [the] lights', 'show [me] [the] lights'],
    keywords: ['lights'],
  },
} satisfies Record<string, MethodHints>;

/** Words after an unknown word that say it was meant as an area ("the attic light"). */
export const areaCues = ['light', 'lights', 'lamp', 'lamps', 'room'];
