import { buildRegistry, envSections } from '../../apps/majordomo/plugins.js';
import type { Brain, BrainContext } from '../../core/brain/brain.js';
import { planRequest, publicPlan, type PublicPlan } from '../../core/brain/plan.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import { loadConfig } from '../../core/config/load.js';
import type { Plugin } from '../../core/plugin/plugin.js';
import { parseIsoWithOffset } from '../../core/util/time.js';

let builtin: ReturnType<typeof buildCatalog> | undefined;

/** The catalog of every built-in plugin, as `majordomo plan` builds it, and any `extra` ones. */
export function builtinCatalog(extra: Plugin[] = []) {
  if (extra.length > 0) return buildCatalog(extra);
  builtin ??= buildCatalog([]);
  return builtin;
}

function buildCatalog(extra: Plugin[]) {
  const registry = buildRegistry(loadConfig({}, envSections()));
  for (const plugin of extra) registry.register(plugin);
  return registry.catalog();
}

export const NOW = new Date('2026-11-21T10:00:00Z');

export function context(options: { now?: Date; timeZone?: string; channel?: string; extra?: Plugin[] } = {}): BrainContext {
  return {
    now: options.now ?? NOW,
    timeZone: options.timeZone ?? 'UTC',
    requester: { address: { channel: options.channel ?? 'console', conversationId: 'test', userId: 'local' } },
    catalog: builtinCatalog(options.extra),
  };
}

const brain = createRuleBrain();

/** The plan of the rule brain, or of `other` (one set up otherwise: where the home is). */
export async function plan(text: string, ctx: BrainContext = context(), other?: Brain): Promise<PublicPlan> {
  return publicPlan(await planRequest(other ?? brain, text, ctx));
}

/**
 * What an argument must be, as the shared plan cases write it: a plain value, `{'~': s}` (a
 * string containing s), `{between: [a, b]}` (an instant in that range), `{absent: true}`,
 * `{me: true}` (absent or "me"), or any other object (each of its fields matched so).
 */
export type ArgMatcher = unknown;

/** One expected action: its target (`null` when nothing fits) and the arguments that matter. */
export interface ExpectedAction {
  call: string | null;
  args?: Record<string, ArgMatcher>;
  /** Ids are a1.. in the requester's order; these are the indices (0-based) of what it waits for. */
  after?: number[];
  optional?: boolean;
  /** The outcome of what it waits for that it runs on; `null`: it runs either way. */
  onlyIf?: 'failed' | 'done' | null;
  /** A piece of the reason, for actions where nothing fits. */
  reason?: RegExp;
}

export interface PlanCase {
  text: string;
  /** Expected groups, each a list of actions in order. The order of groups does not matter. */
  groups: ExpectedAction[][];
  now?: string;
  timeZone?: string;
}

function norm(s: unknown): string {
  return String(s).trim().toLowerCase().replace(/[\s_]+/g, ' ');
}

/** Why an argument does not match, or undefined when it does. */
export function argMismatch(expected: ArgMatcher, actual: unknown, present: boolean): string | undefined {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    const e = expected as Record<string, unknown>;
    if (e['absent']) return !present || actual === undefined ? undefined : `expected absent, got ${JSON.stringify(actual)}`;
    if (e['me']) return !present || actual === undefined || actual === '' || actual === 'me' ? undefined : `expected me, got ${JSON.stringify(actual)}`;
    if ('~' in e) return present && typeof actual === 'string' && actual.toLowerCase().includes(String(e['~']).toLowerCase()) ? undefined : `expected ~"${String(e['~'])}", got ${JSON.stringify(actual)}`;
    if ('between' in e) {
      const [lo, hi] = e['between'] as [string, string];
      const t = typeof actual === 'string' ? parseIsoWithOffset(actual) : undefined;
      return t && t.getTime() >= Date.parse(lo) && t.getTime() <= Date.parse(hi) ? undefined : `expected between ${lo} and ${hi}, got ${JSON.stringify(actual)}`;
    }
    // An object (coordinates): each of its fields as said.
    if (!present || actual === null || typeof actual !== 'object') return `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
    const fields = actual as Record<string, unknown>;
    for (const [key, want] of Object.entries(e)) {
      const why = argMismatch(want, fields[key], key in fields);
      if (why) return `${key}: ${why}`;
    }
    return undefined;
  }
  if (!present) return `missing (expected ${JSON.stringify(expected)})`;
  if (typeof expected === 'boolean') return actual === expected ? undefined : `expected ${expected}, got ${JSON.stringify(actual)}`;
  if (typeof expected === 'number') return actual === expected ? undefined : `expected ${expected}, got ${JSON.stringify(actual)}`;
  return norm(expected) === norm(actual) ? undefined : `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

type PlannedPublic = PublicPlan['groups'][number]['actions'][number];

function targetMatches(expected: string | null, actual: string | null): boolean {
  if (expected === null) return actual === null;
  if (actual === null) return false;
  if (expected.startsWith('primary.')) return actual === `console.${expected.slice('primary.'.length)}`;
  return expected === actual;
}

function actionMismatch(e: ExpectedAction, a: PlannedPublic, ids: string[]): string | undefined {
  if (!targetMatches(e.call, a.target)) return `target: expected ${e.call}, got ${a.target} (${a.reason ?? JSON.stringify(a.args)})`;
  if (e.optional !== undefined && a.optional !== e.optional) return `optional: expected ${e.optional}`;
  if (e.onlyIf !== undefined && (a.onlyIf ?? null) !== e.onlyIf) return `onlyIf: expected ${e.onlyIf}, got ${a.onlyIf ?? null}`;
  if (e.after) {
    const want = e.after.map((i) => ids[i]).sort();
    if (JSON.stringify([...a.dependsOn].sort()) !== JSON.stringify(want)) return `dependsOn: expected ${JSON.stringify(want)}, got ${JSON.stringify(a.dependsOn)}`;
  }
  if (e.call === null) return e.reason && !e.reason.test(a.reason ?? '') ? `reason: ${a.reason}` : undefined;
  for (const [name, matcher] of Object.entries(e.args ?? {})) {
    const why = argMismatch(matcher, a.args[name], name in a.args);
    if (why) return `${name}: ${why}`;
  }
  return undefined;
}

/**
 * Compares a plan with expected groups, in any group order (as the shared checker does); also
 * checks dependencies and optional flags where the case gives them. Returns what is wrong.
 */
export function planMismatch(expected: ExpectedAction[][], actual: PublicPlan): string | undefined {
  if (expected.length !== actual.groups.length) return `expected ${expected.length} groups, got ${actual.groups.length}: ${JSON.stringify(actual.groups)}`;
  const ids = actual.groups.flatMap((g) => g.actions.map((a) => a.id)).sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)));
  const used = new Set<number>();
  const problems: string[] = [];
  for (const group of expected) {
    let matched = false;
    const tried: string[] = [];
    for (const [j, g] of actual.groups.entries()) {
      if (used.has(j) || g.actions.length !== group.length) continue;
      const why = group.map((e, k) => actionMismatch(e, g.actions[k]!, ids)).find((w) => w !== undefined);
      if (!why) {
        used.add(j);
        matched = true;
        break;
      }
      tried.push(`${g.id}: ${why}`);
    }
    if (!matched) problems.push(`no group matches ${JSON.stringify(group.map((e) => e.call))} (${tried.join('; ') || 'no group of that size'})`);
  }
  return problems.length > 0 ? `${problems.join('\n')}\nplan: ${JSON.stringify(actual.groups)}` : undefined;
}
