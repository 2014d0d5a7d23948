import type { ClauseView } from './clause.js';
import { KEEP_VERBS, WHOLE_HOME } from './lexicon.js';
import type { Reading } from './reading.js';
import type { VocabularyIndex } from './vocabulary.js';

/**
 * Words meant as a value that a vocabulary does not hold: "the attic light" (a cue after it),
 * "in the attic" (a place preposition before it), "3 unobtainium" (a count before it), or any
 * word left over where a required value is missing. Told apart from "no value given", so that
 * the brain says what is missing instead of guessing.
 */
export function findUnknown(r: Reading, view: ClauseView, vocabularies: ReadonlyMap<string, VocabularyIndex>, leftover: readonly number[]): Reading['unknown'] {
  const { tokens } = view;
  // "Everything in the house" is every area, not one called "house" (though "guest house" may be one).
  // Nor is a number a name: "and the kitchen to 20" is a level, not a colour called "20".
  // "In every room", "in all the rooms" is the whole home too.
  const everyRoom = (i: number) => /^rooms?$/.test(tokens[i]!.norm) && ['every', 'each', 'all'].includes(tokens[i - 1]?.norm === 'the' ? (tokens[i - 2]?.norm ?? '') : (tokens[i - 1]?.norm ?? ''));
  // "Stop turning off the lights every night", "never switch ...": what calls it off names nothing.
  const callingOff = (i: number) => ['stop', 'quit', 'never'].includes(tokens[i]!.norm) || (/ing$/.test(tokens[i]!.norm) && ['stop', 'quit'].includes(tokens[i - 1]?.norm ?? ''));
  // "Keep the lights on for 10 minutes", "leave them off": the verb of a state to last names nothing.
  const keeping = (i: number) => KEEP_VERBS.has(tokens[i]!.norm) && tokens.slice(i + 1, i + 6).some((t) => t.norm === 'on' || t.norm === 'off');
  const candidates = leftover.filter((i) => !WHOLE_HOME.has(tokens[i]!.norm) && !everyRoom(i) && tokens[i]!.kind !== 'number' && !callingOff(i) && !keeping(i));
  if (r.method.text || candidates.length === 0) return undefined;
  const left = new Set(leftover);
  for (const p of r.method.params) {
    const vocabulary = p.kind ? vocabularies.get(p.kind) : undefined;
    if (!vocabulary || r.args[p.name] !== undefined) continue;
    let run: number[] | undefined;
    for (const i of candidates) {
      const next = tokens[i + 1]?.norm ?? '';
      const prev = tokens[i - 1]?.norm ?? '';
      const prev2 = tokens[i - 2]?.norm ?? '';
      const placed = ['in', 'at', 'from'].includes(prev) || (['the', 'my'].includes(prev) && ['in', 'at', 'from', 'to'].includes(prev2));
      const counted = tokens[i - 1]?.kind === 'number';
      if (vocabulary.cues.has(next) || placed || counted) {
        run = [i];
        break;
      }
    }
    if (!run && p.required) run = [candidates[0]!];
    if (!run) continue;
    // Widen to the adjacent leftover words: "guest room", "diamond thingy".
    while (left.has(run[0]! - 1)) run.unshift(run[0]! - 1);
    while (left.has(run[run.length - 1]! + 1)) run.push(run[run.length - 1]! + 1);
    return { param: p, words: run.map((i) => view.text.slice(tokens[i]!.start, tokens[i]!.end)).join(' '), count: run.length };
  }
  return undefined;
}
