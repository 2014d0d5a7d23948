import { isDeepStrictEqual } from 'node:util';
import type { Decision, ExtractedAction } from '../../types.js';
import type { EarlierRequest } from '../brain.js';
import type { CatalogIndex } from './catalog-index.js';
import { viewClause, type ClauseView } from './clause.js';
import { AFTER_TIMER, decideClause, hasContent, LATER, openingCondition, quote, undoneLater, type ClauseDecision } from './decide.js';
import { UNIT_RANK, type TimeContext } from './entities/time.js';
import { everyValueTexts, exceptTexts, gappedTexts, listTexts, type ListItem } from './fan-out.js';
import { likeBefore } from './pronouns.js';
import { antecedentArgs, antecedentOf, dependencies, earlierAntecedent, kindsOf, type Clause } from './references.js';
import { whenOf, type Antecedent, type ReadEnv } from './reading.js';
import { segment, type Segment } from './segment.js';
import { tokenize, words } from './tokens.js';
import { AUX, HOUR_WORDS, IT_PRONOUNS, OTHERWISE_WORDS, PERSON_PRONOUNS, STOPWORDS } from './lexicon.js';
import { optionalAfterJoiner, readOpening } from './cues.js';
import { BUILTIN_ENTITY_KINDS as K } from '../../plugin/hints.js';
import { durationWords, formatZoned, wallTime, zonedToInstant } from '../../util/time.js';
import { escapeRegExp } from '../../util/text.js';

/** What extraction needs: the catalog's index, "now" in the requester's zone, the cap on actions. */
export interface ExtractEnv {
  index: CatalogIndex;
  time: TimeContext;
  /** At most this many actions; the rest are dropped, and the decisions say so. */
  maxActions: number;
  /** The request made shortly before in the conversation: what an "it" nothing here explains stands for. */
  earlier?: EarlierRequest;
  /** The channel the request was said on. */
  channel?: string;
}

/**
 * Whether a clause joined by "and" belongs to the one before: what follows a text opened by
 * "to" or "saying" ("remind me to buy bread and find my keys"), unless it reads as an action
 * of its own; or the text of a message that had none yet ("email sam and tell her ...").
 */
function continues(previous: ClauseDecision, next: ClauseDecision): boolean {
  const r = previous.reading;
  if (!r?.method.text) return false;
  // "... and turn on the dining room light": an action of its own all the same, that names, by a word of its plugin, a value nothing here knows.
  if (r.textFrom > 0 && !isCall(next) && (next.reading?.unknown === undefined || next.reading.keywords === 0)) return true;
  // "Remind me to feed the dog and walk it": a call its own method would refuse (the bot told to go nowhere) is none.
  // (Only of a call of the method read: one asked for later or when a timer is up carries the request's words, not that method's arguments.)
  if (r.textFrom > 0 && next.decision.kind === 'call' && next.reading !== undefined && next.decision.target === next.reading.method.target && next.reading.method.plugin !== r.method.plugin && !next.reading.method.accepts(next.decision.args)) return true;
  const sameTarget = next.decision.kind === 'call' && previous.decision.kind === 'call' && next.decision.target === previous.decision.target;
  // "Email bob and say hi": what a message that had no words yet says, though "say" alone is another channel's.
  const message = (d: ClauseDecision) => d.decision.kind === 'call' && d.reading?.method.method === 'send_message';
  const said = message(previous) && message(next) && next.reading?.method.text !== undefined && next.reading.explicit.length === 1 && next.reading.explicit[0] === next.reading.method.text.name;
  // Only the text is new: "and tell her ...", not "and send bob an email".
  const onlyText = next.reading !== undefined && next.reading.explicit.length === 1 && next.reading.explicit[0] === r.method.text.name;
  return ((sameTarget && onlyText) || said) && r.args[r.method.text.name] === undefined;
}

/** "... too", "... as well", said last. */
const TOO = /\b(?:too|as\s+well|also)\s*[.!]*\s*$/i;
/** "... and cc bob": a copy of the message before. */
const COPY = /^\W*(?:and\s+)?b?cc\b/i;

/**
 * "Tell alice I'm on my way, and tell bob too": a message that says no words of its own but
 * "too" says those of the message before it. A copy ("email alice and cc bob saying ...") says
 * the same as the message it copies, whichever of the two the words came with.
 */
function sameWordsToo(clauses: Clause[]): void {
  const textOf = (c: Clause) => {
    const d = c.decided.decision;
    const name = c.decided.reading?.method.text?.name;
    return d.kind !== 'call' || name === undefined ? undefined : { name, said: d.args[name] };
  };
  const say = (c: Clause, name: string, said: string) => {
    const d = c.decided.decision;
    if (d.kind === 'call') c.decided = { ...c.decided, decision: { ...d, args: { ...d.args, [name]: said } } };
  };
  for (const [k, clause] of clauses.entries()) {
    const own = textOf(clause);
    const before = k > 0 ? textOf(clauses[k - 1]!) : undefined;
    if (!own || !before) continue;
    const copy = COPY.test(clause.view.text);
    if (own.said === undefined && (copy || TOO.test(clause.view.text)) && typeof before.said === 'string' && before.said !== '') say(clause, own.name, before.said);
    else if (copy && before.said === undefined && typeof own.said === 'string' && own.said !== '') say(clauses[k - 1]!, before.name, own.said);
  }
}

/**
 * "Add a dentist appointment on friday at 3 and remind me an hour before": a while before no
 * event named is before the one the clause before made (of the same plugin), once it is made;
 * what it reminds of is that event, when it says nothing else.
 */
function beforeWhatWasMade(clauses: Clause[]): void {
  for (const [k, clause] of clauses.entries()) {
    const d = clause.decided.decision;
    const params = clause.decided.reading?.method.params ?? [];
    const event = params.find((p) => p.kind === K.eventRef);
    const lead = params.find((p) => p.kind === K.leadTime);
    if (k === 0 || d.kind !== 'call' || !event || !lead || d.args[event.name] !== undefined || d.args[lead.name] === undefined) continue;
    const before = clauses[k - 1]!.decided;
    const made = before.decision.kind === 'call' && before.decision.target.split('.')[0] === d.target.split('.')[0] && before.reading?.method.text ? before.decision.args[before.reading.method.text.name] : undefined;
    if (typeof made !== 'string' || made === '') continue;
    const text = clause.decided.reading?.method.text;
    const args = { ...d.args, [event.name]: made, ...(text && d.args[text.name] === undefined ? { [text.name]: made } : {}) };
    clause.decided = { ...clause.decided, decision: { ...d, args } };
    clause.deps.add(k - 1);
  }
}

/**
 * "Go to the farm and harvest the wheat", "come to me and give me 5 torches": what a plugin is
 * asked to do after it was sent somewhere is done there, after it (they were two things at once,
 * in either order).
 */
function doneThere(clauses: Clause[]): void {
  const pluginOf = (c: Clause) => (c.decided.decision.kind === 'call' ? c.decided.decision.target.split('.')[0] : undefined);
  for (const [k, clause] of clauses.entries()) {
    const plugin = pluginOf(clause);
    if (plugin === undefined) continue;
    for (let j = k - 1; j >= 0; j--) {
      if (pluginOf(clauses[j]!) !== plugin) continue;
      if (clauses[j]!.decided.reading?.method.takesThere) clause.deps.add(j);
      break;
    }
  }
}

/**
 * A clause that is no call alone but is one with what the clause before it acted on ("remove
 * milk" after "add eggs to the shopping list"): decided so, with that clause as its antecedent.
 */
function withAntecedent(
  view: ClauseView,
  at: number,
  previous: Clause,
  alone: ClauseDecision,
  decide: Decide,
): { decided: ClauseDecision; antecedent: { clause: number; args: Antecedent } } | undefined {
  const args = antecedentArgs(previous);
  if (!args) return undefined;
  const decided = byVerbAlone(alone, previous.decided.reading?.method.plugin) ? samePluginAs(view, args, alone, decide) : decide(view, args);
  if (!decided || !isCall(decided) || decided.reading!.missing.length > 0) return undefined;
  return { decided, antecedent: { clause: at, args } };
}

/** A call of the same method as the action before, that says "an iron one": the method's plugin knows what it is like. */
function oneLike(view: ClauseView, alone: ClauseDecision, previous: Clause): boolean {
  return isCall(alone) && likeBefore(view.text) !== undefined && alone.decision.kind === 'call' && previous.decided.decision.kind === 'call' && alone.decision.target === previous.decided.decision.target;
}

/** Words that make something of what there is: "craft planks", "smelt the ore", "cook it". */
const MAKES = /\b(?:craft|crafts|make|makes|smelt|smelts|cook|cooks|turn\s+\w+\s+into)\b/i;

/**
 * "Collect some wood and craft planks": a call of the same method as the action before that
 * makes something, and that its plugin reads otherwise with what that one got (planks of that
 * wood, as many as it makes): made from it, so after it.
 */
function madeFromBefore(view: ClauseView, alone: ClauseDecision, previous: Clause, decide: Decide): boolean {
  const before = previous.decided.decision;
  if (alone.decision.kind !== 'call' || before.kind !== 'call' || alone.decision.target !== before.target || !MAKES.test(view.text)) return false;
  const args = antecedentArgs(previous);
  const again = args ? decide(view, args) : undefined;
  return again !== undefined && again.decision.kind === 'call' && JSON.stringify(again.decision.args) !== JSON.stringify(alone.decision.args);
}

/** Reads a clause, with what an earlier action acted on, and without some methods. */
type Decide = (view: ClauseView, antecedent?: Antecedent, avoid?: ReadonlySet<string>) => ClauseDecision;

/**
 * The clause read with what the action before acted on, as a complete call of that action's
 * plugin that takes a value from it and leaves no more words unexplained, the method a bare
 * verb named aside ("remove the milk" after the shopping list: off the list, not an event
 * called "milk"); undefined when it is none.
 */
function samePluginAs(view: ClauseView, args: Antecedent, alone: ClauseDecision, decide: Decide): ClauseDecision | undefined {
  const decided = decide(view, args, new Set([alone.reading!.method.target]));
  const r = decided.reading;
  if (!isCall(decided) || r!.missing.length > 0 || r!.method.plugin !== pluginOfTarget(args.target) || r!.leftovers.length > alone.reading!.leftovers.length) return undefined;
  // What it takes from the action before: a thing it named (the list), however the method came by it; not a count or a switch.
  const now = decided.decision.kind === 'call' ? decided.decision.args : {};
  const taken = Object.entries(args.args).some(([name, value]) => typeof value === 'string' && now[name] === value);
  return taken ? decided : undefined;
}

function pluginOfTarget(target: string): string {
  return target.slice(0, target.indexOf('.'));
}

/**
 * A change read by a verb of its method's phrases alone, no word or value of what it acts on
 * said ("remove the milk": no event, no calendar, no time), of another plugin than the action
 * before it: the thing that action acted on may make it one of that action's plugin. A
 * question keeps its reading.
 */
function byVerbAlone(alone: ClauseDecision, before: string | undefined): boolean {
  const r = alone.reading;
  return isCall(alone) && r !== undefined && r.keywords === 0 && r.typed === 0 && !r.mentioned && !r.method.readOnly && before !== undefined && r.method.plugin !== before;
}

/**
 * A part after the last "and" or "then" of a clause that nothing read, where the clause reads the same
 * without it ("dim the bedroom lights and play some music"): the two apart, so that the part
 * is asked about instead of dropped. Never for a method of free text, whose words are its own.
 */
