import type { Address } from '../types.js';
import type { SunEvent } from '../util/sun.js';

/** A routine that comes with the sun: at what it does, at a place, each day its pattern names. */
export interface SunRecurrence {
  event: SunEvent;
  /** Seconds after it (before it when negative), e.g. -1800 for half an hour before sunset; omitted = at it. */
  offsetSeconds?: number;
  /** Where, in decimal degrees (north and east positive). */
  latitude: number;
  longitude: number;
}

/** The units a routine may skip by: it comes on every so many days, weeks, months or years of its pattern. */
export const INTERVAL_UNITS = ['day', 'week', 'month', 'year'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

/** Every `count`-th day, week, month or year, as said ("every other week"): counted from no day yet. */
export interface RecurrenceStep {
  /** Every how many: 2 for every other one. */
  count: number;
  unit: IntervalUnit;
}

/**
 * Of the days a pattern names, only those of every `count`-th day, week (Monday to Sunday), month
 * or year, counted from the one of `from`: "every other Tuesday" is Tuesdays, every 2 weeks.
 */
export interface RecurrenceInterval extends RecurrenceStep {
  /** The first day counted (its week, month or year the first of them), YYYY-MM-DD in the routine's time zone; days before it do not come. */
  from: string;
}

/** When a routine comes round again: a cron pattern read in a time zone, or the sun on the days the pattern names. */
export interface Recurrence {
  /**
   * A cron pattern of five fields (minute hour day-of-month month day-of-week), or six with
   * seconds first, e.g. `0 8 * * 1-5` for 08:00 on weekdays. With `sun`, only its days are read.
   */
  cron: string;
  /** The IANA time zone the pattern is read in, e.g. `Europe/Paris`. */
  timeZone: string;
  /**
   * Given, the routine comes when the sun does this on each day of the pattern (in the time
   * zone), a time that moves from day to day; a day the sun does not do it there (polar day
   * or night) it does not come.
   */
  sun?: SunRecurrence;
  /** Given, only every so many days, weeks, months or years of the pattern's come ("every other week"). */
  interval?: RecurrenceInterval;
  /**
   * Given, only the days of the pattern that are the n-th of their weekday in their month (1 to
   * 5), or the last one (-1), come: "the last Friday of every month" is `0 9 * * 5` with -1.
   * The pattern says the weekdays, and no day of the month.
   */
  weekOfMonth?: number;
}

/** Something to do at a time: a reminder (once) or a routine (again and again). */
export interface ScheduledJob {
  /** Stable id; scheduling the same id twice keeps one job (an idempotency key works well). */
  id: string;
  kind: 'reminder' | 'routine';
  /**
   * When it is due. For a routine, the scheduler sets it to the next occurrence of its
   * pattern (what is given is replaced); when a routine fires, it is the occurrence that fell due.
   */
  at: Date;
  text: string;
  /** Who to tell, on which channel. */
  deliverTo: Address;
  requestId?: string;
  /** Given for a routine (and only for one): when it comes round. */
  repeat?: Recurrence;
  /**
   * Times of a routine's pattern it lets pass (ISO 8601): one time of what it follows was taken
   * off or moved alone. Falling due at one of them (to the second), it is passed over.
   */
  except?: string[];
  /**
   * The text is a request to run, not a message to deliver: at its time it is handled as if
   * the requester (`deliverTo`) sent it then, allowed, planned and confirmed as anything they send.
   */
  run?: boolean;
}

/**
 * `pending` until a reminder fires; a routine stays pending, with `firedAt` its last firing,
 * until it is cancelled.
 */
export type ScheduledStatus = 'pending' | 'fired' | 'cancelled';

export interface ScheduledRecord extends ScheduledJob {
  status: ScheduledStatus;
  firedAt?: Date;
}

/** A routine fell due at a time it lets pass (see {@link ScheduledJob.except}): nothing is to be done. */
export function passedOver(job: ScheduledJob): boolean {
  return job.kind === 'routine' && (job.except ?? []).some((t) => Math.abs(Date.parse(t) - job.at.getTime()) < 1000);
}

/**
 * What is to happen when another job falls due (when a timer is up) is a job of its own whose id
 * names the one it follows: `<key>~after~<id of the one it follows>`, the key being the
 * idempotency key of the action that asked for it. Keys hold no "~"; either scheduler takes any
 * character in an id (the BullMQ one encodes it in the ids of its own jobs). The id starts with
 * the key, as every job scheduled under an action's key does ("undo" tells what it set up so).
 */
const AFTER = '~after~';

/** The id of what the action of `key` asked to happen when the job `leaderId` falls due. */
export function followerId(leaderId: string, key: string): string {
  return `${key}${AFTER}${leaderId}`;
}

/** Whether a job (by its id) is to happen when the job `leaderId` falls due. */
export function follows(id: string, leaderId: string): boolean {
  return id.endsWith(`${AFTER}${leaderId}`);
}

/** The key of the action that asked for a follower of `leaderId`, from the follower's id. */
export function followerKey(id: string, leaderId: string): string {
  return id.slice(0, id.length - AFTER.length - leaderId.length);
}

/**
 * Cancels a pending job and what was to happen when it fell due, those first (a run cut short
 * never leaves them to come without it). Returns whether the job was pending, and the
 * followers cancelled.
 */
export async function cancelWithFollowers(scheduler: Scheduler, id: string): Promise<{ cancelled: boolean; followers: ScheduledRecord[] }> {
  const followers: ScheduledRecord[] = [];
  for (const f of await followersOf(scheduler, id)) if (await scheduler.cancel(f.id)) followers.push(f);
  return { cancelled: await scheduler.cancel(id), followers };
}

/** What is still to happen when the job `leaderId` falls due: the pending jobs whose id says they follow it. */
export async function followersOf(scheduler: Scheduler, leaderId: string): Promise<ScheduledRecord[]> {
  return (await scheduler.list({ status: 'pending' })).filter((r) => follows(r.id, leaderId));
}

/** Called when a job is due. A job whose handler fails is tried again later. */
export type FireHandler = (job: ScheduledJob, info: { late: boolean }) => Promise<void>;

/**
 * Fires jobs at their time, including after a restart: a job that fell due while the
 * assistant was down fires at start-up, marked late. A routine whose occurrences fell due
 * while it was down fires once, late, then keeps to its pattern. Each due job fires once,
 * however many processes share the jobs (a handler that fails, or a process that dies while
 * firing, fires it again).
 */
export interface Scheduler {
  /** Schedules a job, or replaces the pending one with the same id. Bad input throws an InvalidInputError. */
  schedule(job: ScheduledJob): Promise<void>;
  /** True when a pending job was cancelled. */
  cancel(id: string): Promise<boolean>;
  /** Jobs by status and time, earliest first. */
  list(filter?: { status?: ScheduledStatus; from?: Date; to?: Date }): Promise<ScheduledRecord[]>;
  start(onFire: FireHandler): Promise<void>;
  stop(): Promise<void>;
}
