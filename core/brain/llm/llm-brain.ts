import type { Logger } from '../../util/logger.js';
import type { GeoPlace } from '../../util/sun.js';
import type { Decision, ExtractedAction, PlannedAction } from '../../types.js';
import type { Brain, BrainContext, Reevaluation } from '../brain.js';
import { keptFrom } from '../plan.js';
import { readAnswer } from '../rule/answers.js';
import { verdictOf } from '../rule/reevaluate.js';
import { decideWithModel } from './decide-call.js';
import { isUnavailable } from './errors.js';
import { createJudge, resultVerdict } from './evaluate-call.js';
import type { ModelClient } from './model-client.js';
import { planWithModel } from './plan-call.js';
import { reevaluateWithModel } from './reevaluate-call.js';
import { summarizeOutcome } from './summary.js';

/** Options of the LLM brain. */
export interface LlmBrainOptions {
  client: ModelClient;
  logger: Logger;
  /** Questions asked of the model per step when its answers do not fit, the first included. Default 3. */
  attempts?: number;
  /** Most actions taken from one request. Default 50. */
  maxActions?: number;
  /**
   * When the model cannot be reached: 'ask' leaves it to the agent to ask the requester (the
   * default); 'throw' lets the ModelError through, for a brain that has another way (rule-first).
   */
  unreachable?: 'ask' | 'throw';
  /** Where the home is: the model is told the sun's times there. */
  place?: GeoPlace;
}

/**
 * The brain on a model behind any OpenAI-compatible endpoint. What it costs:
 * - planning: one call, for the actions and their decisions together (structured output);
 * - a decision asked for alone (rare: plans come decided): one call, by function calling;
 * - a success: nothing; a failure: one call to explain it, whatever the retries;
 * - an answer: nothing for a bare yes, no, skip, stop or retry; one call otherwise;
 * - the summary: nothing (failures are told as the model explained them).
 * Answers that do not fit cost one more call each, up to `attempts`; then the agent asks the
 * requester. When the model cannot be reached the agent asks too, saying why.
 */
export function createLlmBrain(options: LlmBrainOptions): Brain {
  const attempts = options.attempts ?? 3;
  const maxActions = options.maxActions ?? 50;
  const { client } = options;
  const judge = createJudge(client);
  const unreachable = (error: unknown, what: string): string => {
    if (!isUnavailable(error) || options.unreachable === 'throw') throw error;
    options.logger.warn({ code: error.code, status: error.status }, `${what}: ${error.message}`);
    return `${error.message}${error.hint ? `; ${error.hint}` : ''}`;
  };
  // The home's place goes with every question, for the sun's times there.
  const placed = (ctx: BrainContext): BrainContext => (options.place ? { ...ctx, place: options.place } : ctx);
  return {
    name: 'llm',
    async extract(text, given) {
      const ctx = placed(given);
      try {
        return await planWithModel(text, ctx, { client, attempts, maxActions });
      } catch (error) {
        // Nothing is lost: the request is kept, and its agent asks what to do.
        const why = unreachable(error, 'could not plan with the model');
        return [{ id: 'a1', text, dependsOn: [], optional: false, decision: { kind: 'none', reason: `I could not ask the language model (${why})` } }];
      }
    },
    async decide(action, given) {
      const ctx = placed(given);
      try {
        return await decideWithModel(action, ctx, { client, attempts });
      } catch (error) {
        return { kind: 'none', reason: `I could not ask the language model (${unreachable(error, 'could not decide with the model')})` };
      }
    },
    async evaluate(action, result, given) {
      const ctx = placed(given);
      try {
        return await judge.evaluate(action, result, ctx);
      } catch (error) {
        unreachable(error, 'could not judge a result with the model');
        return resultVerdict(result);
      }
    },
    async reevaluate(input, given) {
      const ctx = placed(given);
      const current = input.remaining[0];
      if (!current) return { verdict: 'terminate', reason: 'nothing is left to do' };
      const { intent, rest } = readAnswer(input.answer);
      // "yes", "no", "skip", "stop" need no model, and a yes is never the model's to give.
      if (intent && rest === '' && !(intent === 'retry' && input.reason === 'no-target')) return verdictOf(intent, input.reason, input.question);
      try {
        if (intent === 'retry' && rest === '') {
          // "Try again" when nothing fitted (the model was out of reach, say): plan the action afresh.
          const actions = await planWithModel(current.text, ctx, { client, attempts, maxActions });
          return replanned(actions, input.remaining);
        }
        return await reevaluateWithModel(input, ctx, { client, attempts });
      } catch (error) {
        const why = unreachable(error, 'could not read an answer with the model');
        return { verdict: 'unclear', question: `I could not ask the language model (${why}). ${input.question}` };
      }
    },
    async summarize(outcome) {
      return summarizeOutcome(outcome);
    },
  };
}

/** The current action planned again: kept when it is still one action, else replaced by its parts. */
function replanned(actions: ExtractedAction[], remaining: readonly PlannedAction[]): Reevaluation {
  const [current, ...later] = remaining as [PlannedAction, ...PlannedAction[]];
  const decided = (a: ExtractedAction): Decision => a.decision ?? { kind: 'none', reason: 'not understood' };
  if (actions.length === 1) return { verdict: 'revise', actions: [{ ...current, decision: decided(actions[0]!) }, ...later], reason: 'planned again' };
  const ids = new Map(actions.map((a, k) => [a.id, `${current.id}.${k + 1}`]));
  const fresh: PlannedAction[] = actions.map((a) => ({
    id: ids.get(a.id)!,
    text: a.text,
    ...keptFrom(current, a, a.dependsOn.map((d) => ids.get(d) ?? d)),
    decision: decided(a),
  }));
  const freshIds = [...ids.values()];
  const rest = later.map((a) => (a.dependsOn.includes(current.id) ? { ...a, dependsOn: [...new Set(a.dependsOn.flatMap((d) => (d === current.id ? freshIds : [d])))] } : a));
  return { verdict: 'revise', actions: [...fresh, ...rest], reason: 'planned again' };
}
