import type { ModelUsage } from './brain/usage.js';

/**
 * The data that flows through Majordomo: messages in and out, actions, decisions,
 * results. Plain, serializable values only: everything here may be stored or queued.
 */

/** Who sent a message, as the channel knows them. */
export interface Sender {
  /** Stable id on the channel: Discord user id, email address, Minecraft name, "local". */
  id: string;
  /** Display name, when the channel has one. */
  name?: string;
}

/** Where a conversation lives: replies, questions and progress go back here. */
export interface Address {
  channel: string;
  /** Channel-specific conversation: a Discord channel or thread, an email thread, a console session. */
  conversationId: string;
  /** The person, on that channel. */
  userId: string;
  /** Channel-specific routing data (an email's Message-ID to reply to, say). */
  meta?: Record<string, string>;
}

/** What a channel adapter hands to the gateway. */
export interface InboundMessage {
  channel: string;
  conversationId: string;
  sender: Sender;
  text: string;
  receivedAt: Date;
  /** The channel's id for this message (Discord snowflake, email Message-ID). */
  messageId?: string;
  /** The question this message answers, when the channel knows (a button, a reply-to). */
  answersQuestion?: string;
  /** Channel-specific routing data, copied into the reply address. */
  meta?: Record<string, string>;
}

export type OutboundKind = 'ack' | 'progress' | 'question' | 'reply' | 'notification' | 'error';

/** What the assistant says to someone. Channels render it as they can. */
export interface OutboundMessage {
  kind: OutboundKind;
  text: string;
  subject?: string;
  requestId?: string;
  /** Set on questions, so the channel can offer quick answers and match replies. */
  question?: { id: string; choices?: string[] };
}

/** What the gateway did with an inbound message. */
export type MessageOutcome =
  /** A new request was planned and its groups queued. */
  | { kind: 'request'; requestId: string }
  /** The message answered a waiting question; its group resumes. */
  | { kind: 'answer'; questionId: string; requestId: string }
  /** The message asked what the assistant can do ("help"): it was answered at once, and no request made. */
  | { kind: 'replied'; text: string }
  /** The message was not acted on: an unknown sender, empty or oversized text. */
  | { kind: 'rejected'; code: string; reason: string };

/** What a channel reports back after sending. */
export interface SendReceipt {
  /** The channel's id of the sent message, when it has one. */
  messageId?: string;
}

/** How an action ended, as an action that runs only then asks for it. */
export type ActionOutcome = 'failed' | 'done';

/** One discrete thing the requester asked for, as the extractor found it. */
export interface ExtractedAction {
  id: string;
  /** The part of the request this action comes from, in the requester's words. */
  text: string;
  /** Ids of actions that must finish before this one starts. */
  dependsOn: string[];
  /** An optional action is passed by when it fails; a required one is retried and then asked about. */
  optional: boolean;
  /**
   * Runs only on this outcome of what it depends on: `failed` when one of them was not done (it
   * failed, or was passed by for that: "if that fails, email me"), `done` when all were ("if it
   * works, tell bob"); otherwise it is passed by as not needed. A dependency passed by as not
   * needed counts neither way. What has a `failed` action waiting for it is not asked about when
   * it fails: the requester said what to do then.
   */
  onlyIf?: ActionOutcome;
  /** A brain that decides while extracting (one model call for both) fills this in. */
  decision?: Decision;
}

/** What to do about one action. */
export type Decision =
  | {
      kind: 'call';
      /** `service.method` or `channel.send_message`. */
      target: string;
      args: Record<string, unknown>;
      /** 0..1; below the configured threshold the agent asks before acting. */
      confidence: number;
      reason?: string;
    }
  | { kind: 'none'; reason: string }
  | { kind: 'terminate'; reason: string };

/** An action with the decision the planner made for it. */
export interface PlannedAction extends ExtractedAction {
  decision: Decision;
}

/** Actions that depend on each other, in an order that keeps every dependency. */
export interface PlanGroup {
  id: string;
  actions: PlannedAction[];
}

export interface Plan {
  groups: PlanGroup[];
  /** What planning cost in model calls; absent when no model was asked. */
  usage?: ModelUsage;
}

/** The outcome of running one method. Failures carry a stable code. */
export type ActionResult =
  | {
      ok: true;
      summary: string;
      data?: unknown;
      /**
       * Of a check ("if the garage light is on, ..."): whether what it checked holds. False, what
       * waits for it is passed by as not needed, the summary saying why; the check itself was done.
       */
      holds?: boolean;
    }
  | {
      ok: false;
      error: ActionError;
      retryable: boolean;
      /** What the method got to before it failed (a task's state), for the report. */
      data?: unknown;
    };

export interface ActionError {
  /** Stable code, e.g. `LIGHTS_UNKNOWN_AREA`, `MJ_ERR_TIMEOUT`. */
  code: string;
  message: string;
  /** What the user or admin can do about it. */
  hint?: string;
}

/** Who made a request and where to answer them. */
export interface Requester {
  /** Where the request came from: the "primary channel" of the architecture. */
  address: Address;
  name?: string;
}
