import type { ActionOutcome, ExtractedAction } from '../../types.js';
import { escapeRegExp } from '../../util/text.js';
import type { ClauseView } from './clause.js';
import type { ClauseDecision } from './decide.js';
import type { EarlierRequest } from '../brain.js';
import type { CatalogIndex } from './catalog-index.js';
import { NOT_INHERITED } from './pronouns.js';
import type { MethodIndex } from './catalog-index.js';
import type { Antecedent, Reading } from './reading.js';
import type { Segment } from './segment.js';

/**
 * Which clauses a clause waits for, and what its "it"/"them"/"him" stands for. "then" and
 * "when that's over" point at the clause before; "after X" at X; a pronoun at the nearest
 * clause whose call has a thing of the kind the pronoun's method needs.
 */

/** A clause with what was decided about it and the actions it became. */
export interface Clause {
  segment: Segment;
  view: ClauseView;
  decided: ClauseDecision;
  antecedent?: { clause: number; args: Antecedent };
  /** Clauses (by index) this one waits for. */
  deps: Set<number>;
  actions: ExtractedAction[];
  /** Gone into the text of an action asked for later that it waits for: no action of its own. */
  folded?: boolean;
  /** Said of the requester's situation around what to do ("I'm going to bed, ..."): no action of its own. */
  context?: boolean;
  /** The same action as the one its "it" stands for ("find iron and mine it"): done once, by that one. */
  same?: boolean;
  /** Its action that undoes the others once they are to be over ("for an hour"): never what "it" refers to. */
  undoes?: string;
  /** Its actions run only on this outcome of what it waits for ("if that fails, email me"). */
  onlyIf?: ActionOutcome;
}


/** Clause indices that clause `k` waits for, from its segment's links and cues. */
export function dependencies(clauses: readonly Clause[], k: number, position: ReadonlyMap<number, number>): Set<number> {
  const clause = clauses[k]!;
  const deps = new Set<number>();
  for (const s of clause.segment.after) {
    const c = position.get(s);
    if (c !== undefined && c !== k) deps.add(c);
  }
  if (k > 0 && (clause.segment.link === 'then' || clause.view.cues.afterPrevious)) deps.add(k - 1);
  // Never wait for a clause that waits for this one.
  for (const d of [...deps]) if (d < k && clauses[d]!.deps.has(k)) deps.delete(d);
  return deps;
}

export function antecedentArgs(clause: Clause): Antecedent | undefined {
  const d = clause.decided.decision;
  const r = clause.decided.reading;
  if (!r) return undefined;
  const kinds = kindsOf(r.method);
  // "If the garage light is on, turn it off": a condition names what "it" is, though it does nothing.
  if (clause.decided.condition) return { target: r.method.target, args: r.args, kinds, ...namedIn(clause.view.text, r.args, r.method.keywords) };
  return d.kind === 'call' ? { target: d.target, args: d.args, kinds, ...namedIn(clause.view.text, d.args, r.method.keywords) } : undefined;
}

/**
 * "The kitchen light", "the lights in the garage": an argument's value said with a word of its
 * method, which says what the thing is ("kitchen light", "garage lights").
 */
function namedIn(text: string, args: Record<string, unknown>, keywords: ReadonlySet<string>): { named?: Record<string, string> } {
  const named: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string' || value === '') continue;
    const v = escapeRegExp(value);
    const after = new RegExp(String.raw`\b${v}\s+(\p{L}+)`, 'iu').exec(text)?.[1]?.toLowerCase();
    const before = new RegExp(String.raw`(\p{L}+)\s+(?:in|on|at|of)\s+(?:the\s+|my\s+|our\s+)?${v}\b`, 'iu').exec(text)?.[1]?.toLowerCase();
    const word = [after, before].find((w) => w !== undefined && keywords.has(w));
    if (word !== undefined) named[name] = `${value} ${word}`;
  }
  return Object.keys(named).length > 0 ? { named } : {};
}

/** The kinds of thing a pronoun of a reading's method can stand for. */
function referredKinds(reading: Reading): Set<string> {
  return new Set(reading.method.params.map((p) => p.kind).filter((kind): kind is string => kind !== undefined && !NOT_INHERITED.has(kind)));
}

/** The clause a pronoun in clause `k` refers to, and its call. */
export function antecedentOf(clauses: readonly Clause[], k: number, deps: ReadonlySet<number>): { clause: number; args: Antecedent } | undefined {
  const reading = clauses[k]!.decided.reading;
  if (!reading) return undefined;
  const wanted = referredKinds(reading);
  // Clauses this one waits for come first ("give them to bob once you have the logs"), then earlier ones, nearest first.
  const order = [...[...deps].sort((a, b) => b - a), ...Array.from({ length: k }, (_, i) => k - 1 - i)];
  const candidates = [...new Set(order)].filter((c) => c !== k && !clauses[c]!.deps.has(k));
  let fallback: { clause: number; args: Antecedent } | undefined;
  for (const c of candidates) {
    const args = antecedentArgs(clauses[c]!);
    if (!args) continue;
    if (Object.entries(args.kinds).some(([name, kind]) => kind !== undefined && wanted.has(kind) && args.args[name] !== undefined)) return { clause: c, args };
    fallback ??= { clause: c, args };
  }
  return fallback;
}

/**
 * What an "it" of a request stands for when nothing in the request does, from the request made
 * just before in the conversation: its latest call with a thing of the kind the pronoun's
 * method needs ("turn off the kitchen light", then "turn it back on": the kitchen).
 */
export function earlierAntecedent(reading: Reading | undefined, earlier: EarlierRequest, index: CatalogIndex): Antecedent | undefined {
  // Without a reading that says what it needs: the latest call that acted on a thing.
  const wanted = reading ? referredKinds(reading) : undefined;
  for (const action of [...earlier.actions].reverse()) {
    const method = index.methods.find((m) => m.target === action.target);
    if (!method) continue;
    const kinds = kindsOf(method);
    const things = Object.entries(kinds).filter(([name, kind]) => kind !== undefined && !NOT_INHERITED.has(kind) && action.args[name] !== undefined);
    if (things.some(([, kind]) => wanted === undefined || wanted.has(kind!))) return { target: action.target, args: action.args, kinds };
  }
  return undefined;
}

/** The kind of thing each parameter of a method names, by the parameter's name. */
export function kindsOf(method: MethodIndex): Antecedent['kinds'] {
  return Object.fromEntries(method.params.map((p) => [p.name, p.kind]));
}