function unreadTail(
  view: ClauseView,
  decided: ClauseDecision,
  env: ExtractEnv,
  decide: (view: ClauseView) => ClauseDecision,
): { head: { view: ClauseView; decided: ClauseDecision }; tail: { view: ClauseView; decided: ClauseDecision }; tailAt: number; then: boolean } | undefined {
  const d = decided.decision;
  const r = decided.reading;
  if (d.kind !== 'call' || !r || r.leftovers.length === 0 || r.method.text) return undefined;
  const and = view.tokens.findLastIndex((t, i) => i > view.first && (t.norm === 'and' || t.norm === 'then'));
  if (and < 0) return undefined;
  const headView = viewClause(view.text.slice(0, view.tokens[and]!.start).replace(/[\s,]+$/, ''), env.time);
  const head = decide(headView);
  const h = head.decision;
  if (h.kind !== 'call' || h.target !== d.target || head.reading!.leftovers.length > 0 || JSON.stringify(h.args) !== JSON.stringify(d.args)) return undefined;
  const tailAt = view.text.length - view.text.slice(view.tokens[and]!.end).trimStart().length;
  const tailView = viewClause(view.text.slice(tailAt), env.time);
  if (!hasContent(tailView, env.index)) return undefined;
  return { head: { view: headView, decided: head }, tail: { view: tailView, decided: unknownLike(headView, h, tailView, env, decide) ?? decide(tailView) }, tailAt, then: view.tokens[and]!.norm === 'then' };
}

/**
 * A part before the first "and" of a clause that nothing read, where the words that named the
 * method read what follows the "and" the same alone ("turn on the coffee machine and the kitchen
 * light" is "turn on the kitchen light"): the two apart, so that the part is asked about
 * instead of dropped. Never for a method of free text, whose words are its own.
 */
function unreadHead(
  view: ClauseView,
  decided: ClauseDecision,
  env: ExtractEnv,
  decide: (view: ClauseView) => ClauseDecision,
): { head: { view: ClauseView; decided: ClauseDecision }; known: { view: ClauseView; decided: ClauseDecision }; knownAt: number } | undefined {
  const d = decided.decision;
  const r = decided.reading;
  const phrase = r?.phrase;
  if (d.kind !== 'call' || !r || !phrase || r.leftovers.length === 0 || r.method.text || phrase.indices.length !== phrase.end - phrase.start) return undefined;
  const and = view.tokens.findIndex((t, i) => i > phrase.end && t.norm === 'and');
  if (and < 0) return undefined;
  const knownAt = view.text.length - view.text.slice(view.tokens[and]!.end).trimStart().length;
  const knownView = viewClause(`${view.text.slice(0, view.tokens[phrase.end - 1]!.end)} ${view.text.slice(knownAt)}`, env.time);
  const known = decide(knownView);
  const k = known.decision;
  if (k.kind !== 'call' || k.target !== d.target || known.reading!.leftovers.length > 0 || JSON.stringify(k.args) !== JSON.stringify(d.args)) return undefined;
  const headView = viewClause(view.text.slice(0, view.tokens[and]!.start).replace(/[\s,]+$/, ''), env.time);
  return { head: { view: headView, decided: decide(headView) }, known: { view: knownView, decided: known }, knownAt };
}

/**
 * "Turn the lights on in the kitchen and the dining room": a part said in place of a value of the
 * part before, which nothing here knows, is asked about as that ("no area of the home is called
 * 'dining room'"), not as words nothing matches.
 */
function unknownLike(
  headView: ClauseView,
  head: Extract<Decision, { kind: 'call' }>,
  tailView: ClauseView,
  env: ExtractEnv,
  decide: (view: ClauseView) => ClauseDecision,
): ClauseDecision | undefined {
  for (const value of Object.values(head.args)) {
    if (typeof value !== 'string' || value === '') continue;
    const said = new RegExp(String.raw`\b(?:the\s+|my\s+|our\s+)?${escapeRegExp(value)}\b`, 'i').exec(headView.text);
    if (!said) continue;
    const instead = decide(viewClause(`${headView.text.slice(0, said.index)}${tailView.text}${headView.text.slice(said.index + said[0].length)}`, env.time));
    // The whole part is the value nothing knows ("the dining room"), not a request of its own ("play some music").
    const words = tailView.text.replace(/^(?:the|my|our)\s+/i, '').replace(/[\s.!?]+$/, '').toLowerCase();
    if (instead.decision.kind === 'none' && instead.reading?.method.target === head.target && instead.reading.unknown?.words.toLowerCase() === words) return instead;
  }
  return undefined;
}

/** A message that says only "it" or asks for an account: "email bob about it", "email me a summary". */
const ACCOUNT_TEXT =
  /^(?:it|that|this|them|how (?:(?:it|that|this|things|everything|they|all that) )?(?:went|goes|go|turned out|is|are|looks?)(?: now)?|what happened|(?:(?:a|an|the)\s+)?(?:summary|update|status update|recap|status|results?|outcome|confirmation|details|report)|(?:(?:the|its|their)\s+)?(?:new|current|resulting|final)\s+(?:brightness|level|state|status|colou?r|settings?))$/i;

/**
 * "Remind me in 2 hours to check the laundry and then email bob about it", "turn off the lights
 * and email me a summary", "set the kitchen to 50% and email me the new brightness": the message
 * tells what the actions before it did (its text was "it", "summary", "the result"), once they
 * are done. With no text, a message says what the actions it waits for did.
 */
function tellWhatWasDone(clauses: Clause[]): void {
  for (const [k, clause] of clauses.entries()) {
    const d = clause.decided.decision;
    const r = clause.decided.reading;
    const name = r?.method.text?.name;
    if (d.kind !== 'call' || r?.method.method !== 'send_message' || name === undefined) continue;
    const said = d.args[name];
    // "Tell me how it went" with nothing before it: there is nothing to tell of.
    if (k === 0) {
      if (typeof said === 'string' && ACCOUNT_TEXT.test(said.trim()) && /^(?:how|what happened)\b/i.test(said.trim())) {
        clause.decided = { ...clause.decided, decision: { kind: 'none', reason: `nothing was done before ${quote(clause.view.text)} to tell of: say what to do first, or the words to send` } };
      }
      continue;
    }
    // "Turn off the garage light and let me know": nothing said but that it be told, after what came before.
    // "Also", "meanwhile" say it is a thing apart.
    if (said === undefined && r.pronoun === undefined) {
      const before = clauses[k - 1]!;
      const apart = clause.segment.link === 'also' || clause.segment.link === 'meanwhile';
      // Something done comes before: not another message ("send me an email and send bob an email"), nor nothing.
      const done = before.decided.decision.kind === 'call' && before.decided.reading?.method.method !== 'send_message';
      if (clause.deps.size === 0 && !apart && done && !before.folded) clause.deps.add(k - 1);
      continue;
    }
    if (typeof said !== 'string' || !ACCOUNT_TEXT.test(said.trim())) continue;
    const { [name]: _, ...args } = d.args;
    clause.decided = { ...clause.decided, decision: { ...d, args } };
    if (clause.deps.size === 0) clause.deps.add(k - 1);
  }
}

/** Whether a decision is a call sure enough to make a clause of its own. */
function isCall(d: ClauseDecision): boolean {
  return d.decision.kind === 'call' && d.reading?.phrase !== undefined && d.decision.confidence >= 0.5;
}

/**
 * Cues can contradict each other ("before send, turn, once that's…"): a dependency that would
 * close a cycle is dropped, in the requester's order, so that the plan can always run.
 */
function keepAcyclic(clauses: Clause[]): void {
  const kept = clauses.map(() => new Set<number>());
  const reaches = (from: number, to: number, seen = new Set<number>()): boolean => {
    if (from === to) return true;
    seen.add(from);
    return [...kept[from]!].some((next) => !seen.has(next) && reaches(next, to, seen));
  };
  clauses.forEach((clause, k) => {
    for (const d of [...clause.deps].sort((a, b) => a - b)) if (!reaches(d, k)) kept[k]!.add(d);
    clause.deps = kept[k]!;
  });
}

/**
 * "Turn it back on", said after "turn off the kitchen light": an "it" nothing in the request
 * explains stands for what the request just before acted on, when that makes the clause a call
 * it was not, one that lacks less, or the same call naming more ("what's on it?" after an
 * action on the shopping list). Without an "it", a bare verb of another plugin is read as one
 * of the plugin just acted with when that names the same thing ("remove the eggs" after it).
 */
function fromEarlier(clause: Clause, earlier: EarlierRequest, index: CatalogIndex, decide: Decide): void {
  const was = clause.decided;
  // The last call before, whatever it acted on (a list has no vocabulary, yet "it" may be it); looked up only when of use.
  const last = earlier.actions.at(-1);
  const lastPlugin = last && pluginOfTarget(last.target);
  const lastCall = (): Antecedent | undefined => {
    const method = index.methods.find((m) => m.target === last!.target);
    return method && { target: last!.target, args: last!.args, kinds: kindsOf(method) };
  };
  if (!clause.view.tokens.some((t) => IT_PRONOUNS.has(t.norm))) {
    // "Remove the eggs", said after "what's on the shopping list": off that list, not an event called "eggs".
    const before = byVerbAlone(was, lastPlugin) ? lastCall() : undefined;
    const redone = before && samePluginAs(clause.view, before, was, decide);
    if (redone) clause.decided = redone;
    return;
  }
  if (isCall(was) && was.reading!.missing.length === 0) {
    // "What's on it?" after "add milk to the shopping list": a call whole without it, of the same method, that names more with it.
    const before = lastPlugin === was.reading!.method.plugin ? lastCall() : undefined;
    const redone = before && decide(clause.view, before);
    const [now, then] = [redone?.decision, was.decision];
    if (now?.kind === 'call' && then.kind === 'call' && now.target === then.target && namesMore(now.args, then.args)) clause.decided = redone!;
    return;
  }
  const before = earlierAntecedent(was.reading, earlier, index);
  if (!before) return;
  const redone = decide(clause.view, before);
  if (isCall(redone) && (!isCall(was) || redone.reading!.missing.length < was.reading!.missing.length)) clause.decided = redone;
}

/** Every argument of `fewer`, the same, and more. */
function namesMore(more: Record<string, unknown>, fewer: Record<string, unknown>): boolean {
  const same = Object.entries(fewer).every(([name, value]) => JSON.stringify(more[name]) === JSON.stringify(value));
  return same && Object.keys(more).some((name) => fewer[name] === undefined && more[name] !== undefined);
}

/** A clause nothing fits, read as a method says it in full (`saidInFull`), when that is a call of that method. */
function saidInFull(view: ClauseView, env: ExtractEnv, decide: Decide): { view: ClauseView; decided: ClauseDecision } | undefined {
  const own = view.text.slice(view.tokens[view.first]?.start ?? 0);
  for (const method of env.index.methods) {
    const text = method.saidInFull?.(own);
    if (text === undefined) continue;
    const full = viewClause(`${view.text.slice(0, view.text.length - own.length)}${text}`, env.time);
    const decided = decide(full);
    if (decided.decision.kind === 'call' && decided.decision.target === method.target) return { view: full, decided };
  }
  return undefined;
}

/**
 * The actions of a request, each with its decision: clauses split, lists fanned out, "it"
 * resolved to what it stands for, dependencies from connectives, cues and pronouns.
 */
