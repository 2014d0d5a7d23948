import { z } from 'zod';
import { PlanGraphError } from '../../errors.js';
import { groupActions } from '../../extract/group.js';
import type { Decision, PlannedAction } from '../../types.js';
import { checkCall, DEFAULT_CONFIDENCE, gaveUp, issuesText } from './calls.js';
import { strictSchemaOf, type JsonSchema } from './json-schema.js';
import type { ModelMethods } from './methods.js';

/**
 * The actions a model writes when it plans (and when it revises a plan after an answer): each
 * with its dependencies, whether it is optional, and its call. The zod schema is the
 * contract; its JSON schema, with `call` narrowed to the catalog's methods, is what the model
 * must fit.
 */

export const modelCallSchema = z.object({
  target: z.string().nullable().describe('A method of the list, or null when nothing fits'),
  args: z.record(z.string(), z.unknown()).nullish(),
  reason: z.string().nullish(),
});

export const modelActionSchema = z.object({
  id: z.string().min(1).describe('a1, a2, a3... in the order of the request'),
  text: z.string().describe('The words of the request this action comes from'),
  dependsOn: z.array(z.string()).describe('Ids of the actions that must be done before this one'),
  optional: z.boolean().describe('True only when the request says the action may be left undone'),
  onlyIf: z
    .enum(['failed', 'done'])
    .nullish()
    .describe('"failed" when it is to run only if what it depends on fails ("if that fails, email me"), "done" only if that worked ("if it works, tell bob"); null when it runs either way'),
  call: modelCallSchema,
  confidence: z.number().describe('From 0 to 1: how sure you are that the call is what the person meant'),
});

export type ModelAction = z.output<typeof modelActionSchema>;

/** The JSON schema of one action, its call being one of `methods`. */
export function actionJsonSchema(methods: ModelMethods): JsonSchema {
  const schema = strictSchemaOf(modelActionSchema);
  const properties = schema['properties'] as Record<string, JsonSchema>;
  return { ...schema, properties: { ...properties, call: methods.callSchema } };
}

/** Models leave out what strict mode would have them write; fill in the obvious. */
function normalize(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const r = raw as Record<string, unknown>;
  return {
    ...r,
    dependsOn: r['dependsOn'] ?? [],
    optional: r['optional'] ?? false,
    confidence: r['confidence'] ?? DEFAULT_CONFIDENCE,
    text: typeof r['text'] === 'string' ? r['text'] : '',
  };
}

/** A list of actions read from JSON, or what is wrong with its shape. */
export function readActions(raw: unknown): { actions?: ModelAction[]; problem?: string } {
  const parsed = z.array(modelActionSchema).safeParse(Array.isArray(raw) ? raw.map(normalize) : raw);
  return parsed.success ? { actions: parsed.data } : { problem: `the actions do not have the expected shape: ${issuesText(parsed.error.issues)}` };
}

export interface CheckedActions {
  actions: PlannedAction[];
  problems: string[];
  /** What was wrong with the call of an action, by its id. */
  badCalls: Map<string, string>;
}

/**
 * Actions with their calls checked against the catalog and their dependencies against each
 * other. `external` ids may be depended on too (earlier actions of a group being revised).
 * Every problem is listed, and the actions come back anyway, made safe: a call that does not
 * fit becomes "nothing fits" (the agent will ask), dependencies that cannot be are dropped.
 */
export function checkActions(actions: readonly ModelAction[], methods: ModelMethods, options: { fallbackText: string; external?: ReadonlySet<string> }): CheckedActions {
  const problems: string[] = [];
  const badCalls = new Map<string, string>();
  const seen = new Set<string>();
  const ids = actions.map((a, i) => {
    if (!seen.has(a.id)) {
      seen.add(a.id);
      return a.id;
    }
    problems.push(`two actions have the id "${a.id}"`);
    let id = `a${i + 1}`;
    for (let n = 2; seen.has(id); n++) id = `a${i + 1}-${n}`;
    seen.add(id);
    return id;
  });
  const known = new Set([...ids, ...(options.external ?? [])]);
  const planned: PlannedAction[] = actions.map((a, i) => {
    const checked = checkCall({ ...a.call, confidence: a.confidence }, methods);
    let decision: Decision;
    if (checked.ok) decision = checked.decision;
    else {
      problems.push(`action ${a.id}: ${checked.problem}`);
      badCalls.set(ids[i]!, checked.problem);
      decision = gaveUp(checked.problem, 1);
    }
    const dependsOn = [...new Set(a.dependsOn)].filter((d) => {
      if (d === a.id) problems.push(`action ${a.id} depends on itself`);
      else if (!known.has(d)) problems.push(`action ${a.id} depends on "${d}", which is not an action`);
      else return true;
      return false;
    });
    // A condition on the outcome of nothing cannot come true (or always would): it goes, said so.
    if (a.onlyIf && dependsOn.length === 0) problems.push(`action ${a.id} runs only if what it depends on ${a.onlyIf === 'failed' ? 'fails' : 'works'}, but depends on nothing`);
    const onlyIf = a.onlyIf && dependsOn.length > 0 ? { onlyIf: a.onlyIf } : {};
    return { id: ids[i]!, text: a.text.trim() || options.fallbackText, dependsOn, optional: a.optional, ...onlyIf, decision };
  });
  const cycle = breakCycles(planned);
  if (cycle) problems.push(`the dependencies make a cycle (${cycle})`);
  return { actions: planned, problems, badCalls };
}

/**
 * Makes the dependencies inside a list acyclic, in place, by keeping only those on earlier
 * actions when there is a cycle. Returns what the cycle was, or undefined when there was none.
 */
export function breakCycles(actions: PlannedAction[]): string | undefined {
  const ids = actions.map((a) => a.id);
  // Only what is inside the list can make a cycle.
  const inside = actions.map((a) => ({ id: a.id, dependsOn: a.dependsOn.filter((d) => ids.includes(d)) }));
  try {
    groupActions(inside);
    return undefined;
  } catch (error) {
    if (!(error instanceof PlanGraphError)) throw error;
    for (const [i, a] of actions.entries()) a.dependsOn = a.dependsOn.filter((d) => !ids.includes(d) || ids.indexOf(d) < i);
    return error.message;
  }
}

/** After the last attempt: an action whose call never fitted says so, and the agent will ask. */
export function settle(checked: CheckedActions, attempts: number): PlannedAction[] {
  return checked.actions.map((a) => {
    const problem = checked.badCalls.get(a.id);
    return problem === undefined ? a : { ...a, decision: gaveUp(problem, attempts) };
  });
}
