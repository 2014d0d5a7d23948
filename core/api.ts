import type { GroupCheckpoint, GroupReport } from './agent/checkpoint.js';
import type { ModelUsage } from './brain/usage.js';
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
}
