import type { z } from 'zod';
import type { ActionResult, PlannedAction } from '../types.js';
import type { FeedbackReason } from './checkpoint.js';
import { counted } from '../util/text.js';

/** A question for the requester, in plain words, with quick answers where they fit. */
export interface Question {
  reason: FeedbackReason;
  text: string;
  choices?: string[];
}

function quote(action: PlannedAction): string {
  return `"${action.text}"`;
}

export function noTargetQuestion(action: PlannedAction, reason: string): Question {
  return {
    reason: 'no-target',
    text: `I don't know how to ${quote(action)}: ${reason}. What should I do instead? (or say "skip" or "stop")`,
    choices: ['skip', 'stop'],
  };
}

const UNITS: Record<string, string> = { string: ' characters', array: ' items' };

/** What is wrong with an argument, in plain words: "percent can be at most 100" (zod says "Too big: expected number to be <=100"). */
function plainIssue(issue: z.core.$ZodIssue): string {
  const name = issue.path.join('.') || 'it';
  switch (issue.code) {
    case 'too_big':
      return `${name} can be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}${UNITS[issue.origin] ?? ''}`;
    case 'too_small':
      return `${name} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}${UNITS[issue.origin] ?? ''}`;
    case 'invalid_value':
      return `${name} must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return `${name}: ${issue.message}`;
  }
}

export function invalidArgsQuestion(action: PlannedAction, target: string, issues: readonly z.core.$ZodIssue[]): Question {
  const missing = issues.filter((i) => i.code === 'invalid_type' && /undefined/.test(i.message)).map((i) => i.path.join('.'));
  const other = issues.filter((i) => !(i.code === 'invalid_type' && /undefined/.test(i.message))).map(plainIssue);
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`I need the ${missing.join(' and ')}`);
  if (other.length > 0) parts.push(other.join('; '));
  return {
    reason: 'invalid-args',
    text: `To ${quote(action)} (${target}), ${parts.join('; ')}. What should I use?`,
  };
}

export function confirmationQuestion(action: PlannedAction, target: string, args: unknown, why: string, uncertain: boolean, explained?: string): Question {
  const what = `${target} ${JSON.stringify(args)}${explained ? ` (${explained})` : ''}`;
  return {
    reason: uncertain ? 'uncertain' : 'confirmation',
    text: uncertain
      ? `I think ${quote(action)} means ${what}, but I am not sure. Shall I go ahead?`
      : `Shall I ${quote(action)}? That is ${what}, and ${why}.`,
    choices: ['yes', 'no'],
  };
}

export function failedQuestion(action: PlannedAction, result: ActionResult, attempts: number): Question {
  const error = result.ok ? 'the result did not look right' : `${result.error.message}${result.error.hint ? ` (${result.error.hint})` : ''}`;
  return {
    reason: 'failed',
    text: `I could not ${quote(action)} after ${counted(attempts, 'attempt')}: ${error}. Shall I try again, skip it, or stop? You can also tell me what to do instead.`,
    choices: ['try again', 'skip', 'stop'],
  };
}
