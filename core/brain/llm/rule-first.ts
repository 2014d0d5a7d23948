import { resolvePrimaryTarget } from '../../plugin/catalog.js';
import type { Decision, ExtractedAction, PlannedAction } from '../../types.js';
import type { Logger } from '../../util/logger.js';
import type { Brain, BrainContext } from '../brain.js';
import { readAnswer } from '../rule/answers.js';
import { isUnavailable } from './errors.js';

/** Options of the rule-first brain. */
export interface RuleFirstOptions {
  rule: Brain;
  model: Brain;
  /** The rule brain's confidence at or above which its decision is used without asking the model. */
  minConfidence: number;
  logger: Logger;
}

/**
 * Whether the rule brain is sure of a decision: a call, confident enough, of a method the
 * catalog has, with arguments its schema takes. Anything less goes to the model.
 */
export function isSure(decision: Decision | undefined, ctx: BrainContext, minConfidence: number): boolean {
  if (decision?.kind !== 'call' || decision.confidence < minConfidence) return false;
  const entry = ctx.catalog.get(resolvePrimaryTarget(decision.target, ctx.requester.address.channel));
  return entry !== undefined && entry.spec.params.safeParse(decision.args).success;
}

function withDecisions(actions: ExtractedAction[], decisions: Decision[]): PlannedAction[] {
  return actions.map((a, i) => ({ ...a, decision: decisions[i]! }));
}

/**
 * "Prefer local": the rule brain answers first, and its answer is used when it is sure of
 * every action; only otherwise is the model asked (one call for the whole plan). Results are
 * judged by the rule brain (a method's verdict stands; no call), bare answers are read by it
 * (and answers with more in them when it is sure of what they ask),
 * and the summary is its own. When the model cannot be reached, the rule brain's answer is
 * used as it is: its doubtful decisions make the agent ask, as they would without a model.
 */
export function createRuleFirstBrain(options: RuleFirstOptions): Brain {
  const { rule, model, minConfidence, logger } = options;
  const fallBack = (error: unknown, what: string) => {
    if (!isUnavailable(error)) throw error;
    logger.warn({ code: error.code }, `${what}; using the rule brain's answer: ${error.message}`);
  };
  return {
    name: 'rule-first',
    async extract(text, ctx) {
      const actions = await rule.extract(text, ctx);
      const decisions: Decision[] = [];
      for (const a of actions) decisions.push(a.decision ?? (await rule.decide(a, ctx)));
      const planned = withDecisions(actions, decisions);
      if (planned.length > 0 && decisions.every((d) => isSure(d, ctx, minConfidence))) {
        logger.debug({ actions: planned.length }, 'planned by the rule brain');
        return planned;
      }
      logger.debug({ actions: planned.length, unsure: decisions.filter((d) => !isSure(d, ctx, minConfidence)).length }, 'asking the model to plan');
      try {
        return await model.extract(text, ctx);
      } catch (error) {
        fallBack(error, 'could not plan with the model');
        return planned;
      }
    },
    async decide(action, ctx) {
      const local = await rule.decide(action, ctx);
      if (isSure(local, ctx, minConfidence)) return local;
      try {
        return await model.decide(action, ctx);
      } catch (error) {
        fallBack(error, 'could not decide with the model');
        return local;
      }
    },
    evaluate: (action, result, ctx) => rule.evaluate(action, result, ctx),
    async reevaluate(input, ctx) {
      const local = await rule.reevaluate(input, ctx);
      // A bare "yes", "skip" or "stop" is the rule brain's to read; "no, do X instead" is not, unless it is sure of X.
      const { intent, rest } = readAnswer(input.answer);
      if (intent && rest === '') return local;
      if (local.verdict === 'revise' && local.actions.every((a) => isSure(a.decision, ctx, minConfidence))) return local;
      try {
        return await model.reevaluate(input, ctx);
      } catch (error) {
        fallBack(error, 'could not read an answer with the model');
        return local;
      }
    },
    summarize: (outcome, ctx) => rule.summarize(outcome, ctx),
  };
}
