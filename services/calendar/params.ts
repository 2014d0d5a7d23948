import { z } from 'zod';
import { cronPattern, isoInstant } from '../../core/plugin/params.js';
import { MAX_INTERVAL, WEEKS_OF_MONTH } from '../../core/scheduler/recurrence.js';
import { INTERVAL_UNITS, type RecurrenceStep } from '../../core/scheduler/scheduler.js';
import { SUN_EVENTS } from '../../core/util/sun.js';

/** The longest time before an event a reminder or a request may be set for: a month. */
const MAX_AHEAD_SECONDS = 31 * 24 * 3600;

/** Only every so many days, weeks, months or years of how often (`every`), counted from the first time it comes round. */
function intervalParam() {
  return z
    .object({
      count: z.number().int().min(2).max(Math.max(...Object.values(MAX_INTERVAL))).describe('Every how many: 2 for "every other"'),
      unit: z.enum(INTERVAL_UNITS),
    })
    .describe(
      'With every, for one that comes only every so many days, weeks, months or years, counted from the first time: "every other Tuesday" is every "0 9 * * 2" with { count: 2, unit: "week" }; "every 3 months" every "0 9 <today\'s day> * *" with { count: 3, unit: "month" }; "every other day" every "0 9 * * *" with { count: 2, unit: "day" }. Omitted = every time every comes round',
    )
    .meta({ entity: 'recurrence-interval' })
    .optional();
}

/** Only the n-th of its weekdays in each month, or the last: "the last Friday of every month". */
function weekParam() {
  return z
    .number()
    .int()
    .refine((n) => WEEKS_OF_MONTH.includes(n), { message: 'a week of the month is 1 to 5, or -1 for the last' })
    .describe('With every (saying its weekdays, and no day of the month), only the n-th of those weekdays in each month, 1 to 5, or -1 for the last: "the last Friday of every month" is every "0 9 * * 5" with week -1; "the first Monday of each month" every "0 9 * * 1" with week 1. Omitted = every one')
    .meta({ entity: 'recurrence-week' })
    .optional();
}

type Spaced = { every?: string | undefined; interval?: RecurrenceStep | undefined; week?: number | undefined };
type Check = [(a: Spaced) => boolean, { message: string; path: string[] }];
const intervalNeedsEvery: Check = [(a: Spaced) => a.interval === undefined || a.every !== undefined, { message: 'every so many of what? say every too (e.g. "0 9 * * 2" with an interval of 2 weeks for every other Tuesday)', path: ['interval'] }];
const weekNeedsEvery: Check = [(a: Spaced) => a.week === undefined || a.every !== undefined, { message: 'the n-th of which weekday? say every too (e.g. "0 9 * * 5" with week -1 for the last Friday of every month)', path: ['week'] }];
/** The n-th of its weekdays: a pattern of five fields that says weekdays, and no day of the month. */
const weekdaysOnly: Check = [(a: Spaced) => a.week === undefined || a.every === undefined || /^\S+\s+\S+\s+\*\s+\S+\s+[^\s*?]+$/.test(a.every.trim()), { message: 'the n-th of which weekday? every must say weekdays and no day of the month (e.g. "0 9 * * 5")', path: ['week'] }];
const intervalWithin: Check = [(a: Spaced) => a.interval === undefined || a.interval.count <= MAX_INTERVAL[a.interval.unit], { message: `at most ${Object.entries(MAX_INTERVAL).map(([unit, n]) => `${n} ${unit}s`).join(', ')} apart`, path: ['interval'] }];

/**
 * Something to schedule: once (`at`), again and again (`every`), or both (the first time and how
 * often); or once, a while before an event of the calendar (`event`, `ahead`), found when it is set.
 */
