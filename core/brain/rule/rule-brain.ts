import type { Brain, BrainContext } from '../brain.js';
import { avoidedTargets } from '../lesson-hints.js';
import { indexCatalog } from './catalog-index.js';
import { viewClause } from './clause.js';
import { decideClause } from './decide.js';
import { extractActions } from './extract.js';
import { followUpText } from './follow-up.js';
import { readInstructions } from './instructions.js';
import { spelledAsMeant } from './spelling.js';
import { reevaluate } from './reevaluate.js';
import { summarize } from './summary.js';
import { stateConditionsFirst } from './state-condition.js';
import { timeConditions, withUnmet } from './time-condition.js';
import type { TimeContext } from './entities/time.js';
import { SUN_WORDS } from './entities/sun.js';
import { daysThrough } from './entities/recurrence.js';
import type { GeoPlace } from '../../util/sun.js';

/** Options of the rule brain. */
export interface RuleBrainOptions {
  /** Most actions taken from one request; the rest are dropped and the decisions say so. Default 50. */
  maxActions?: number;
  /** Where the home is: times said by the sun ("at sunset") are read there. */
  place?: GeoPlace;
}

/** "From sunset to 11": a while that starts when the sun says and ends at a clock time. */
const FROM_SUN = new RegExp(String.raw`\bfrom\s+(${[...SUN_WORDS].join('|')})\s+(?:to|till|til|until)\s+(?:(\d{1,2}(?::\d\d)?)(\s*(?:am|pm|a\.m\.|p\.m\.))?\b|(midnight|noon)\b)`, 'gi');

/**
 * "Turn on the porch light from sunset to 11" said as "at sunset ... until 11pm", which the times
 * the sun keeps and what lasts until a time are read from (it was a level of 11%): a clock time
 * said bare is in the evening after the sun goes down, in the morning after it comes up.
 */
function fromSunUntil(text: string): string {
  return text.replace(FROM_SUN, (_m, sun: string, clock: string | undefined, half: string | undefined, named: string | undefined) => {
    const evening = !/^(?:sunrise|sunup|dawn|daybreak)$/i.test(sun);
    return `at ${sun} until ${named ?? `${clock}${half ?? (evening ? 'pm' : 'am')}`}`;
  });
}

/**
 * The embedded brain: deterministic, offline, no model. It knows English function words and
 * times; everything about services and channels comes from what plugins declare in the
 * catalog (phrases, keywords, parameter kinds, vocabularies).
 */
export function createRuleBrain(options: RuleBrainOptions = {}): Brain {
  const maxActions = options.maxActions ?? 50;
  const place = options.place;
  const time = (ctx: BrainContext): TimeContext => ({ now: ctx.now, timeZone: ctx.timeZone, ...(place ? { place } : {}) });
  return {
    name: 'rule',
    async extract(text, ctx) {
      const index = indexCatalog(ctx.catalog);
      // "Remind me tomorow": as meant. "Same for the garage", "do that again tomorrow": the request before, changed so.
      const spelled = daysThrough(fromSunUntil(spelledAsMeant(text)));
      const meant = ctx.earlier ? (followUpText(spelled, ctx.earlier, index, time(ctx)) ?? spelled) : spelled;
      // "If it's after 10pm, turn off the porch light": told now; what it holds back is not done, and said why.
      // "Turn off the porch light if the garage light is on": the light is checked first.
      const conditioned = timeConditions(stateConditionsFirst(meant), time(ctx));
      const actions = conditioned.text === '' ? [] : extractActions(conditioned.text, { index, time: time(ctx), maxActions, channel: ctx.requester.address.channel, ...(ctx.earlier ? { earlier: ctx.earlier } : {}) });
      return withUnmet(actions, conditioned.unmet);
    },
    async decide(action, ctx) {
      const index = indexCatalog(ctx.catalog);
      const avoid = avoidedTargets(ctx.lessons);
      const decided = decideClause(viewClause(action.text, time(ctx)), { index, timeZone: ctx.timeZone, channel: ctx.requester.address.channel, ...(avoid.size > 0 ? { avoid } : {}) });
      return ctx.instructions ? readInstructions(decided, ctx.instructions, { index, time: time(ctx) }) : decided.decision;
    },
    async evaluate(_action, result) {
      return result.ok ? { ok: true, reason: result.summary } : { ok: false, reason: `${result.error.code}: ${result.error.message}` };
    },
    async reevaluate(input, ctx) {
      return reevaluate(input, { index: indexCatalog(ctx.catalog), time: time(ctx), maxActions });
    },
    async summarize(outcome) {
      return summarize(outcome);
    },
  };
}
