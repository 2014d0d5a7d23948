import type { Decision } from '../../types.js';
import type { CatalogIndex, MethodIndex } from './catalog-index.js';
import { viewClause } from './clause.js';
import type { ClauseDecision } from './decide.js';
import type { TimeContext } from './entities/time.js';
import { readMethod } from './reading.js';

/**
 * Arguments that a short answer or an instruction gives for a method already chosen:
 * "kitchen" to "which area?", "at 6pm" to "when?", "use sam@example.com instead".
 */
export function argumentsIn(
  text: string,
  method: MethodIndex,
  env: { index: CatalogIndex; time: TimeContext },
  missingText: boolean,
): Record<string, unknown> {
  const view = viewClause(text, env.time);
  const reading = readMethod(view, method, { index: env.index, timeZone: env.time.timeZone });
  const found: Record<string, unknown> = {};
  for (const name of reading.explicit) {
    // Free text is only taken from an answer when that is what was missing.
    if (method.text?.name === name && !missingText) continue;
    found[name] = reading.args[name];
  }
  if (missingText && method.text && found[method.text.name] === undefined && text.trim().length > 0) found[method.text.name] = text.trim();
  return found;
}

/** A decision with what the supervisor's instructions say about its arguments applied. */
export function readInstructions(decided: ClauseDecision, instructions: string, env: { index: CatalogIndex; time: TimeContext }): Decision {
  const { decision, reading } = decided;
  if (!reading || decision.kind === 'terminate') return decision;
  const extra = argumentsIn(instructions, reading.method, env, false);
  if (Object.keys(extra).length === 0) return decision;
  const base = decision.kind === 'call' ? decision.args : reading.args;
  return {
    kind: 'call',
    target: reading.method.target,
    args: { ...base, ...extra },
    confidence: decision.kind === 'call' ? decision.confidence : 0.6,
    reason: `${decision.reason ?? ''}${decision.reason ? '; ' : ''}with ${Object.keys(extra).join(', ')} from the instructions`,
  };
}