function scheduledParams(text: z.ZodString, at: string, every: string) {
  return z
    .object({
      text: text.meta({ entity: 'text' }),
      at: isoInstant(at).optional(),
      every: cronPattern(every).optional(),
      event: z
        .string()
        .min(1)
        .max(200)
        .describe('Instead of a time: words of the title of the calendar event it comes before ("an hour before my dentist appointment": "dentist appointment"); it is set for that event\'s start less `ahead`')
        .meta({ entity: 'event-ref' })
        .optional(),
      ahead: z
        .number()
        .int()
        .min(0)
        .max(MAX_AHEAD_SECONDS)
        .describe('With event: how long before the event starts, in seconds (3600 for "an hour before"); omitted = when it starts')
        .meta({ entity: 'lead-time' })
        .optional(),
      sun: z
        .enum(SUN_EVENTS)
        .describe('With every, for one that comes with the sun ("every day at sunset", "on weekdays an hour before sunrise", "every evening when it gets dark": dusk): then on each day every names (its minute and hour are not read), a time that moves from day to day; dawn is first light, dusk is dark. Omitted = at the clock time of every')
        .meta({ entity: 'sun-event' })
        .optional(),
      sunOffset: z
        .number()
        .int()
        .min(-12 * 3600)
        .max(12 * 3600)
        .describe('With sun: seconds after it, before it when negative (-1800 for "30 minutes before sunset"); omitted = at it')
        .meta({ entity: 'sun-offset' })
        .optional(),
      interval: intervalParam(),
      week: weekParam(),
    })
    .refine(...weekNeedsEvery)
    .refine(...weekdaysOnly)
    .refine((a) => a.at !== undefined || a.every !== undefined || a.event !== undefined, { message: 'say when: a time, how often it comes round, or the event it comes before', path: ['at'] })
    .refine((a) => a.sun === undefined || a.every !== undefined, { message: 'the sun says when on each day of how often: say every too (e.g. "0 0 * * *" for every day)', path: ['sun'] })
    .refine((a) => a.sunOffset === undefined || a.sun !== undefined, { message: 'a while before or after what? say sun', path: ['sunOffset'] })
    .refine(...intervalNeedsEvery)
    .refine(...intervalWithin)
    .refine((a) => a.event === undefined || (a.at === undefined && a.every === undefined), { message: 'say either a time or the event it comes before, not both', path: ['event'] })
    .refine((a) => a.ahead === undefined || a.event !== undefined, { message: 'how long before what? say the event', path: ['ahead'] });
}

export const reminderParams = scheduledParams(
  z.string().min(1).max(500).describe('What to remind about, e.g. "take out the trash"'),
  'When to remind, ISO-8601 with offset; for a reminder that repeats, when it starts ("every Monday, starting December 7th": none before it), or omitted',
  'How often, for a reminder that repeats: a cron pattern (minute hour day-of-month month day-of-week) in the local time zone, e.g. "0 8 * * 1" for 08:00 every Monday; omitted = once',
);

export const cancelReminderParams = z.object({
  text: z.string().min(1).max(500).describe('Words of the reminder to stop, e.g. "trash"; omitted when the requester has only one').meta({ entity: 'text' }).optional(),
  at: isoInstant('When the reminder to stop is due ("my 7am alarm", "the reminder at 5pm"), ISO-8601 with offset; omitted = found by its words alone').optional(),
});

export const listRemindersParams = z.object({
  from: isoInstant('Start of the period asked about ("my reminders for tomorrow"), ISO-8601 with offset; omitted = every one still to come', 'period-start').optional(),
  to: isoInstant('End of that period, ISO-8601 with offset', 'period-end').optional(),
});

/** A day in the local time zone, as said (YYYY-MM-DD), and what leaving it out means. */
function localDay(what: string, omitted: string) {
  return z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe(`${what}, YYYY-MM-DD in the local time zone; omitted = ${omitted}`).meta({ entity: 'date' }).optional();
}

export const sunParams = z.object({
  date: localDay('The day asked about ("when is sunset tomorrow")', 'today'),
  which: z.enum(SUN_EVENTS).describe('What of the sun is asked about: dawn is first light, dusk is dark ("when does it get dark"); omitted = all of them').optional(),
});

/** A clock time, HH:MM in the local time zone. */
function localClock(what: string) {
  return z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).describe(`${what}, HH:MM in the local time zone`).meta({ entity: 'clock-time' }).optional();
}

export const nowParams = z.object({
  date: localDay('A day asked about ("what day is tomorrow")', 'now'),
  time: localClock('A time asked about ("how long until 5pm"): how long until it comes (on `date`, or next)'),
  zone: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('An IANA time zone whose time is asked, e.g. "Asia/Tokyo" for "what time is it in Tokyo"; omitted = where the home is')
    .meta({ entity: 'time-zone' }),
});

