import type { FeedbackInput, Reevaluation } from '../brain.js';
import type { FeedbackReason } from '../../agent/checkpoint.js';
import type { PlannedAction } from '../../types.js';
import { keptFrom } from '../plan.js';
import { readAnswer, type Intent } from './answers.js';
import type { CatalogIndex, MethodIndex } from './catalog-index.js';
import { viewClause } from './clause.js';
import { decideClause } from './decide.js';
import type { TimeContext } from './entities/time.js';
import { extractActions } from './extract.js';
import { argumentsIn } from './instructions.js';
import { BUILTIN_ENTITY_KINDS as K } from '../../plugin/hints.js';

/** What re-evaluation needs: as extraction, since an answer may be a new request. */
export interface ReevaluateEnv {
  index: CatalogIndex;
  time: TimeContext;
  maxActions: number;
}

/** A bare intent, given why the agent asked. */
export function verdictOf(intent: Intent, reason: FeedbackReason, question: string): Reevaluation {
  switch (intent) {
    case 'stop':
      return { verdict: 'terminate', reason: 'stopped at your word' };
    case 'skip':
    case 'no':
      return { verdict: 'skip', reason: intent === 'no' ? 'you said no' : 'skipped at your word' };
    case 'retry':
    case 'yes':
      if (reason === 'failed') return { verdict: 'retry', reason: 'trying again at your word' };
      if (reason === 'confirmation' || reason === 'uncertain') return { verdict: 'proceed', reason: 'you said yes' };
      return { verdict: 'unclear', question: `I still need an answer to this: ${question}` };
  }
}

