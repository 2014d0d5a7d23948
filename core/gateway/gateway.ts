import { createHash } from 'node:crypto';
import type { Brain } from '../brain/brain.js';
import { inTurn, planRequest } from '../brain/plan.js';
import { readAnswer } from '../brain/rule/answers.js';
import { initialCheckpoint } from '../agent/records.js';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import { InvalidInputError, MajordomoError } from '../errors.js';
import type { EngineEvents, TypedEmitter } from '../events.js';
import type { PluginRegistry } from '../plugin/registry.js';
import type { ScheduledJob, Scheduler } from '../scheduler/scheduler.js';
import type { QuestionRecord, Store } from '../store/store.js';
import type { Supervisor } from '../supervisor/supervisor.js';
import type { Address, InboundMessage, MessageOutcome, Plan, Requester } from '../types.js';
import type { Logger } from '../util/logger.js';
import { randomHex } from '../util/ids.js';
import { sanitizeText } from '../util/text.js';
import { formatHuman, msSince } from '../util/time.js';
import { ADMISSION_CODES, QueueGauge, refusalOf } from './admission.js';
import { callOffLast, calledOff, cancelLast, cancelsLast, undoOf, undoOfLast } from './cancel-last.js';
import { correctionOf } from '../brain/rule/follow-up.js';
import { RecentRequests } from './earlier.js';
import { asksForHelp, courtesyReply, helpText } from './help.js';
import type { Messenger } from './messenger.js';
import type { RateLimiter } from './rate-limit.js';
import { asksAboutRequests, LiveProgress, statusReply } from './status.js';

export interface GatewayDeps {
  registry: PluginRegistry;
  store: Store;
  brain: Brain;
  dispatcher: Dispatcher;
  supervisor: Supervisor;
  /** Where reminders and routines wait: "cancel that" calls off those the last request set. */
  scheduler: Scheduler;
  messenger: Messenger;
  events: TypedEmitter<EngineEvents>;
  timeZone: string;
  maxMessageChars: number;
  logger: Logger;
  clock?: () => Date;
  /** Counts each requester's new requests (answers are never counted); none = no limit. */
  rateLimiter?: RateLimiter;
  /** Groups queued or running, in all, from which new requests are turned away with a reply; 0 or none = no bound. */
  maxQueued?: number;
}

const noop = () => {};

/** A message planned: when, for whom, what, and how long planning took. */
interface Planned {
  at: Date;
  requester: Requester;
  plan: Plan;
  planMs: number;
}

/** Confidence from which a call is taken as what the message asks. */
const SURE = 0.5;
/** "Turn on the garage light instead": a new instruction meant in place of the action asked about. */
const INSTEAD = /\b(instead|rather)\b/i;

/** Sortable, unique, short: `r-<time><random>`. */
export function newRequestId(at: Date): string {
  return `r-${at.getTime().toString(36)}${randomHex(4)}`;
}

export const GATEWAY_CODES = {
  unknownChannel: 'MJ_ERR_UNKNOWN_CHANNEL',
  notAllowed: 'MJ_ERR_SENDER_NOT_ALLOWED',
  invalid: 'MJ_ERR_INVALID_INPUT',
  planFailed: 'MJ_ERR_PLAN_FAILED',
  ...ADMISSION_CODES,
} as const;

/**
 * Where every inbound message arrives. It drops senders a channel does not allow, routes an
 * answer to the agent waiting for it, and turns anything else into a planned request whose
 * groups are queued, unless the queue is at its bound or the requester over their rate:
 * then the requester is told so on their channel, and when to try again.
 */
export class Gateway {
  readonly #d: GatewayDeps;
  readonly #clock: () => Date;
  /** The queue's size as the bound on queued work reads it. */
  readonly #gauge: QueueGauge;
  /** What each conversation asked last: an "it" of the next request may refer to it. */
  readonly #recent = new RecentRequests();
  /** How far running requests got, for "is it done yet?". */
  readonly #progress: LiveProgress;

  constructor(deps: GatewayDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? (() => new Date());
    this.#gauge = new QueueGauge(deps.dispatcher);
    this.#progress = new LiveProgress(deps.events);
  }

