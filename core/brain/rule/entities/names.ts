import { SELF, STOPWORDS, TIME_WORDS, nameLike } from '../lexicon.js';
import type { Token } from '../tokens.js';

/** People: a player to follow or give to, someone to send a message to. */

/** What the readers below need to know about the clause. */
export interface NameScope {
  text: string;
  tokens: readonly Token[];
  free(i: number): boolean;
  /** Words that name things (items, areas) or the method itself ("send"): not a person's name. */
  isThing(word: string): boolean;
  /** Tokens `[from, to)` may hold the name; a free-text part is left out. */
  from: number;
  to: number;
}

/** A name found: `value` undefined means the requester ("me"). */
export interface NameHit {
  value: string | undefined;
  indices: number[];
}

const INTRODUCERS = new Set(['to', 'with', 'for']);

/** People named by who they are to the requester: "tell my wife ...", "email our landlord". */
const RELATIONS = new Set(
  'wife husband partner spouse mom mum mother dad father parents boss brother sister son daughter kids children family friend neighbor neighbour roommate flatmate girlfriend boyfriend fiance fiancee grandma grandpa grandmother grandfather aunt uncle cousin colleague landlord babysitter nanny'.split(' '),
);

/** Words a wish or a greeting opens with: after "my brother" they are what is said, not more of a name. */
const GREETINGS = new Set('happy merry good goodnight goodbye bye sorry congratulations congrats welcome'.split(' '));

/** Words said before a name that are not one: "cc bob". */
const BEFORE_NAMES = new Set(['cc', 'bcc']);

/** Words of how much, no names: "drop half your dirt" is given to no one called "half". */
const AMOUNTS = new Set(['half', 'quarter', 'rest', 'most', 'everything', 'nothing']);

/** Whether token `i` can be a person's name; one a phrase's "*" stood for is taken already, and may be one all the same. */
function candidate(scope: NameScope, i: number, inPhrase = false): boolean {
  const t = scope.tokens[i];
  if (!t || !(inPhrase || scope.free(i)) || t.kind !== 'word') return false;
  if (SELF.has(t.norm)) return true;
  // A time is no name: "give him 3 apples in 5 minutes" is not given to "minutes".
  if (STOPWORDS.has(t.norm) || TIME_WORDS.has(t.norm) || BEFORE_NAMES.has(t.norm) || AMOUNTS.has(t.norm) || scope.isThing(t.norm)) return false;
  const prev = scope.tokens[i - 1]?.norm;
  // "the kitchen", "a bed": a name does not take an article.
  if (prev === 'the' || prev === 'a' || prev === 'an') return false;
  return nameLike(scope.text.slice(t.start, t.end));
}

function hit(scope: NameScope, indices: number[], i: number): NameHit {
  const t = scope.tokens[i]!;
  return { value: SELF.has(t.norm) ? undefined : scope.text.slice(t.start, t.end), indices };
}

/** A person's name: after "to"/"with", else the first word that can be one. "me" is the requester. */
export function readPerson(scope: NameScope): NameHit | undefined {
  for (let i = scope.from; i < scope.to - 1; i++) {
    if (INTRODUCERS.has(scope.tokens[i]!.norm) && scope.free(i) && candidate(scope, i + 1)) return hit(scope, [i, i + 1], i + 1);
  }
  for (let i = scope.from; i < scope.to; i++) if (candidate(scope, i)) return hit(scope, [i], i);
  return undefined;
}

/**
 * Where a message goes: an address anywhere, a name after "to", or a name right after the
 * words that named the method ("email sam saying ...", `after` holds where each such phrase
 * ends) or inside them (`wild`: what their "*" stood for, "let alice know"). "me" is the requester.
 */
