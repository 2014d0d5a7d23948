import type { GroupReport } from '../agent/checkpoint.js';

export type Review = { verdict: 'accept' } | { verdict: 'redispatch'; instructions: string };

/**
 * Whether to accept a report or run the group again. A group whose actions ended by
 * themselves (done, failed after retries and the requester's word, skipped) is accepted:
 * running it again would only repeat a decision a human already made. A group that broke
 * outside its actions (an internal error) is run again, a bounded number of times; its
 * completed actions are not repeated, since the agent resumes after them.
 */
export function reviewReport(report: GroupReport, maxRedispatch: number): Review {
  if (!report.error || report.dispatch >= maxRedispatch) return { verdict: 'accept' };
  const current = report.actions.find((a) => a.status !== 'done' && a.status !== 'skipped');
  const where = current ? ` at "${current.action.text}"` : '';
  return {
    verdict: 'redispatch',
    instructions: `Run ${report.dispatch + 1} broke${where} with ${report.error.code}: ${report.error.message}. Resume after the last completed action.`,
  };
}
