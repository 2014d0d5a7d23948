import { z } from 'zod';
import type { ExtractedAction } from '../../types.js';
import type { BrainContext } from '../brain.js';
import { issuesText } from './calls.js';
import { actionJsonSchema, checkActions, readActions, settle, type CheckedActions } from './items.js';
import { withoutDescriptions, type JsonSchema } from './json-schema.js';
import { modelMethods } from './methods.js';
import type { ModelClient } from './model-client.js';
import { contextData, conversation, planSystem } from './prompts.js';
import { askStructured } from './structured.js';

/**
 * Plan and decisions in one model call: structured output whose schema lists the actions,
 * each with its dependencies, optional flag and call (one of the catalog's methods with its
 * arguments' schema, or none with a reason). A request whose actions all succeed costs this
 * call and nothing more.
 *
 * Why not parallel tool calls: a plan is more than calls. Each action needs an id, the ids it
 * waits for, whether it is optional, how sure the model is, and "nothing fits, because..." is
 * an answer too; tool calls carry a name and arguments only, so all of that would have to be
 * smuggled into every method's parameters. And grammar-constrained JSON schemas are what the
 * local servers (llama.cpp, Ollama, vLLM) support best, where several tool calls in one
 * answer are hit and miss. The method schemas are the same either way: the ones function
 * calling uses for a single decision (decide-call.ts).
 */

export interface PlanCallOptions {
  client: ModelClient;
  attempts: number;
  maxActions: number;
}

const planShape = z.object({ actions: z.array(z.unknown()) });

/**
 * The actions of a request, each with its decision. Answers that do not fit are asked again
 * with the problem; after the last attempt, what still does not fit is left for the agent to
 * ask about. Throws a ModelError when the model cannot be reached.
 */
export async function planWithModel(text: string, ctx: BrainContext, options: PlanCallOptions): Promise<ExtractedAction[]> {
  const methods = modelMethods(ctx.catalog, ctx.requester.address.channel);
  // The system prompt says what each field means: the schema only constrains.
  const schema = withoutDescriptions({
    type: 'object',
    properties: { actions: { type: 'array', items: actionJsonSchema(methods) } },
    required: ['actions'],
    additionalProperties: false,
  }) as JsonSchema;
  const answer = await askStructured<CheckedActions>(
    options.client,
    {
      purpose: 'plan',
      messages: conversation(planSystem(methods.prompt), { ...contextData(ctx), request: text }),
      schema: { name: 'plan', schema },
      attempts: options.attempts,
      check(json) {
        const shape = planShape.safeParse(json);
        if (!shape.success) return { problems: [`expected {"actions": [...]}: ${issuesText(shape.error.issues)}`] };
        const read = readActions(shape.data.actions.slice(0, options.maxActions));
        if (!read.actions) return { problems: [read.problem!] };
        const checked = checkActions(read.actions, methods, { fallbackText: text });
        return { value: checked, problems: checked.problems };
      },
    },
    { ...(ctx.usage ? { usage: ctx.usage } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) },
  );
  if (answer.value) return settle(answer.value, answer.attempts);
  // Nothing readable came back: the whole request waits for the requester to say what to do.
  return [{ id: 'a1', text, dependsOn: [], optional: false, decision: { kind: 'none', reason: `the model's answers could not be read (${answer.problems.join('; ')})` } }];
}