export function extractActions(text: string, env: ExtractEnv): ExtractedAction[] {
  const readEnv: ReadEnv = { index: env.index, timeZone: env.time.timeZone, ...(env.channel !== undefined ? { channel: env.channel } : {}) };
  const decide: Decide = (view, antecedent, avoid) => decideClause(view, antecedent || avoid ? { ...readEnv, ...(antecedent ? { antecedent } : {}), ...(avoid ? { avoid } : {}) } : readEnv);
  const tokens = tokenize(text);
  // "When I say goodnight, turn off the lights": one action that takes the rest as its text.
  const first = tokens.findIndex((t) => t.kind !== 'punct' && !FILLER_OPENERS.has(t.norm));
  const whole = first >= 0 && env.index.phrases.at(tokens, first).some((h) => h.payload.wholeRequest);
  const { segments, cut } = whole
    ? { segments: [{ start: 0, end: text.length, link: 'first' as const, after: [] }], cut: false }
    : segment(text, tokens, {
        index: env.index,
        max: env.maxActions,
        isAction: (t) => isCall(decide(viewClause(t, env.time))),
      });

  const clauses: Clause[] = [];
  const position = new Map<number, number>();
  // "..., wait 5 minutes, then turn it back on": what follows is asked for that long from now.
  let waited: string | undefined;
  segments.forEach((part, k) => {
    const said = text.slice(part.start, part.end);
    const wait = k + 1 < segments.length ? WAIT.exec(said) : null;
    if (wait) {
      waited = wait[1];
      position.set(k, clauses.length);
      return;
    }
    // After a wait, it waits for what came before it.
    const seg: Segment = waited === undefined ? part : { ...part, link: 'then' };
    let view = viewClause(waited === undefined ? said : `in ${waited}, ${said.replace(/^\s*(?:,\s*)?(?:and\s+)?(?:then\s+)?/i, '')}`, env.time);
    waited = undefined;
    if (!hasContent(view, env.index)) return;
    const previous = clauses[clauses.length - 1];
    let alone = decide(view);
    // "Add toothpaste", "buy milk": nothing fits it said short, a method does said in full ("add toothpaste to the list").
    const full = isCall(alone) || alone.declined ? undefined : saidInFull(view, env, decide);
    if (full) ({ view, decided: alone } = full);
    // "Add eggs to the shopping list and remove milk": what the action before acted on, when only it makes this one;
    // or when this one is another plugin's by a bare verb alone ("... and remove the milk" cancelled an event called "milk").
    const carried =
      previous && (!isCall(alone) || alone.reading!.missing.length > 0 || byVerbAlone(alone, previous.decided.reading?.method.plugin) || oneLike(view, alone, previous) || madeFromBefore(view, alone, previous, decide))
        ? withAntecedent(view, clauses.length - 1, previous, alone, decide)
        : undefined;
    const decided = carried?.decided ?? alone;
    const merged = previous && seg.link === 'and' && !carried && continues(previous.decided, decided) ? viewClause(text.slice(previous.segment.start, seg.end), env.time) : undefined;
    const together = merged && decide(merged);
    // Only where the whole reads as well as the clause before did: "add eggs to the shopping list and give the hammer to bob" lost its eggs.
    if (previous && merged && together && isCall(together) && together.reading!.missing.length <= (previous.decided.reading?.missing.length ?? 0)) {
      previous.segment = { ...previous.segment, end: seg.end };
      previous.view = merged;
      previous.decided = together;
      position.set(k, clauses.length - 1);
      return;
    }
    position.set(k, clauses.length);
    // "Dim the bedroom lights and play some music": what nothing read is asked about, not dropped.
    let unread = view.text === said && !carried ? unreadTail(view, decided, env, decide) : undefined;
    // Unless the part is one of several values said once ("16 cobblestone and 8 oak logs", "... and another for 10 minutes"): each is an action.
    let severalValues: boolean | undefined;
    const several = () => (severalValues ??= actionsOf({ segment: seg, view, decided, deps: new Set(), actions: [] }, clauses, env, decide).length > 1);
    if (unread && several()) unread = undefined;
    if (unread) {
      clauses.push({ segment: { ...seg, end: seg.start + unread.head.view.text.length }, view: unread.head.view, decided: unread.head.decided, deps: new Set(), actions: [] });
      clauses.push({ segment: { start: seg.start + unread.tailAt, end: seg.end, link: unread.then ? 'then' : 'and', after: [] }, view: unread.tail.view, decided: unread.tail.decided, deps: new Set(), actions: [] });
      return;
    }
    // "Turn on the coffee machine and the kitchen light": the same, said first.
    const first = view.text === said && !carried ? unreadHead(view, decided, env, decide) : undefined;
    if (first && !several()) {
      clauses.push({ segment: { ...seg, end: seg.start + first.head.view.text.length }, view: first.head.view, decided: first.head.decided, deps: new Set(), actions: [] });
      position.set(k, clauses.length);
      clauses.push({ segment: { start: seg.start + first.knownAt, end: seg.end, link: 'and', after: [] }, view: first.known.view, decided: first.known.decided, deps: new Set(), actions: [] });
      return;
    }
    clauses.push({ segment: seg, view, decided, deps: new Set(), actions: [], ...(carried ? { antecedent: carried.antecedent } : {}) });
  });

  // Dependencies and pronouns first, in order: a pronoun may change how a clause reads.
  for (const [k, clause] of clauses.entries()) {
    clause.deps = dependencies(clauses, k, position);
    // It acts on what the one before did: after it.
    if (clause.antecedent && clause.decided.reading?.pronoun === undefined) clause.deps.add(clause.antecedent.clause);
    if (clause.decided.reading?.pronoun === undefined) {
      if (!clause.antecedent && env.earlier) fromEarlier(clause, env.earlier, env.index, decide);
      continue;
    }
    const found = antecedentOf(clauses, k, clause.deps);
    if (!found) {
      if (env.earlier) fromEarlier(clause, env.earlier, env.index, decide);
      continue;
    }
    clause.deps.add(found.clause);
    clause.antecedent = found;
    const redone = decide(clause.view, found.args);
    if (redone.decision.kind === 'call' || clause.decided.decision.kind !== 'call') clause.decided = redone;
  }

  theThingChanged(clauses);
  sameWordsToo(clauses);
  beforeWhatWasMade(clauses);
  doneThere(clauses);
  tellWhatWasDone(clauses);
  outcomeConditions(clauses, text);
  tryAgainLater(clauses, env, decide);
  afterTimers(clauses, env, decide);
  weighConditions(clauses, env.index);
  spreadOpening(clauses, decide, env);
  thenSaidLast(clauses, decide, env);
  keepAcyclic(clauses);
  whoIsThat(clauses);
  foldIntoLater(clauses);
  switchedAgain(clauses, env, decide);
  sameAgain(clauses);
  // "I'm going to bed, turn off all the lights", "movie time: dim the living room": what is said around
  // what to do, that nothing can do, is no action (it was asked about).
  if (clauses.some((c) => c.decided.decision.kind === 'call')) {
    for (const c of clauses) if (c.decided.decision.kind === 'none' && !c.decided.condition && SAYS_CONTEXT.test(c.view.text)) c.context = true;
  }

  // Then the actions, with ids in the requester's order.
  let next = 1;
  let truncated = cut;
  /** Actions that wait for others of their clause: the one before them, or (a message) the lookups that open it. */
  const waitsFor = new Map<string, string[]>();
  for (const clause of clauses) {
    // Said not to do: nothing to do, and nothing waits for it. Folded: it runs later, with what it waits for.
    if (clause.decided.declined || clause.folded || clause.context || clause.same) continue;
    // `afterFirst`: how many of the clause's first actions it waits for.
    const items: Array<{ text: string; decision: Decision; afterPrevious?: boolean; afterFirst?: number; undoes?: boolean }> = actionsOf(clause, clauses, env, decide);
    // "Email me the shopping list": the list is looked up first, and the message tells what was found.
    const lookup = items.length === 1 ? lookedUp(clause.view, clause.decided, env, decide) : undefined;
    const later = lookup?.lookups.length === 1 ? lookup.lookups[0]! : undefined;
    if (later?.decision.kind === 'call' && later.decision.target === LATER) {
      // "Email me the to-do list every morning at 8": the time read with what is looked up is when the whole is done.
      const { text: what, ...when } = later.decision.args;
      const whole = typeof what === 'string' ? items[0]!.text.replace(later.text, what) : items[0]!.text;
      items.splice(0, 1, { text: items[0]!.text, decision: { ...later.decision, args: { text: whole, ...when } } });
    } else if (lookup) {
      items.splice(0, 1, ...lookup.lookups, { text: items[0]!.text, decision: lookup.send, afterFirst: lookup.lookups.length });
    } else if (items.length === 1) {
      // "Add milk to the shopping list and email it to my wife": the list as it is then, not what was added.
      const seen = lookedAfter(clause, items[0]!.decision, env) ?? lookedBefore(clause, clauses, items[0]!.decision, env, decide);
      if (seen) items.splice(0, 1, seen, { ...items[0]!, afterFirst: 1 });
      const thing = seen ? undefined : namedNotSaid(clause.view, clause.decided);
      if (thing !== undefined) {
        const reason = `I cannot come up with "${thing}" myself: say the words to send (e.g. "tell bob saying dinner is ready"), or ask for something I can look up, such as a list or your calendar`;
        items.splice(0, 1, { ...items[0]!, decision: { kind: 'none', reason } });
      }
    }
    // "Email the shopping list to bob and alice": looked up once, and each message waits for it.
    const each = items.length > 1 && clause.decided.reading?.recipients ? items.map((item) => viewClause(item.text, env.time)).map((v) => lookedUp(v, decide(v), env, decide)) : [];
    const same = (l: NonNullable<(typeof each)[number]>) => l.lookups.map((x) => x.text).join('\n') === each[0]!.lookups.map((x) => x.text).join('\n');
    if (each.length > 0 && each.every((l) => l !== undefined && same(l))) {
      const first = each[0]!.lookups;
      items.splice(0, items.length, ...first, ...items.map((item, k) => ({ text: item.text, decision: each[k]!.send, afterFirst: first.length })));
    }
    // "Turn on the porch light for an hour": switched back then, once for everything the clause does.
    const { undo, note } = undoneLater(clause.view, clause.decided, readEnv);
    if (undo && items.length > 0) items.push({ text: undo.text, decision: undo.decision, undoes: true });
    if (note) for (const item of items) item.decision = withNote(item.decision, note);
    // "Turn on the porch light, and optionally the hallway light": a cue of the last thing listed, not of them all.
    const lastOnly = items.length > 1 && items.every((item) => !item.undoes && !item.afterFirst) ? optionalAfterJoiner(clause.view.tokens) : undefined;
    const othersOptional = lastOnly !== undefined ? viewClause(clause.view.text.slice(0, lastOnly), env.time).cues.optional : clause.view.cues.optional;
    for (const [k, { text: t, decision, afterPrevious, afterFirst, undoes }] of items.entries()) {
      if (next > env.maxActions) {
        truncated = true;
        break;
      }
      const id = `a${next++}`;
      const before = afterFirst ? clause.actions.slice(0, afterFirst) : afterPrevious && clause.actions.length > 0 ? [clause.actions.at(-1)!] : [];
      if (before.length > 0) waitsFor.set(id, before.map((b) => b.id));
      if (undoes) clause.undoes = id;
      const { onlyIf } = clause;
      const optional = lastOnly !== undefined ? othersOptional || k === items.length - 1 : clause.view.cues.optional;
      clause.actions.push({ id, text: t, dependsOn: [], optional, ...(onlyIf ? { onlyIf } : {}), decision });
    }
  }
  readAfterChange(clauses, env);
  for (const clause of clauses) {
    const dependsOn = [...clause.deps].sort((a, b) => a - b).flatMap((d) => clauses[d]!.actions.map((a) => a.id));
    clause.actions.forEach((action, k) => {
      if (action.id === clause.undoes) action.dependsOn = clause.actions.slice(0, k).map((a) => a.id);
      else action.dependsOn = [...dependsOn, ...(waitsFor.get(action.id) ?? [])];
    });
  }
  const actions = clauses.flatMap((c) => c.actions);
  if (truncated) {
    const note = `the request was cut to its first ${env.maxActions} actions`;
    for (const a of actions) a.decision = withNote(a.decision!, note);
  }
  return actions;
}

/**
 * "Find iron and mine it", "if you find diamonds, get them": what "it" stands for, done the same
 * again, is done once (unless "again" is said); what waits for it waits for the first.
 */
function sameAgain(clauses: Clause[]): void {
  for (const [k, clause] of clauses.entries()) {
    const j = clause.antecedent?.clause;
    const d = clause.decided.decision;
    const before = j === undefined ? undefined : clauses[j]!.decided.decision;
    if (j === undefined || clause.decided.reading?.pronoun === undefined || d.kind !== 'call' || before?.kind !== 'call' || /\bagain\b/i.test(clause.view.text)) continue;
    if (d.target !== before.target || !isDeepStrictEqual(d.args, before.args)) continue;
    clause.same = true;
    for (const other of clauses) {
      if (!other.deps.delete(k)) continue;
      if (other !== clauses[j]) other.deps.add(j);
    }
  }
}

/**
 * "Turn off the garage light and email me which lights are still on": what a clause looks up of
 * a plugin that a clause before it changes is looked up after the change (they ran side by side,
 * and the lights were read before the switch). "Also", "meanwhile" keep them apart.
 */
