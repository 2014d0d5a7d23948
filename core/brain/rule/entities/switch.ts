import { DETERMINERS } from '../lexicon.js';
import type { Token } from '../tokens.js';

/** On or off: "turn on", "switch the light off", "lights out", "kill the lights". */

const ON = new Set(['on']);
const OFF = new Set(['off', 'out', 'kill', 'extinguish', 'douse']);
const DAYS = /^(mon|tues|wednes|thurs|fri|satur|sun)day$|^(today|tomorrow|tonight)$/;

/** An "on" that starts a place or a day ("on the porch", "on Monday") is not a switch. */
function prepositional(tokens: readonly Token[], i: number, isThing: (word: string) => boolean): boolean {
  const next = tokens[i + 1];
  if (!next || next.kind === 'punct') return false;
  return DETERMINERS.has(next.norm) || next.kind === 'number' || DAYS.test(next.norm) || isThing(next.norm);
}

/**
 * The state asked for, and the token that says it. Words inside the matched phrase win
 * ("turn off the light on the porch"); `isThing` tells names of places and things.
 */
export function readOnOff(
  tokens: readonly Token[],
  free: (i: number) => boolean,
  phraseIndices: readonly number[],
  isThing: (word: string) => boolean,
): { value: boolean; index: number } | undefined {
  for (const i of phraseIndices) {
    const norm = tokens[i]!.norm;
    if (ON.has(norm)) return { value: true, index: i };
    // "Turn of the light": "off" mistyped, where the method's own words say it.
    if (OFF.has(norm) || norm === 'of') return { value: false, index: i };
  }
  for (let i = 0; i < tokens.length; i++) {
    if (!free(i)) continue;
    const norm = tokens[i]!.norm;
    if (ON.has(norm) && !prepositional(tokens, i, isThing)) return { value: true, index: i };
    if (OFF.has(norm)) return { value: false, index: i };
    // "Switch the kitchen lights of": "off" mistyped, said last.
    if (norm === 'of' && tokens.slice(i + 1).every((t) => t.kind === 'punct')) return { value: false, index: i };
  }
  return undefined;
}
