import { errorCode } from '../errors.js';
import type { GroupCheckpoint } from '../agent/checkpoint.js';
import type { Store } from '../store/store.js';
import type { Logger } from '../util/logger.js';
import { storedAsQueued, type AgentRuntime, type Dispatcher, type DispatcherHandlers, type DispatcherStats, type GroupJob, type GroupOutcome, type StopReason } from './dispatcher.js';

export interface InProcessOptions {
  /** Where checkpoints live: the store is this dispatcher's durable queue. */
  store: Store;
  /** Groups run at the same time. */
  concurrency: number;
  logger: Logger;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
  /** Set once the agent returned: its outcome is being handed over, and stopping it is too late. */
  handover?: Promise<void>;
}

/**
 * Runs groups in this process, `concurrency` at a time. Every checkpoint is saved in the
 * store, so after a crash `start` finds the groups that were queued or running and runs
 * them again; the stepper resumes each after its last completed action.
 */
export function createInProcessDispatcher(options: InProcessOptions): Dispatcher {
  const { store, logger } = options;
  const queue: GroupJob[] = [];
  const running = new Map<string, Running>();
  /** Jobs for groups whose previous run is still finishing (an answer faster than the question's bookkeeping). */
  const deferred = new Map<string, GroupJob>();
  let handlers: DispatcherHandlers | undefined;
  let stopping = false;

  /** Groups found running at start: their last run stopped mid-action. */
  const interrupted = new Set<string>();

  function isKnown(groupId: string): boolean {
    return running.has(groupId) || queue.some((j) => j.checkpoint.groupId === groupId);
  }

  function pump(): void {
    while (!stopping && handlers?.run && running.size < options.concurrency && queue.length > 0) {
      const job = queue.shift()!;
      const controller = new AbortController();
      const entry: Running = { controller, done: Promise.resolve() };
      running.set(job.checkpoint.groupId, entry);
      entry.done = execute(job, controller).finally(() => {
        running.delete(job.checkpoint.groupId);
        const next = deferred.get(job.checkpoint.groupId);
        if (next) {
          deferred.delete(job.checkpoint.groupId);
          queue.push(next);
        }
        pump();
      });
    }
  }

  async function execute(job: GroupJob, controller: AbortController): Promise<void> {
    const { groupId } = job.checkpoint;
    const runtime: AgentRuntime = {
      saveCheckpoint: (cp) => store.saveCheckpoint(cp),
      // Committed, for the dashboard; not waited for, and not synced: the save before it is what a restart needs.
      show: (cp) => void store.saveCheckpoint(cp, { wait: 'committed' }).catch((error: unknown) => logger.warn({ err: error, groupId }, 'could not show a checkpoint')),
      emit: (event) => handlers?.onEvent?.(event),
      signal: controller.signal,
      resumed: interrupted.delete(groupId) || job.checkpoint.dispatch > 0,
    };
    let outcome: GroupOutcome;
    let latest: GroupCheckpoint = job.checkpoint;
    try {
      // Running, durably, before the agent's first side effect: a restart then knows that this run may have begun one.
      if (job.checkpoint.status !== 'running') await store.saveCheckpoint({ ...job.checkpoint, status: 'running' });
      outcome = await handlers!.run!(job, {
        ...runtime,
        saveCheckpoint: async (cp) => {
          // A copy: a crash resumes from what was saved, not from what the agent did since.
          latest = structuredClone(cp);
          await runtime.saveCheckpoint(cp);
        },
      });
    } catch (error) {
      logger.error({ err: error, groupId: job.checkpoint.groupId }, 'agent crashed');
      outcome = {
        kind: 'crashed',
        checkpoint: structuredClone(latest),
        error: { code: errorCode(error), message: error instanceof Error ? error.message : String(error) },
      };
    }
    const entry = running.get(job.checkpoint.groupId);
    const handover = Promise.resolve(handlers!.onOutcome?.(outcome));
    if (entry) entry.handover = handover.catch(() => {});
    try {
      await handover;
    } catch (error) {
      // The checkpoint goes to the store as the agent left it (its last action's end included): a restart delivers this outcome again.
      logger.error({ err: error, groupId: job.checkpoint.groupId }, 'could not handle the outcome of a group');
      if (outcome.kind === 'finished') {
        await store.saveCheckpoint({ ...outcome.checkpoint, status: 'running' }).catch((e: unknown) => logger.error({ err: e, groupId: job.checkpoint.groupId }, 'could not save the last checkpoint of a group'));
      }
    }
  }

  return {
    name: 'in-process',
    async start(h) {
      handlers = h;
      stopping = false;
      if (!h.run) return;
      const unfinished = await store.listCheckpoints({ status: ['queued', 'running'] });
      for (const checkpoint of unfinished) {
        if (isKnown(checkpoint.groupId)) continue;
        // It was running when the process stopped: it takes over mid-action.
        if (checkpoint.status === 'running') interrupted.add(checkpoint.groupId);
        queue.push({ checkpoint });
      }
      if (unfinished.length > 0) logger.info({ groups: unfinished.length }, 'resuming unfinished groups');
      pump();
    },
    async enqueue(job, options) {
      const { groupId } = job.checkpoint;
      if (queue.some((j) => j.checkpoint.groupId === groupId)) {
        logger.warn({ groupId }, 'group already queued; not queued twice');
        return;
      }
      const checkpoint = { ...job.checkpoint, status: 'queued' as const };
      if (!storedAsQueued(job, options)) await store.saveCheckpoint(checkpoint);
      // Its last run is still handing over its outcome: run it again right after.
      if (running.has(groupId)) deferred.set(groupId, { checkpoint });
      else queue.push({ checkpoint });
      pump();
    },
    async cancel(groupId) {
      const active = running.get(groupId);
      if (active?.handover) {
        // Its agent already ended (a question being stored, say): once that is done, whoever stops waiting groups takes over.
        await active.handover;
        return false;
      }
      if (active) {
        active.controller.abort('cancel' satisfies StopReason);
        return true;
      }
      const index = queue.findIndex((j) => j.checkpoint.groupId === groupId);
      if (index < 0) return false;
      // A queued group runs once with its stop already requested, so that it reports.
      const [job] = queue.splice(index, 1);
      const controller = new AbortController();
      controller.abort('cancel' satisfies StopReason);
      const entry: Running = { controller, done: Promise.resolve() };
      running.set(groupId, entry);
      entry.done = execute(job!, controller).finally(() => running.delete(groupId));
      return true;
    },
    async stats(): Promise<DispatcherStats> {
      return { queued: queue.length, running: running.size };
    },
    async stop() {
      stopping = true;
      queue.length = 0;
      deferred.clear();
      for (const r of running.values()) r.controller.abort('shutdown' satisfies StopReason);
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}