function readAfterChange(clauses: Clause[], env: ExtractEnv): void {
  const methodOf = (a: Clause['actions'][number]) => {
    const d = a.decision;
    return d?.kind === 'call' ? env.index.methods.find((m) => m.target === d.target) : undefined;
  };
  const waitsOn = (from: number, on: number): boolean => [...clauses[from]!.deps].some((d) => d === on || waitsOn(d, on));
  /** The things an action names, by kind ("garage" of the areas) or by a parameter of no kind ("list"): a read of another thing than the change's is apart from it. */
  const named = (a: Clause['actions'][number]) => {
    const m = methodOf(a);
    const args = a.decision?.kind === 'call' ? a.decision.args : {};
    const thing = (p: NonNullable<typeof m>['params'][number]) => (p.kind === undefined ? p.name : env.index.vocabularies.has(p.kind) ? p.kind : undefined);
    return new Map((m?.params ?? []).flatMap((p) => (thing(p) !== undefined && typeof args[p.name] === 'string' ? [[thing(p)!, String(args[p.name]).toLowerCase()] as const] : [])));
  };
  const apart = (read: Clause['actions'][number], change: Clause['actions'][number]) => {
    const [r, c] = [named(read), named(change)];
    return [...r].some(([kind, value]) => c.has(kind) && c.get(kind) !== value);
  };
  for (const [k, clause] of clauses.entries()) {
    if (clause.segment.link === 'also' || clause.segment.link === 'meanwhile') continue;
    const reads = clause.actions.filter((a) => methodOf(a)?.readOnly);
    if (reads.length === 0) continue;
    for (let j = k - 1; j >= 0; j--) {
      const changes = clauses[j]!.actions.some((c) => {
        const m = methodOf(c);
        return m !== undefined && !m.readOnly && reads.some((r) => methodOf(r)!.plugin === m.plugin && !apart(r, c));
      });
      if (changes && !waitsOn(j, k)) {
        clause.deps.add(j);
        break;
      }
    }
  }
}

/**
 * "Tell her it's ready" with no one named before (in this request or the one just before):
 * whom "her" means is asked, rather than sent to someone called "her".
 */
function whoIsThat(clauses: Clause[]): void {
  for (const clause of clauses) {
    const d = clause.decided.decision;
    const r = clause.decided.reading;
    if (d.kind !== 'call' || !r) continue;
    const people = r.method.params.filter((p) => p.kind === K.recipient || p.kind === K.person);
    const named = people.map((p) => d.args[p.name]).find((v): v is string => typeof v === 'string' && PERSON_PRONOUNS.has(v.toLowerCase()));
    // "Ask them if they want pizza": no one is named at all, and it is not the requester who is asked.
    const unnamed = people.every((p) => d.args[p.name] === undefined) ? ADDRESSED_PRONOUN.exec(clause.view.text)?.[1] : undefined;
    const value = named ?? unnamed;
    if (value === undefined) continue;
    const reason = `I do not know who "${value}" is here: say their name (e.g. ${quote(clause.view.text.replace(new RegExp(String.raw`\b${value}\b`, 'i'), 'alice'))})`;
    clause.decided = { ...clause.decided, decision: { kind: 'none', reason } };
  }
}

/** "Ask them ...", "tell him ...": someone the message is for, named only by a pronoun. */
const ADDRESSED_PRONOUN = /^(?:(?:please|and|then|also)\s+)*(?:ask|tell|remind|text|email|e-mail|message|ping|call|let)\s+(him|her|them)\b/i;

/**
 * "..., and if that fails, email me", "email me if it worked": a clause that runs only on an
 * outcome of the one before (which it waits for, from its cue). Said first, "if you can't turn
 * on the porch light, turn on the hallway light" makes the clause after it what runs if it
 * fails; "if that fails, email me" with nothing before it is asked about.
 */
function outcomeConditions(clauses: Clause[], text: string): void {
  for (const [k, clause] of clauses.entries()) {
    const said = clause.view.cues.onlyIf;
    if (said === undefined || clause.onlyIf !== undefined) continue;
    if (clause.deps.size > 0) {
      clause.onlyIf = said;
      sameCondition(clauses, k, text);
      continue;
    }
    const next = clauses[k + 1];
    if (said === 'failed' && isCall(clause.decided) && next && next.view.cues.onlyIf === undefined) {
      next.deps.add(k);
      next.onlyIf = 'failed';
      sameCondition(clauses, k + 1, text);
      continue;
    }
    const reason = `nothing said before ${quote(clause.view.text)} could ${said === 'failed' ? 'fail' : 'work'}: say what to do first`;
    clause.decided = { ...clause.decided, decision: { kind: 'none', reason } };
  }
}

/** "Try again in 10 minutes", "give it another go at 5", "retry tomorrow": the same again, later. */
const AGAIN_LATER = /^(?:(?:then|just)\s+)?(?:(?:try|do)\s+(?:it\s+|that\s+|this\s+)?again|give\s+it\s+another\s+(?:go|try|shot)|retry(?:\s+it|\s+that)?)(?:\s+(\S.*))?$/i;
/** "Later", "some other time": no time to ask for it again at. */
const SOME_TIME = /^(?:later(?:\s+on)?|another\s+time|some\s+other\s+time|in\s+a\s+(?:bit|while))$/i;

/**
 * "Turn on the porch light, and if that fails, try again in 10 minutes": what runs if it fails
 * is the action before, asked for again then (read again then, it is retried as a new request).
 */
function tryAgainLater(clauses: Clause[], env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): void {
  for (const clause of clauses) {
    if (clause.onlyIf !== 'failed' || clause.deps.size !== 1) continue;
    const { tokens, text } = clause.view;
    const start = readOpening(tokens, 0, tokens.length).contentStart;
    const said = AGAIN_LATER.exec(start < tokens.length ? text.slice(tokens[start]!.start).trim() : '');
    const before = clauses[[...clause.deps][0]!]!;
    if (!said || before.decided.decision.kind !== 'call' || before.decided.decision.target === LATER) continue;
    const when = said[1]?.trim();
    const again = when === undefined || SOME_TIME.test(when) ? undefined : decide(viewClause(`${before.view.text.trim()} ${when}`, env.time));
    const reason = `say when to try ${quote(before.view.text.trim())} again (e.g. "if that fails, try again in 10 minutes"): it is retried a few times at once already`;
    clause.decided = again?.decision.kind === 'call' && again.decision.target === LATER ? again : { ...clause.decided, decision: { kind: 'none', reason } };
  }
}

/**
 * "If that fails, turn off the kitchen light and email me": what goes on in the same sentence
 * after a clause that runs only on an outcome, and waits for it or follows it without a comma,
 * runs only on that outcome too, of the same actions. ", and remind me at 5 ..." is a thing
 * apart, and so is the next sentence.
 */
function sameCondition(clauses: Clause[], k: number, text: string): void {
  const { onlyIf, deps } = clauses[k]!;
  for (let j = k + 1; j < clauses.length; j++) {
    const c = clauses[j]!;
    if ((c.segment.link !== 'and' && c.segment.link !== 'then') || c.view.cues.onlyIf !== undefined) break;
    const between = text.slice(clauses[j - 1]!.segment.end, c.segment.start);
    if (/[.!?;\n]/.test(between) || (!c.deps.has(j - 1) && between.includes(','))) break;
    c.onlyIf = onlyIf;
    for (const d of deps) c.deps.add(d);
  }
}

/** "Otherwise", "else", "if not": what to do when a condition does not hold (not "if that fails", said of the action). */
const OTHERWISE = new RegExp(String.raw`^[\s,;]*(?:(?:and|but)\s+)?(?:${OTHERWISE_WORDS})\b`, 'i');

/** Whether the light of an area is on or off, checked as the condition of what follows. */
const CHECK_LIGHT = 'lights.check_light';

/**
 * "If the garage light is on, turn it off": a switch on or off of the same lights that follows a
 * state said as a condition is made either way (a light already so is left as it is), so the
 * condition goes. Anything else after one ("if the garage light is on, email me", "..., dim it
 * to 20%", "..., turn off the porch light") waits for the light to be checked, and runs only if
 * the state holds; so does what is joined to it in the same sentence ("... and email me").
 * Where nothing can check a light, it is asked about.
 */
function weighConditions(clauses: Clause[], index: CatalogIndex): void {
  const checks = index.methods.some((m) => m.target === CHECK_LIGHT);
  for (const [k, clause] of clauses.entries()) {
    if (!clause.decided.condition) continue;
    const next = clauses[k + 1];
    const d = next?.decided.decision;
    if (!next || d?.kind !== 'call') continue;
    const condition = quote(clause.view.text);
    // Only switching on or off is the same either way: "dim them to 20%" would light a light that was off; and only
    // of the lights the condition is about ("if the garage light is on, turn off the porch light" waits for it).
    const reading = clause.decided.reading!;
    const said = reading.args;
    // "If the garage light and the porch light are on, ...": one light is checked at a time (the porch was dropped).
    const kind = reading.method.params.find((p) => p.name === 'location')?.kind;
    const areas = new Set(kind === undefined ? [] : (index.vocabularies.get(kind)?.all(clause.view.tokens).map((h) => h.value) ?? []));
    if (areas.size > 1) {
      for (const c of clauses.slice(k + 1)) {
        if (c !== next && (c.segment.link === 'sentence' || c.segment.link === 'also')) break;
        c.decided = { ...c.decided, decision: { kind: 'none', reason: `I check one light at a time, not ${[...areas].join(' and ')} together (${condition}): say what to do for one of them` } };
      }
      continue;
    }
    // "..., otherwise turn on the porch light": what to do when it does not hold.
    const otherwise = clauses.slice(k + 2).find((c, j) => c.onlyIf === 'failed' && OTHERWISE.test(c.view.text) && c.deps.has(k + 1) && clauses.slice(k + 2, k + 2 + j).every((b) => b.segment.link !== 'sentence'));
    if (!otherwise && d.target === reading.method.target && next.decided.reading?.onOff !== undefined && JSON.stringify(d.args['location']) === JSON.stringify(said['location'])) {
      next.decided = { ...next.decided, decision: withNote(d, `${condition}: done either way, what is already so is left as it is`) };
    } else if (checks && typeof said['location'] === 'string' && reading.onOff !== undefined) {
      const { declined: _, ...decided } = clause.decided;
      const args = { location: said['location'], on: reading.onOff.value };
      clause.decided = { ...decided, decision: { kind: 'call', target: CHECK_LIGHT, args, confidence: 1, reason: `${condition}: checked first; what follows runs only if it holds` } };
      for (const c of clauses.slice(k + 1)) {
        if (c !== next && (c.segment.link === 'sentence' || c.segment.link === 'also' || c.onlyIf !== undefined)) break;
        // What waits for something else already ("... and email me when that's over") is held back with it.
        if ([...c.deps].every((d) => d === k)) c.onlyIf = 'done';
        c.deps.add(k);
      }
      // The "otherwise" waits for the check, not for what the check holds back (which is passed by when it does not hold).
      if (otherwise) otherwise.deps = new Set([k]);
    } else {
      next.decided = { ...next.decided, decision: { kind: 'none', reason: `I cannot wait for a condition (${condition}) before ${quote(next.view.text)}: say what to do, without "if"` } };
    }
  }
}

/** "On" or "off" said alone, perhaps with "back" or "again": "and off at 11pm", "back on in an hour". */
const SWITCH_ONLY = /^(?:(?:and|then|but)\s+)*(?:(?:turn|switch)\s+(?:it|them)\s+)?(?:back\s+)?(on|off)(?:\s+again)?(?=\s|$)/i;

/**
 * "Turn the porch light on at 7pm and off at 11pm": "on" or "off" said alone with a time, after
 * a switch, is that switch the other way at that time (nothing fitted "off at 11pm").
 */
