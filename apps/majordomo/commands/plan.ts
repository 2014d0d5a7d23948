import { createInterface } from 'node:readline';
import type { Brain, BrainContext } from '../../../core/brain/brain.js';
import { planRequest, publicPlan, waitsFor, type PublicPlan } from '../../../core/brain/plan.js';
import type { Catalog } from '../../../core/plugin/catalog.js';
import { InvalidInputError } from '../../../core/errors.js';
import { sanitizeText } from '../../../core/util/text.js';

export interface PlanOptions {
  now: Date;
  timeZone: string;
  channel: string;
  brain: Brain;
  catalog: Catalog;
  maxChars: number;
}

function context(options: PlanOptions): BrainContext {
  return {
    now: options.now,
    timeZone: options.timeZone,
    requester: { address: { channel: options.channel, conversationId: 'plan', userId: 'local' } },
    catalog: options.catalog,
  };
}

export async function planText(text: string, options: PlanOptions): Promise<PublicPlan> {
  const clean = sanitizeText(text, options.maxChars);
  return publicPlan(await planRequest(options.brain, clean, context(options)));
}

/** Plain words for people: one line per action, grouped. */
export function renderPlan(plan: PublicPlan): string {
  if (plan.groups.length === 0) return 'Nothing to do.';
  const lines: string[] = [];
  for (const group of plan.groups) {
    lines.push(`${group.id}:`);
    for (const a of group.actions) {
      const flags = [a.optional ? 'optional' : '', waitsFor(a)].filter(Boolean).join(', ');
      const what = a.target === null ? `(nothing fits: ${a.reason ?? 'not understood'}; will ask)` : `${a.target} ${JSON.stringify(a.args)}`;
      lines.push(`  ${a.id} "${a.text}"${flags ? ` [${flags}]` : ''}\n     → ${what}`);
    }
  }
  return lines.join('\n');
}

/**
 * Reads `{"id","text"}` lines and writes `{"id","groups"}` lines, in order. A bad line gets
 * `{"id","error"}` and the run goes on.
 */
export async function planJsonLines(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, options: PlanOptions): Promise<number> {
  let failures = 0;
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    let id: unknown = `line-${n}`;
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed !== 'object' || parsed === null) throw new InvalidInputError('expected a JSON object with "id" and "text"');
      const record = parsed as { id?: unknown; text?: unknown };
      id = record.id ?? id;
      if (typeof record.text !== 'string') throw new InvalidInputError('expected a "text" string');
      const plan = await planText(record.text, options);
      output.write(`${JSON.stringify({ id, groups: plan.groups })}\n`);
    } catch (error) {
      failures++;
      const message = error instanceof Error ? error.message : String(error);
      output.write(`${JSON.stringify({ id, error: message })}\n`);
    }
  }
  return failures;
}
