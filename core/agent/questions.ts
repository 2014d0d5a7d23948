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

export function invalidArgsQuestion(action: PlannedAction, target: string, issues: readonly z.core.$ZodIssue[]): Question {
  const missing = issues.filter((i) => i.code === 'invalid_type' && /undefined/.test(i.message)).map((i) => i.path.join('.'));
  const other = issues.filter((i) => !(i.code === 'invalid_type' && /undefined/.test(i.message))).map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`);
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