function switchedAgain(clauses: Clause[], env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): void {
  for (const [k, clause] of clauses.entries()) {
    const before = clauses[k - 1];
    if (!before || clause.decided.decision.kind !== 'none' || before.decided.reading?.onOff === undefined) continue;
    const said = SWITCH_ONLY.exec(clause.view.text.trim());
    const rest = said ? clause.view.text.trim().slice(said[0].length).trim() : '';
    if (!said || rest === '' || !timeOnly(viewClause(rest, env.time))) continue;
    const d = before.decided.decision;
    const switched = d.kind === 'call' && d.target === LATER && typeof d.args['text'] === 'string' ? d.args['text'] : before.view.text;
    if (!/\b(?:on|off)\b/i.test(switched)) continue;
    // "... now and off in an hour": the time is the one said here, not the "now" of the switch before.
    const core = switched.replace(/\b(?:on|off)\b/i, said[1]!.toLowerCase()).replace(NOW, ' ').replace(/\s+/g, ' ').trim();
    const view = viewClause(`${core} ${rest}`, env.time);
    const decided = decide(view);
    if (decided.decision.kind !== 'call') continue;
    clause.view = view;
    clause.decided = decided;
  }
}

/** Where a clause says when or how often, in order. */
function timeSpans(view: ClauseView): Array<[number, number]> {
  const when = whenOf(view);
  return [...when.hits.flatMap((h) => h.spans), ...(when.every?.spans ?? [])].sort((a, b) => a[0] - b[0]);
}

/** A clause that says nothing but when: "at 11pm", "in an hour". */
function timeOnly(view: ClauseView): boolean {
  const spans = timeSpans(view);
  if (spans.length === 0) return false;
  let text = view.text;
  for (const [from, to] of [...spans].reverse()) text = `${text.slice(0, from)} ${text.slice(to)}`;
  return leadWordsOnly(text);
}

/** Words that may come before a time: "at 7", "on Monday", "every morning". */
const TIME_LEAD = /^(?:(?:at|on|in|by|this|next|every|each|around|from|starting)\s+)*$/i;
/** A clause that says it is for now, whatever was said before it. */
const NOW = /\b(now|right away|straight away|immediately|at once)\b/i;

/**
 * The time a request opens with, before the first clause's verb ("tomorrow at 7, turn on the
 * kitchen light"): its words, or undefined when the request does not open with one.
 */
function leadingTime(view: ClauseView): string | undefined {
  const spans = timeSpans(view);
  if (spans.length === 0 || !leadWordsOnly(view.text.slice(0, spans[0]![0]))) return undefined;
  let end = spans[0]![1];
  for (const [from, to] of spans.slice(1)) {
    if (from > end && !leadWordsOnly(view.text.slice(end, from))) break;
    end = Math.max(end, to);
  }
  // Nothing after it is no opening: the time is all the clause says.
  return view.text.slice(end).replace(/^[\s,]+/, '').trim() === '' ? undefined : view.text.slice(0, end).replace(/^[\s,]+/, '').trim();
}

/** Nothing but words that may come before a time, commas and spaces. */
function leadWordsOnly(text: string): boolean {
  const words = text.replace(/[\s,]+/g, ' ').trim();
  return words === '' || TIME_LEAD.test(`${words} `);
}

/**
 * A time said first is said of every clause joined to the first by "and" that says none of its
 * own and waits for nothing: "tomorrow at 7, turn on the kitchen light and remind me to call
 * mom" sets the reminder for 7 too. A clause that says "now" keeps to now. So is a moment
 * nobody can see ("when my wife gets home, ..."): each such clause asks for a time too.
 */
function spreadOpening(clauses: Clause[], decide: (view: ClauseView) => ClauseDecision, env: ExtractEnv): void {
  const { time } = env;
  const first = clauses[0];
  // Most requests are one clause: nothing to spread.
  if (!first || clauses.length < 2 || first.segment.link !== 'first') return;
  const condition = openingCondition(first.view, first.decided);
  if (condition !== undefined) {
    // "When my wife gets home, turn on the porch light and email me": the email is asked a time for too, not sent now.
    for (const clause of joinedToFirst(clauses)) {
      const view = viewClause(`${condition}, ${clause.view.text}`, time);
      const decided = decide(view);
      if (openingCondition(view, decided) === undefined) continue;
      clause.view = view;
      clause.decided = decided;
    }
    return;
  }
  const words = leadingTime(first.view);
  if (words === undefined) return;
  for (const clause of joinedToFirst(clauses)) {
    const view = viewClause(`${words} ${clause.view.text}`, time);
    const decided = decide(view);
    if (decided.decision.kind !== 'call' && clause.decided.decision.kind === 'call') continue;
    // The time may say when, not change what: "add milk to the shopping list" stays a list's, asked for then.
    const same = decided.decision.kind === 'call' && clause.decided.decision.kind === 'call' && [clause.decided.decision.target, LATER].includes(decided.decision.target);
    const took = (same || clause.decided.decision.kind !== 'call') && tookTime(decided, clause.decided);
    const later = took ? undefined : askedLater(clause, words, time, env);
    if (!took && !later) continue;
    clause.view = view;
    clause.decided = later ?? decided;
  }
}

/** "Then", "at that time", said last of a clause: when the clause before is. */
const THEN_LAST = /[\s,]+(?:then|at\s+(?:that|the\s+same)\s+time)[\s.!]*$/i;

/**
 * "Wake me up at 7 tomorrow and turn on the bedroom light then": a clause that says it is done
 * when the one before is, at the time that one says, is asked for then (it was done at once).
 */
function thenSaidLast(clauses: Clause[], decide: (view: ClauseView) => ClauseDecision, env: ExtractEnv): void {
  for (const [k, clause] of clauses.entries()) {
    const then = k > 0 ? THEN_LAST.exec(clause.view.text) : null;
    if (!then) continue;
    // One asked for later takes this one along, without its "then" (see foldIntoLater): "turn off the porch light in 2
    // hours and remind me to lock the door then" reminds then (the reminder came at once).
    const previous = clauses[k - 1]!.decided.decision;
    if (previous.kind === 'call' && previous.target === LATER) {
      if (clause.deps.size > 0 && !clause.deps.has(k - 1)) continue;
      const view = viewClause(clause.view.text.slice(0, then.index), env.time);
      const decided = decide(view);
      if (decided.decision.kind !== 'call') continue;
      clause.view = view;
      clause.decided = decided;
      clause.deps.add(k - 1);
      continue;
    }
    const before = clauses[k - 1]!.view;
    const hit = whenOf(before).best;
    if (!hit || hit.at.getTime() <= env.time.now.getTime()) continue;
    // Its words only, in their order ("tomorrow" and "at 7" of "wake me up tomorrow to feed the cat at 7").
    const said = [...hit.spans].sort(([a], [b]) => a - b).map(([s, e]) => before.text.slice(s, e).trim()).join(' ');
    const view = viewClause(`${/^\d/.test(said) ? 'at ' : ''}${said}, ${clause.view.text.slice(0, then.index)}`, env.time);
    const decided = decide(view);
    if (decided.decision.kind !== 'call' || !tookTime(decided, clause.decided)) continue;
    clause.view = view;
    clause.decided = decided;
  }
}

/**
 * The clauses joined to the first by "and" (in its sentence, none after a "then") that say no
 * time of their own, not "now", and wait for nothing: what is said first may be said of them.
 */
function joinedToFirst(clauses: Clause[]): Clause[] {
  const joined: Clause[] = [];
  for (const clause of clauses.slice(1)) {
    if (clause.segment.link === 'sentence' || clause.segment.link === 'then') break;
    const own = whenOf(clause.view);
    if (clause.deps.size > 0 || clause.antecedent || own.hits.length > 0 || own.every || NOW.test(clause.view.text)) continue;
    joined.push(clause);
  }
  return joined;
}

/** Parameters that take when something is to be. */
const TIME_PARAMS: ReadonlySet<string> = new Set([K.datetime, K.periodStart, K.date, K.clockTime, K.recurrence]);

/** Whether a clause read with a time said before it took that time (or is asked for later with it). */
function tookTime(now: ClauseDecision, before: ClauseDecision): boolean {
  const d = now.decision;
  if (d.kind !== 'call') return false;
  if (d.target === LATER) return true;
  const had = before.decision.kind === 'call' ? before.decision.args : {};
  return (now.reading?.method.params ?? []).some((p) => p.kind !== undefined && TIME_PARAMS.has(p.kind) && d.args[p.name] !== undefined && had[p.name] === undefined);
}

/**
 * A clause whose method keeps times as its text ("email bob saying trash day") asked for at the
 * time said first, whole: the time was said of it, not in its message.
 */
function askedLater(clause: Clause, words: string, time: TimeContext, env: ExtractEnv): ClauseDecision | undefined {
  const d = clause.decided.decision;
  if (d.kind !== 'call' || !env.index.methods.some((m) => m.target === LATER)) return undefined;
  const { best, every } = whenOf(viewClause(words, time));
  if (!every && (!best || best.at.getTime() <= time.now.getTime() + 1_000)) return undefined;
  const at = every ? { every: every.cron } : { at: formatZoned(best!.at, time.timeZone) };
  const reason = `"${words}", said first, is said of this too: "${clause.view.text}" is asked for then`;
  return { ...clause.decided, decision: { kind: 'call', target: LATER, args: { text: clause.view.text, ...at }, confidence: d.confidence, reason } };
}

/**
 * "Add milk to the shopping list and email alice the list": "the list" is the one the action
 * before changed, as "it" would be; the message tells what it holds once changed.
 */
function theThingChanged(clauses: Clause[]): void {
  for (const [k, clause] of clauses.entries()) {
    const d = clause.decided.decision;
    const r = clause.decided.reading;
    const name = r?.method.text?.name;
    if (k === 0 || d.kind !== 'call' || r?.method.method !== 'send_message' || name === undefined || r.pronoun !== undefined || clause.antecedent) continue;
    const said = d.args[name];
    const before = clauses[k - 1]!;
    const changed = before.decided.reading;
    if (typeof said !== 'string' || before.decided.decision.kind !== 'call' || !changed || changed.method.readOnly) continue;
    const noun = /^(?:(?:the|that|this)\s+)?([\p{L}-]+)$/iu.exec(said.trim())?.[1]?.toLowerCase();
    const args = noun !== undefined && changed.method.keywords.has(noun) ? antecedentArgs(before) : undefined;
    if (!args) continue;
    const { [name]: _, ...rest } = d.args;
    clause.decided = { ...clause.decided, decision: { ...d, args: rest }, reading: { ...r, pronoun: 'object' } };
    clause.antecedent = { clause: k - 1, args };
    clause.deps.add(k - 1);
  }
}