export function readRecipient(scope: NameScope, after: readonly number[], wild: readonly number[] = []): NameHit | undefined {
  for (let i = scope.from; i < scope.to; i++) {
    const t = scope.tokens[i]!;
    // An address is who it goes to, also where a "*" of the method's words stood for it ("ask bob@example.com to ...").
    if (t.kind === 'email' && (scope.free(i) || wild.includes(i))) {
      const value = scope.text.slice(t.start, t.end);
      return { value, indices: scope.tokens[i - 1]?.norm === 'to' && scope.free(i - 1) ? [i - 1, i] : [i] };
    }
  }
  // "Let alice know that ...", "ask bob to call me": the name a "*" of the method's words stood for;
  // "remind my wife to ...", "ask the kids to ...": who they are to the requester.
  const inside = wild.filter((i) => i >= scope.from && i < scope.to);
  const related = inside.length > 0 ? relationAt(scope, Math.min(...inside), true) : undefined;
  if (related) return related;
  for (const i of inside) if (candidate(scope, i, true)) return hit(scope, [i], i);
  // Right after the method's words first: "tell bob to call me" is told to bob, not to "call".
  for (const a of after) if (a < scope.to && candidate(scope, a)) return hit(scope, [a], a);
  // "Tell my wife I'll be late", "tell the kids to come down": someone named by who they are to the requester
  // (the mail went to the requester, saying "my wife ...", or to "come"); not "send the family photo to bob".
  for (const a of after) {
    const related = relationAt(scope, a);
    if (related) return related;
  }
  // "Email me to renew my passport": the method's words name the requester; what follows "to" is what to do, not who.
  const toSelf = after.some((a) => SELF.has(scope.tokens[a - 1]?.norm ?? ''));
  for (let i = scope.from; i < scope.to - 1 && !toSelf; i++) {
    if (scope.tokens[i]!.norm !== 'to' || !scope.free(i)) continue;
    if (candidate(scope, i + 1)) return hit(scope, [i, i + 1], i + 1);
    // "Email the shopping list to my wife".
    const related = relationAt(scope, i + 1);
    if (related) return { value: related.value, indices: [i, ...related.indices] };
  }
  // "email me and bob saying ...": the method's words name the requester, and a list goes on after them.
  for (const a of after) {
    if (!SELF.has(scope.tokens[a - 1]?.norm ?? '')) continue;
    let j = a;
    while (j < scope.to && joins(scope, j)) j++;
    const next = j > a ? recipientAt(scope, j) : undefined;
    if (next) return { value: next.value, indices: [j] };
  }
  // "send bob an email", "write alice a note": a name before what is sent.
  for (let i = scope.from; i < scope.to - 1; i++) {
    const next = scope.tokens[i + 1]!.norm;
    if ((next === 'a' || next === 'an') && candidate(scope, i) && !SELF.has(scope.tokens[i]!.norm)) return hit(scope, [i], i);
  }
  return undefined;
}

/**
 * Someone named by who they are to the requester at token `a`: "my wife", "the kids"; not
 * when more words of a name follow ("the family photo").
 */
function relationAt(scope: NameScope, a: number, inPhrase = false): NameHit | undefined {
  const [own, who, next] = [scope.tokens[a], scope.tokens[a + 1], scope.tokens[a + 2]];
  if (!own || !who || !['my', 'our', 'the'].includes(own.norm) || !RELATIONS.has(who.norm) || (!inPhrase && (!scope.free(a) || !scope.free(a + 1)))) return undefined;
  // In the place of a "*", the method's own words follow ("let the kids know"); a greeting opens what is said ("tell my brother happy birthday").
  if (!inPhrase && next && next.kind !== 'punct' && !STOPWORDS.has(next.norm) && next.norm !== 'saying' && !GREETINGS.has(next.norm)) return undefined;
  return { value: scope.text.slice(own.start, who.end), indices: [a, a + 1] };
}

/** A recipient at token `j` (which a "*" of the method's words may have stood for): an address or a name; undefined when none is there. */
function recipientAt(scope: NameScope, j: number, wild: readonly number[] = []): { value: string | undefined; index: number } | undefined {
  const t = scope.tokens[j];
  const inPhrase = wild.includes(j);
  if (!t || !(inPhrase || scope.free(j))) return undefined;
  if (t.kind === 'email') return { value: scope.text.slice(t.start, t.end), index: j };
  return candidate(scope, j, inPhrase) ? { value: hit(scope, [j], j).value, index: j } : undefined;
}

/** Whether token `j` joins names in a list: "," or "and". */
function joins(scope: NameScope, j: number, wild: readonly number[] = []): boolean {
  const norm = scope.tokens[j]?.norm;
  // "email me and then bob": "then" between names lists them too.
  return (norm === ',' || norm === 'and' || (norm === 'then' && scope.tokens[j - 1]?.norm === 'and')) && (scope.free(j) || wild.includes(j));
}

/**
 * The people listed with a recipient ("email bob and alice", "bob, alice and carol", "email me
 * and sam@example.com", where "me" is in the method's words), in order, the recipient `found` among them; just that one when it is
 * listed with none.
 */
export function recipientList(scope: NameScope, found: NameHit, wild: readonly number[] = []): Array<{ value: string | undefined; index: number }> {
  const at = found.indices.at(-1)!;
  const list = [{ value: found.value, index: at }];
  for (let i = at + 1; ; ) {
    let j = i;
    while (j < scope.to && joins(scope, j, wild)) j++;
    const next = j > i && j < scope.to ? recipientAt(scope, j, wild) : undefined;
    if (!next) break;
    list.push(next);
    i = j + 1;
  }
  for (let i = at - 1; ; ) {
    let j = i;
    while (j >= scope.from && joins(scope, j, wild)) j--;
    const before = j < i && j >= scope.from ? recipientAt(scope, j, wild) : undefined;
    if (!before) {
      // "email me and bob": "me" is in the method's own words, the requester all the same.
      if (j < i && j >= scope.from && SELF.has(scope.tokens[j]!.norm)) list.unshift({ value: undefined, index: j });
      break;
    }
    list.unshift(before);
    i = j - 1;
  }
  return list;
}
