import type { Reading } from './reading.js';

/**
 * How strongly a reading says "this is the method": phrases most, then keywords and precise
 * arguments. The weights are tuned so that a clear request (a phrase at the start, its
 * arguments found, nothing left over) reaches 0.8 or more, and a lone generic verb with its
 * arguments missing ("book me a flight") stays under the floor.
 */

/** Below this, nothing fits. */
export const FLOOR = 0.4;

/** The strength of a reading; readings of one clause are ranked by it. */
export function score(r: Reading): number {
  const phraseWeight = r.phrase === undefined ? 0 : r.phrase.length >= 3 ? 0.6 : r.phrase.length === 2 ? 0.5 : 0.35;
  let s = phraseWeight - (r.phrase?.inflected ? 0.05 : 0);
  if (r.phrase && r.phraseAtStart) s += 0.1;
  if (r.keywords > 0) s += 0.1;
  if (r.mentioned) s += 0.15;
  // "let me know by email" names the channel: the requester's own channel is not meant.
  if (r.otherChannel) s -= 0.5;
  s += Math.min(r.typed, 3) * 0.15 + Math.min(r.loose, 2) * 0.05;
  s += r.inherited.length > 0 ? 0.15 : 0;
  // Words meant as a value the vocabulary lacks are understood as such: the agent will ask.
  const unexplained = r.leftovers.length - (r.unknown?.count ?? 0);
  for (const p of r.missing) {
    if (p === r.unknown?.param) continue;
    // A pronoun stands for the missing thing; the agent asks for it, no need to doubt the method.
    if (r.pronoun !== undefined && p.kind !== 'text') s -= 0.05;
    else s -= 0.1;
  }
  s -= Math.min(unexplained * 0.07, 0.35);
  if (r.phrase === undefined) {
    // Without a phrase, a method is only guessed at from the things named: enough when a
    // keyword and precise arguments explain every word ("kitchen light 50%"), or two precise
    // arguments do ("kitchen 50%", "garage off"), else not.
    const explained = (r.keywords > 0 ? r.typed > 0 : r.typed >= 2) && r.missing.length === 0 && unexplained === 0 && r.unknown === undefined;
    return explained ? 0.45 + 0.1 * Math.min(r.typed, 2) : Math.min(s * 0.7, FLOOR - 0.05);
  }
  const complete = r.missing.length === 0 && unexplained === 0 && r.unknown === undefined;
  if (complete) s += 0.3;
  return s;
}

/** A 0..1 confidence from a score and the runner-up's: close calls are less sure. */
export function confidence(best: number, runnerUp: number | undefined): number {
  let c = Math.max(0, Math.min(1, best));
  if (runnerUp !== undefined && best - runnerUp < 0.15) c -= 0.2 * (1 - (best - runnerUp) / 0.15);
  return Math.round(Math.max(0.05, Math.min(1, c)) * 100) / 100;
}
