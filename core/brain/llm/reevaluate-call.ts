import { z } from 'zod';
import type { PlannedAction } from '../../types.js';
import { readAnswer } from '../rule/answers.js';
import type { BrainContext, FeedbackInput, Reevaluation } from '../brain.js';
import { issuesText } from './calls.js';
import { actionJsonSchema, breakCycles, checkActions, readActions, settle, type CheckedActions } from './items.js';
import { strictSchemaOf, withoutDescriptions, type JsonSchema } from './json-schema.js';
import { modelMethods } from './methods.js';
import type { ModelClient } from './model-client.js';
import { contextData, conversation, REEVALUATE_SYSTEM } from './prompts.js';
import { askStructured } from './structured.js';

/**
 * What a requester's answer means, read by the model: one call, in which the model may also
 * revise the current and later actions (with calls checked as a plan's are). Whatever the
 * model says, a yes is only taken from the requester's own words: an answer that does not
 * read as yes never lets an action that waits for confirmation go ahead.
 */

const VERDICTS = ['proceed', 'retry', 'skip', 'terminate', 'revise', 'unclear'] as const;

const reevaluationSchema = z.object({
  verdict: z.enum(VERDICTS),
  reason: z.string().describe('Why, in a few words'),
  question: z.string().describe('The question to ask next when the verdict is unclear; "" otherwise'),
  actions: z.array(z.unknown()).describe('With revise: the first action and every later one, revised; [] otherwise'),
});

interface ModelVerdict {
  verdict: (typeof VERDICTS)[number];
  reason: string;
  question: string;
  checked?: CheckedActions;
}

function callOf(action: PlannedAction): Record<string, unknown> {
  const d = action.decision;
  return d.kind === 'call' ? { target: d.target, args: d.args } : { target: null, reason: d.reason };
}

/**
 * Ids the agent can use: a kept action keeps its id; a new one gets `<current>.<n>`, which
 * no action of the group has (the model cannot know the ids of the group's earlier actions).
 * What waited for a replaced action waits for the new ones instead.
 */
function placeIds(revised: PlannedAction[], remaining: readonly PlannedAction[]): PlannedAction[] {
  const current = remaining[0]!.id;
  const before = new Set(remaining.map((a) => a.id));
  const used = new Set<string>();
  const renamed = new Map<string, string>();
  let k = 0;
  const placed = revised.map((a) => {
    let id = a.id;
    if (!before.has(id) || used.has(id)) {
      do id = `${current}.${++k}`;
      while (before.has(id) || used.has(id));
      if (!renamed.has(a.id)) renamed.set(a.id, id);
    }
    used.add(id);
    return { ...a, id };
  });
  const kept = new Set(placed.filter((a) => before.has(a.id)).map((a) => a.id));
  const fresh = placed.filter((a) => !before.has(a.id)).map((a) => a.id);
  const out = placed.map((a) => {
    const dependsOn = a.dependsOn.flatMap((d) => {
      if (kept.has(d)) return [d];
      if (renamed.has(d)) return [renamed.get(d)!];
      if (before.has(d)) return fresh;
      return [d];
    });
    return { ...a, dependsOn: [...new Set(dependsOn)].filter((d) => d !== a.id) };
  });
  breakCycles(out);
  return out;
}

export interface ReevaluateCallOptions {
  client: ModelClient;
  attempts: number;
}

/** Throws a ModelError when the model cannot be reached. */
export async function reevaluateWithModel(input: FeedbackInput, ctx: BrainContext, options: ReevaluateCallOptions): Promise<Reevaluation> {
  const methods = modelMethods(ctx.catalog, ctx.requester.address.channel);
  const remaining = input.remaining;
  const ids = new Set(remaining.map((a) => a.id));
  // Earlier actions of the group that the remaining ones wait for may still be waited for.
  const external = new Set([...remaining.flatMap((a) => a.dependsOn).filter((d) => !ids.has(d)), ...(ctx.previous ?? []).map((p) => p.actionId)]);
  const base = strictSchemaOf(reevaluationSchema);
  const schema = withoutDescriptions({ ...base, properties: { ...(base['properties'] as Record<string, JsonSchema>), actions: { type: 'array', items: actionJsonSchema(methods) } } }) as JsonSchema;
  const answer = await askStructured<ModelVerdict>(
    options.client,
    {
      purpose: 'reevaluate',
      messages: conversation(REEVALUATE_SYSTEM, {
        ...contextData(ctx),
        asked: { why: input.reason, question: input.question },
        answer: input.answer,
        remaining: remaining.map((a) => ({ id: a.id, text: a.text, dependsOn: a.dependsOn, optional: a.optional, onlyIf: a.onlyIf ?? null, call: callOf(a) })),
      }),
      schema: { name: 'reevaluation', schema },
      attempts: options.attempts,
      check(json) {
        const parsed = reevaluationSchema.safeParse(json);
        if (!parsed.success) return { problems: [issuesText(parsed.error.issues)] };
        const v: ModelVerdict = { verdict: parsed.data.verdict, reason: parsed.data.reason, question: parsed.data.question };
        if (v.verdict === 'unclear' && v.question.trim() === '') return { value: v, problems: ['an unclear verdict needs the question to ask next'] };
        if (v.verdict !== 'revise') return { value: v, problems: [] };
        const read = readActions(parsed.data.actions);
        if (!read.actions) return { problems: [read.problem!] };
        if (read.actions.length === 0) return { problems: ['revise needs the revised actions'] };
        v.checked = checkActions(read.actions, methods, { fallbackText: remaining[0]!.text, external });
        return { value: v, problems: v.checked.problems };
      },
    },
    { ...(ctx.usage ? { usage: ctx.usage } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) },
  );
  const v = answer.value;
  if (!v) return { verdict: 'unclear', question: `Sorry, I could not work out what to do with your answer. ${input.question}` };
  const reason = v.reason.trim() || undefined;
  switch (v.verdict) {
    case 'proceed': {
      // Only the requester's words can say yes.
      const yes = readAnswer(input.answer).intent === 'yes';
      if (yes && (input.reason === 'confirmation' || input.reason === 'uncertain')) return { verdict: 'proceed', ...(reason ? { reason } : {}) };
      if (input.reason === 'failed') return { verdict: 'retry', ...(reason ? { reason } : {}) };
      return { verdict: 'unclear', question: `Please answer yes or no. ${input.question}` };
    }
    case 'revise':
      return { verdict: 'revise', actions: placeIds(settle(v.checked!, answer.attempts), remaining), ...(reason ? { reason } : {}) };
    case 'unclear':
      return { verdict: 'unclear', question: v.question.trim() };
    default:
      return { verdict: v.verdict, ...(reason ? { reason } : {}) };
  }
}
