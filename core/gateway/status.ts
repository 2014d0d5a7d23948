import { isSettled } from '../agent/records.js';
import type { EngineEvents, RequestStatus, TypedEmitter } from '../events.js';
import type { RequestQuery, RequestRecord, Store } from '../store/store.js';
import type { Address } from '../types.js';
import { counted } from '../util/text.js';
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
      // "Did the email go out?", "did you turn off the lights?": of what was asked last (it sent an email to "go").
      String.raw`did\s+(?:the|my)\s+(?:email|e-?mail|mail|message|text|reminder|timer|request)\s+(?:go\s+(?:out|through)|get\s+(?:sent|set|through)|work|arrive)`,
      String.raw`did\s+you\s+(?:send|turn|switch|set|add|get|make|email|text|remind|tell|put)\b[^?!.]*`,
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
  String.raw`^\s*${POLITE}(?:(?:what|which\s+things)\s+(?:did|have)\s+i\s+(?:ask|asked)(?:\s+(?:you|for))?(?:\s+(?:to\s+do|for))?|what\s+(?:did|have)\s+you\s+(?:do|done)(?:\s+for\s+me)?|(?:show|list|tell)\s+(?:me\s+)?my\s+(?:recent\s+|last\s+)?requests|my\s+(?:recent\s+)?requests)(?:\s+(today|so\s+far(?:\s+today)?|this\s+(?:morning|afternoon|evening)|earlier(?:\s+today)?|yesterday))?${END}`,
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

/** Requests whose progress is followed at most: more, and it starts again (a request that ended unseen is forgotten so). */
const MAX_FOLLOWED = 10_000;

/**
 * What the agents of running requests said last, as they said it: which actions are over and
 * which one runs now. The store has a group's actions only as its last checkpoint there left
 * them; in distributed mode that is when the group ends, so its progress is followed here.
 */
export class LiveProgress {
  readonly #requests = new Map<string, { over: Set<string>; now?: { actionId: string; text: string } }>();

  constructor(events: TypedEmitter<EngineEvents>) {
    events.on('agent', (e) => {
      if (e.type !== 'action.started' && e.type !== 'action.finished' && e.type !== 'action.skipped') return;
      let followed = this.#requests.get(e.requestId);
      if (!followed) {
        if (this.#requests.size >= MAX_FOLLOWED) this.#requests.clear();
        followed = { over: new Set() };
        this.#requests.set(e.requestId, followed);
      }
      if (e.type === 'action.started') followed.now = { actionId: e.actionId, text: e.text };
      else {
        followed.over.add(e.actionId);
        if (followed.now?.actionId === e.actionId) delete followed.now;
      }
    });
    events.on('request.finished', (e) => this.#requests.delete(e.requestId));
  }

  /** The actions of a request over so far, and the one running now, as its agents said. */
  of(requestId: string): { over: ReadonlySet<string>; now?: string } {
    const followed = this.#requests.get(requestId);
    return { over: followed?.over ?? new Set(), ...(followed?.now ? { now: followed.now.text } : {}) };
  }
}

export interface StatusDeps {
  store: Store;
  timeZone: string;
  clock: () => Date;
  progress: LiveProgress;
}

/** Requests read at most when looking for the sender's. */
const RECENT = 200;
/** Requests listed at most for a day. */
const LISTED = 10;

/**
 * The sender's requests on this channel among those the query finds (newest first), in whichever
 * conversation: "cancel that" and "did it work?" are about what they asked last, wherever.
 */
export async function sendersRequests(from: Address, store: Store, query: RequestQuery): Promise<RequestRecord[]> {
  return (await store.listRequests(query)).filter((r) => r.requester.address.channel === from.channel && r.requester.address.userId === from.userId);
}

async function requestsOf(from: Address, store: Store, since?: Date): Promise<RequestRecord[]> {
  return sendersRequests(from, store, { limit: RECENT, ...(since ? { since: since.toISOString() } : {}) });
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
      const live = deps.progress.of(last.id);
      const over = actions.filter((r) => isSettled(r) || live.over.has(r.action.id)).length;
      const now = live.now === undefined ? '' : `, now "${live.now}"`;
      return `${said}, is still running: ${over} of ${counted(actions.length, 'action')} over so far${now}. Its report follows when it ends; "cancel that" stops it.`;
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
