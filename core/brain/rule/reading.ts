import { BUILTIN_ENTITY_KINDS as K } from '../../plugin/hints.js';
import { formatZoned } from '../../util/time.js';
import type { CatalogIndex, MethodIndex } from './catalog-index.js';
import { tokensIn, type ClauseView } from './clause.js';
import { readFreeText } from './entities/free-text.js';
import { readPerson, readRecipient, type NameScope } from './entities/names.js';
import { readCount, readPercent } from './entities/numbers.js';
import { readOnOff } from './entities/switch.js';
import type { TimeHit } from './entities/time.js';
import { OBJECT_PRONOUNS, PARTICLES, PERSON_PRONOUNS, STOPWORDS } from './lexicon.js';
import type { ParamInfo } from './params.js';
import { nonOverlapping, type PhraseHit } from './pattern.js';
import type { VocabularyHit } from './vocabulary.js';

/** What an "it" or "them" stands for: the call of the action it refers to. */
export interface Antecedent {
  target: string;
  args: Record<string, unknown>;
  /** Entity kind of each argument. */
  kinds: Record<string, string | undefined>;
}

/** How well one method explains a clause, and the arguments it would take from it. */
export interface Reading {
  method: MethodIndex;
  args: Record<string, unknown>;
  /** Arguments the words stated (not defaults, not inherited). */
  explicit: string[];
  /** Required parameters still without a value. */
  missing: ParamInfo[];
  /** A word that was meant as a value of a vocabulary that does not have it ("the attic light"). */
  unknown?: { param: ParamInfo; words: string; count: number };
  phrase: PhraseHit<string> | undefined;
  phraseAtStart: boolean;
  keywords: number;
  /** The plugin was named ("in minecraft", "on discord"). */
  mentioned: boolean;
  /** Arguments read from precise evidence: a vocabulary name, a time, a percentage, on/off, an address. */
  typed: number;
  /** Arguments read from weaker evidence: a name, a count. */
  loose: number;
  /** Words nothing explained. */
  leftovers: string[];
  pronoun: 'object' | 'source' | 'person' | undefined;
  inherited: string[];
  /** Several values for a one-value parameter ("the kitchen and the garage"): one action each. */
  list?: { param: string; hits: VocabularyHit[] };
  /** Where the free text starts when an intro ("saying", "that") opened it, else 0. */
  textFrom: number;
  excluded: boolean;
}

export interface ReadEnv {
  index: CatalogIndex;
  timeZone: string;
  antecedent?: Antecedent;
}

const TIME_LEAD = new Set(['at', 'on', 'in', 'by', 'for', 'the', 'this', 'around', 'from', 'starting']);
const SOURCE_LEAD = new Set(['from', 'with', 'using', 'of', 'out']);
const NOT_INHERITED = new Set<string>([K.text, K.datetime, 'datetime-end', K.periodStart, K.periodEnd, K.onOff, K.percent]);

