import type { ActionRecord } from '../../agent/checkpoint.js';
import type { RequestOutcome } from '../brain.js';
import { summarize } from '../rule/summary.js';

/**
 * The requester's account of a request, without a model call: what was done in the services'
 * own words, and what failed in the words the model chose when it judged the failure (see
 * evaluate-call.ts). The judgement was paid for once, when the failure happened; the
 * summary only reuses it.
 */

function explained(record: ActionRecord): ActionRecord {
  if (record.status !== 'failed' && record.status !== 'skipped') return record;
  const last = record.attempts.at(-1);
  const reason = last?.evaluation && !last.evaluation.ok ? last.evaluation.reason : undefined;
  if (!last?.result || last.result.ok || !reason) return record;
  const attempts = [...record.attempts.slice(0, -1), { ...last, result: { ...last.result, error: { code: last.result.error.code, message: reason } } }];
  return { ...record, attempts };
}

export function summarizeOutcome(outcome: RequestOutcome): string {
  return summarize({ ...outcome, reports: outcome.reports.map((r) => ({ ...r, actions: r.actions.map(explained) })) });
}
