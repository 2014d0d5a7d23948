import type { ActionRecord, GroupReport } from '../../agent/checkpoint.js';
import type { RequestOutcome } from '../brain.js';
import { capitalize } from '../../util/text.js';

/**
 * The requester's account of a request: what was done, in the services' own words, then
 * what failed (with the error and what to do about it), what was skipped and what was not
 * reached.
 */

function sentence(text: string): string {
  const t = text.trim();
  if (t === '') return t;
  const capital = capitalize(t);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

function quoted(record: ActionRecord): string {
  const text = record.action.text.trim();
  return `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
}

function lastResult(record: ActionRecord) {
  for (let i = record.attempts.length - 1; i >= 0; i--) {
    const result = record.attempts[i]!.result;
    if (result) return result;
  }
  return undefined;
}

function failure(record: ActionRecord): string {
  const result = lastResult(record);
  if (result && !result.ok) return `${result.error.message}${result.error.hint ? ` (${result.error.hint})` : ''}`;
  if (record.note) return record.note;
  if (record.action.decision.kind !== 'call') return record.action.decision.reason;
  return 'it did not finish';
}

/** A short account of a request's outcome. */
export function summarize(outcome: RequestOutcome): string {
  const done: string[] = [];
  const failed: string[] = [];
  const skipped: string[] = [];
  /** What was not needed, by why: actions not needed for the same reason are said together. */
  const unneeded = new Map<string, string[]>();
  const open: string[] = [];
  const broken: string[] = [];
  const learned: string[] = [];
  for (const report of outcome.reports as GroupReport[]) {
    if (report.error) broken.push(sentence(`Something went wrong: ${report.error.message}`));
    for (const record of report.actions) {
      if (record.learned) learned.push(sentence(record.learned));
      const result = lastResult(record);
      switch (record.status) {
        case 'done':
          done.push(sentence(result?.ok ? result.summary : `Did ${quoted(record)}`));
          break;
        case 'failed':
          failed.push(sentence(`Could not ${quoted(record)}: ${failure(record)}`));
          break;
        case 'skipped':
          // "If that fails, email me" after it worked: no loss, said apart.
          if (record.unneeded) {
            const why = record.note?.replace(/^not needed:\s*/, '') ?? '';
            unneeded.set(why, [...(unneeded.get(why) ?? []), quoted(record)]);
            break;
          }
          skipped.push(sentence(`${quoted(record)}${result && !result.ok ? `: ${failure(record)}` : record.note ? ` (${record.note})` : ''}`));
          break;
        case 'cancelled':
          // Ended by its plan, for the reason the plan gave ("it is not after 10pm yet"); stopped by someone, said so.
          open.push(sentence(`${quoted(record)} was not done${record.action.decision.kind === 'terminate' ? `: ${record.action.decision.reason}` : report.status === 'terminated' ? ' (stopped)' : ''}`));
          break;
        default:
          open.push(sentence(`${quoted(record)} is still waiting`));
      }
    }
  }
  const lines: string[] = [];
  if (done.length > 0) lines.push(`Done: ${done.join(' ')}`);
  if (failed.length > 0) lines.push(`Failed: ${failed.join(' ')}`);
  if (skipped.length > 0) lines.push(`Skipped: ${skipped.join(' ')}`);
  // "Not needed: "turn on the porch light", "email me" (the kitchen light is on)."
  if (unneeded.size > 0) lines.push(`Not needed: ${[...unneeded].map(([why, said]) => sentence(`${said.join(', ')}${why ? ` (${why})` : ''}`)).join(' ')}`);
  if (open.length > 0) lines.push(`Not done: ${open.join(' ')}`);
  if (learned.length > 0) lines.push(`From what I learned before: ${learned.join(' ')}`);
  lines.push(...broken);
  return lines.length > 0 ? lines.join('\n') : 'Nothing was done.';
}
