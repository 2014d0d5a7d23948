import type { Brain, BrainContext } from '../brain/brain.js';
import { usageMeter, usedModel, type ModelUsage } from '../brain/usage.js';
import type { GroupCheckpoint, GroupReport, QuestionRequest } from '../agent/checkpoint.js';
import { FINISHED_GROUP_STATUSES } from '../agent/checkpoint.js';
import { finalStatus, toReport } from '../agent/records.js';
import type { Dispatcher, GroupOutcome } from '../dispatch/dispatcher.js';
import type { EngineEvents, RequestStatus, TypedEmitter } from '../events.js';
import type { Messenger } from '../gateway/messenger.js';
import type { Catalog } from '../plugin/catalog.js';
import type { QuestionRecord, Store } from '../store/store.js';
import type { Address } from '../types.js';
import type { Logger } from '../util/logger.js';
import { reviewReport } from './review.js';

export interface SupervisorDeps {
  store: Store;
  dispatcher: Dispatcher;
  brain: Brain;
  messenger: Messenger;
  events: TypedEmitter<EngineEvents>;
  catalog: Catalog;
  timeZone: string;
  /** Re-dispatches of a group that broke, at most. */
  maxRedispatch: number;
  /** How long a question waits for an answer. */
  questionTtlMs: number;
  logger: Logger;
  clock?: () => Date;
  /** Where the lessons of every accepted report are stored (long-term memory). */
  lessons?: { learn(report: GroupReport): Promise<number> };
}

/**
 * Receives what agents report. It accepts a report (stores it, and tells the requester once
 * every group of the request is over) or re-dispatches the group with instructions; it
 * stores and asks agents' questions, one at a time per conversation.
 */
export class Supervisor {
  readonly #d: SupervisorDeps;
  readonly #clock: () => Date;

  constructor(deps: SupervisorDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? (() => new Date());
  }

  /** Per request, the outcomes being handled: one at a time, so that the last group's end sees every other one. */
  readonly #handling = new Map<string, Promise<void>>();

