import { isSettled } from '../agent/records.js';
import type { RequestStatus } from '../events.js';
import type { RequestRecord, Store } from '../store/store.js';
import type { Address } from '../types.js';
import { clockTime, formatHuman, wallTime, zonedToInstant } from '../util/time.js';

/** What a message asks about the sender's own requests: how the last one went, or what they asked on a day. */
export type StatusQuestion = { kind: 'last' } | { kind: 'day'; daysAgo: 0 | 1 };

const POLITE = String.raw`(?:(?:so|and|well|ok|okay|hey|majordomo)[,!.]?\s+)?`;
const THAT = String.raw`(?:it|that|this|my\s+(?:last\s+)?request|the\s+last\s+(?:request|one)|my\s+last\s+one)`;
const END = String.raw`(?:\s*,?\s*(?:then|now|yet|already|majordomo|please))?\s*[?!.]*\s*$`;

/** "Did it work?", "what happened?", "how did that go?", "is it done yet?": about the sender's last request. */
const ABOUT_LAST = new RegExp(
  String.raw`^\s*${POLITE}(?:` +
    [
      String.raw`did\s+${THAT}\s+(?:work|go\s+(?:through|ok|okay|well|alright)|happen|succeed|fail)`,
      String.raw`did\s+you\s+(?:do|manage|finish)\s+(?:it|that|this)`,
      String.raw`(?:is|was)\s+${THAT}\s+(?:done|finished|over|complete|completed|ok|okay)`,
      String.raw`are\s+you\s+(?:done|finished)(?:\s+with\s+(?:it|that|this))?`,
      String.raw`how\s+did\s+${THAT}\s+go`,
      String.raw`(?:(?:so|and)\s+)?(?:tell\s+me\s+|say\s+)?what\s+happened(?:\s+(?:with|to)\s+${THAT})?`,
      String.raw`what(?:'s|\s+is)\s+the\s+(?:status|news)(?:\s+(?:of|on)\s+${THAT})?`,
      String.raw`any\s+(?:news|updates?|luck)(?:\s+(?:on|with)\s+${THAT})?`,
    ].join('|') +
    ')' +
    END,
  'i',
);

/** "What did I ask you today?", "what have I asked you to do yesterday?", "my requests today". */
const ABOUT_DAY = new RegExp(
  String.raw`^\s*${POLITE}(?:(?:what|which\s+things)\s+(?:did|have)\s+i\s+(?:ask|asked)(?:\s+(?:you|for))?(?:\s+(?:to\s+do|for))?|(?:show|list|tell)\s+(?:me\s+)?my\s+(?:recent\s+|last\s+)?requests|my\s+(?:recent\s+)?requests)(?:\s+(today|so\s+far(?:\s+today)?|this\s+(?:morning|afternoon|evening)|earlier(?:\s+today)?|yesterday))?${END}`,
  'i',
);

/**
 * Whether a whole message asks about the sender's own requests. "Status" alone and "what are
 * you doing" are not such questions: in a game's chat they are the bot's (its health, its task).
 */
export function asksAboutRequests(text: string): StatusQuestion | undefined {
  if (ABOUT_LAST.test(text)) return { kind: 'last' };
  const day = ABOUT_DAY.exec(text);
  if (day) return { kind: 'day', daysAgo: /yesterday/i.test(day[1] ?? '') ? 1 : 0 };
  return undefined;
}

export interface StatusDeps {
  store: Store;
  timeZone: string;
  clock: () => Date;
}

/** Requests read at most when looking for the sender's. */
const RECENT = 200;
/** Requests listed at most for a day. */
const LISTED = 10;

/** The sender's requests on this channel, newest first: whoever they are talking to, in whichever conversation. */
async function requestsOf(from: Address, store: Store, since?: Date): Promise<RequestRecord[]> {
  const all = await store.listRequests({ limit: RECENT, ...(since ? { since: since.toISOString() } : {}) });
  return all.filter((r) => r.requester.address.channel === from.channel && r.requester.address.userId === from.userId);
}

/** The answer to a {@link StatusQuestion}, from the store. */
export async function statusReply(question: StatusQuestion, from: Address, deps: StatusDeps): Promise<string> {
  return question.kind === 'last' ? lastRequest(from, deps) : dayOfRequests(question.daysAgo, from, deps);
}

async function lastRequest(from: Address, deps: StatusDeps): Promise<string> {
  const [last] = await requestsOf(from, deps.store);
  if (!last) return 'You have not asked me anything yet. Say "help" to see what I can do.';
  const said = `Your last request, "${last.text}" (${formatHuman(new Date(last.createdAt), deps.timeZone, deps.clock())})`;
  switch (last.status) {
    case 'running': {
      const actions = (await deps.store.listCheckpoints({ requestId: last.id })).flatMap((g) => g.actions);
      const settled = actions.filter(isSettled).length;
      return `${said}, is still running: ${settled} of ${actions.length} action${actions.length === 1 ? '' : 's'} over so far. Its report follows when it ends; "cancel that" stops it.`;
    }
    case 'waiting': {
      const [question] = await deps.store.listQuestions({ requestId: last.id, status: ['open', 'queued'] });
      return question ? `${said}, is waiting for your answer: ${question.text}` : `${said}, is waiting for an answer.`;
    }
    default:
      return last.summary ? `${said}: ${last.summary}` : `${said}, ${STATUS_WORDS[last.status]}.`;
  }
}

const STATUS_WORDS: Record<RequestStatus, string> = {
  running: 'still running',
  waiting: 'waiting for your answer',
  done: 'done',
  failed: 'failed',
  partial: 'partly done',
  cancelled: 'cancelled',
};

async function dayOfRequests(daysAgo: 0 | 1, from: Address, deps: StatusDeps): Promise<string> {
  const now = deps.clock();
  const today = wallTime(now, deps.timeZone);
  const start = zonedToInstant({ ...today, hour: 0, minute: 0, second: 0 }, deps.timeZone);
  // Yesterday's midnight: the day before today's, as the wall clock says (a day may be 23 or 25 hours long).
  const since = daysAgo === 0 ? start : zonedToInstant({ ...wallTime(new Date(start.getTime() - 12 * 3_600_000), deps.timeZone), hour: 0, minute: 0, second: 0 }, deps.timeZone);
  const day = daysAgo === 0 ? 'today' : 'yesterday';
  const asked = (await requestsOf(from, deps.store, since)).filter((r) => daysAgo === 0 || Date.parse(r.createdAt) < start.getTime());
  if (asked.length === 0) return `You have asked me nothing ${day}.`;
  const shown = asked.slice(0, LISTED).reverse();
  const lines = shown.map((r) => `- ${clockTime(new Date(r.createdAt), deps.timeZone)} "${r.text}": ${STATUS_WORDS[r.status]}`);
  const more = asked.length > shown.length ? [`(and ${asked.length - shown.length} earlier)`] : [];
  return [`${day === 'today' ? 'Today' : 'Yesterday'} you asked me:`, ...more, ...lines, 'Say "what happened" for how the last one went.'].join('\n');
}
