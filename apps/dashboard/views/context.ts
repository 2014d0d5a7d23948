import type { AdminApi } from '../../../core/api.js';
import type { Activity } from '../live.js';
import type { QueueBoard } from '../queues.js';

/** What every view reads from: the assistant, the time, and the admin's form token. */
export interface ViewContext {
  api: AdminApi;
  timeZone: string;
  now(): Date;
  /** The CSRF token of the admin's session; absent for a bearer-token client, which needs none. */
  csrf: string | undefined;
  activity(groupId: string): Activity | undefined;
  /** The BullMQ queues, in distributed mode. */
  board: QueueBoard | undefined;
}