/** "When it's done", "when it goes off", "once the timer is up": the end of a timer said, not its setting. */
const TIMER_ENDS = /[\s,]*\b(?:when|once|as soon as|after)\s+(?:it|that|the timer)(?:'s|\s+is|\s+has)?\s+(?:done|over|finished|up|out|ended|ends|gone\s+off|goes\s+off|rings|runs\s+out|beeps)\b[\s,]*/i;

/**
 * "Set a timer for 10 minutes and when it goes off turn off the kitchen light": what waits for
 * the timer's end is asked for then, not done as soon as the timer is set.
 */
function afterTimers(clauses: Clause[], env: ExtractEnv, decide: (view: ClauseView, antecedent?: Antecedent) => ClauseDecision): void {
  const endsIn = (d: ClauseDecision | undefined) => (d?.decision.kind === 'call' && d.reading?.method.endsAfter !== undefined ? d.decision.args[d.reading.method.endsAfter] : undefined);
  for (const [k, clause] of clauses.entries()) {
    const ends = TIMER_ENDS.exec(clause.view.text);
    if (!ends) continue;
    // What it waits for sets something that ends later (a method's `endsAfter`: a timer's seconds); "the timer" is the last one set before.
    const before = /\btimer\b/i.test(ends[0]) ? [...clauses.keys()].filter((j) => j < k).reverse() : [];
    const waitedFor = [...clause.deps, ...before];
    const set = waitedFor.map((j) => ({ timer: j, seconds: endsIn(clauses[j]?.decided) })).find((x): x is { timer: number; seconds: number } => typeof x.seconds === 'number' && x.seconds > 0);
    if (set === undefined) continue;
    const { timer, seconds } = set;
    const text = clause.view.text;
    const rest = `${text.slice(0, ends.index)} ${text.slice(ends.index + ends[0].length)}`.trim();
    if (rest === '') continue;
    // A message that says nothing says the timer is up.
    const was = clause.decided;
    const name = was.reading?.method.text?.name;
    const words = name === undefined ? undefined : was.reading!.args[name];
    const silent = was.decision.kind === 'call' && was.reading?.method.method === 'send_message' && name !== undefined && (typeof words !== 'string' || ends[0].toLowerCase().includes(words.trim().toLowerCase()));
    const asked = silent ? `${rest} that the timer is up` : rest;
    const view = viewClause(`in ${durationWords(seconds * 1000)}, ${asked}`, env.time);
    const decided = decide(view, clause.antecedent?.args);
    if (decided.decision.kind !== 'call') continue;
    clause.view = view;
    // Asked for once the timer is set: not when it could not be.
    clause.deps.add(timer);
    if (decided.decision.target === LATER) {
      clause.decided = decided;
      continue;
    }
    // A method that keeps times in its text ("email me") is asked for then, whole.
    const at = formatZoned(new Date(env.time.now.getTime() + seconds * 1000), env.time.timeZone);
    const reason = `"${ends[0].trim()}" is the end of the timer: "${asked}" is asked for then`;
    clause.decided = { ...decided, decision: { kind: 'call', target: LATER, args: { text: asked, at }, confidence: decided.decision.confidence, reason } };
  }
}

/**
 * What waits for an action asked for later goes with it ("in 10 minutes turn off the garage
 * light, then email me", "when the pasta timer goes off, turn off the kitchen light and email
 * me"): its words join the request's text, which is planned again, whole, when it runs. Only
 * clauses that wait for nothing else are taken along.
 */
function foldIntoLater(clauses: Clause[]): void {
  for (const [k, clause] of clauses.entries()) {
    const d = clause.decided.decision;
    if (d.kind !== 'call' || (d.target !== LATER && d.target !== AFTER_TIMER) || clause.folded) continue;
    const chain = new Set([k]);
    const followers: Clause[] = [];
    for (let j = k + 1; j < clauses.length; j++) {
      const c = clauses[j]!;
      if (c.folded || c.decided.declined || c.deps.size === 0 || ![...c.deps].every((dep) => chain.has(dep))) continue;
      chain.add(j);
      followers.push(c);
    }
    if (followers.length === 0) continue;
    for (const f of followers) f.folded = true;
    const text = [String(d.args['text']), ...followers.map((f) => f.view.text)].join(', then ');
    clause.decided = { ...clause.decided, decision: { ...d, args: { ...d.args, text }, reason: `${d.reason}; what waits for it goes with it` } };
  }
}

/**
 * The actions a clause becomes: one, or one per listed value, or one per action of a listed
 * antecedent ("turn off the kitchen and garage lights, then turn them on again").
 */
function actionsOf(
  clause: Clause,
  clauses: readonly Clause[],
  env: ExtractEnv,
  decide: (view: ClauseView, antecedent?: Antecedent) => ClauseDecision,
): Array<{ text: string; decision: Decision; afterPrevious?: boolean }> {
  const both = remindedBoth(clause, env, decide);
  if (both) return both;
  const gapped = gappedParts(clause, env, decide);
  if (gapped) return gapped;
  const twice = eachAtItsTime(clause, env, decide);
  if (twice) return twice;
  const read = readEach(clause, env, decide) ?? eachTime(clause, env, decide);
  if (read) return read;
  const items = fanOut(clause, env);
  if (items) {
    return items.map((item) => ({ text: item.text, afterPrevious: item.afterPrevious, decision: decide(viewClause(item.text, env.time), clause.antecedent?.args).decision }));
  }
  const text = clause.view.text.trim();
  const source = clause.antecedent ? clauses[clause.antecedent.clause]! : undefined;
  const inheritsThing = clause.decided.reading?.inherited.some((name) => {
    const kind = clause.decided.reading!.method.params.find((p) => p.name === name)?.kind;
    return kind !== undefined && env.index.vocabularies.has(kind);
  });
  const referred = source?.actions.filter((a) => a.id !== source.undoes && a.decision?.kind === 'call') ?? [];
  if (inheritsThing && referred.length > 1) {
    const kinds = clause.antecedent!.args.kinds;
    return referred.map((a) => {
      const d = a.decision as Extract<Decision, { kind: 'call' }>;
      return { text, decision: decide(clause.view, { target: d.target, args: d.args, kinds }).decision };
    });
  }
  return [{ text, decision: clause.decided.decision }];
}

/** Words that open what a verb acts on: where a phrase's verb ends ("take out" of "take out the trash"). */
const OBJECT_OPENS = new Set(['the', 'a', 'an', 'my', 'our', 'his', 'her', 'their', 'some', 'your']);

/**
 * "Remind me to call mom at 6 and dad at 7", "... to take out the trash tomorrow and the
 * recycling on friday": a text said twice with a time each, the second with its verb left out
 * (or said again), is two of the same, each at its own time (it was one, "call mom and dad at
 * 7", at the first time). Only of a method that takes a text and a time, its text what to do
 * ("to ..."); undefined unless both read as calls of it, each taking its time.
 */
function eachAtItsTime(clause: Clause, env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): Array<{ text: string; decision: Decision }> | undefined {
  const d = clause.decided.decision;
  const r = clause.decided.reading;
  const textParam = r?.method.text?.name;
  if (d.kind !== 'call' || !r || textParam === undefined || !r.method.params.some((p) => p.kind !== undefined && TIME_PARAMS.has(p.kind))) return undefined;
  const said = d.args[textParam];
  const and = typeof said === 'string' ? /^(.+?)\s+and\s+(?:to\s+)?(\S.*)$/i.exec(said) : null;
  if (!and) return undefined;
  const view = clause.view;
  // The second part ends in a time of its own ("dad at 7"): what it says before that, and the time.
  const at = view.text.toLowerCase().lastIndexOf(` and ${and[2]!.toLowerCase().split(/\s+/)[0]}`);
  if (at < 0) return undefined;
  const written = view.text.slice(at + ' and '.length).replace(/^to\s+/i, '');
  // "On the 1st and 15th": a day of the month as the first was, said without its "the".
  const second = /^\d{1,2}(?:st|nd|rd|th)\s*$/i.test(written) && /\bthe\s+\d{1,2}(?:st|nd|rd|th)\s*$/i.test(view.text.slice(0, at)) ? `the ${written}` : written;
  const alone = viewClause(second, env.time);
  const own = timeSpans(alone);
  if (own.length === 0 || own.at(-1)![1] < second.trimEnd().length - 1) return undefined;
  // "... on the 1st and the 15th": no thing of its own before its time, only the words that lead to one.
  const thing = second.slice(0, own[0]![0]).trim().replace(/^(?:(?:on|at|in)\s+)?(?:the)?$/i, '');
  // Only where the text kept the second time ("call mom and dad at 7"): one read apart already has its own.
  // "... and again in an hour" is the same again (read elsewhere).
  // The time as written: without the "the" put back above, when the time's words take it ("the 15th" of "pay rent and 15th").
  const timeSaid = written.slice(Math.max(0, own[0]![0] - (second.length - written.length))).trim().toLowerCase();
  if (/^(?:again|too|also|as\s+well)$/i.test(thing) || !String(said).trim().toLowerCase().endsWith(timeSaid)) return undefined;
  // Its verb, when the second part leaves it out: the words of the first before what it acts on ("call" of "call mom").
  const words = and[1]!.split(/\s+/);
  const opens = words.findIndex((w, i) => i > 0 && OBJECT_OPENS.has(w.toLowerCase()));
  const verb = words.slice(0, opens > 0 ? opens : 1).join(' ');
  // Said with one ("call dad", "text dad"): a word before what it acts on; "dad", "the recycling" have none.
  const thingWords = thing.split(/\s+/);
  const ownVerb = thingWords.length > 1 && !OBJECT_OPENS.has(thingWords[0]!.toLowerCase());
  const lead = view.text.slice(0, view.text.toLowerCase().indexOf(and[1]!.toLowerCase()));
  // Something to do, said after "to" ("remind me to call mom ..."): not a thing named ("add a meeting at 3 and a call at 5").
  if (!/\bto\s+$/i.test(lead)) return undefined;
  // "To water the plants on monday and thursday": the same again on the second day, as said.
  const texts = [view.text.slice(0, at), thing === '' ? `${lead}${and[1]} ${second}` : `${lead}${ownVerb ? '' : `${verb} `}${second}`];
  const each = texts.map((t) => ({ text: t, decision: decide(viewClause(t, env.time)).decision }));
  const timed = (x: Decision) => x.kind === 'call' && x.target === d.target && r.method.params.some((p) => p.kind !== undefined && TIME_PARAMS.has(p.kind) && x.args[p.name] !== undefined);
  return each.every((e) => timed(e.decision)) ? each : undefined;
}

/** Someone reminded with the requester: "alice", "my wife", "bob@example.com". */
const WHO = String.raw`(?:(?:my|our|the)\s+[\p{L}]+|[\p{L}][\p{L}\p{N}._'@-]*)`;
/** "Remind me and alice to ...", "remind my wife and me at 6pm to ...": the words up to the people, and the other one. */
const REMIND_BOTH = new RegExp(String.raw`^(\W*(?:please\s+)?remind\s+)(?:(?:me|us)\s+and\s+(${WHO})|(${WHO})\s+and\s+(?:me|us))(?=\s|$)`, 'iu');

/**
 * "Remind me and alice to buy milk tomorrow": a reminder of the requester's own, and the same
 * said to the other one, as "remind alice to buy milk tomorrow" is (a reminder keeps no one
 * else, and alice was lost). Undefined for a message, which lists the people it goes to
 * itself, and unless both parts are calls.
 */
function remindedBoth(clause: Clause, env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): Array<{ text: string; decision: Decision }> | undefined {
  const d = clause.decided;
  if (d.decision.kind === 'call' && d.reading?.method.params.some((p) => p.kind === K.recipient || p.kind === K.person)) return undefined;
  const text = clause.view.text.trim();
  const m = REMIND_BOTH.exec(text);
  const other = m?.[2] ?? m?.[3];
  if (!m || other === undefined || STOPWORDS.has(other.toLowerCase())) return undefined;
  const rest = text.slice(m[0].length);
  const each = [`${m[1]}me${rest}`, `${m[1]}${other}${rest}`].map((t) => ({ text: t, decision: decide(viewClause(t, env.time)).decision }));
  return each.every((e) => e.decision.kind === 'call') ? each : undefined;
}

/** The parts of a text said as a list: "the shopping list, the packing list and the to-do list". */
function listed(text: string): string[] {
  return text.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).filter((p) => p.length > 0);
}

/** A sure, complete call of a method that changes nothing, made of the text alone. */
function isLookup(found: ClauseDecision): boolean {
  return found.decision.kind === 'call' && found.reading?.method.readOnly === true && isCall(found) && found.reading.missing.length === 0 && found.reading.leftovers.length === 0;
}

/**
 * "What's on the shopping list and the to-do list", "read me the shopping list and my packing
 * list": a lookup of several things, said with its verb once. Each later thing borrows the words
 * before the first ("what's on"), where it opens the same way ("the", "my"). Undefined unless
 * every part reads alone as a lookup of the same method, each of something else.
 */
function readEach(clause: Clause, env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): Array<{ text: string; decision: Decision }> | undefined {
  const d = clause.decided.decision;
  if (d.kind !== 'call' || !isLookup(clause.decided)) return undefined;
  const text = clause.view.text.trim();
  const pieces = listed(text);
  if (pieces.length < 2) return undefined;
  const first = tokenize(pieces[0]!);
  const parts = pieces.map((piece, k) => {
    if (k === 0) return piece;
    const opens = words(piece)[0];
    const at = first.findLastIndex((t) => t.norm === opens);
    return at > 0 ? `${pieces[0]!.slice(0, first[at]!.start).trim()} ${piece}` : undefined;
  });
  if (parts.some((p) => p === undefined)) return undefined;
  // Each of something: "check if the garage light is on and if it is, ..." names nothing in its second part.
  const named = Object.keys(d.args).length > 0;
  return eachAlike(parts as string[], env, decide, (found) => isLookup(found) && found.decision.kind === 'call' && found.decision.target === d.target && (!named || Object.keys(found.decision.args).length > 0));
}