/** The method an action was decided for, or the one its words come closest to, with what they said. */
function methodOf(action: PlannedAction, env: ReevaluateEnv): { method: MethodIndex; args: Record<string, unknown> } | undefined {
  const d = action.decision;
  if (d.kind === 'call') {
    const exact = env.index.methods.find((m) => m.target === d.target);
    if (exact) return { method: exact, args: d.args };
    // A `primary.*` target made concrete for a channel the catalog does not list.
    const name = d.target.slice(d.target.indexOf('.') + 1);
    const primary = env.index.methods.find((m) => m.plugin === 'primary' && m.method === name);
    if (primary) return { method: primary, args: d.args };
  }
  const reading = decideClause(viewClause(action.text, env.time), { index: env.index, timeZone: env.time.timeZone }).reading;
  return reading ? { method: reading.method, args: reading.args } : undefined;
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** New actions in place of the current one; later actions that waited for it wait for them. */
function replace(current: PlannedAction, later: PlannedAction[], text: string, env: ReevaluateEnv): PlannedAction[] | undefined {
  const extracted = extractActions(text, env);
  if (!extracted.some((a) => a.decision?.kind === 'call' && a.decision.confidence >= 0.5)) return undefined;
  const taken = new Set(later.map((a) => a.id));
  const ids = new Map(extracted.map((a, k) => [a.id, uniqueId(`${current.id}.${k + 1}`, taken)]));
  const fresh: PlannedAction[] = extracted.map((a) => ({
    id: ids.get(a.id)!,
    text: a.text,
    ...keptFrom(current, a, a.dependsOn.map((d) => ids.get(d)!)),
    decision: a.decision ?? { kind: 'none', reason: 'not understood' },
  }));
  const newIds = fresh.map((a) => a.id);
  const rest = later.map((a) => (a.dependsOn.includes(current.id) ? { ...a, dependsOn: [...new Set(a.dependsOn.flatMap((d) => (d === current.id ? newIds : [d])))] } : a));
  return [...fresh, ...rest];
}

/** An answer that tells what something is ("her email is ...", "the address is ..."), not what to do. */
const TELLS = /^(?:[\p{L}'’-]+\s+){1,3}(?:is|are)\s+\S/iu;

/**
 * What a human's answer means for the current action and the later ones: a bare yes, no,
 * skip, stop or retry; an argument that was missing; or a new instruction in place of the
 * current action. Anything else is asked again.
 */
export function reevaluate(input: FeedbackInput, env: ReevaluateEnv): Reevaluation {
  const [current, ...later] = input.remaining;
  if (!current) return { verdict: 'terminate', reason: 'nothing is left to do' };
  const { intent, rest } = readAnswer(input.answer);
  if (intent && rest === '') return verdictOf(intent, input.reason, input.question);
  const content = rest || input.answer.trim();
  if (content === '') return { verdict: 'unclear', question: input.question };

  const known = methodOf(current, env);
  const method = known?.method;
  const args = current.decision.kind === 'call' ? current.decision.args : (known?.args ?? {});
  const target = current.decision.kind === 'call' ? current.decision.target : method?.target;
  const revise = (extra: Record<string, unknown>): Reevaluation => {
    const names = Object.keys(extra);
    const revised: PlannedAction = {
      ...current,
      decision: { kind: 'call', target: target!, args: { ...args, ...extra }, confidence: 0.9, reason: `${names.join(', ')} from your answer "${content}"` },
    };
    return { verdict: 'revise', actions: [revised, ...later], reason: `${names.join(', ')} from your answer` };
  };
  // A new instruction: the same method with other arguments revises the action, anything else replaces it.
  const replacement = replace(current, later, content, env);
  if (replacement) {
    const fresh = replacement.slice(0, replacement.length - later.length);
    const only = fresh.length === 1 ? fresh[0]!.decision : undefined;
    if (only?.kind === 'call' && only.target === target) {
      // "Her email is carol@example.com": the address, not a new text ("is"); a text is new when the answer opens one ("saying ...").
      const name = method?.text?.name;
      const opensText = name !== undefined && method!.intros.all(viewClause(content, env.time).tokens).length > 0;
      if (name === undefined || opensText || args[name] === undefined || only.args[name] === undefined) return revise(only.args);
      const { [name]: _, ...others } = only.args;
      return revise(others);
    }
    // "Her email is carol@example.com" to "Shall I email carol?": a detail told of this action (what a
    // request would remember) gives what it lacks, or changes it; it is no request of its own.
    if (method && TELLS.test(content)) {
      const extra = argumentsIn(content, method, env, false);
      if (Object.keys(extra).some((k) => extra[k] !== args[k])) return revise(extra);
    }
    return { verdict: 'revise', actions: replacement, reason: 'your answer replaces the action' };
  }
  // "Turn on the attic light" to "shall I try again?" about following alex: an instruction for something else, which cannot be
  // done as said; it is no name for the one to follow. Why it cannot is said, and the question asked again.
  const instruction = viewClause(content, env.time);
  const opens = env.index.starts.at(instruction.tokens, 0).map((h) => h.payload);
  if (opens.length > 0 && !opens.some((m) => m.target === target)) {
    const why = extractActions(content, env).map((a) => a.decision).find((d) => d?.kind === 'none');
    if (why?.kind === 'none') return { verdict: 'unclear', question: `I cannot do "${short(content)}" instead: ${why.reason}. ${input.question}` };
  }
  if (method) {
    // A value for what was missing ("kitchen" to "which area?", "at 6pm" to "when?"), or the missing text itself.
    const missingText = method.text !== undefined && args[method.text.name] === undefined;
    const extra = argumentsIn(content, method, env, missingText);
    if (Object.keys(extra).some((k) => extra[k] !== args[k])) return revise(extra);
    // A bare number, to a method that takes one number: "80" to "percent can be at most 100".
    const number = /^\s*(\d{1,9})\s*%?\s*$/.exec(content);
    const numeric = method.params.filter((p) => p.kind === K.percent || p.kind === K.count);
    if (number && numeric.length === 1 && input.reason === 'invalid-args') return revise({ [numeric[0]!.name]: Number(number[1]) });
  }
  if (intent) return verdictOf(intent, input.reason, input.question);
  return { verdict: 'unclear', question: `Sorry, I did not understand "${short(content)}". ${input.question}` };
}

/** An answer as quoted back: its first 60 characters. */
function short(content: string): string {
  return content.length > 60 ? `${content.slice(0, 57)}...` : content;
}