export const eventParams = z
  .object({
    title: z.string().min(1).max(200).describe('What the event is, e.g. "meeting with the plumber"').meta({ entity: 'text' }),
    start: isoInstant('When it starts, ISO-8601 with offset; for one that repeats, when it first may (omitted = from now)').optional().meta({ unless: ['every'] }),
    end: isoInstant('When it ends, ISO-8601 with offset; omitted = one hour after the start', 'datetime-end').optional(),
    every: cronPattern('How often it comes round, for an event that repeats ("the team meeting every Monday at 10", "mom\'s birthday every March 3rd"): a cron pattern (minute hour day-of-month month day-of-week) in the local time zone, e.g. "0 10 * * 1"; omitted = once').optional(),
    interval: intervalParam(),
    week: weekParam(),
  })
  .refine(...weekNeedsEvery)
  .refine(...weekdaysOnly)
  .refine((a) => a.start !== undefined || a.every !== undefined, { message: 'say when it starts, or how often it comes round', path: ['start'] })
  .refine(...intervalNeedsEvery)
  .refine(...intervalWithin)
  .refine((a) => a.end === undefined || a.start !== undefined, { message: 'an end needs a start', path: ['end'] });



export const timerParams = z.object({
  seconds: z.number().int().min(1).max(7 * 24 * 3600).describe('How long the timer runs, in seconds, e.g. 600 for 10 minutes').meta({ entity: 'duration' }),
  label: z.string().min(1).max(200).describe('What the timer is for, e.g. "the pasta"; omitted when nothing is said').optional(),
});

/** Which timer, or all of them, to pause or resume. */
export const timerChoiceParams = z.object({
  label: z.string().min(1).max(200).describe('Words of what the timer is for, e.g. "pasta"; omitted when the requester has one').optional(),
  all: z.boolean().describe('Every one of them (of those words, when said): "pause all my timers"').optional(),
});

/** What to do when a running timer is up. */
export const afterTimerParams = z.object({
  text: z.string().min(1).max(2000).describe('The request to run when the timer is up, in the requester\'s words, e.g. "text me that the pasta is ready"'),
  label: z.string().min(1).max(200).describe('Words of what the timer is for, e.g. "pasta"; omitted when the requester has one').optional(),
});

/** More time on a timer, running or paused. */
export const addToTimerParams = z.object({
  seconds: z.number().int().min(1).max(24 * 3600).describe('How much longer it runs, in seconds, e.g. 300 for "add 5 minutes to the timer"').meta({ entity: 'duration' }),
  label: z.string().min(1).max(200).describe('Words of what the timer is for, e.g. "pasta"; omitted when the requester has one').optional(),
});

/** An event or a reminder is moved by at most a week: further is a move to another day. */
const MAX_SHIFT_MINUTES = 7 * 24 * 60;

/** Where a thing moves to: a day, a time of day (what is not said is kept), or a while later or earlier. */
function moveTo(byExample: string) {
  return {
    date: localDay('The day it moves to', 'it keeps its day'),
    time: localClock('The time it moves to; omitted = it keeps its time'),
    by: z
      .number()
      .int()
      .min(-MAX_SHIFT_MINUTES)
      .max(MAX_SHIFT_MINUTES)
      .refine((n) => n !== 0, 'a move by nothing moves nothing')
      .describe(`Minutes to move it by instead of a day or time: later when positive (${byExample}), earlier when negative`)
      .optional(),
  };
}

type Move = { date?: string | undefined; time?: string | undefined; by?: number | undefined };
/** A move says where to, and one way only. */
const SAYS_WHERE: [(a: Move) => boolean, { message: string; path: string[] }] = [(a) => a.date !== undefined || a.time !== undefined || a.by !== undefined, { message: 'say when it moves to (a day, a time, or both), or by how long', path: ['time'] }];
const ONE_WAY: [(a: Move) => boolean, { message: string; path: string[] }] = [(a) => a.by === undefined || (a.date === undefined && a.time === undefined), { message: 'say either when it moves to or by how long, not both', path: ['by'] }];

/** Whether every time a repeating event comes round is meant, not only the one found. */
const wholeSeries = z
  .boolean()
  .describe('For an event that repeats: true when every time it comes round is meant ("cancel my weekly standup", "move the team meeting to 11 from now on"); omitted = only the next time (or the one of the day said)')
  .optional();

export const moveEventParams = z
  .object({
    title: z.string().min(1).max(200).describe('Words of the title of the event to move, e.g. "dentist"').meta({ entity: 'text' }),
    from: isoInstant('Start of the period the event starts in now, when said ("move tomorrow\'s standup to 11": tomorrow), ISO-8601 with offset; omitted = any time to come', 'period-start').optional(),
    to: isoInstant('End of that period, ISO-8601 with offset', 'period-end').optional(),
    ...moveTo('"push it back an hour": 60; "bring it forward half an hour": -30'),
    all: wholeSeries,
  })
  .refine(...SAYS_WHERE)
  .refine(...ONE_WAY);