/**
 * Texts of one action each, decided alone: undefined unless every one is a sure, complete call
 * that `fits`, of one method, each with arguments of its own.
 */
function eachAlike(
  texts: readonly string[],
  env: ExtractEnv,
  decide: (view: ClauseView) => ClauseDecision,
  fits: (found: ClauseDecision) => boolean,
): Array<{ text: string; decision: Decision }> | undefined {
  const read = texts.map((text) => ({ text, decided: decide(viewClause(text, env.time)) }));
  const calls = read.map((r) => r.decided.decision).filter((d): d is Extract<Decision, { kind: 'call' }> => d.kind === 'call');
  if (calls.length < read.length || new Set(calls.map((c) => c.target)).size !== 1) return undefined;
  // Asked for later, a request is read again then: what it lacks now is no matter.
  const complete = (found: ClauseDecision) => found.decision.kind === 'call' && (found.decision.target === LATER || found.reading?.missing.length === 0);
  if (!read.every((r) => isCall(r.decided) && complete(r.decided) && fits(r.decided))) return undefined;
  if (new Set(calls.map((c) => JSON.stringify(c.args))).size < read.length) return undefined;
  return read.map((r) => ({ text: r.text, decision: r.decided.decision }));
}

/** A unit of a length said after a number. */
const UNIT = String.raw`\s+(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)`;
/** A clock time, or a length: "6:30", "7am", "noon", "10 minutes". */
const CLOCK = String.raw`(?:\d{1,2}(?::\d\d)?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?(?:${UNIT})?|noon|midday|midnight)`;
const UNIT_LAST = new RegExp(`${UNIT}$`, 'i');
const CLOCK_AT = new RegExp(`(?:(at|for|in)\\s+)?(${CLOCK})(?=\\s|$|[,.!?])`, 'gi');
/** Times said in a row with the word before the first: "at 6 and 6:30", "for 6, 6:15 and 6:30", "in 10 minutes and again in 20 minutes". */
const TIME_RUN = new RegExp(`\\b(?:at|for|in)\\s+${CLOCK}(?:(?:\\s*,\\s*(?:and\\s+)?|\\s+and\\s+)(?:again\\s+)?(?:(?:at|for|in)\\s+)?${CLOCK})+(?=\\s|$|[,.!?])`, 'i');
/** "... and a call at 5": another thing, with a time of its own, said last. */
const OTHER_AT = new RegExp(`\\s*,?\\s+and\\s+((?:a|an|the|my|our)\\s+[^,]+?\\s(?:at|on|in)\\s+${CLOCK})\\s*$`, 'i');
/** "... and another (one) for 7:30", "... and one for 10 minutes", "... and again in an hour": the same again at another time, said last. */
const ANOTHER = /\s*,?\s+and\s+(?:another(?:\s+one)?|one|again)\s+((?:at|for|in|on)\s+.+?)\s*$/i;

/** Whether lengths said in a row are the parts of one ("1 hour and 30 minutes"): each with a unit, each smaller than the one before. */
function oneLength(said: readonly string[]): boolean {
  const ranks = said.map((s) => UNIT_LAST.exec(s)?.[0].trim().toLowerCase()[0]).map((u) => (u === undefined ? undefined : UNIT_RANK[u]));
  return ranks.every((r, i) => r !== undefined && (i === 0 || r < ranks[i - 1]!));
}

/**
 * "Wake me up at 6 and 6:30", "set alarms for 6, 6:15 and 6:30", "set an alarm for 7am
 * tomorrow and another one for 7:30", "a timer for 5 minutes and another for 10 minutes": the
 * same action at several times, one action each, said with a time of its own in place of the
 * times said. Undefined unless every one reads alone as a sure, complete call of the same
 * method, each with other arguments.
 */
function eachTime(clause: Clause, env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): Array<{ text: string; decision: Decision }> | undefined {
  if (whenOf(clause.view).every) return eachRoutine(clause, env, decide);
  const text = clause.view.text.trim();
  let parts: string[] | undefined;
  // "In 10 minutes and again in 20 minutes to check the oven": a run of times, what to do said after them.
  const another = TIME_RUN.test(text) ? null : ANOTHER.exec(text);
  if (another) {
    const first = text.slice(0, another.index);
    const said = [...first.matchAll(CLOCK_AT)].filter((m) => m[1] !== undefined).at(-1);
    if (said?.index !== undefined) parts = [first, `${first.slice(0, said.index)}${another[1]}${first.slice(said.index + said[0].length)}`];
  } else if (TIME_RUN.test(text)) {
    const run = TIME_RUN.exec(text)!;
    const times = [...run[0].matchAll(CLOCK_AT)];
    // "For 1 hour and 30 minutes": one length, its parts each with a smaller unit than the one before.
    if (oneLength(times.map((t) => t[2]!))) return undefined;
    const lead = times[0]![1]!;
    // "For 5 and 10 minutes": the unit said last is every bare number's.
    const unit = UNIT_LAST.exec(times.at(-1)![2]!)?.[0] ?? '';
    const said = (clock: string) => (/^\d+$/.test(clock) ? `${clock}${unit}` : clock);
    parts = times.map((t) => `${text.slice(0, run.index)}${t[1] ?? lead} ${said(t[2]!)}${text.slice(run.index + run[0].length)}`);
  } else {
    const other = OTHER_AT.exec(text);
    // "Add a meeting at 3 and a call at 5": the verb said once, each thing with a time of its own.
    const first = other ? text.slice(0, other.index) : '';
    // The words before the first thing's article, or (a thing said bare: "add lunch with bob at 1") its first word.
    const verb = /^(.*?)\s+(?:a|an|the|my|our)\s/i.exec(first)?.[1] ?? /^(\S+)\s/.exec(first)?.[1];
    if (other && verb && [...first.matchAll(CLOCK_AT)].some((m) => m[1] !== undefined)) parts = [first, `${verb} ${other[1]}`];
  }
  return parts && parts.length > 1 ? eachAlike(parts, env, decide, () => true) : undefined;
}

/** "... and every evening at 8": a second pattern said after the first. */
const AND_EVERY = /\s*,?\s+and\s+(?=(?:every|each)\b)/i;

/**
 * "Every morning at 8:30 and every evening at 8", "every monday at 9 and every friday at 5",
 * "at 8:30am and 8pm every day": patterns one routine cannot hold, one routine each. "At 8am
 * and 8pm every day" stays one, at both hours (undefined).
 */
function eachRoutine(clause: Clause, env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): Array<{ text: string; decision: Decision }> | undefined {
  const text = clause.view.text.trim();
  let parts: string[] | undefined;
  const and = AND_EVERY.exec(text);
  const run = TIME_RUN.exec(text);
  if (and) {
    const left = text.slice(0, and.index);
    const right = text.slice(and.index + and[0].length);
    const firstEvery = [...left.matchAll(/\b(?:every|each)\b/gi)].at(-1);
    if (firstEvery?.index === undefined) return undefined;
    // Where the second pattern's words end: the times it says, from its start.
    let end = 0;
    for (const [from, to] of timeSpans(viewClause(right, env.time))) if (from <= end + 1) end = Math.max(end, to);
    if (end === 0) return undefined;
    const before = left.slice(0, firstEvery.index);
    parts = [`${left} ${right.slice(end)}`, `${before}${right}`].map((p) => p.replace(/\s+/g, ' ').trim());
  } else if (run) {
    const times = [...run[0].matchAll(CLOCK_AT)];
    const lead = times[0]![1]!;
    parts = times.map((t) => `${text.slice(0, run.index)}${t[1] ?? lead} ${t[2]!}${text.slice(run.index + run[0].length)}`);
  }
  if (!parts) return undefined;
  // The pattern each part reads, by its method's parameter for how often (a part asked for later reads as the method it asks for later).
  const often = (target: string) => env.index.methods.find((m) => m.target === target)?.params.find((p) => p.kind === K.recurrence)?.name;
  const patterns: string[] = [];
  const each = eachAlike(parts, env, decide, (found) => {
    const d = found.decision;
    const param = d.kind === 'call' ? often(d.target) : undefined;
    const said = d.kind === 'call' && param !== undefined ? d.args[param] : undefined;
    if (typeof said === 'string') patterns.push(said);
    return typeof said === 'string';
  });
  if (!each || patterns.length !== each.length) return undefined;
  // Patterns alike but for their hour are one routine at each hour.
  const crons = patterns.map((c) => c.split(' '));
  const hourAt = crons[0]!.length === 6 ? 2 : 1;
  const alike = crons.every((c) => c.length === crons[0]!.length && c.every((field, i) => i === hourAt || field === crons[0]![i]));
  return alike ? undefined : each;
}

/** "... and at 6 to ...", "... and to ...": where a text that opens with "to" is said again, maybe with a time first. */
const AND_TO = /,?\s+and\s+(?=(?:(?:at|on|in|by|around|tomorrow|tonight|today|this|next|every)\b[^,]*?\s)?to\s)/gi;

/**
 * "Remind me at 5 to call mom and at 6 to pick up the kids", "remind me to call mom at 5 and
 * to pick up the kids at 6": a method whose text opens with "to", said again after "and" with
 * a time of its own. Each part is a call of its own, with the words that named the method;
 * undefined unless every part reads as a call of that method and some part says when.
 */
function gappedParts(clause: Clause, env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): Array<{ text: string; decision: Decision }> | undefined {
  const d = clause.decided.decision;
  const r = clause.decided.reading;
  if (d.kind !== 'call' || !r?.method.text || !r.phrase || d.target !== r.method.target) return undefined;
  const { text, tokens } = clause.view;
  const headEnd = tokens[r.phrase.end - 1]!.end;
  const rest = text.slice(headEnd);
  const cuts = [...rest.matchAll(AND_TO)];
  if (cuts.length === 0) return undefined;
  const head = text.slice(0, headEnd);
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(rest.slice(from, cut.index));
    from = cut.index + cut[0].length;
  }
  pieces.push(rest.slice(from));
  const parts = pieces.map((piece) => {
    const partText = `${head} ${piece.trim()}`;
    const view = viewClause(partText, env.time);
    return { text: partText, view, decided: decide(view) };
  });
  // "Tomorrow at 9 ... and at 10 ...": a later part's clock time is on the day the first part said.
  const day = whenOf(parts[0]!.view).best;
  if (day?.said.date) {
    for (const p of parts.slice(1)) {
      const hit = whenOf(p.view).best;
      const q = p.decided.reading?.method.params.find((x) => x.kind === K.datetime);
      if (!hit || hit.said.date || !q || p.decided.decision.kind !== 'call' || p.decided.decision.args[q.name] === undefined) continue;
      const [d, c] = [wallTime(day.at, env.time.timeZone), wallTime(hit.at, env.time.timeZone)];
      // "At 9 ... and at 10": an hour said without its half of the day is the first after the first part's.
      const hour = hit.said.half ? c.hour : c.hour % 12 >= d.hour ? c.hour % 12 : (c.hour % 12) + 12;
      const at = zonedToInstant({ ...c, hour, year: d.year, month: d.month, day: d.day }, env.time.timeZone);
      p.decided = { ...p.decided, decision: { ...p.decided.decision, args: { ...p.decided.decision.args, [q.name]: formatZoned(at, env.time.timeZone) } } };
    }
  }
  const timed = (p: (typeof parts)[number]) => p.decided.reading?.method.params.some((q) => q.kind !== undefined && TIME_PARAMS.has(q.kind) && p.decided.decision.kind === 'call' && p.decided.decision.args[q.name] !== undefined);
  const same = parts.every((p) => p.decided.decision.kind === 'call' && p.decided.decision.target === d.target && p.decided.decision.args[r.method.text!.name] !== undefined);
  return same && parts.some(timed) ? parts.map((p) => ({ text: p.text, decision: p.decided.decision })) : undefined;
}