/** Reads a clause as a call of `method`: which words it explains, which arguments it finds. */
export function readMethod(view: ClauseView, method: MethodIndex, env: ReadEnv): Reading {
  const { tokens, text } = view;
  const n = tokens.length;
  const taken = Uint8Array.from(view.cues.covered);
  const free = (i: number) => i >= 0 && i < n && taken[i] === 0;
  const take = (indices: Iterable<number>) => {
    for (const i of indices) taken[i] = 1;
  };
  const isThing = (w: string) => env.index.thingWords.has(w);
  const args: Record<string, unknown> = {};
  const explicit: string[] = [];
  const set = (p: ParamInfo, value: unknown) => {
    args[p.name] = value;
    explicit.push(p.name);
  };
  let textFrom = 0;
  const r: Reading = {
    method, args, explicit, missing: [], phrase: undefined, phraseAtStart: false, keywords: 0, mentioned: false,
    typed: 0, loose: 0, leftovers: [], pronoun: undefined, inherited: [], textFrom: 0, excluded: false,
  };

  // Names of things first, so that a phrase cannot eat a word of "crafting table".
  let firstThing: number | undefined;
  for (const p of method.params) {
    const vocabulary = p.kind ? env.index.vocabularies.get(p.kind) : undefined;
    if (!vocabulary || args[p.name] !== undefined) continue;
    const hits = vocabulary.all(tokens, free);
    if (hits.length === 0) continue;
    set(p, hits[0]!.value);
    r.typed++;
    firstThing ??= hits[0]!.start;
    for (const h of hits) for (let i = h.start; i < h.end; i++) taken[i] = 1;
    if (new Set(hits.map((h) => h.value)).size > 1) r.list = { param: p.name, hits };
  }

  const phrases = nonOverlapping(method.phrases.all(tokens, free));
  for (const h of phrases) take(h.indices);
  r.phrase = [...phrases].sort((a, b) => b.length - a.length || a.start - b.start)[0];
  r.phraseAtStart = r.phrase !== undefined && phrases.some((h) => h.start === view.first);
  r.excluded = method.exclude.all(tokens).length > 0;

  if (method.text) {
    const after = r.phrase?.end ?? 0;
    const intro = method.intros
      .all(tokens, free)
      .filter((h) => h.start >= after || r.phrase === undefined)
      .sort((a, b) => a.start - b.start || b.length - a.length)[0];
    if (intro) {
      take(intro.indices);
      textFrom = intro.end;
      r.textFrom = textFrom;
    } else if (phrases.length > 0) {
      // Without an intro the text follows the words that named the method ("email me the list").
      textFrom = phrases[0]!.start;
    }
  }

  const PLACE = ['in', 'on', 'via', 'over', 'by', 'through'];
  for (let i = 0; i < n; i++) {
    const norm = tokens[i]!.norm;
    if (method.keywords.has(norm)) {
      r.keywords++;
      if (!method.text && free(i)) taken[i] = 1;
    }
    if (norm === method.plugin) {
      r.mentioned = true;
      const lead = i > 0 && PLACE.includes(tokens[i - 1]!.norm) ? i - 1 : i > 1 && tokens[i - 1]!.norm === 'the' && PLACE.includes(tokens[i - 2]!.norm) ? i - 2 : i;
      // "on discord" says where, not what: it is not part of a message's text.
      if (!method.text || i < r.textFrom || lead < i) for (let k = lead; k <= i; k++) taken[k] = 1;
    }
  }

  const outsideText = r.textFrom > 0 ? r.textFrom : n;

  let timeUsed: TimeHit | undefined;
  const time = (): TimeHit | undefined => {
    if (timeUsed) return timeUsed;
    // The most precise time said wins ("tomorrow at 8pm" over the "night" of "game night").
    const hit = [...view.times()].filter((h) => tokensIn(tokens, h.spans).every(free)).sort((a, b) => b.precision - a.precision)[0];
    if (!hit) return undefined;
    const indices = tokensIn(tokens, hit.spans);
    for (let i = indices[0]! - 1; i >= 0 && free(i) && TIME_LEAD.has(tokens[i]!.norm); i--) indices.push(i);
    take(indices);
    timeUsed = hit;
    return hit;
  };
  const scope = (from: number, to: number): NameScope => ({ text, tokens, free, isThing, from, to });

  for (const p of method.params) {
    if (args[p.name] !== undefined) continue;
    switch (p.kind) {
      case K.datetime:
      case K.periodStart: {
        const hit = time();
        if (hit) {
          set(p, formatZoned(p.kind === K.datetime ? hit.at : hit.period.from, env.timeZone));
          r.typed++;
        }
        break;
      }
      case K.periodEnd: {
        const hit = time();
        if (hit) set(p, formatZoned(hit.period.to, env.timeZone));
        break;
      }
      case 'datetime-end': {
        const hit = time();
        if (hit?.until) set(p, formatZoned(hit.until, env.timeZone));
        break;
      }
      case K.percent: {
        const hit = readPercent(tokens, free);
        if (hit) {
          set(p, hit.value);
          take(hit.indices);
          r.typed++;
        }
        break;
      }
      case K.onOff: {
        const hit = readOnOff(tokens, free, r.phrase?.indices ?? [], isThing);
        if (hit) {
          set(p, hit.value);
          taken[hit.index] = 1;
          r.typed++;
        }
        break;
      }
      case K.recipient: {
        const hit = readRecipient(scope(0, outsideText), r.phrase?.end);
        if (hit) {
          take(hit.indices);
          if (hit.value !== undefined) set(p, hit.value);
          if (hit.value?.includes('@')) r.typed++;
          else r.loose++;
        }
        break;
      }
      default:
        break;
    }
  }
  for (const p of method.params) {
    if (args[p.name] !== undefined || p.kind !== K.count) continue;
    const hit = readCount(tokens, free, firstThing);
    if (hit && Number.isInteger(hit.value) && hit.value > 0) {
      set(p, hit.value);
      take(rangeOf(hit.start, hit.end));
      r.loose++;
    }
  }

  // Pronouns stand for what another action made or met; "from them" is a source, not the object.
  for (let i = 0; i < outsideText; i++) {
    const norm = tokens[i]!.norm;
    if (!free(i) || !(OBJECT_PRONOUNS.has(norm) || PERSON_PRONOUNS.has(norm))) continue;
    const next = tokens[i + 1];
    const determiner = next !== undefined && free(i + 1) && next.kind === 'word' && !STOPWORDS.has(next.norm) && !PARTICLES.has(next.norm);
    if (['that', 'this', 'these', 'those'].includes(norm) && determiner) continue;
    taken[i] = 1;
    const prev = tokens[i - 1]?.norm ?? '';
    r.pronoun ??= SOURCE_LEAD.has(prev) ? 'source' : norm === 'him' || norm === 'her' ? 'person' : 'object';
    if (SOURCE_LEAD.has(prev) && free(i - 1)) taken[i - 1] = 1;
  }

  for (const p of method.params) {
    if (args[p.name] !== undefined || p.kind !== K.person) continue;
    const hit = readPerson(scope(0, outsideText));
    if (hit) {
      take(hit.indices);
      set(p, hit.value ?? 'me');
      r.loose++;
    }
  }

  if (method.text && args[method.text.name] === undefined) {
    const hit = readFreeText({ text, tokens, free }, textFrom, method.intros, method.text.name === 'title');
    if (hit) {
      set(method.text, hit.value);
      take(hit.indices);
    }
  }

  const leftoverIdx: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (free(i) && t.kind !== 'punct' && !STOPWORDS.has(t.norm)) leftoverIdx.push(i);
  }
  r.leftovers = leftoverIdx.map((i) => tokens[i]!.norm);
  inherit(r, env);
  findUnknown(r, view, env, leftoverIdx);
  for (const p of method.params) if (p.kind === K.count && args[p.name] === undefined) args[p.name] = 1;
  if (method.refine) {
    const refined = method.refine({ ...args }, {
      text: tokens.map((t) => t.norm).join(' '),
      ...(env.antecedent ? { antecedent: { target: env.antecedent.target, args: env.antecedent.args } } : {}),
      explicit: [...explicit],
    });
    for (const key of Object.keys(args)) delete args[key];
    Object.assign(args, refined);
  }
  r.missing = method.params.filter((p) => p.required && (args[p.name] === undefined || args[p.name] === ''));
  return r;
}

