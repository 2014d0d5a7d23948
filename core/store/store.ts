import type { Address, Plan, Requester } from '../types.js';
import type { GroupCheckpoint, GroupReport, GroupStatus, QuestionRequest } from '../agent/checkpoint.js';
import type { RequestStatus } from '../events.js';
import type { ScheduledJob, ScheduledRecord, ScheduledStatus } from '../scheduler/scheduler.js';
import type { PluginState } from './plugin-state.js';

export interface RequestRecord {
  id: string;
  text: string;
  requester: Requester;
  status: RequestStatus;
  plan: Plan;
  /** The brain that planned it. */
  brain: string;
  /** What the requester was told at the end. */
  summary?: string;
  createdAt: string;
  updatedAt: string;
}

export type QuestionStatus = 'queued' | 'open' | 'answered' | 'expired' | 'cancelled';

/** A question an agent asked (or will ask, once earlier ones in the conversation are answered). */
export interface QuestionRecord extends QuestionRequest {
  /** Where it is asked: the requester's primary channel and conversation. */
  address: Address;
  status: QuestionStatus;
  createdAt: string;
  askedAt?: string;
  /** The channel's id of the message that asked it, to match replies to it. */
  messageId?: string;
  answer?: string;
  answeredAt?: string;
}

export interface StoredEvent {
  id: number;
  at: string;
  requestId?: string;
  type: string;
  data: unknown;
}

export interface RequestQuery {
  status?: RequestStatus[];
  /** Words that must all appear in the request text or its summary. */
  search?: string;
  /** Only those of this requester in this conversation (its channel, conversation and user). */
  requester?: Address;
  /** Only those made at or after this time (ISO 8601). */
  since?: string;
  limit?: number;
  offset?: number;
}

export interface QuestionQuery {
  status?: QuestionStatus[];
  channel?: string;
  conversationId?: string;
  requestId?: string;
  groupId?: string;
}

/** Storage of the embedded scheduler. */
export interface ScheduledJobStore {
  /** Inserts, or replaces a job that has not fired yet; a fired job with the same id is kept. */
  upsert(job: ScheduledJob): Promise<void>;
  get(id: string): Promise<ScheduledRecord | undefined>;
  list(filter?: { status?: ScheduledStatus; from?: Date; to?: Date }): Promise<ScheduledRecord[]>;
  /** Pending jobs due at or before `at`, earliest first. */
  due(at: Date, limit?: number): Promise<ScheduledRecord[]>;
  /** The earliest pending job. */
  next(): Promise<ScheduledRecord | undefined>;
  /** True when it was pending and is now fired (exactly one caller wins). */
  markFired(id: string, at: Date): Promise<boolean>;
  /**
   * A routine fired at `firedAt`: its pending occurrence `from` moves on to `to`. True when it
   * was pending at `from` (exactly one caller wins); a cancelled or replaced routine is left alone.
   */
  advance(id: string, from: Date, to: Date, firedAt: Date): Promise<boolean>;
  cancel(id: string): Promise<boolean>;
}

/**
 * How long a write makes its caller wait: until it is durable (the default), or only until it
 * is committed (visible to reads), for a caller with other work to do while the disk syncs,
 * which then awaits {@link Store.sync} before it tells anyone the write happened.
 */
export interface WriteOptions {
  wait?: 'durable' | 'committed';
}

/**
 * Everything Majordomo keeps: requests, their groups (checkpoints), questions, reports,
 * events, scheduled jobs and the plugins' own state. Asynchronous so that a networked store
 * can implement it; the embedded one is SQLite.
 */
export interface Store {
  readonly name: string;

  /** Stores a request with the first checkpoint of each of its groups, in one transaction. */
  createRequest(request: RequestRecord, groups: GroupCheckpoint[], options?: WriteOptions): Promise<void>;
  getRequest(id: string): Promise<RequestRecord | undefined>;
  listRequests(query?: RequestQuery): Promise<RequestRecord[]>;
  updateRequest(id: string, patch: { status?: RequestStatus; summary?: string }): Promise<void>;

  /** Replaces a group's checkpoint. Durable when the promise resolves, unless told to wait only until it is committed. */
  saveCheckpoint(checkpoint: GroupCheckpoint, options?: WriteOptions): Promise<void>;
  /**
   * Stores a finished group's last checkpoint and its report, and the request's new status
   * (and summary) when given, in one transaction. Doing it twice for the same group and
   * dispatch keeps one report.
   */
  completeGroup(checkpoint: GroupCheckpoint, report: GroupReport, request?: { status: RequestStatus; summary?: string }, options?: WriteOptions): Promise<void>;
  /** Stores a waiting group's checkpoint and its question in one transaction (the question is upserted by id). */
  pauseGroup(checkpoint: GroupCheckpoint, question: QuestionRecord): Promise<void>;
  /**
   * Records the answer to an open question and queues its group with the answer, in one
   * transaction. Returns the queued checkpoint, or undefined when the question was not open.
   */
  resumeGroup(questionId: string, answer: string, at: Date): Promise<GroupCheckpoint | undefined>;
  getCheckpoint(groupId: string): Promise<GroupCheckpoint | undefined>;
  listCheckpoints(query?: { requestId?: string; status?: GroupStatus[] }): Promise<GroupCheckpoint[]>;

  saveQuestion(question: QuestionRecord): Promise<void>;
  getQuestion(id: string): Promise<QuestionRecord | undefined>;
  /** Oldest first. */
  listQuestions(query?: QuestionQuery): Promise<QuestionRecord[]>;
  /** Changes a question's status or the id of the message that asked it. */
  updateQuestion(id: string, patch: { status?: QuestionStatus; askedAt?: string; messageId?: string }): Promise<void>;

  saveReport(report: GroupReport): Promise<void>;
  listReports(requestId: string): Promise<GroupReport[]>;

  /**
   * Adds to the event log, a record for people: it need not be durable at once (the next
   * durable write takes it along), so logging an event never waits for the disk.
   */
  appendEvent(event: { requestId?: string; type: string; data: unknown }): Promise<StoredEvent>;
  /** Oldest first. */
  listEvents(query?: { requestId?: string; afterId?: number; limit?: number }): Promise<StoredEvent[]>;

  /** Resolves once every write committed before the call is durable (at once for a store whose writes are durable when they resolve). */
  sync(): Promise<void>;

  /** Durable state of one plugin. */
  pluginState(namespace: string): PluginState;
  readonly scheduled: ScheduledJobStore;

  close(): Promise<void>;
}
