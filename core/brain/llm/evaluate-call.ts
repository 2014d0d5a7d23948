import { z } from 'zod';
import type { Evaluation } from '../../agent/checkpoint.js';
import type { ActionResult, PlannedAction } from '../../types.js';
import type { BrainContext } from '../brain.js';
import { strictSchemaOf } from './json-schema.js';
import type { ModelClient } from './model-client.js';
import { contextData, conversation, EVALUATE_SYSTEM } from './prompts.js';
import { askStructured } from './structured.js';

/**
 * The model's judgement of a failed result: what went wrong and what the requester can do,
 * in a sentence the summary uses. A method's verdict stands either way (the model cannot
 * turn a failure into a success, whatever a result's text says), a success is taken at the
 * method's word without asking (so a request that works costs no more), and the same
 * failure of the same action is judged once: retries cost nothing more.
 */

const evaluationSchema = z.object({
  reason: z.string().describe('One or two short sentences for the requester: what went wrong and what they can do'),
});

const SCHEMA = { name: 'evaluation', schema: strictSchemaOf(evaluationSchema) };

/** The method's own verdict, in words: what every brain falls back on. */
export function resultVerdict(result: ActionResult): Evaluation {
  if (result.ok) return { ok: true, reason: result.summary };
  return { ok: false, reason: `${result.error.message}${result.error.hint ? ` (${result.error.hint})` : ''}` };
}

export interface Judge {
  evaluate(action: PlannedAction, result: ActionResult, ctx: BrainContext): Promise<Evaluation>;
}

/** Judges failures with the model; remembers the last judgements. Throws a ModelError when the model cannot be reached. */
export function createJudge(client: ModelClient, options: { memory?: number } = {}): Judge {
  const memory = options.memory ?? 256;
  const judged = new Map<string, Evaluation>();
  return {
    async evaluate(action, result, ctx) {
      if (result.ok) return resultVerdict(result);
      const target = action.decision.kind === 'call' ? action.decision.target : '';
      // The same action of the same requester failing the same way: its retries. Judged once.
      const args = action.decision.kind === 'call' ? action.decision.args : {};
      const { channel, userId } = ctx.requester.address;
      const key = JSON.stringify([channel, userId, action.id, action.text, target, args, result.error.code]);
      const known = judged.get(key);
      if (known) return known;
      const answer = await askStructured(
        client,
        {
          purpose: 'evaluate',
          messages: conversation(EVALUATE_SYSTEM, {
            ...contextData(ctx),
            action: action.text,
            call: action.decision.kind === 'call' ? { target, args: action.decision.args } : null,
            result: { ok: false, error: result.error, retryable: result.retryable },
          }),
          schema: SCHEMA,
          // One call per failure: when its answer does not fit, the method's own words do.
          attempts: 1,
          check(json) {
            const parsed = evaluationSchema.safeParse(json);
            return parsed.success && parsed.data.reason.trim() !== '' ? { value: parsed.data, problems: [] } : { problems: ['not an evaluation'] };
          },
        },
        { ...(ctx.usage ? { usage: ctx.usage } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) },
      );
      const evaluation = answer.value ? { ok: false, reason: answer.value.reason.trim() } : resultVerdict(result);
      judged.set(key, evaluation);
      if (judged.size > memory) judged.delete(judged.keys().next().value!);
      return evaluation;
    },
  };
}