export const moveReminderParams = z
  .object({
    text: z.string().min(1).max(500).describe('Words of the reminder to move, or the clock time it is due ("my 6pm reminder": "6pm"); omitted when the requester has only one').meta({ entity: 'text' }).optional(),
    ...moveTo('"push my reminder back 10 minutes": 10'),
  })
  .refine(...SAYS_WHERE)
  .refine(...ONE_WAY);

export const renameEventParams = z.object({
  title: z.string().min(1).max(200).describe('Words of the title of the event to rename, e.g. "dentist"').meta({ entity: 'text' }),
  name: z.string().trim().min(1).max(200).describe('Its new title, e.g. "dentist checkup"'),
  from: isoInstant('Start of the period the event starts in, when said ("rename tomorrow\'s meeting"), ISO-8601 with offset; omitted = any time to come', 'period-start').optional(),
  to: isoInstant('End of that period, ISO-8601 with offset', 'period-end').optional(),
});

export const cancelEventParams = z.object({
  title: z.string().min(1).max(200).describe('Words of the title of the event to remove, e.g. "dentist"; may be omitted when a period is given that holds only that event').meta({ entity: 'text' }).optional(),
  from: isoInstant('Start of the period the event starts in, ISO-8601 with offset; omitted = from now', 'period-start').optional(),
  to: isoInstant('End of that period, ISO-8601 with offset; omitted = any time after', 'period-end').optional(),
  all: wholeSeries,
});

export const clearEventsParams = z
  .object({
    title: z.string().min(1).max(200).describe('Words the titles of the events to remove share, e.g. "meetings"; omitted = every event of the period').meta({ entity: 'text' }).optional(),
    from: isoInstant('Start of the period to clear, ISO-8601 with offset; omitted with a title = every one of those events still to come ("cancel every team meeting"), each time a repeating one comes round', 'period-start')
      .optional()
      .meta({ unless: ['title'] }),
    to: isoInstant('End of the period to clear, ISO-8601 with offset', 'period-end').optional(),
  })
  .refine((a) => a.from !== undefined || a.title !== undefined, { message: 'say which period to clear, or which events', path: ['from'] })
  .refine((a) => (a.from === undefined) === (a.to === undefined), { message: 'a period has a start and an end', path: ['to'] });

/** The days a list of events covers when no period is said ("what's on my calendar"): from now. */
export const COMING_DAYS = 7;

export const listEventsParams = z.object({
  from: isoInstant(`Start of the period, ISO-8601 with offset; omitted = now`, 'period-start').optional(),
  to: isoInstant(`End of the period, ISO-8601 with offset; omitted = ${COMING_DAYS} days after its start`, 'period-end').optional(),
});

export const scheduleRequestParams = scheduledParams(
  z.string().min(1).max(2000).describe('The request to run later, in the requester\'s words without the time, e.g. "turn on the porch light"'),
  'When to run it, ISO-8601 with offset; when it repeats, when it starts (none before it), or omitted',
  'How often to run it again: a cron pattern (minute hour day-of-month month day-of-week) in the local time zone, e.g. "0 7 * * *" for 07:00 every day; omitted = once',
);

export const clearRemindersParams = z.object({
  text: z.string().min(1).max(500).describe('Words the reminders to stop share, e.g. "bins"; omitted = every one of the requester\'s').meta({ entity: 'text' }).optional(),
  kind: z.enum(['timer', 'alarm', 'routine']).describe('Only these: "all my timers", "all my alarms" (reminders to wake up), "all my routines" (those that come again); omitted = every kind').optional(),
  from: isoInstant('Start of the period whose reminders stop ("cancel my reminders for tomorrow"), ISO-8601 with offset; omitted = whenever they come. One that repeats lets its times in the period pass, and keeps the others', 'period-start').optional(),
  to: isoInstant('End of that period, ISO-8601 with offset', 'period-end').optional(),
});

export const findEventParams = z.object({
  title: z.string().min(1).max(200).describe('Words of the title of the event asked about, e.g. "dentist"').meta({ entity: 'text' }),
  from: isoInstant('Start of the period the event starts in ("when is tomorrow\'s standup"), ISO-8601 with offset; omitted = from now', 'period-start').optional(),
  to: isoInstant('End of that period, ISO-8601 with offset; omitted = any time after', 'period-end').optional(),
});

export const snoozeParams = z.object({
  seconds: z.number().int().min(60).max(24 * 3600).optional().describe('How long until the reminder comes again, in seconds; omitted = 10 minutes').meta({ entity: 'duration' }),
  at: isoInstant('When it comes again, ISO-8601 with offset ("again in 20 minutes"); instead of seconds').optional(),
});
