import type { GroupCheckpoint, GroupReport, GroupStatus } from './agent/checkpoint.js';
import type { ModelUsage } from './brain/usage.js';
import type { DispatcherStats } from './dispatch/dispatcher.js';
import type { ScheduledRecord, ScheduledStatus } from './scheduler/scheduler.js';
import type { QuestionQuery, QuestionRecord, RequestQuery, RequestRecord, StoredEvent } from './store/store.js';
import type { MessageOutcome } from './types.js';

/** A request with everything that happened to it. */
export interface RequestView {
  request: RequestRecord;
  /** Each group's latest checkpoint: its actions with decisions, attempts, results, feedback. */
  groups: GroupCheckpoint[];
  reports: GroupReport[];
  questions: QuestionRecord[];
  events: StoredEvent[];
  /**
   * What the request cost in model calls so far: planning, every group's run, the summary.
   * Absent when its brain asked no model.
   */
  usage?: ModelUsage;
}

/**
 * What channels and admin surfaces (the HTTP API, the dashboard) may ask of a running
 * assistant, without reaching into its store or queue.
 */
export interface AssistantApi {
  request(id: string): Promise<RequestView | undefined>;
  requests(query?: RequestQuery): Promise<RequestRecord[]>;
  questions(query?: QuestionQuery): Promise<QuestionRecord[]>;
  /** Answers a waiting question as if the requester had. */
  answer(questionId: string, text: string): Promise<MessageOutcome>;
  /** Stops the agent of a group: it terminates after its current action and reports. */
  stopGroup(groupId: string): Promise<boolean>;
  /** Reminders, reminders that repeat and requests for later, everyone's, soonest first. */
  scheduled(query?: { status?: ScheduledStatus }): Promise<ScheduledRecord[]>;
  /** Cancels one that has not fired (a routine for good); false when none such is pending. */
  cancelScheduled(id: string): Promise<boolean>;
}

export interface GroupQuery {
  requestId?: string;
  status?: GroupStatus[];
}

/** How one part of the assistant is doing: a channel, a service, the dispatcher, the store. */
export interface ComponentHealth {
  name: string;
  kind: 'channel' | 'service' | 'dispatcher' | 'store';
  /** `off`: not configured on this assistant. */
  state: 'up' | 'down' | 'off';
  detail?: string;
  /** The last error that was not the request's fault (a service down, slow or broken). */
  lastError?: { message: string; at: string; code?: string };
}

/** The dispatcher's name and counts, for the queue views. */
export interface DispatchView {
  name: string;
  stats: DispatcherStats;
}

/** What an admin surface may ask beyond what channels may: agents, health, the queue. */
export interface AdminApi extends AssistantApi {
  /** Groups (each one agent's work), by request or status; `running` ones are the live agents. */
  groups(query?: GroupQuery): Promise<GroupCheckpoint[]>;
  /** Every channel and service, then the dispatcher and the store. */
  health(): Promise<ComponentHealth[]>;
  dispatch(): Promise<DispatchView>;
}
