import type { Address } from '../types.js';

/** Something to do at a time: a reminder today; routines later. */
export interface ScheduledJob {
  /** Stable id; scheduling the same id twice keeps one job (an idempotency key works well). */
  id: string;
  kind: 'reminder';
  /** When it is due. */
  at: Date;
  text: string;
  /** Who to tell, on which channel. */
  deliverTo: Address;
  requestId?: string;
}

export type ScheduledStatus = 'pending' | 'fired' | 'cancelled';

export interface ScheduledRecord extends ScheduledJob {
  status: ScheduledStatus;
  firedAt?: Date;
}

/** Called when a job is due. A job whose handler fails is tried again later. */
export type FireHandler = (job: ScheduledJob, info: { late: boolean }) => Promise<void>;

/**
 * Fires jobs at their time, including after a restart: a job that fell due while the
 * assistant was down fires at start-up, marked late.
 */
export interface Scheduler {
  schedule(job: ScheduledJob): Promise<void>;
  cancel(id: string): Promise<boolean>;
  list(filter?: { status?: ScheduledStatus; from?: Date; to?: Date }): Promise<ScheduledRecord[]>;
  start(onFire: FireHandler): Promise<void>;
  stop(): Promise<void>;
}