  async #oneAtATime(requestId: string, fn: () => Promise<void>): Promise<void> {
    const run = (this.#handling.get(requestId) ?? Promise.resolve()).then(fn);
    const tail = run.catch(() => {});
    this.#handling.set(requestId, tail);
    try {
      await run;
    } finally {
      if (this.#handling.get(requestId) === tail) this.#handling.delete(requestId);
    }
  }

  readonly onOutcome = (outcome: GroupOutcome): Promise<void> => this.#oneAtATime(outcome.checkpoint.requestId, () => this.#handle(outcome));

  async #handle(outcome: GroupOutcome): Promise<void> {
    const cp = outcome.checkpoint;
    // The request's groups as stored: read once, for whether this outcome is news and for what the request is at after it.
    const groups = await this.#d.store.listCheckpoints({ requestId: cp.requestId });
    if (await this.#stale(outcome, groups.find((g) => g.groupId === cp.groupId))) {
      this.#d.logger.debug({ groupId: cp.groupId, dispatch: cp.dispatch, kind: outcome.kind }, 'an outcome already recorded came again; ignored');
      return;
    }
    switch (outcome.kind) {
      case 'finished':
        return this.#accept(cp, toReport(cp, this.#clock()), groups);
      case 'paused':
        return this.#pause(cp, outcome.question);
      case 'parked':
        await this.#d.store.saveCheckpoint(cp);
        return;
      case 'crashed': {
        const report = toReport(cp, this.#clock(), outcome.error);
        const review = reviewReport(report, this.#d.maxRedispatch);
        if (review.verdict === 'redispatch') {
          this.#d.logger.warn({ groupId: cp.groupId, error: outcome.error, dispatch: cp.dispatch + 1 }, 're-dispatching a group that broke');
          await this.#d.dispatcher.enqueue({ checkpoint: { ...cp, dispatch: cp.dispatch + 1, instructions: review.instructions, status: 'queued' } });
          return;
        }
        cp.status = 'failed';
        return this.#accept(cp, report, groups);
      }
    }
  }

  /**
   * Whether an outcome was recorded already: a group run again after its worker died once it
   * had delivered, or a report delivered twice. Its group has moved on (a later dispatch, a
   * recorded end) or its question is stored.
   */
  async #stale(outcome: GroupOutcome, stored: GroupCheckpoint | undefined): Promise<boolean> {
    const cp = outcome.checkpoint;
    if (!stored) return false;
    if (stored.dispatch > cp.dispatch) return true;
    if (stored.dispatch === cp.dispatch && FINISHED_GROUP_STATUSES.includes(stored.status)) return true;
    return outcome.kind === 'paused' && (await this.#d.store.getQuestion(outcome.question.id)) !== undefined;
  }

  /**
   * Records a group's end with its request's new status in one transaction (with the
   * summary when it was the request's last group), then tells the requester.
   */
  async #accept(cp: GroupCheckpoint, report: GroupReport, groups?: GroupCheckpoint[]): Promise<void> {
    const status = report.error ? 'failed' : finalStatus(cp);
    const final: GroupCheckpoint = { ...cp, status, updatedAt: this.#clock().toISOString() };
    delete final.waiting;
    const stored: GroupReport = { ...report, status };
    const request = await this.#requestAfter(final, stored, groups ?? (await this.#d.store.listCheckpoints({ requestId: cp.requestId })));
    const { store } = this.#d;
    await store.completeGroup(final, stored, request?.update, { wait: 'committed' });
    await this.#learn(stored);
    this.#log({ requestId: cp.requestId, type: 'group.finished', data: { groupId: cp.groupId, status } });
    this.#d.events.emit('group.status', { requestId: cp.requestId, groupId: cp.groupId, status });
    if (!request?.finished) return store.sync();
    const { requestId, status: requestStatus, summary, summaryUsage, to } = request.finished;
    this.#log({ requestId, type: 'request.finished', data: { status: requestStatus, summary, ...(summaryUsage ? { summaryUsage } : {}) } });
    this.#d.events.emit('request.finished', { requestId, status: requestStatus, summary });
    // The requester may hear of it while the disk syncs (it did happen); the outcome counts as handled once it is synced.
    const replied = this.#d.messenger.send(to, { kind: 'reply', text: summary, requestId });
    await Promise.all([store.sync(), replied]);
  }

  /** Into the event log, without waiting for it: the log is a record for people, and a failed entry is only logged. */
  #log(event: { requestId: string; type: string; data: unknown }): void {
    this.#d.store.appendEvent(event).catch((error: unknown) => this.#d.logger.warn({ err: error, type: event.type, requestId: event.requestId }, 'could not log an event'));
  }

  /** What worked and what failed is remembered; a memory that cannot take it costs the lesson, not the report. */
  async #learn(report: GroupReport): Promise<void> {
    if (!this.#d.lessons) return;
    try {
      const n = await this.#d.lessons.learn(report);
      if (n > 0) this.#d.logger.debug({ groupId: report.groupId, lessons: n }, 'learned from a report');
    } catch (error) {
      this.#d.logger.warn({ err: error, groupId: report.groupId }, 'could not store the lessons of a report');
    }
  }

  async #pause(cp: GroupCheckpoint, question: QuestionRequest): Promise<void> {
    const address = cp.requester.address;
    const waitingHere = await this.#d.store.listQuestions({ status: ['open'], channel: address.channel, conversationId: address.conversationId });
    const record: QuestionRecord = {
      ...question,
      address,
      status: waitingHere.some((q) => q.id !== question.id) ? 'queued' : 'open',
      createdAt: this.#clock().toISOString(),
    };
    await this.#d.store.pauseGroup(cp, record);
    await this.#d.store.updateRequest(cp.requestId, { status: 'waiting' });
    await this.#d.store.appendEvent({ requestId: cp.requestId, type: 'question.created', data: { questionId: record.id, reason: record.reason, text: record.text } });
    this.#d.events.emit('group.status', { requestId: cp.requestId, groupId: cp.groupId, status: 'waiting' });
    if (record.status === 'open') await this.#ask(record);
  }

