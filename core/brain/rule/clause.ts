import { readCues, type ClauseCues } from './cues.js';
import { readTimes, type TimeContext, type TimeHit } from './entities/time.js';
import { tokenize, type Token } from './tokens.js';

/** The longest clause read in full; longer text still reaches free-text arguments. */
const MAX_CLAUSE_TOKENS = 400;

/**
 * One action's words, read once and shared by every method that is tried on them: tokens,
 * cues, and times (parsed lazily, only if some method takes a time).
 */
export interface ClauseView {
  text: string;
  tokens: readonly Token[];
  cues: ClauseCues;
  /** Index of the first token that is not a cue: where the action's own words begin. */
  first: number;
  /** When and where it is said: what its times are read against. */
  time: TimeContext;
  times(): readonly TimeHit[];
}

/** Reads a clause's tokens and cues; its times are read when first asked for. */
export function viewClause(text: string, time: TimeContext): ClauseView {
  const tokens = tokenize(text, MAX_CLAUSE_TOKENS);
  const cues = readCues(tokens);
  let first = 0;
  while (first < tokens.length && cues.covered[first]) first++;
  let times: TimeHit[] | undefined;
  return {
    text,
    tokens,
    cues,
    first,
    time,
    times: () => (times ??= readTimes(tokens.length > 0 ? text.slice(0, tokens[tokens.length - 1]!.end) : '', time)),
  };
}

/** Indices of the tokens that lie within character spans. */
export function tokensIn(tokens: readonly Token[], spans: ReadonlyArray<readonly [number, number]>): number[] {
  const out: number[] = [];
  tokens.forEach((t, i) => {
    if (spans.some(([s, e]) => t.start >= s && t.end <= e)) out.push(i);
  });
  return out;
}
