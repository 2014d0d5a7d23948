import { z } from 'zod';
import type { PluginContext, PluginModule, ServicePlugin } from '../../core/plugin/plugin.js';
import { defineMethod } from '../../core/plugin/method.js';
import type { Scheduler } from '../../core/scheduler/scheduler.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import { formatHuman, formatZoned, parseIsoWithOffset } from '../../core/util/time.js';
import { calendarHints } from './hints.js';
import { eventParams, listEventsParams, reminderParams } from './params.js';

const env = z.object({});

/** An event in the calendar. */
export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  createdBy: string;
}

const HOUR = 3_600_000;

/** Reminders (delivered by the scheduler to the requester) and events. */
export function createCalendar(options: { timeZone: string; clock?: () => Date }): ServicePlugin {
  const clock = options.clock ?? (() => new Date());
  const tz = options.timeZone;
  let deps: { state: PluginState; scheduler: Scheduler } | undefined;

  function started() {
    if (!deps) throw new Error('the calendar service was used before it started');
    return deps;
  }

  return {
    kind: 'service',
    name: 'calendar',
    description: 'Reminders and calendar events',
    configured: true,
    async start(ctx: PluginContext) {
      deps = { state: ctx.state, scheduler: ctx.scheduler };
    },
    methods: {
      create_reminder: defineMethod({
        description: 'Remind the requester of something at a time; the reminder arrives on the channel the request came from',
        params: reminderParams,
        hints: calendarHints.create_reminder,
        flags: { idempotent: true },
        async run(args, ctx) {
          const at = parseIsoWithOffset(args.at)!;
          const now = clock();
          if (at.getTime() < now.getTime() - 60_000) {
            return {
              ok: false,
              retryable: false,
              error: { code: 'CALENDAR_TIME_PASSED', message: `${formatZoned(at, tz)} has already passed`, hint: 'give a time in the future' },
            };
          }
          // The idempotency key is the job id: a resumed attempt schedules the same job again, not a second one.
          await started().scheduler.schedule({
            id: ctx.idempotencyKey,
            kind: 'reminder',
            at,
            text: args.text,
            deliverTo: ctx.requester.address,
            requestId: ctx.requestId,
          });
          return {
            ok: true,
            summary: `I'll remind you to ${args.text} ${formatHuman(at, tz, now)}.`,
            data: { id: ctx.idempotencyKey, at: formatZoned(at, tz), text: args.text },
          };
        },
      }),
      create_event: defineMethod({
        description: 'Add an event to the calendar',
        params: eventParams,
        hints: calendarHints.create_event,
        flags: { idempotent: true },
        async run(args, ctx) {
          const start = parseIsoWithOffset(args.start)!;
          const end = args.end !== undefined ? parseIsoWithOffset(args.end)! : new Date(start.getTime() + HOUR);
          if (end.getTime() <= start.getTime()) {
            return { ok: false, retryable: false, error: { code: 'CALENDAR_BAD_RANGE', message: 'the event ends before it starts' } };
          }
          const event: CalendarEvent = {
            id: ctx.idempotencyKey,
            title: args.title,
            start: formatZoned(start, tz),
            end: formatZoned(end, tz),
            createdBy: ctx.requester.address.userId,
          };
          await started().state.apply<CalendarEvent, CalendarEvent>(`event:${event.id}`, ctx.idempotencyKey, () => ({ next: event, result: event }));
          return { ok: true, summary: `Added "${args.title}" ${formatHuman(start, tz, clock())}.`, data: event };
        },
      }),
      list_events: defineMethod({
        description: 'List the events and reminders of a period',
        params: listEventsParams,
        hints: calendarHints.list_events,
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          const from = parseIsoWithOffset(args.from)!;
          const to = parseIsoWithOffset(args.to)!;
          const { state, scheduler } = started();
          const events = (await state.list<CalendarEvent>('event:'))
            .map((e) => e.value)
            .filter((e) => {
              const s = Date.parse(e.start);
              return s >= from.getTime() && s < to.getTime();
            });
          const reminders = await scheduler.list({ status: 'pending', from, to });
          const items = [
            ...events.map((e) => ({ at: new Date(e.start), text: e.title })),
            ...reminders.map((r) => ({ at: r.at, text: `reminder: ${r.text}` })),
          ].sort((a, b) => a.at.getTime() - b.at.getTime());
          const summary =
            items.length === 0
              ? 'Nothing in the calendar for that period.'
              : items.map((i) => `${formatHuman(i.at, tz, clock())}: ${i.text}`).join('\n');
          return { ok: true, summary, data: { events, reminders: reminders.map((r) => ({ id: r.id, at: formatZoned(r.at, tz), text: r.text })) } };
        },
      }),
    },
  };
}

export const calendarModule: PluginModule<typeof env> = {
  name: 'calendar',
  env,
  create: (_values, core) => createCalendar({ timeZone: core.timeZone }),
};