/** Fills what the words left open from the action an "it"/"them"/"him" refers to. */
function inherit(r: Reading, env: ReadEnv): void {
  const a = env.antecedent;
  if (!a || r.pronoun === undefined || r.pronoun === 'source') return;
  let thing = false;
  for (const p of r.method.params) {
    if (r.args[p.name] !== undefined || p.kind === undefined || NOT_INHERITED.has(p.kind) || p.kind === K.count) continue;
    const from = Object.keys(a.args).find((k) => a.kinds[k] === p.kind);
    if (from === undefined) continue;
    r.args[p.name] = a.args[from];
    r.inherited.push(p.name);
    if (env.index.vocabularies.has(p.kind)) thing = true;
  }
  // A count belongs to the thing it counts: "them" is as many as there were.
  if (!thing) return;
  const count = r.method.params.find((p) => p.kind === K.count);
  const from = Object.keys(a.args).find((k) => a.kinds[k] === K.count);
  if (count && from !== undefined && !r.explicit.includes(count.name)) {
    r.args[count.name] = a.args[from];
    r.inherited.push(count.name);
  }
}

/** Words meant as a value that the vocabulary does not hold: "the attic light", "in the attic". */
function findUnknown(r: Reading, view: ClauseView, env: ReadEnv, leftover: number[]): void {
  if (r.method.text || leftover.length === 0) return;
  const { tokens } = view;
  const set = new Set(leftover);
  for (const p of r.method.params) {
    const vocabulary = p.kind ? env.index.vocabularies.get(p.kind) : undefined;
    if (!vocabulary || r.args[p.name] !== undefined) continue;
    let run: number[] | undefined;
    for (const i of leftover) {
      const next = tokens[i + 1]?.norm ?? '';
      const prev = tokens[i - 1]?.norm ?? '';
      const prev2 = tokens[i - 2]?.norm ?? '';
      if (vocabulary.cues.has(next) || ['in', 'at', 'from'].includes(prev) || (['the', 'my'].includes(prev) && ['in', 'at', 'from', 'to'].includes(prev2))) {
        run = [i];
        break;
      }
    }
    if (!run && p.required) run = [leftover[0]!];
    if (!run) continue;
    // Widen to the adjacent leftover words: "guest room", "diamond thingy".
    while (set.has(run[0]! - 1)) run.unshift(run[0]! - 1);
    while (set.has(run[run.length - 1]! + 1)) run.push(run[run.length - 1]! + 1);
    r.unknown = { param: p, words: run.map((i) => view.text.slice(tokens[i]!.start, tokens[i]!.end)).join(' '), count: run.length };
    return;
  }
}

function rangeOf(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}