  async #ask(question: QuestionRecord): Promise<void> {
    const receipt = await this.#d.messenger.send(question.address, {
      kind: 'question',
      text: question.text,
      requestId: question.requestId,
      question: { id: question.id, ...(question.choices ? { choices: question.choices } : {}) },
    });
    await this.#d.store.updateQuestion(question.id, { askedAt: this.#clock().toISOString(), ...(receipt?.messageId ? { messageId: receipt.messageId } : {}) });
    this.#d.events.emit('question.asked', { questionId: question.id, requestId: question.requestId, groupId: question.groupId, reason: question.reason, text: question.text });
  }

  /** Asks the oldest question that waits its turn in a conversation, if none is open there. */
  async askNext(address: Pick<Address, 'channel' | 'conversationId'>): Promise<void> {
    const here = await this.#d.store.listQuestions({ status: ['open', 'queued'], channel: address.channel, conversationId: address.conversationId });
    if (here.some((q) => q.status === 'open')) return;
    const next = here.find((q) => q.status === 'queued');
    if (!next) return;
    await this.#d.store.updateQuestion(next.id, { status: 'open' });
    await this.#ask({ ...next, status: 'open' });
  }

  /** Ends the groups whose question waited longer than allowed. */
  async expireQuestions(): Promise<number> {
    const now = this.#clock().getTime();
    const stale = (await this.#d.store.listQuestions({ status: ['open'] })).filter((q) => now - Date.parse(q.askedAt ?? q.createdAt) > this.#d.questionTtlMs);
    for (const q of stale) await this.#endWaiting(q, 'expired', 'no answer came in time');
    return stale.length;
  }

  /**
   * Stops a group for good: a queued or running one after its current action (through the
   * dispatcher), a waiting one at once. It reports either way. False when it is neither.
   */
  async stopGroup(groupId: string): Promise<boolean> {
    return (await this.#d.dispatcher.cancel(groupId)) || this.stopWaiting(groupId);
  }

  /**
   * Terminates a group that waits for an answer: its question is closed (so a late answer
   * cannot wake it) and it reports. False when the group is not waiting.
   */
  async stopWaiting(groupId: string): Promise<boolean> {
    const [question] = await this.#d.store.listQuestions({ status: ['open', 'queued'], groupId });
    if (!question) return false;
    await this.#endWaiting(question, 'cancelled', 'stopped by an admin');
    return true;
  }

  async #endWaiting(question: QuestionRecord, status: 'expired' | 'cancelled', note: string): Promise<void> {
    await this.#d.store.updateQuestion(question.id, { status });
    await this.#oneAtATime(question.requestId, async () => {
      const cp = await this.#d.store.getCheckpoint(question.groupId);
      if (cp?.status !== 'waiting') return;
      for (const r of cp.actions) {
        if (!['done', 'skipped', 'failed', 'cancelled'].includes(r.status)) {
          r.status = 'cancelled';
          r.note = note;
        }
      }
      cp.status = 'terminated';
      await this.#accept(cp, toReport(cp, this.#clock()));
    });
    await this.askNext(question.address);
  }

  /**
   * The request's status once this group's end is recorded; with its summary when every
   * group is over. Nothing when the request is gone or was already over.
   */
  async #requestAfter(
    final: GroupCheckpoint,
    report: GroupReport,
    stored: readonly GroupCheckpoint[],
  ): Promise<{ update: RequestUpdate; finished?: FinishedRequest } | undefined> {
    const { requestId } = final;
    const groups = stored.map((g) => (g.groupId === final.groupId ? final : g));
    if (!groups.some((g) => g.groupId === final.groupId)) groups.push(final);
    const request = await this.#d.store.getRequest(requestId);
    if (!request || ['done', 'failed', 'partial', 'cancelled'].includes(request.status)) return undefined;
    if (!groups.every((g) => FINISHED_GROUP_STATUSES.includes(g.status))) return { update: { status: groups.some((g) => g.status === 'waiting') ? 'waiting' : 'running' } };
    // In the order of the request (g1 holds its first action), not in the order groups ended.
    // A request of one group has no other report: only this group's end stores one.
    const earlier = groups.length === 1 ? [] : await this.#d.store.listReports(requestId);
    const reports = [...earlier.filter((r) => r.groupId !== report.groupId || r.dispatch !== report.dispatch), report].sort(
      (a, b) => groupNumber(a.groupId) - groupNumber(b.groupId) || a.dispatch - b.dispatch,
    );
    const status = requestStatus(reports);
    const meter = usageMeter();
    const ctx: BrainContext = { now: this.#clock(), timeZone: this.#d.timeZone, requester: request.requester, catalog: this.#d.catalog, usage: meter };
    let summary: string;
    try {
      summary = await this.#d.brain.summarize({ requestId, text: request.text, reports }, ctx);
    } catch (error) {
      this.#d.logger.error({ err: error, requestId }, 'could not summarize a request');
      summary = status === 'done' ? 'Done.' : 'Finished, but some of it did not work; see the report.';
    }
    // The summary's model calls, if the brain made any, are kept with the request's end.
    const summaryUsage = usedModel(meter.total) ? meter.total : undefined;
    return { update: { status, summary }, finished: { requestId, status, summary, to: request.requester.address, ...(summaryUsage ? { summaryUsage } : {}) } };
  }
}

type RequestUpdate = { status: RequestStatus; summary?: string };

interface FinishedRequest {
  requestId: string;
  status: RequestStatus;
  summary: string;
  to: Address;
  summaryUsage?: ModelUsage;
}

function groupNumber(groupId: string): number {
  return Number(/\.g(\d+)$/.exec(groupId)?.[1] ?? 0);
}

/** done when every group is, cancelled when all were stopped, failed when none succeeded, else partial. */
export function requestStatus(reports: readonly GroupReport[]): RequestStatus {
  const latest = new Map<string, GroupReport>();
  for (const r of reports) {
    const seen = latest.get(r.groupId);
    if (!seen || seen.dispatch <= r.dispatch) latest.set(r.groupId, r);
  }
  const statuses = [...latest.values()].map((r) => r.status);
  if (statuses.every((s) => s === 'done')) return 'done';
  if (statuses.every((s) => s === 'terminated')) return 'cancelled';
  if (statuses.every((s) => s !== 'done')) return 'failed';
  return 'partial';
}