  readonly handle = async (message: InboundMessage): Promise<MessageOutcome> => {
    const admitted = await this.#admit(message);
    if ('rejected' in admitted) return admitted.rejected;
    const { text } = admitted;
    if (message.answersQuestion === undefined && asksForHelp(text)) {
      // "What can you do?": answered at once, from what the plugins say of themselves, also while a question waits; no request is made.
      return this.#reply(message, helpText(this.#d.registry, text));
    }
    // "Thanks", "good morning": said back at once, unless it is a shortcut's words ("goodnight" may stand for a request).
    const courtesy = message.answersQuestion === undefined ? courtesyReply(text, message.channel) : undefined;
    if (courtesy !== undefined && (await this.#expand(text)) === undefined) return this.#reply(message, courtesy);
    // "Did it work?", "what did I ask you today?": answered from the store, also while a question waits (the answer names it).
    const about = message.answersQuestion === undefined ? asksAboutRequests(text) : undefined;
    if (about !== undefined && (await this.#expand(text)) === undefined) {
      return this.#reply(message, await statusReply(about, addressOf(message), { store: this.#d.store, timeZone: this.#d.timeZone, clock: this.#clock, progress: this.#progress }));
    }
    const question = await this.#waitingQuestion(message);
    let planned: Planned | undefined;
    let undo: Awaited<ReturnType<typeof undoOfLast>>;
    if (question) {
      planned = message.answersQuestion === question.id ? undefined : await this.#newRequestInstead(question, message, text);
      if (!planned) return this.#answer(question, text);
    } else if (cancelsLast(text)) {
      // "Undo that" after a request that is over: what undoes it is a request of its own ("put the kitchen lights back").
      undo = await undoOfLast(text, addressOf(message), { ...this.#d, clock: this.#clock }, this.#d.registry.catalog());
      // "Never mind": about what this sender asked last, not a request of its own.
      if (!undo) return this.#reply(message, await cancelLast(addressOf(message), { ...this.#d, clock: this.#clock }));
    }
    const refusal = await refusalOf(`${message.channel}:${message.sender.id}`, {
      maxQueued: this.#d.maxQueued ?? 0,
      dispatcher: this.#gauge,
      ...(this.#d.rateLimiter ? { rateLimiter: this.#d.rateLimiter } : {}),
    });
    if (refusal) return this.#reject(message, refusal.code, refusal.reason, true);
    if (undo) {
      const undone = await callOffLast(addressOf(message), { ...this.#d, clock: this.#clock });
      const said = [
        `Undoing "${undo.of}": ${undo.text}.`,
        ...(undone && undone.called.length > 0 ? [calledOff(undone)] : []),
        ...(undo.stays.length > 0 ? [`${undo.stays.map((t) => `"${t}"`).join(', ')} cannot be undone.`] : []),
      ];
      await this.#d.messenger.send(addressOf(message), { kind: 'reply', text: said.join(' ') });
      return this.#request(message, undo.text);
    }
    // "Actually, make it 8pm": the request before set right. Planned whole, what that one set up for later is called off first.
    if (!question && correctionOf(text) !== undefined) {
      const corrected = await this.#plan(message, text);
      if (!('error' in corrected)) {
        planned = corrected;
        const whole = callsOnly(corrected.plan);
        const undone = whole ? await callOffLast(addressOf(message), { ...this.#d, clock: this.#clock }, corrected.plan) : undefined;
        if (undone && undone.called.length > 0) await this.#d.messenger.send(addressOf(message), { kind: 'reply', text: calledOff(undone) });
        // What it did that can be put back is, first: "no, I meant the garage" puts the kitchen light back, then turns off the garage's.
        const back = undone?.replaced ? await undoOf(addressOf(message), { ...this.#d, clock: this.#clock }, this.#d.registry.catalog()) : undefined;
        const first = back ? await this.#plan(message, back.text) : undefined;
        if (back && first && !('error' in first) && callsOnly(first.plan)) {
          planned = { ...corrected, plan: inTurn(first.plan, corrected.plan), planMs: corrected.planMs + first.planMs };
          await this.#d.messenger.send(addressOf(message), { kind: 'reply', text: `Setting right "${back.of}": first ${back.text}.` });
        }
      }
    }
    return this.#request(message, text, { ...(planned ? { planned } : {}), ...(question ? { waiting: question } : {}) });
  };

  /**
   * A message sent while a question waits in its conversation, which does not name it, is its
   * answer unless it is a request of its own: one that opens as no answer ("yes", "no, ...",
   * "skip it"), says nothing of doing it "instead", and whose every action is a sure call of
   * another service than the action the question is about ("what's on my calendar today"
   * while "Shall I email sam?" waits). Then it is that request, planned once; the question
   * keeps waiting. A question about what to do at all (nothing fitted) takes any instruction.
   */
  async #newRequestInstead(question: QuestionRecord, message: InboundMessage, text: string): Promise<Planned | undefined> {
    if (readAnswer(text).intent !== undefined || INSTEAD.test(text)) return undefined;
    const checkpoint = await this.#d.store.getCheckpoint(question.groupId);
    const waiting = checkpoint?.actions.find((r) => r.action.id === question.actionId)?.action.decision;
    if (waiting?.kind !== 'call') return undefined;
    const planned = await this.#plan(message, text);
    if ('error' in planned) return undefined;
    const calls = planned.plan.groups.flatMap((g) => g.actions.map((a) => a.decision));
    const service = (target: string) => target.slice(0, target.indexOf('.'));
    const own = calls.length > 0 && calls.every((d) => d.kind === 'call' && d.confidence >= SURE && service(d.target) !== service(waiting.target));
    return own ? planned : undefined;
  }

  /** A message's requester and plan, timed; or why it could not be planned. */
  async #plan(message: InboundMessage, text: string): Promise<Planned | { error: unknown; requester: Requester }> {
    const at = this.#clock();
    const requester: Requester = { address: addressOf(message), ...(message.sender.name ? { name: message.sender.name } : {}) };
    const started = performance.now();
    try {
      const meant = (await this.#expand(text)) ?? text;
      const earlier = await this.#recent.earlier(requester.address, at, (since) => this.#storedPlans(requester.address, since));
      const plan = await planRequest(this.#d.brain, meant, { now: at, timeZone: this.#d.timeZone, requester, catalog: this.#d.registry.catalog(), ...(earlier ? { earlier } : {}) });
      return { at, requester, plan, planMs: msSince(started) };
    } catch (error) {
      return { error, requester };
    }
  }

  /** The plans of a conversation's requests stored since a time, newest first (a few); none when the store cannot say. */
  async #storedPlans(address: Address, since: Date): Promise<Plan[]> {
    try {
      return (await this.#d.store.listRequests({ requester: address, since: since.toISOString(), limit: 5 })).map((r) => r.plan);
    } catch (error) {
      this.#d.logger.warn({ err: error }, 'could not read the requests before this one; "it" is asked about');
      return [];
    }
  }

  /** The request a shortcut stands for ("goodnight"), when a service knows the words as one; a service that fails is passed by. */
  async #expand(text: string): Promise<string | undefined> {
    for (const service of this.#d.registry.services()) {
      if (!service.expand) continue;
      try {
        const meant = await service.expand(text);
        if (meant !== undefined) return meant;
      } catch (error) {
        this.#d.logger.warn({ err: error, plugin: service.name }, 'could not look up a shortcut');
      }
    }
    return undefined;
  }

  /** What every message passes first: its channel exists and allows its sender, and its text can be read. */
  async #admit(message: InboundMessage): Promise<{ text: string } | { rejected: MessageOutcome }> {
    const channel = this.#d.registry.channel(message.channel);
    if (!channel) return { rejected: await this.#reject(message, GATEWAY_CODES.unknownChannel, `no channel is named "${message.channel}"`, false) };
    if (!channel.allows(message.sender)) {
      return { rejected: await this.#reject(message, GATEWAY_CODES.notAllowed, `${message.sender.id} may not command the assistant on ${message.channel}`, false) };
    }
    try {
      return { text: sanitizeText(message.text, this.#d.maxMessageChars) };
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      return { rejected: await this.#reject(message, GATEWAY_CODES.invalid, `${error.message}${error.hint ? `; ${error.hint}` : ''}`, true) };
    }
  }

  /** The question this message answers: the one it names, or the open one in its conversation, asked of this sender. */
  async #waitingQuestion(message: InboundMessage): Promise<QuestionRecord | undefined> {
    if (message.answersQuestion) {
      const named = await this.#d.store.getQuestion(message.answersQuestion);
      if (named && named.status === 'open' && named.address.channel === message.channel && named.address.userId === message.sender.id) return named;
    }
    const open = await this.#d.store.listQuestions({ status: ['open'], channel: message.channel, conversationId: message.conversationId });
    return open.find((q) => q.address.userId === message.sender.id);
  }

  async #answer(question: QuestionRecord, answer: string): Promise<MessageOutcome> {
    const checkpoint = await this.#d.store.resumeGroup(question.id, answer, this.#clock());
    if (!checkpoint) {
      // Someone (another channel, the dashboard) answered first; this message starts nothing.
      return { kind: 'rejected', code: 'MJ_ERR_CONFLICT', reason: 'that question was already answered' };
    }
    await this.#d.store.appendEvent({ requestId: question.requestId, type: 'question.answered', data: { questionId: question.id, answer } });
    this.#d.events.emit('question.answered', { questionId: question.id, requestId: question.requestId, groupId: question.groupId, answer });
    await this.#d.store.updateRequest(question.requestId, { status: 'running' });
    this.#gauge.added(1);
    await this.#d.dispatcher.enqueue({ checkpoint });
    await this.#d.supervisor.askNext(question.address);
    return { kind: 'answer', questionId: question.id, requestId: question.requestId };
  }

  /**
   * Runs a request its requester asked to have done later (a scheduled job with `run`): it is
   * handled as a message of theirs sent now (their channel must still allow them), but never
   * taken as the answer to a question waiting in their conversation, and not counted against
   * their rate (they asked once). They are told first that it starts because they asked.
   */
  async runScheduled(job: ScheduledJob, late: boolean): Promise<MessageOutcome> {
    const to = job.deliverTo;
    const message: InboundMessage = {
      channel: to.channel,
      conversationId: to.conversationId,
      sender: { id: to.userId },
      text: job.text,
      receivedAt: this.#clock(),
      ...(to.meta ? { meta: to.meta } : {}),
    };
    const admitted = await this.#admit(message);
    if ('rejected' in admitted) return admitted.rejected;
    const { text } = admitted;
    // One request per occurrence, named after it: fired again (its handler failed once the request was made), it is not made twice.
    const requestId = `r-${createHash('sha256').update(`${job.id}@${job.at.toISOString()}`).digest('hex').slice(0, 20)}`;
    if (await this.#d.store.getRequest(requestId)) return { kind: 'request', requestId };
    const when = late ? ` (it was due ${formatHuman(job.at, this.#d.timeZone, this.#clock())}; I was offline then)` : '';
    await this.#d.messenger.send(to, { kind: 'notification', text: `As you asked: ${text}${when}`, ...(job.requestId ? { requestId: job.requestId } : {}) });
    return this.#request(message, text, { id: requestId });
  }

  /** Answers a question from outside a conversation (the dashboard, the HTTP API). */
  async answerQuestion(questionId: string, answer: string): Promise<MessageOutcome> {
    const question = await this.#d.store.getQuestion(questionId);
    if (!question || question.status !== 'open') {
      return { kind: 'rejected', code: 'MJ_ERR_CONFLICT', reason: question ? `that question is ${question.status}` : 'no such question' };
    }
    let text: string;
    try {
      text = sanitizeText(answer, this.#d.maxMessageChars);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      return { kind: 'rejected', code: GATEWAY_CODES.invalid, reason: error.message };
    }
    return this.#answer(question, text);
  }

  async #request(message: InboundMessage, text: string, options: { id?: string; planned?: Planned; waiting?: QuestionRecord } = {}): Promise<MessageOutcome> {
    const planned = options.planned ?? (await this.#plan(message, text));
    if ('error' in planned) {
      const { error, requester } = planned;
      this.#d.logger.error({ err: error, channel: message.channel }, 'planning failed');
      const why = error instanceof MajordomoError ? error.message : 'an internal error';
      await this.#d.messenger.send(requester.address, { kind: 'error', text: `I could not understand that request (${why}). Please rephrase it.` });
      return { kind: 'rejected', code: GATEWAY_CODES.planFailed, reason: why };
    }
    const { at, requester, plan, planMs } = planned;
    const requestId = options.id ?? newRequestId(at);
    if (plan.groups.length === 0) {
      await this.#d.messenger.send(requester.address, { kind: 'error', text: 'I found nothing to do in that message.' });
      return { kind: 'rejected', code: GATEWAY_CODES.invalid, reason: 'nothing to do' };
    }
    const checkpoints = plan.groups.map((group) => initialCheckpoint({ requestId, group, requester, requestText: text, brain: this.#d.brain.name, at }));
    const iso = at.toISOString();
    const { store } = this.#d;
    await store.createRequest({ id: requestId, text, requester, status: 'running', plan, brain: this.#d.brain.name, createdAt: iso, updatedAt: iso }, checkpoints, { wait: 'committed' });
    this.#gauge.added(checkpoints.length);
    this.#recent.remember(requester.address, plan, at);
    const queued = Promise.all(checkpoints.map((checkpoint) => this.#d.dispatcher.enqueue({ checkpoint }, { stored: true })));
    // The sync starts once the queue has the groups: handing it to a thread costs the event loop,
    // which meanwhile takes them to the queue (and to a worker, when one runs here).
    const synced = queued.then(noop, noop).then(() => store.sync());
    const actions = plan.groups.reduce((n, g) => n + g.actions.length, 0);
    store
      .appendEvent({ requestId, type: 'request.created', data: { channel: message.channel, from: message.sender.id, groups: plan.groups.length, actions, planMs } })
      .catch((error: unknown) => this.#d.logger.warn({ err: error, requestId }, 'could not log an event'));
    this.#d.events.emit('request.created', { requestId, text, from: requester.address, groups: plan.groups.length, actions, planMs });
    // Acknowledged once the request is on disk; its groups go to the queue meanwhile, and whatever they say waits for the ack.
    const onIt = actions === 1 ? 'On it.' : `On it: ${actions} actions${plan.groups.length > 1 ? ` in ${plan.groups.length} groups running side by side` : ''}.`;
    // Taken as a request of its own while a question waits: the requester is told it still does.
    const ackText = options.waiting ? `${onIt} (Your answer is still needed: ${options.waiting.text})` : onIt;
    const acked = synced.then(() => this.#d.messenger.send(requester.address, { kind: 'ack', requestId, text: ackText }));
    this.#d.messenger.ackFirst(requestId, acked);
    await Promise.all([acked, queued]);
    return { kind: 'request', requestId };
  }

  /** Answered at once, without a request. */
  async #reply(message: InboundMessage, text: string): Promise<MessageOutcome> {
    await this.#d.messenger.send(addressOf(message), { kind: 'reply', text });
    return { kind: 'replied', text };
  }

  async #reject(message: InboundMessage, code: string, reason: string, tell: boolean): Promise<MessageOutcome> {
    this.#d.logger.warn({ channel: message.channel, sender: message.sender.id, code }, `message rejected: ${reason}`);
    this.#d.events.emit('message.rejected', { channel: message.channel, senderId: message.sender.id, reason });
    if (tell) {
      await this.#d.messenger.send(
        { channel: message.channel, conversationId: message.conversationId, userId: message.sender.id, ...(message.meta ? { meta: message.meta } : {}) },
        { kind: 'error', text: `Sorry, ${reason}.` },
      );
    }
    return { kind: 'rejected', code, reason };
  }
}

/** Whether a plan does something, and every action of it is a call (none is asked about). */
function callsOnly(plan: Plan): boolean {
  return plan.groups.length > 0 && plan.groups.every((g) => g.actions.every((a) => a.decision.kind === 'call'));
}

/** Where a message came from, and so where what answers it goes. */
function addressOf(message: InboundMessage): Address {
  return { channel: message.channel, conversationId: message.conversationId, userId: message.sender.id, ...(message.meta ? { meta: message.meta } : {}) };
}
