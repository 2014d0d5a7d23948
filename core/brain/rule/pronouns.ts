import { BUILTIN_ENTITY_KINDS as K } from '../../plugin/hints.js';
import { OBJECT_PRONOUNS, PARTICLES, PERSON_PRONOUNS, STOPWORDS } from './lexicon.js';
import type { Antecedent, Reading } from './reading.js';
import type { Token } from './tokens.js';

/**
 * "it", "them", "him": which role a pronoun plays in a clause, and what it brings from the
 * action it refers to.
 */

const SOURCE_LEAD = new Set(['from', 'with', 'using', 'of', 'out']);
/** Kinds a pronoun never stands for: things and people, not words, times, on/off, levels or counts. */
/** Kinds that name a person: a player of a game, someone a message goes to. */
const PEOPLE: ReadonlySet<string> = new Set<string>([K.person, K.recipient]);

export const NOT_INHERITED: ReadonlySet<string> = new Set<string>([K.text, K.datetime, 'datetime-end', K.periodStart, K.periodEnd, K.onOff, K.percent, K.count]);

/**
 * Takes the pronouns of tokens `[0, to)` and says where the first one is and what it stands
 * for: the object ("give it to alex"), a source ("craft planks from them"), or a person ("give him 3 apples").
 * "that sword" is a determiner, not a pronoun. In the words of a message that no intro opened
 * (`message`), one right after a word of its own is the message's: "tell bob I love him".
 */
export function takePronouns(
  tokens: readonly Token[],
  to: number,
  free: (i: number) => boolean,
  inPhrase: (i: number) => boolean,
  take: (i: number) => void,
  message = false,
): { role: NonNullable<Reading['pronoun']>; at: number } | undefined {
  let first: { role: NonNullable<Reading['pronoun']>; at: number } | undefined;
  for (let i = 0; i < to; i++) {
    const norm = tokens[i]!.norm;
    if (!(free(i) || inPhrase(i)) || !(OBJECT_PRONOUNS.has(norm) || PERSON_PRONOUNS.has(norm))) continue;
    const before = tokens[i - 1];
    if (message && before?.kind === 'word' && free(i - 1) && !STOPWORDS.has(before.norm) && !PARTICLES.has(before.norm)) continue;
    // "Tell him it is late": after the one that says who is told, a pronoun is a word of what they are told.
    if (message && first?.role === 'person') continue;
    const next = tokens[i + 1];
    const determiner = next !== undefined && free(i + 1) && next.kind === 'word' && !STOPWORDS.has(next.norm) && !PARTICLES.has(next.norm);
    if (['that', 'this', 'these', 'those'].includes(norm) && determiner) continue;
    take(i);
    const prev = tokens[i - 1]?.norm ?? '';
    first ??= { role: SOURCE_LEAD.has(prev) ? 'source' : norm === 'him' || norm === 'her' ? 'person' : 'object', at: i };
    if (SOURCE_LEAD.has(prev) && free(i - 1)) take(i - 1);
    if (prev === 'of' && tokens[i - 2]?.norm === 'out' && free(i - 2)) take(i - 2);
  }
  return first;
}

/**
 * Fills what the words left open from the action a pronoun refers to, by entity kind; a count
 * comes along with the thing it counts ("them" is as many as there were).
 */
export function inherit(r: Reading, a: Antecedent | undefined, isThing: (kind: string) => boolean): void {
  if (!a || r.pronoun === undefined || r.pronoun === 'source') return;
  let thing = false;
  for (const p of r.method.params) {
    if (r.args[p.name] !== undefined || p.kind === undefined || NOT_INHERITED.has(p.kind)) continue;
    // "Give bob 10 cobblestone and email him ...": him is the person named, whatever the method calls a person.
    const person = r.pronoun === 'person' && PEOPLE.has(p.kind);
    const from = Object.keys(a.args).find((k) => a.kinds[k] === p.kind) ?? (person ? Object.keys(a.args).find((k) => PEOPLE.has(a.kinds[k] ?? '')) : undefined);
    if (from === undefined) continue;
    r.args[p.name] = a.args[from];
    r.inherited.push(p.name);
    if (isThing(p.kind)) thing = true;
  }
  if (!thing) return;
  const count = r.method.params.find((p) => p.kind === K.count);
  const from = Object.keys(a.args).find((k) => a.kinds[k] === K.count);
  if (count && from !== undefined && !r.explicit.includes(count.name)) {
    r.args[count.name] = a.args[from];
    r.inherited.push(count.name);
  }
}

/** "An iron one", "the red one": a thing like the one acted on before, of another kind. */
const ONE_LIKE = /\b(?:a|an|the|another)\s+([a-z]+)\s+one\b/i;

/** The kind said of a thing like the one before ("iron" of "an iron one"), if one is said. */
export function likeBefore(text: string): string | undefined {
  return ONE_LIKE.exec(text)?.[1]?.toLowerCase();
}
