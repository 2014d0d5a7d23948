import { EventEmitter } from 'node:events';
import type { Decision, ActionResult, Address } from './types.js';
import type { FeedbackReason, GroupStatus } from './agent/checkpoint.js';

/** Progress of one agent, as it happens. Carried from workers to the gateway. */
export type AgentEvent =
  | { type: 'action.started'; requestId: string; groupId: string; actionId: string; text: string; target: string; attempt: number }
  /** `ms`: how long the method took, when this run made the call (not when it judged a call an earlier run made). */
  | { type: 'action.finished'; requestId: string; groupId: string; actionId: string; text: string; target: string; result: ActionResult; ms?: number }
  | { type: 'action.retrying'; requestId: string; groupId: string; actionId: string; text: string; attempt: number; delayMs: number; error: string }
  | { type: 'action.skipped'; requestId: string; groupId: string; actionId: string; text: string; reason: string }
  | { type: 'action.decided'; requestId: string; groupId: string; actionId: string; decision: Decision }
  | { type: 'action.progress'; requestId: string; groupId: string; actionId: string; text: string };

/** Everything the engine announces; the dashboard and channels listen. */
export interface EngineEvents {
  agent: [event: AgentEvent];
  /** `planMs`: how long the brain took to plan it. */
  'request.created': [event: { requestId: string; text: string; from: Address; groups: number; actions: number; planMs: number }];
  'request.finished': [event: { requestId: string; status: RequestStatus; summary: string }];
  'group.status': [event: { requestId: string; groupId: string; status: GroupStatus }];
  'question.asked': [event: { questionId: string; requestId: string; groupId: string; reason: FeedbackReason; text: string }];
  'question.answered': [event: { questionId: string; requestId: string; groupId: string; answer: string }];
  'message.rejected': [event: { channel: string; senderId: string; reason: string }];
  'reminder.fired': [event: { id: string; text: string; to: Address; late: boolean }];
  /** A channel could not deliver what the assistant said (it threw or timed out). */
  'delivery.failed': [event: { channel: string; kind: string; code: string; message: string }];
}

export type RequestStatus = 'running' | 'waiting' | 'done' | 'failed' | 'partial' | 'cancelled';

type Listener<A extends unknown[]> = (...args: A) => void;

/**
 * An event emitter whose event names and payloads are checked by the compiler. A listener
 * that throws is reported to `onListenerError`, never allowed to break the emitter or the
 * other listeners.
 */
export class TypedEmitter<M extends { [K in keyof M]: unknown[] }> {
  readonly #emitter = new EventEmitter();
  readonly #onListenerError: (error: unknown, event: string) => void;

  constructor(onListenerError: (error: unknown, event: string) => void = () => {}) {
    this.#emitter.setMaxListeners(100);
    this.#onListenerError = onListenerError;
  }

  on<K extends keyof M & string>(event: K, listener: Listener<M[K]>): () => void {
    this.#emitter.on(event, listener as (...args: unknown[]) => void);
    return () => this.#emitter.off(event, listener as (...args: unknown[]) => void);
  }

  once<K extends keyof M & string>(event: K, listener: Listener<M[K]>): void {
    this.#emitter.once(event, listener as (...args: unknown[]) => void);
  }

  emit<K extends keyof M & string>(event: K, ...args: M[K]): void {
    for (const listener of this.#emitter.listeners(event)) {
      try {
        (listener as Listener<M[K]>)(...args);
      } catch (error) {
        this.#onListenerError(error, event);
      }
    }
  }
}
