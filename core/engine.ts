import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AdminApi } from './api.js';
import type { Brain } from './brain/brain.js';
import { sumUsage, usedModel, type ModelUsage } from './brain/usage.js';
import type { AgentPolicy } from './agent/policy.js';
import { Stepper } from './agent/stepper.js';
import type { Dispatcher } from './dispatch/dispatcher.js';
import { TypedEmitter, type AgentEvent, type EngineEvents } from './events.js';
import { Gateway, GATEWAY_CODES } from './gateway/gateway.js';
import type { RateLimiter } from './gateway/rate-limit.js';
import { HealthTracker } from './health.js';
import { Messenger } from './gateway/messenger.js';
import type { ChannelPlugin, PluginContext } from './plugin/plugin.js';
import type { PluginRegistry } from './plugin/registry.js';
import { cancelWithFollowers, passedOver, type ScheduledJob, type Scheduler } from './scheduler/scheduler.js';
import type { PluginState } from './store/plugin-state.js';
import type { Store } from './store/store.js';
import { Supervisor } from './supervisor/supervisor.js';
import type { Address } from './types.js';
import type { Logger } from './util/logger.js';
import type { AgentMemory } from './memory/agent-memory.js';
import { formatHuman } from './util/time.js';

export interface EngineOptions {
  registry: PluginRegistry;
  store: Store;
  brain: Brain;
  dispatcher: Dispatcher;
  scheduler: Scheduler;
  policy: AgentPolicy;
  dataDir: string;
  timeZone: string;
  maxMessageChars: number;
  maxRedispatch: number;
  questionTtlMs: number;
  logger: Logger;
  clock?: () => Date;
  /** Where plugins keep their state; the store's by default (Redis in distributed mode, shared with the workers). */
  pluginState?: (namespace: string) => PluginState;
  /** Counts each requester's new requests; none = no limit. */
  rateLimiter?: RateLimiter;
  /** Groups queued or running from which new requests are turned away; 0 or none = no bound. */
  maxQueued?: number;
  /** Long-term memory: lessons for the agents and the supervisor, places and more for plugins. */
  memory?: AgentMemory;
}

export interface StartOptions {
  /** Start the channels' inbound side (false for a process that only works on the queue). */
  channels?: boolean;
  /** Run agents in this process. */
  work?: boolean;
  /** Supervise: receive outcomes, fire reminders, expire questions. */
  supervise?: boolean;
}

/**
 * One assistant: plugins, gateway, dispatcher, stepper agents and supervisor wired together.
 * It knows no concrete channel, service, store or queue; the composition root picks them.
 */
export class Engine {
  readonly events: TypedEmitter<EngineEvents>;
  readonly gateway: Gateway;
  readonly supervisor: Supervisor;
  readonly messenger: Messenger;
  readonly stepper: Stepper;
  readonly #o: EngineOptions;
  readonly #health: HealthTracker;
  readonly #clock: () => Date;
  /** Where to show progress of a request: cached, since every event of a request goes to the same place. */
  readonly #addresses = new Map<string, Address>();
  #expiry: NodeJS.Timeout | undefined;
  #started: ChannelPlugin[] = [];
  #running = false;

