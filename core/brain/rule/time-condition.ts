import type { ExtractedAction } from '../../types.js';
import { clockTime, hour24, wallTime } from '../../util/time.js';
import type { TimeContext } from './entities/time.js';

/**
 * "If it's after 10pm", "only if it is before 8am": a condition on the time of day, which the
 * assistant can tell when it is asked. The time must say its half of the day ("10pm", "noon")
 * or be on a 24-hour clock ("22:00"): "after 9" may be either, and is left as it is.
 */
const CONDITION =
  /(?:,\s*)?\b(?:(?:but\s+)?only\s+)?if\s+it(?:'s|’s|\s+is)\s+(?:already\s+|now\s+)?(?<said>(?<than>after|past|later\s+than|before|earlier\s+than)\s+(?:(?<hour>\d{1,2})(?::(?<minute>\d{2}))?\s*(?<half>a\.?m\.?|p\.?m\.?)?|(?<noon>noon|midday)))(?![\w:])(?:\s*,)?/i;

/** The parts of a condition {@link CONDITION} read. */
type Said = { said: string; than: string; hour?: string; minute?: string; half?: string; noon?: string };

/** A sentence of a request, where it starts in the text. */
const SENTENCE = /[^.!?;]+[.!?;]*\s*/g;
/** Words of a message: a condition said last of one, and not set apart, may be what it says ("tell bob I'll call if it's after 10pm"). */
const MESSAGE_WORDS = /\b(?:tell|say|saying|email|e-mail|mail|text|message|ask|remind|write|note)\b/i;
/** A message of no words of its own ("email me"): a condition said after it is when to send it. */
export const BARE_MESSAGE = /^\s*(?:please\s+)?(?:email|e-mail|mail|text|message|ping|notify)\s+(?:me|us|[\p{L}.'-]+)\s*[.!?]*\s*$/iu;

/** Whether a condition, as said, is set apart from what it conditions: by a comma, or "only". */
export function setApart(said: string): boolean {
  return /^,|\bonly\b/i.test(said);
}

/**
 * Whether a condition said last of a sentence, and not set apart (by a comma, or "only"), is
 * part of a message's words ("tell bob I'll call if it's after 10pm"): then it stays in them.
 */
export function inMessage(sentence: string, m: RegExpExecArray, rest: string): boolean {
  const opens = sentence.slice(0, m.index).trim() === '';
  return !opens && !setApart(m[0]) && MESSAGE_WORDS.test(rest) && !BARE_MESSAGE.test(rest);
}

/** The sentences of a text, each with what follows it up to the next. */
export function sentences(text: string): string[] {
  return [...text.matchAll(SENTENCE)].map(([s]) => s);
}

export interface UnmetCondition {
  /** What was asked on that condition, in the requester's words. */
  text: string;
  /** Why it is not done: the condition, and the time it is; or what the condition does not say. */
  reason: string;
  /** Not done because the condition does not hold (`terminate`), or asked about because it cannot be told (`none`). */
  kind: 'terminate' | 'none';
}

/**
 * Reads the conditions on the time of day a request says and tells them now: a sentence whose
 * condition holds is kept without it ("if it's after 10pm, turn off the porch light", said at
 * 23:00, is "turn off the porch light"); one whose condition does not hold is taken out of the
 * request, to be told as not done, and why. Every other sentence is kept as it is.
 */
export function timeConditions(text: string, time: TimeContext): { text: string; unmet: UnmetCondition[] } {
  if (!/\bif\s+it/i.test(text)) return { text, unmet: [] };
  const kept: string[] = [];
  const unmet: UnmetCondition[] = [];
  for (const sentence of sentences(text)) {
    const m = CONDITION.exec(sentence);
    if (!m) {
      kept.push(sentence);
      continue;
    }
    const rest = `${sentence.slice(0, m.index)} ${sentence.slice(m.index + m[0].length)}`.replace(/\s{2,}/g, ' ').replace(/^[\s,]+/, '');
    if (inMessage(sentence, m, rest)) {
      kept.push(sentence);
      continue;
    }
    const asked = rest.replace(/[\s.!?;]+$/, '');
    const c = m.groups as Said;
    const minutes = conditionMinutes(c);
    // Nothing but the condition, or a time no clock has ("after 25:00"): as said.
    if (asked === '' || (minutes === undefined && (c.minute !== undefined || c.half !== undefined))) {
      kept.push(sentence);
      continue;
    }
    // "If it's after 9": in the morning or the evening? Asked, not guessed.
    if (minutes === undefined) {
      unmet.push({ text: asked, kind: 'none', reason: `"${c.said}" may be in the morning or in the evening: say which (e.g. "if it's ${c.said}pm, ${asked}")` });
      continue;
    }
    const now = wallTime(time.now, time.timeZone);
    const at = now.hour * 60 + now.minute;
    const after = !/^(?:before|earlier)/i.test(c.than);
    if (after ? at >= minutes : at < minutes) {
      // "If it's after 9am, turn on ...": what follows opens the sentence now, as it opened.
      kept.push(m.index === 0 && /^[A-Z]/.test(sentence) ? rest.charAt(0).toUpperCase() + rest.slice(1) : rest);
      continue;
    }
    unmet.push({ text: asked, kind: 'terminate', reason: `it is not ${c.said}${after ? ' yet' : ' any more'} (it is ${clockTime(time.now, time.timeZone)})` });
  }
  return { text: kept.join('').trim(), unmet };
}

/** The minutes after midnight the condition names, or undefined when its half of the day is not said (or it is no time). */
function conditionMinutes(c: Said): number | undefined {
  if (c.noon !== undefined) return 12 * 60;
  const hour = Number(c.hour);
  const minute = c.minute === undefined ? 0 : Number(c.minute);
  if (c.half === undefined && c.minute === undefined) return undefined;
  if (c.half !== undefined && (hour < 1 || hour > 12)) return undefined;
  if (hour > 23 || minute > 59) return undefined;
  return hour24(hour, c.half) * 60 + minute;
}

/**
 * The actions of a request, with the sentences whose condition on the time did not hold put
 * first, as actions to be ended (or asked about, when the condition cannot be told), each with
 * why; the rest numbered after them.
 */
export function withUnmet(actions: ExtractedAction[], unmet: readonly UnmetCondition[]): ExtractedAction[] {
  if (unmet.length === 0) return actions;
  const shift = new Map(actions.map((a, i) => [a.id, `a${unmet.length + i + 1}`]));
  const ended: ExtractedAction[] = unmet.map((u, i) => ({ id: `a${i + 1}`, text: u.text, dependsOn: [], optional: false, decision: { kind: u.kind, reason: u.reason } }));
  return [...ended, ...actions.map((a) => ({ ...a, id: shift.get(a.id)!, dependsOn: a.dependsOn.map((d) => shift.get(d) ?? d) }))];
}
