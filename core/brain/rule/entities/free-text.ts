import { ARTICLES, AUX, DETERMINERS, PARTICLES, PREPOSITIONS } from '../lexicon.js';
import { PhraseMatcher } from '../pattern.js';
import { isNumberSign, sourceText, type Token } from '../tokens.js';

/**
 * Free text: what is left of an action once everything else is understood, cleaned of the
 * words that only introduce it ("that I need to", "saying", "telling him").
 */

const LEAD_INS = new PhraseMatcher<true>();
for (const p of [
  'to',
  'that',
  'about',
  'of',
  'saying',
  'that says',
  'which says',
  'telling (him|her|them|me|us) [that|to]',
  'asking (him|her|them) to',
  '(with|and) the (text|message|words)',
  'the (text|message)',
]) {
  LEAD_INS.add(p, true);
}

/**
 * What the requester has to do, said of a note to themselves ("remind me that I need to call
 * mom"): the thing to do is what follows. Not of a message, whose words are said as they are
 * ("tell bob I have a cold").
 */
const OWN_LEAD_INS = new PhraseMatcher<true>();
for (const p of ['i (need|have|must|should|want) to', 'we (need|have|must|should) to', 'i (need|have|must|should)']) OWN_LEAD_INS.add(p, true);

/** What joins a message's words to those that named whom it is for: "email bob and ask him to call me". */
const JOINS = new PhraseMatcher<true>();
JOINS.add('and', true);

/** Words said beside what is asked: alone they are no text. */
const ASIDES = new Set(['too', 'also', 'please', 'again', 'well', 'as']);

const TRAILING = new Set(['at', 'on', 'in', 'by', 'for', 'and', 'then', 'to', 'from', 'with', 'about', 'around', 'of']);
/** Words that open a time with a word of their own: a particle before one ends the verb's words ("bring the cat in at 5pm"). */
const OWN_TIME_LEAD: ReadonlySet<string> = new Set(['at', 'by', 'before', 'after', 'on', 'around', 'until', 'till', 'tomorrow', 'tonight', 'today', 'every', 'each', 'this', 'next']);

/** The clause a free text is cut from, and which of its tokens are still free. */
export interface TextScope {
  text: string;
  tokens: readonly Token[];
  free(i: number): boolean;
}

/**
 * The free text of tokens `[from, tokens.length)` that nothing else took. `intros` are the
 * method's own lead-ins; `named` drops a leading article ("a meeting with ..." → "meeting with ...");
 * `message` drops the "and" that joins a message to whom it is for.
 */
export function readFreeText(scope: TextScope, from: number, intros: PhraseMatcher<string>, named: boolean, message = false): { value: string; indices: number[] } | undefined {
  let indices: number[] = [];
  for (let i = from; i < scope.tokens.length; i++) if (scope.free(i)) indices.push(i);
  const isPunct = (i: number) => scope.tokens[i]!.kind === 'punct';
  // After "that", what is said is said as it is: "tell bob that to get there he should ..." keeps its "to".
  let saidThat = indices.length > 0 && scope.tokens[indices[0]! - 1]?.norm === 'that';
  for (let guard = 0; indices.length > 0 && guard < 8; guard++) {
    while (indices.length > 0 && isPunct(indices[0]!)) indices.shift();
    const first = indices[0];
    if (first === undefined) break;
    const inSet = new Set(indices);
    const onlyFree = (i: number) => inSet.has(i);
    const lead = [
      ...intros.at(scope.tokens, first, onlyFree),
      ...LEAD_INS.at(scope.tokens, first, onlyFree),
      ...(message ? JOINS.at(scope.tokens, first, onlyFree) : OWN_LEAD_INS.at(scope.tokens, first, onlyFree)),
    ]
      .filter((l) => !(saidThat && l.indices.length === 1 && scope.tokens[l.indices[0]!]!.norm === 'to'))
      .sort((a, b) => b.length - a.length)[0];
    // A lead-in that is all the text is the text ("remind me to" + nothing is nothing anyway).
    if (!lead || lead.indices.length >= indices.length) break;
    saidThat ||= scope.tokens[lead.indices.at(-1)!]!.norm === 'that';
    indices = indices.filter((i) => !lead.indices.includes(i));
  }
  if (named) while (indices.length > 1 && ARTICLES.has(scope.tokens[indices[0]!]!.norm)) indices.shift();
  // A word that said where or when, what followed it taken ("call mom in" of "... in 10 minutes"); not one that says how
  // something is ("the lights are on") or that ends the request with its verb ("take the bins in").
  const last = scope.tokens.findLastIndex((t) => t.kind !== 'punct');
  const dangling = (k: number) => {
    const i = indices[k]!;
    if (isPunct(i)) return !isNumberSign(scope.tokens, i);
    const norm = scope.tokens[i]!.norm;
    if (!TRAILING.has(norm)) return false;
    const ownTimeAfter = k > 0 && !scope.free(i + 1) && OWN_TIME_LEAD.has(scope.tokens[i + 1]?.norm ?? '');
    return !(PARTICLES.has(norm) && ((k > 0 && AUX.has(scope.tokens[indices[k - 1]!]!.norm)) || (i === last && k > 0) || ownTimeAfter));
  };
  while (indices.length > 0 && dangling(indices.length - 1)) indices.pop();
  while (indices.length > 0 && isPunct(indices[0]!)) indices.shift();
  // Articles and prepositions alone ("an" in "send bob an email"), or "too" ("put it on my calendar too"), are no text; "hi" is.
  if (indices.every((i) => DETERMINERS.has(scope.tokens[i]!.norm) || PREPOSITIONS.has(scope.tokens[i]!.norm) || ASIDES.has(scope.tokens[i]!.norm) || isPunct(i))) return undefined;
  const value = sourceText(scope.text, scope.tokens, indices).replace(/^["'“‘]+|["'”’]+$/g, '').trim();
  return value.length > 0 ? { value, indices } : undefined;
}

/**
 * Whether the free words from `from` on say something of a thing rather than name it: a verb
 * after it ("the kids are asleep", "the meeting moved to 4"), not "the family photo".
 */
export function readsAsClause(scope: TextScope, from: number): boolean {
  const words = scope.tokens.filter((t, i) => i >= from && scope.free(i) && t.kind === 'word').map((t) => t.norm);
  const start = ARTICLES.has(words[0] ?? '') ? 1 : 0;
  return words.slice(start + 1).some((w, i, rest) => AUX.has(w) || (w.length > 4 && w.endsWith('ed')) || SAYS_VERB.has(w) || (PRESENT.test(w) && WHEN_AFTER.has(rest[i + 1] ?? '')));
}

/** Verbs that say what a thing does, rarely a thing's name: "the party starts", "the shop opens". */
const SAYS_VERB: ReadonlySet<string> = new Set('starts begins ends finishes arrives opens closes says wants needs thinks knows loves likes works'.split(' '));
/** A word that may be a verb said of a thing ("leaves", "lands")... */
const PRESENT = /^[a-z]{3,}[^su]s$/;
/** ...when a time follows it: "the bus leaves in 10 minutes", "the plane lands at 6". */
const WHEN_AFTER: ReadonlySet<string> = new Set('at in on by around until till tomorrow today tonight soon now later early late again next this'.split(' '));