function fanOut(clause: Clause, env: ExtractEnv): ListItem[] | undefined {
  const r = clause.decided.reading;
  if (!r || clause.decided.decision.kind !== 'call') return undefined;
  // Asked for later as a whole: its values are told apart when it runs.
  if (clause.decided.decision.target !== r.method.target) return undefined;
  // "All the lights except the porch": every value but those.
  const kind = r.method.text ? undefined : r.method.params.find((p) => p.kind !== undefined && env.index.vocabularies.has(p.kind))?.kind;
  const except = kind ? exceptTexts(clause.view, env.index.vocabularies.get(kind)!) : undefined;
  if (except) return except;
  // "the porch light but don't turn off the kitchen light": a value said not to be done is not one to do.
  if (clause.view.tokens.some((t) => t.norm === 'not' || t.norm === 'never')) return undefined;
  // "Email bob and alice saying ...": the same message to each, one action each.
  if (r.recipients) {
    const { tokens, text } = clause.view;
    const [from, to] = [tokens[r.recipients.first]!.start, tokens[r.recipients.last]!.end];
    return r.recipients.names.map((name) => ({ text: `${text.slice(0, from)}${name ?? 'me'}${text.slice(to)}`, afterPrevious: false }));
  }
  if (r.list) {
    const plain = listTexts(clause.view, r.list.hits, r.method.keywords);
    if (plain) return plain;
    // Each value with its own words: keep the split only if every part reads as a call.
    const gapped = gappedTexts(clause.view, r.list.hits);
    const decided = gapped?.map((item) => decideClause(viewClause(item.text, env.time), { index: env.index, timeZone: env.time.timeZone }).decision);
    return gapped && decided?.every((d) => d.kind === 'call' && d.target === r.method.target) ? gapped : undefined;
  }
  // "turn off all the lights" names no area, and means every one of them.
  const missing = r.method.text ? undefined : r.missing.find((p) => p.kind !== undefined && env.index.vocabularies.has(p.kind));
  return missing ? everyValueTexts(clause.view, env.index.vocabularies.get(missing.kind!)!.values) : undefined;
}

/** A clause that only says to wait a while: "wait 5 minutes", "and wait for half an hour". */
const WAIT = new RegExp(
  String.raw`^[\s,]*(?:and\s+)?(?:then\s+)?wait(?:\s+for)?\s+((?:\d+|an?|${HOUR_WORDS.join('|')}|fifteen|twenty|thirty|forty-five|a few|a couple of|half an?)\s+(?:seconds?|secs?|minutes?|mins?|hours?|hrs?))[\s,.;]*$`,
  'i',
);

/** Words a request may open with before what it asks: "please, when I say ...". */
const FILLER_OPENERS = new Set(['please', 'ok', 'okay', 'hey', 'so', 'and']);

/** A verb or a subject in a message's text: it says something ("the lights are on"), it names nothing to look up. */
const SAYS = new Set([...AUX, 'i', 'you', 'we', 'he', 'she', 'they', 'it', 'not', 'please', 'thanks', 'thank', 'hi', 'hello', 'hey']);
/** The requester saying where they are or what is going on, not what to do: "I'm going to bed", "we're leaving", "it's dark", "movie time". */
const SAYS_CONTEXT = /^\s*(?:(?:i|we)\s*(?:'m|’m|'re|’re|am|are|'ll be|’ll be|will be|'ve been|have been)\b|(?:it|that)\s*(?:'s|’s|is)\b|(?:\w+\s+)?time\W*$)/i;

/** Words that open a question: what it asks is looked up ("what's on my calendar tomorrow"). */
const ASKING = new Set(['what', 'which', 'when', 'how', 'where', 'who', 'whether', 'if']);
/** Words that sum up what follows them, which is what is looked up: "a summary of today's events". */
const SUMMED_UP = /^(?:(?:a|an|the)\s+)?(?:(?:short|quick|brief|full)\s+)?(?:summary|list|rundown|run-down|recap|overview|copy)\s+of\s+/i;
/** Words after which the text is to be passed on as it is: "saying my reminders". */
const QUOTING = new Set(['saying', 'says', 'that', 'telling', 'text', 'message', 'words', 'reading']);

/**
 * A message whose whole text names something the assistant can look up ("email me my
 * reminders", "send bob the shopping list", "email me what's on my calendar tomorrow"): the
 * lookup, as an action of its own, and the message without a text, which then tells what the
 * lookup found. Only a sure, complete call of a method that changes nothing, made of the text
 * alone, counts: "tell bob that the lights are on" says what it says.
 */
function lookedUp(view: ClauseView, decided: ClauseDecision, env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): { lookups: Array<{ text: string; decision: Decision }>; send: Decision } | undefined {
  const m = messageText(view, decided);
  if (!m || m.said.length > 200 || QUOTING.has(words(view.text.slice(0, m.at)).at(-1) ?? '')) return undefined;
  const { said, decision: d, param } = m;
  // "Email me the shopping list and the packing list": each looked up, one message telling both.
  const parts = listed(said);
  type Lookup = NonNullable<ReturnType<typeof lookupOf>>;
  const found = (ls: Array<Lookup | undefined>): ls is Lookup[] => ls.length > 0 && ls.every((l) => l !== undefined);
  const each = parts.length > 1 ? parts.map((part) => lookupOf(part, env, decide)) : [];
  let whole = found(each) ? each : [lookupOf(said, env, decide)];
  // "Email me a summary of today's events", "a list of my reminders": what it sums up, looked up.
  const summed = SUMMED_UP.exec(said);
  if (!found(whole) && summed) whole = [lookupOf(said.slice(summed[0].length), env, decide)];
  if (!found(whole)) return undefined;
  const { [param]: _, ...args } = d.args;
  const send: Decision = { ...d, args, reason: `${d.reason ? `${d.reason}; ` : ''}it tells what "${said}" holds, once looked up` };
  return { lookups: whole, send };
}

/** Words that open a thing named rather than words said: "a joke", "the news", "something funny". */
const NAMING = new Set(['a', 'an', 'the', 'some', 'any']);
const SOME_THING = /^(?:some|any)thing\b/i;

/**
 * What a message's whole text names instead of saying ("tell me a joke", "email bob the
 * report", "send alice a picture", "tell me something funny"), when nothing here looks it up
 * (see lookedUp): sent, it would tell them the word "joke". Read off the words before the text:
 * an article the brain took off a thing's name, not one of the method's own words ("wish bob
 * a happy birthday" says the wish).
 */
function namedNotSaid(view: ClauseView, decided: ClauseDecision): string | undefined {
  const m = messageText(view, decided);
  if (!m) return undefined;
  const { said, at } = m;
  if (SOME_THING.test(said)) return said;
  const before = view.tokens.findLastIndex((t) => t.end <= at);
  const word = view.tokens[before];
  return word && NAMING.has(word.norm) && !decided.reading!.phrase?.indices.includes(before) && view.text.slice(word.end, at).trim() === '' ? `${word.norm} ${said}` : undefined;
}

/** A message's call, its text as read, the text's parameter and where in the clause the text stands; undefined for anything else. */
function messageText(view: ClauseView, decided: ClauseDecision): { decision: Extract<Decision, { kind: 'call' }>; said: string; param: string; at: number } | undefined {
  const d = decided.decision;
  const r = decided.reading;
  if (d.kind !== 'call' || !r?.method.text || r.method.method !== 'send_message') return undefined;
  const said = d.args[r.method.text.name];
  if (typeof said !== 'string' || said === '') return undefined;
  const at = view.text.lastIndexOf(said);
  return at < 0 ? undefined : { decision: d, said, param: r.method.text.name, at };
}

/**
 * A message of "it" that nothing before explains, which a change said after it waits for
 * ("clear the shopping list after you email it to me", "before you clear the shopping list,
 * email it to me"): the thing that change names, looked up first as its plugin words it; the
 * message tells what is found (it mailed "As you asked", and the list was then cleared).
 */
function lookedBefore(clause: Clause, clauses: readonly Clause[], decision: Decision, env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): { text: string; decision: Decision } | undefined {
  const r = clause.decided.reading;
  const name = r?.method.text?.name;
  if (decision.kind !== 'call' || r?.method.method !== 'send_message' || r.pronoun !== 'object' || clause.antecedent || name === undefined || decision.args[name] !== undefined) return undefined;
  const k = clauses.indexOf(clause);
  const change = clauses.find((c, j) => j !== k && c.deps.has(k))?.decided.decision;
  if (change?.kind !== 'call') return undefined;
  const text = env.index.methods.find((m) => m.target === change.target)?.lookupText?.(change.args);
  if (text === undefined) return undefined;
  const found = decide(viewClause(text, env.time));
  if (found.decision.kind !== 'call' || found.reading?.method.readOnly !== true) return undefined;
  return { text, decision: { ...found.decision, reason: `what "it" stands for is what ${change.target} acts on after the message: looked up first` } };
}

/**
 * A message of "it" that waits for a change ("add milk to the shopping list and email it to my
 * wife", "turn on the kitchen light and email it to me"): the thing changed, looked up once the
 * change is made, by a method of the same plugin that changes nothing and takes only what the
 * change named it by (the list, the area); the message tells what is found.
 */
function lookedAfter(clause: Clause, decision: Decision, env: ExtractEnv): { text: string; decision: Decision } | undefined {
  const r = clause.decided.reading;
  const before = clause.antecedent?.args;
  const name = r?.method.text?.name;
  if (decision.kind !== 'call' || r?.method.method !== 'send_message' || r.pronoun !== 'object' || !before || name === undefined || decision.args[name] !== undefined) return undefined;
  const changed = env.index.methods.find((m) => m.target === before.target);
  if (!changed || changed.readOnly) return undefined;
  const named = (p: { name: string; kind: string | undefined }) => before.args[p.name] !== undefined && before.kinds[p.name] === p.kind;
  const reader = env.index.methods.find(
    (m) => m.plugin === changed.plugin && m.readOnly && !m.text && m.params.some(named) && m.params.every((p) => !p.required || named(p)),
  );
  if (!reader) return undefined;
  const args = Object.fromEntries(reader.params.filter(named).map((p) => [p.name, before.args[p.name]]));
  return { text: 'what it is now', decision: { kind: 'call', target: reader.target, args, confidence: decision.confidence, reason: `what "it" stands for, as it is once changed, is what the message tells` } };
}

/** What a message's text names to look up, when it names one thing the assistant can read ("the shopping list", "what's on my calendar tomorrow"). */
function lookupOf(said: string, env: ExtractEnv, decide: (view: ClauseView) => ClauseDecision): { text: string; decision: Decision } | undefined {
  // "Tell me if the kitchen light is on": what is checked; "if I have anything tomorrow": asked.
  const asked = /^(?:if|whether)\s+(i|we)\s+have\b/i.exec(said);
  const text = viewClause(asked ? `do ${said.slice(said.indexOf(asked[1]!))}` : /^(?:if|whether)\b/i.test(said) ? `check ${said}` : said, env.time);
  const asks = ASKING.has(viewClause(said, env.time).tokens[0]?.norm ?? '');
  if (text.tokens.some((t) => (!asks && SAYS.has(t.norm)) || (t.kind === 'punct' && t.norm !== ',' && t.norm !== '?'))) return undefined;
  // "Send bob the camping list": a list of any name is read, as asked for with a verb ("read me the camping list").
  const named = NAMED_LIST.exec(said);
  const read = named ? decide(viewClause(`read the ${named[1]} list`, env.time)) : undefined;
  if (read && isLookup(read)) return { text: said, decision: read.decision };
  const found = decide(text);
  return isLookup(found) ? { text: said, decision: found.decision } : undefined;
}

/** "The camping list", "my hardware store list": a list named by words of its own. */
const NAMED_LIST = /^(?:(?:the|my|our)\s+)?([\w' -]{1,40}?)\s+list$/i;

function withNote(decision: Decision, note: string): Decision {
  return { ...decision, reason: decision.reason ? `${decision.reason}; ${note}` : note } as Decision;
}
