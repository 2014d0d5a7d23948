import { MajordomoError } from '../../core/errors.js';
import type { Scheduler } from '../../core/scheduler/scheduler.js';

/** A worker has no scheduler of its own: reminders live with the supervising process. */
export class SchedulerUnavailableError extends MajordomoError {
  constructor() {
    super('MJ_ERR_SCHEDULER_UNAVAILABLE', 'reminders cannot be set or listed from a `majordomo worker` process', {
      hint: 'keep MAJORDOMO_LOCAL_WORKER=true so that `majordomo start` can run such actions, or use the BullMQ scheduler when it is available',
    });
  }
}

/** The scheduler a worker gives its plugins: every use fails with {@link SchedulerUnavailableError}. */
export function workerScheduler(): Scheduler {
  const refuse = async (): Promise<never> => {
    throw new SchedulerUnavailableError();
  };
  return { schedule: refuse, cancel: refuse, list: refuse, start: async () => {}, stop: async () => {} };
}
