import { readCues, type ClauseCues } from './cues.js';
import { LEAD_GATE, readLead, readTimes, type LeadHit, type TimeContext, type TimeHit } from './entities/time.js';
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
  /** A time said as how long before an event ("an hour before my dentist appointment"): none of {@link times}. */
  lead(): LeadHit | undefined;
}

/** Reads a clause's tokens and cues; its times are read when first asked for. */
export function viewClause(text: string, time: TimeContext): ClauseView {
  const tokens = tokenize(text, MAX_CLAUSE_TOKENS);
  const cues = readCues(tokens);
  let first = 0;
  while (first < tokens.length && cues.covered[first]) first++;
  let times: TimeHit[] | undefined;
  let lead: LeadHit | null | undefined;
  const said = () => (tokens.length > 0 ? text.slice(0, tokens[tokens.length - 1]!.end) : '');
  return {
    text,
    tokens,
    cues,
    first,
    time,
    times: () => (times ??= readTimes(said(), time)),
    lead: () => (lead === undefined ? (lead = (LEAD_GATE.test(text) ? readLead(said()) : undefined) ?? null) : lead) ?? undefined,
  };
}

const POSSESSIVE = /\w['’]s$/;

/** Indices of the tokens that lie within character spans, a possessive's "'s" with its word ("today's" of "today"). */
export function tokensIn(tokens: readonly Token[], spans: ReadonlyArray<readonly [number, number]>): number[] {
  const out: number[] = [];
  tokens.forEach((t, i) => {
    const end = POSSESSIVE.test(t.norm) ? t.end - 2 : t.end;
    if (spans.some(([s, e]) => t.start >= s && end <= e)) out.push(i);
  });
  return out;
}