  constructor(options: EngineOptions) {
    this.#o = options;
    this.#clock = options.clock ?? (() => new Date());
    this.events = new TypedEmitter<EngineEvents>((error, event) => options.logger.error({ err: error, event }, 'event listener failed'));
    this.messenger = new Messenger(options.registry, options.logger.child({ part: 'messenger' }), undefined, (failure) => this.events.emit('delivery.failed', failure));
    this.#health = new HealthTracker(this.events, this.#clock);
    const catalog = options.registry.catalog();
    this.stepper = new Stepper({
      brain: options.brain,
      catalog,
      policy: options.policy,
      timeZone: options.timeZone,
      logger: options.logger.child({ part: 'agent' }),
      clock: this.#clock,
      ...(options.memory ? { lessons: options.memory.lessons } : {}),
    });
    this.supervisor = new Supervisor({
      store: options.store,
      dispatcher: options.dispatcher,
      brain: options.brain,
      messenger: this.messenger,
      events: this.events,
      catalog,
      timeZone: options.timeZone,
      maxRedispatch: options.maxRedispatch,
      questionTtlMs: options.questionTtlMs,
      logger: options.logger.child({ part: 'supervisor' }),
      clock: this.#clock,
      ...(options.memory ? { lessons: options.memory.lessons } : {}),
    });
    this.gateway = new Gateway({
      registry: options.registry,
      store: options.store,
      brain: options.brain,
      dispatcher: options.dispatcher,
      supervisor: this.supervisor,
      scheduler: options.scheduler,
      messenger: this.messenger,
      events: this.events,
      timeZone: options.timeZone,
      maxMessageChars: options.maxMessageChars,
      logger: options.logger.child({ part: 'gateway' }),
      clock: this.#clock,
      ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
      ...(options.maxQueued !== undefined ? { maxQueued: options.maxQueued } : {}),
    });
    this.events.on('request.created', (e) => this.#addresses.set(e.requestId, e.from));
    this.events.on('request.finished', (e) => this.#addresses.delete(e.requestId));
  }

  /** What channels and admin surfaces may ask of this assistant. */
  readonly api: AdminApi = {
    request: async (id) => {
      const { store } = this.#o;
      const request = await store.getRequest(id);
      if (!request) return undefined;
      const [groups, reports, questions, events] = await Promise.all([
        store.listCheckpoints({ requestId: id }),
        store.listReports(id),
        store.listQuestions({ requestId: id }),
        store.listEvents({ requestId: id }),
      ]);
      const summaries = events.map((e) => (e.type === 'request.finished' ? (e.data as { summaryUsage?: ModelUsage }).summaryUsage : undefined));
      const usage = sumUsage(request.plan.usage, ...groups.map((g) => g.usage), ...summaries);
      return { request, groups, reports, questions, events, ...(usedModel(usage) ? { usage } : {}) };
    },
    requests: (query) => this.#o.store.listRequests(query),
    questions: (query) => this.#o.store.listQuestions(query),
    answer: (questionId, text) => this.gateway.answerQuestion(questionId, text),
    stopGroup: (groupId) => this.supervisor.stopGroup(groupId),
    scheduled: (query) => this.#o.scheduler.list(query?.status ? { status: query.status } : {}),
    // What was to happen when it fell due (when a timer is up) goes with it.
    cancelScheduled: async (id) => (await cancelWithFollowers(this.#o.scheduler, id)).cancelled,
    groups: (query) => this.#o.store.listCheckpoints(query),
    health: async () => {
      const { registry, dispatcher, store } = this.#o;
      const stats = await dispatcher.stats();
      return [
        ...registry.channels().map((c) => this.#health.of(c)),
        ...registry.services().map((s) => this.#health.of(s)),
        { name: dispatcher.name, kind: 'dispatcher', state: this.#running ? 'up' : 'down', detail: `${stats.running} running, ${stats.queued} queued` },
        { name: store.name, kind: 'store', state: 'up' },
      ];
    },
    dispatch: async () => ({ name: this.#o.dispatcher.name, stats: await this.#o.dispatcher.stats() }),
  };

  get store(): Store {
    return this.#o.store;
  }

  get registry(): PluginRegistry {
    return this.#o.registry;
  }

  get dispatcher(): Dispatcher {
    return this.#o.dispatcher;
  }

  async start(options: StartOptions = {}): Promise<void> {
    const { channels = true, work = true, supervise = true } = options;
    const { registry, store, scheduler, logger } = this.#o;
    await mkdir(this.#o.dataDir, { recursive: true });
    const context = (name: string): PluginContext => ({
      logger: logger.child({ plugin: name }),
      dataDir: join(this.#o.dataDir, name),
      state: this.#o.pluginState ? this.#o.pluginState(name) : store.pluginState(name),
      scheduler,
      ...(this.#o.memory ? { memory: this.#o.memory } : {}),
    });
    for (const service of registry.services()) await service.start?.(context(service.name));
    await this.#o.dispatcher.start({
      ...(work ? { run: this.stepper.run } : {}),
      ...(supervise ? { onOutcome: this.supervisor.onOutcome, onEvent: (e: AgentEvent) => void this.#onAgentEvent(e) } : {}),
    });
    if (supervise) {
      await scheduler.start(async (job, info) => {
        // "15 minutes before every team meeting", the meeting of this week taken off: this time, nothing.
        if (passedOver(job)) return logger.info({ jobId: job.id, at: job.at.toISOString() }, 'routine passed over: a time it lets pass');
        return job.run ? this.#runScheduled(job, info.late) : this.#deliverReminder(job, info.late);
      });
      const every = Math.min(60_000, Math.max(1_000, this.#o.questionTtlMs / 10));
      this.#expiry = setInterval(() => {
        this.supervisor.expireQuestions().catch((error: unknown) => logger.error({ err: error }, 'could not expire questions'));
      }, every);
      this.#expiry.unref();
    }
    if (channels) {
      for (const channel of registry.channels()) {
        if (!channel.configured) continue;
        await channel.start({ ...context(channel.name), onMessage: this.gateway.handle, api: this.api });
        this.#started.push(channel);
      }
      if (supervise) await this.#askAgain();
    }
    this.#running = true;
  }

  /** Questions shown on a channel that forgets (a terminal) are shown again. */
  async #askAgain(): Promise<void> {
    const forgetful = new Set(this.#started.filter((c) => c.ephemeral).map((c) => c.name));
    if (forgetful.size === 0) return;
    for (const q of await this.#o.store.listQuestions({ status: ['open'] })) {
      if (!forgetful.has(q.address.channel)) continue;
      await this.messenger.send(q.address, {
        kind: 'question',
        text: `(asked earlier) ${q.text}`,
        requestId: q.requestId,
        question: { id: q.id, ...(q.choices ? { choices: q.choices } : {}) },
      });
    }
  }

  /**
   * Stops taking messages, lets running agents park after their current action, and stops
   * the plugins. Nothing is lost: parked groups run again at the next start.
   */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    const { logger } = this.#o;
    clearInterval(this.#expiry);
    for (const channel of this.#started.reverse()) {
      await channel.stop().catch((error: unknown) => logger.warn({ err: error, channel: channel.name }, 'channel did not stop cleanly'));
    }
    this.#started = [];
    await this.#o.dispatcher.stop();
    await this.#o.scheduler.stop();
    for (const service of this.#o.registry.services()) {
      await service.stop?.().catch((error: unknown) => logger.warn({ err: error, service: service.name }, 'service did not stop cleanly'));
    }
  }

  async #onAgentEvent(event: AgentEvent): Promise<void> {
    // Not written to the event log: the group's checkpoint already records every attempt.
    this.events.emit('agent', event);
    if (event.type === 'action.decided') return;
    const to = await this.#addressOf(event.requestId);
    if (!to) return;
    const text = progressText(event);
    if (text) await this.messenger.send(to, { kind: 'progress', text, requestId: event.requestId });
  }

  async #addressOf(requestId: string): Promise<Address | undefined> {
    const cached = this.#addresses.get(requestId);
    if (cached) return cached;
    const request = await this.#o.store.getRequest(requestId);
    if (request) this.#addresses.set(requestId, request.requester.address);
    return request?.requester.address;
  }

  /** A request the requester asked to have done later: handled now as if they sent it. */
  async #runScheduled(job: ScheduledJob, late: boolean): Promise<void> {
    const outcome = await this.gateway.runScheduled(job, late);
    // Its requester may no longer command the assistant there: a routine of theirs ends rather than be refused at every turn.
    if (outcome.kind === 'rejected' && outcome.code === GATEWAY_CODES.notAllowed && job.kind === 'routine') {
      await this.#o.scheduler.cancel(job.id);
      this.#o.logger.warn({ id: job.id, channel: job.deliverTo.channel, sender: job.deliverTo.userId }, 'a routine of a sender no longer allowed was cancelled');
    }
    await this.#o.store.appendEvent({ ...(outcome.kind === 'request' ? { requestId: outcome.requestId } : {}), type: 'scheduled.ran', data: { id: job.id, text: job.text, late, outcome } });
    this.events.emit('reminder.fired', { id: job.id, text: job.text, to: job.deliverTo, late });
  }

  async #deliverReminder(job: ScheduledJob, late: boolean): Promise<void> {
    const when = late ? ` (due ${formatHuman(job.at, this.#o.timeZone, this.#clock())}; I was offline then)` : '';
    const receipt = await this.messenger.send(job.deliverTo, { kind: 'notification', text: `Reminder: ${job.text}${when}`, ...(job.requestId ? { requestId: job.requestId } : {}) });
    if (!receipt) throw new Error(`could not deliver reminder ${job.id} on ${job.deliverTo.channel}`);
    await this.#o.store.appendEvent({ ...(job.requestId ? { requestId: job.requestId } : {}), type: 'reminder.fired', data: { id: job.id, text: job.text, late } });
    this.events.emit('reminder.fired', { id: job.id, text: job.text, to: job.deliverTo, late });
  }
}

/** One line for the requester about an agent's progress, or nothing worth saying. */
export function progressText(event: AgentEvent): string | undefined {
  switch (event.type) {
    case 'action.started':
      return event.attempt > 1 ? undefined : `… ${event.text}`;
    case 'action.finished':
      return event.result.ok ? `✓ ${event.result.summary}` : `✗ ${event.text}: ${event.result.error.message}`;
    case 'action.retrying':
      return `↻ ${event.text}: ${event.error}; trying again in ${Math.round(event.delayMs / 100) / 10}s`;
    case 'action.skipped':
      return `– skipped "${event.text}" (${event.reason})`;
    case 'action.progress':
      return `  ${event.text}`;
    default:
      return undefined;
  }
}
