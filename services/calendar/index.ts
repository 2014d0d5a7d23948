import { z } from 'zod';
import type { PluginContext, PluginModule, ServicePlugin } from '../../core/plugin/plugin.js';
import { defineMethod, failedResult, type ActionContext } from '../../core/plugin/method.js';
import { nextDue, nextOccurrence, occurrences, occursBetween } from '../../core/scheduler/recurrence.js';
import { cancelWithFollowers, followerId, followerKey, followersOf, follows, type Recurrence, type RecurrenceInterval, type RecurrenceStep, type ScheduledJob, type ScheduledRecord, type ScheduledStatus, type Scheduler } from '../../core/scheduler/scheduler.js';
import type { ActionResult, Address } from '../../core/types.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import { clockTime, durationWords, formatHuman, formatZoned, hour24, parseIsoWithOffset, wallTime, zonedToInstant } from '../../core/util/time.js';
import { describeEvery, describeRepeat } from './every.js';
import { isTimeZone, placeOfZone, zoneValues } from './zones.js';
import { calendarHints, WAKE_UP } from './hints.js';
import { afterTimerParams, cancelEventParams, renameEventParams, cancelReminderParams, moveReminderParams, clearEventsParams, clearRemindersParams, findEventParams, snoozeParams, eventParams, moveEventParams, nowParams, sunParams, timerParams, timerChoiceParams, addToTimerParams, listEventsParams, listRemindersParams, reminderParams, scheduleRequestParams, COMING_DAYS } from './params.js';
import { sunTimes, type GeoPlace, type SunEvent } from '../../core/util/sun.js';
import { counted, saidBack } from '../../core/util/text.js';

const env = z.object({});

const HOUR = 3_600_000;

/** An event in the calendar. */
export interface CalendarEvent {
  id: string;
  title: string;
  /** When it starts; for one that repeats, the first time it comes round (or this time, see `occurrence`). */
  start: string;
  end: string;
  createdBy: string;
  /** How often it comes round: a cron pattern in the calendar's time zone. Absent for a one-off. */
  every?: string;
  /** Of one that repeats, only every so many days, weeks, months or years of its pattern ("every other Monday"). */
  interval?: RecurrenceInterval;
  /** Of one that repeats, only the n-th (1 to 5) of its weekdays in each month, or the last (-1): "the last Friday of every month". */
  week?: number;
  /** Times a repeating event does not come round after all (their starts, as `start` is written). */
  skipped?: string[];
  /** Times of a repeating event moved elsewhere: from when it would have started (`was`) to when it starts. */
  moved?: Array<{ was: string; start: string; end: string }>;
  /** One time a repeating event comes round, as found: when it would start by its pattern (moved or not). */
  occurrence?: string;
}

/** Times of a repeating event looked at, at most, in a period asked about. */
const MAX_TIMES = 200;
/** How far ahead the next time of a repeating event is looked for: a yearly one comes round within it. */
const AHEAD_MS = 2 * 366 * 24 * HOUR;

/** Reminders (delivered by the scheduler to the requester) and events. */
export function createCalendar(options: { timeZone: string; clock?: () => Date; place?: GeoPlace }): ServicePlugin {
  const clock = options.clock ?? (() => new Date());
  const tz = options.timeZone;
  let deps: { state: PluginState; scheduler: Scheduler } | undefined;

  function started() {
    if (!deps) throw new Error('the calendar service was used before it started');
    return deps;
  }

  /** The reminders and routines that go to this requester (on this channel), pending ones unless said, soonest first. */
  async function remindersOf(address: Address, status: ScheduledStatus = 'pending'): Promise<ScheduledRecord[]> {
    const jobs = await started().scheduler.list({ status });
    return jobs.filter((r) => r.deliverTo.channel === address.channel && r.deliverTo.userId === address.userId);
  }

  /** The requester's timers still running. */
  async function runningTimers(address: Address): Promise<ScheduledRecord[]> {
    return (await remindersOf(address)).filter((r) => !r.run && !r.repeat && timerOf(r.text) !== undefined);
  }

  /**
   * The ids of every job the scheduler knows of, pending or not: a run cut short schedules again
   * only what it had not yet, so that one stopped since (or fired) is not brought back.
   */
  async function knownIds(): Promise<Set<string>> {
    return new Set((await started().scheduler.list()).map((r) => r.id));
  }

  /**
   * What is to happen when a paused timer (`p`, written already) is up, kept with it and stopped:
   * one set while it was being paused is written with the others first. Returns the paused timer
   * as kept. Run again after a crash, it stops what is still pending.
   */
  async function keepFollowers(p: PausedTimer): Promise<PausedTimer> {
    const { state, scheduler } = started();
    const pending = await followersOf(scheduler, p.id);
    const kept = new Set((p.followers ?? []).map((f) => f.key));
    const more = pending.filter((r) => !kept.has(followerKey(r.id, p.id)));
    const next = more.length === 0 ? p : { ...p, followers: [...(p.followers ?? []), ...more.map((r) => keptFollower(r, p.id))] };
    if (next !== p) await state.set(`${PAUSED}${p.id}`, next);
    for (const r of pending) await scheduler.cancel(r.id);
    return next;
  }

  /**
   * What is to happen when a running timer (`from`) is up, scheduled again for the timer that
   * replaces it (`to`, up at `at`), under ids of that one; returns the jobs it had, for the caller
   * to stop once the new timer is scheduled. One a run cut short had scheduled already is left
   * as it is.
   */
  async function followersMoved(from: string, to: string, at: Date): Promise<ScheduledRecord[]> {
    const { scheduler } = started();
    const old = await followersOf(scheduler, from);
    const known = old.length > 0 ? await knownIds() : new Set<string>();
    for (const r of old) {
      const { status: _, firedAt: __, ...job } = r;
      const id = followerId(to, followerKey(r.id, from));
      if (!known.has(id)) await scheduler.schedule({ ...job, id, at });
    }
    return old;
  }

  /** The requester's paused timers, the soonest paused first. */
  async function pausedOf(address: Address): Promise<PausedTimer[]> {
    return (await started().state.list<PausedTimer>(PAUSED))
      .map((e) => e.value)
      .filter((p) => p.deliverTo.channel === address.channel && p.deliverTo.userId === address.userId)
      .sort((a, b) => a.pausedAt.localeCompare(b.pausedAt));
  }

  /**
   * Pauses a running timer under the key of the pause (`by`): written, with what is to happen
   * when it is up, before either is stopped, so that a crash in between leaves them paused,
   * never lost. Undefined when the timer was up before it could be paused.
   */
  async function pauseOne(t: ScheduledRecord, by: string, now: Date): Promise<PausedTimer | undefined> {
    const { state, scheduler } = started();
    const followers = await followersOf(scheduler, t.id);
    const paused: PausedTimer = {
      id: t.id,
      text: t.text,
      leftMs: Math.max(1000, t.at.getTime() - now.getTime()),
      deliverTo: t.deliverTo,
      pausedAt: now.toISOString(),
      pausedBy: by,
      ...(followers.length > 0 ? { followers: followers.map((r) => keptFollower(r, t.id)) } : {}),
    };
    await state.set(`${PAUSED}${t.id}`, paused);
    if (!(await scheduler.cancel(t.id))) {
      // Up already: what was to happen then comes with it.
      await state.delete(`${PAUSED}${t.id}`);
      return undefined;
    }
    return keepFollowers(paused);
  }

  /**
   * "Pause all my timers": every running one (of those words, when said), each under a key of
   * its own made from the action's (`<key>#<timer's id>`). Run again after a crash, it finishes
   * the pauses it had written and pauses what still runs.
   */
  async function pauseAll(label: string | undefined, key: string, address: Address): Promise<ActionResult> {
    const { state, scheduler } = started();
    const recorded = await state.applied<ActionResult>(key);
    if (recorded) return recorded;
    const done: PausedTimer[] = [];
    for (const p of (await pausedOf(address)).filter((x) => x.pausedBy.startsWith(`${key}#`))) {
      await scheduler.cancel(p.id);
      done.push(await keepFollowers(p));
    }
    const running = await runningTimers(address);
    const found = chosen(running, label, (r) => r.text);
    if (found.length === 0 && done.length === 0) return whichTimer(found, running, 'running', label);
    const now = clock();
    for (const t of found) {
      const kept = await pauseOne(t, `${key}#${t.id}`, now);
      if (kept) done.push(kept);
    }
    if (done.length === 0) return failedResult('CALENDAR_TIMER_NOT_FOUND', 'your timers were up before they could be paused');
    const result = done.length === 1 ? pausedResult(done[0]!) : pausedAllResult(done);
    await state.recordApplied(key, result);
    return result;
  }

  /**
   * Lets a paused timer run again under the key of the resume (`key`), for the time it had
   * left: its new end is written first, so that a run cut short goes on from there, to the
   * same time; then what is to happen when it is up, then the timer itself under that key.
   */
  async function resumeOne(chosenOne: PausedTimer, key: string, requestId: string, now: Date): Promise<{ text: string; at: Date }> {
    const { state, scheduler } = started();
    let p = chosenOne;
    if (p.resumedBy !== key) {
      // Being resumed by another run that was cut short: what that one started goes, this one resumes it.
      if (p.resumedBy !== undefined) {
        for (const r of await followersOf(scheduler, p.resumedBy)) await scheduler.cancel(r.id);
        await scheduler.cancel(p.resumedBy);
      }
      p = { ...p, resumedBy: key, upAt: new Date(now.getTime() + p.leftMs).toISOString() };
      await state.set(`${PAUSED}${p.id}`, p);
    }
    const at = new Date(p.upAt!);
    // What is to happen when it is up first, then the timer under this key: once it is there, so are they.
    const known = await knownIds();
    const jobs: ScheduledJob[] = [
      ...(p.followers ?? []).map((f) => followerJob(f, key, at, requestId)),
      { id: key, kind: 'reminder', at, text: p.text, deliverTo: p.deliverTo, requestId },
    ];
    for (const job of jobs) if (!known.has(job.id)) await scheduler.schedule(job);
    await state.delete(`${PAUSED}${p.id}`);
    return { text: p.text, at };
  }

  /**
   * "Resume all my timers": every paused one (of those words, when said), each under a key of
   * its own made from the action's. Run again after a crash, it counts the timers it had
   * started again already and resumes the rest.
   */
  async function resumeAll(label: string | undefined, key: string, address: Address, requestId: string, now: Date): Promise<ActionResult> {
    const { state, scheduler } = started();
    const recorded = await state.applied<ActionResult>(key);
    if (recorded) return recorded;
    const mine = (id: string) => id.startsWith(`${key}#`);
    const paused = await pausedOf(address);
    const found = chosen(paused, label, (x) => x.text).filter((p) => p.resumedBy === undefined || !mine(p.resumedBy));
    const begun = paused.filter((p) => p.resumedBy !== undefined && mine(p.resumedBy));
    const done = (await scheduler.list()).filter((r) => mine(r.id) && !begun.some((p) => p.resumedBy === r.id)).map((r) => ({ text: r.text, at: r.at }));
    if (found.length === 0 && begun.length === 0 && done.length === 0) return whichTimer(found, paused, 'paused', label);
    for (const p of [...begun, ...found]) done.push(await resumeOne(p, p.resumedBy !== undefined && mine(p.resumedBy) ? p.resumedBy : `${key}#${p.id}`, requestId, now));
    const result = done.length === 1 ? resumedResult(done[0]!.text, done[0]!.at, now, tz) : resumedAllResult(done, now, tz);
    await state.recordApplied(key, result);
    return result;
  }

  /**
   * Schedules a text once (`at`) or again and again (`every`) for the requester, under the
   * action's idempotency key (a resumed attempt schedules the same job again, not a second
   * one): a reminder to deliver or a request to run (`as`), and says so.
   */
  async function scheduleText(
    args: { text: string; at?: string | undefined; every?: string | undefined; event?: string | undefined; ahead?: number | undefined; sun?: SunEvent | undefined; sunOffset?: number | undefined; interval?: RecurrenceStep | undefined; week?: number | undefined },
    ctx: ActionContext,
    as: Scheduling,
  ): Promise<ActionResult> {
    const now = clock();
    const before = args.event !== undefined ? await eventBefore(args.event, args.ahead ?? 0, now) : undefined;
    if (before && 'ok' in before) return before;
    const at = before ? before.at : args.at !== undefined ? parseIsoWithOffset(args.at)! : now;
    if (args.every === undefined && at.getTime() < now.getTime() - 60_000) {
      const message = before ? `${before.said} was ${formatHuman(at, tz, now)}: it has already passed` : `${formatZoned(at, tz)} has already passed`;
      return { ok: false, retryable: false, error: { code: 'CALENDAR_TIME_PASSED', message, hint: before ? 'say a shorter time before it, or a time of its own' : 'give a time in the future' } };
    }
    const { scheduler } = started();
    // Said only by the event it comes before ("remind me an hour before my dentist appointment"): it reminds of the event.
    const ofEvent = before !== undefined && as === REMINDER && withoutArticle(args.text) === withoutArticle(args.event!);
    const text = ofEvent ? ofEventText(before.event) : args.text;
    const job = { id: ctx.idempotencyKey, at, text, deliverTo: ctx.requester.address, requestId: ctx.requestId, ...(as.run ? { run: true } : {}) };
    // "15 minutes before every team meeting": each time a repeating event comes round, as often as it does.
    const each = before !== undefined && before.event.every !== undefined && EACH.test(args.event!) ? before : undefined;
    if (each) {
      const cron = cronBefore(each.event.every!, args.ahead ?? 0);
      if (cron === undefined) return failedResult('CALENDAR_BAD_RANGE', `"${each.event.title}" comes ${howOften(each.event, tz)}: ${each.lead} each time is no pattern I can keep to`, { hint: 'say a time before it within the same day, or remind before the next one only ("before the next team meeting")' });
      await started().state.set<Follower>(`${FOLLOWS}${job.id}`, { job: job.id, event: each.event.id, ahead: args.ahead ?? 0, ofEvent, every: true });
      const repeat = seriesOf({ ...each.event, every: cron }, tz);
      await scheduler.schedule({ ...job, kind: 'routine', repeat });
      const doing = ofEvent ? `remind you of "${each.event.title}"` : as.doing(text);
      return {
        ok: true,
        summary: `I'll ${doing} ${each.lead} it starts, each time (${describeRepeat(repeat)}); it stops when the event is removed.`,
        data: { id: job.id, every: cron, timeZone: tz, ...(repeat.interval ? { interval: repeat.interval } : {}), text, event: each.event.id },
      };
    }
    // Kept with the event: moved with it, and stopped when it is removed.
    if (before) await started().state.set<Follower>(`${FOLLOWS}${job.id}`, { job: job.id, event: before.event.id, ahead: args.ahead ?? 0, ofEvent });
    if (args.every === undefined) {
      await scheduler.schedule({ ...job, kind: 'reminder' });
      const doing = ofEvent ? `remind you of "${before!.event.title}"` : as.doing(text);
      const lead = !before ? '' : ofEvent ? `, ${before.lead} it starts` : `, ${before.said}`;
      const summary = `I'll ${doing} ${formatHuman(at, tz, now)}${lead}.`;
      return { ok: true, summary, data: { id: job.id, at: formatZoned(at, tz), text, ...(before ? { event: before.event.id, eventStart: before.event.start } : {}) } };
    }
    // "Every day at sunset": on the days of the pattern, when the sun does so where the home is.
    const place = options.place;
    if (args.sun !== undefined && !place) return failedResult('CALENDAR_NO_PLACE', `I do not know where the home is, so not when the ${args.sun} comes each day`, { hint: 'set MAJORDOMO_LATITUDE and MAJORDOMO_LONGITUDE (decimal degrees) and restart, or say a clock time' });
    const sun = args.sun !== undefined ? { sun: { event: args.sun, ...(args.sunOffset ? { offsetSeconds: args.sunOffset } : {}), latitude: place!.latitude, longitude: place!.longitude } } : {};
    const every: Recurrence = { cron: args.every, timeZone: tz, ...sun, ...(args.week !== undefined ? { weekOfMonth: args.week } : {}) };
    // Where every scheduler keeps a routine: at the next occurrence of its pattern, or the first at or
    // after the time said ("every Monday, starting December 7th": none before that day). One that
    // comes every other week (or so) counts from the day of that first time.
    const startsAt = args.at !== undefined && at.getTime() > now.getTime() ? at : undefined;
    let repeat: Recurrence;
    let first: Date;
    try {
      const firstOf = (r: Recurrence) => (startsAt ? firstFrom(r, startsAt) : undefined) ?? nextOccurrence(r);
      const step = args.interval ?? (startsAt ? { count: 1, unit: 'day' as const } : undefined);
      repeat = step ? { ...every, interval: { ...step, from: dayOf(firstOf(every), tz) } } : every;
      first = nextOccurrence(repeat);
    } catch (error) {
      return failedResult('CALENDAR_BAD_RANGE', error instanceof Error ? error.message : String(error), { hint: 'say a clock time instead' });
    }
    await scheduler.schedule({ ...job, kind: 'routine', repeat });
    return {
      ok: true,
      summary: `I'll ${as.doing(args.text)} ${describeRepeat(repeat)}, first ${formatHuman(first, tz, now)}; say "${as.stop(args.text)}" to end it.`,
      data: { id: job.id, every: args.every, timeZone: tz, ...sun, ...(repeat.interval ? { interval: repeat.interval } : {}), ...(args.week !== undefined ? { week: args.week } : {}), first: formatZoned(first, tz), text: args.text },
    };
  }

  /** The events not over yet (starting within the period, when one is given), soonest first. */
  async function upcomingEvents(now: Date, from?: string, to?: string): Promise<CalendarEvent[]> {
    const after = from !== undefined ? parseIsoWithOffset(from)!.getTime() : -Infinity;
    const before = to !== undefined ? parseIsoWithOffset(to)!.getTime() : Infinity;
    return eventTimes(after, before, now.getTime());
  }

  /** The events still to come, soonest first, each repeating one whole (as stored, from its next time on). */
  async function eventsToCome(now: Date): Promise<CalendarEvent[]> {
    const next = new Map((await upcomingEvents(now)).map((e) => [e.id, e]));
    return (await started().state.list<CalendarEvent>('event:'))
      .map((e) => e.value)
      .filter((e) => next.has(e.id))
      .sort((a, b) => Date.parse(next.get(a.id)!.start) - Date.parse(next.get(b.id)!.start));
  }

  /**
   * The events that start in a period and end after `endsAfter`, soonest first: a repeating one
   * at each time it comes round in the period (as an event of that time, `occurrence` saying
   * which), or at its next only when the period has no end.
   */
  async function eventTimes(after: number, before: number, endsAfter: number): Promise<CalendarEvent[]> {
    const out: CalendarEvent[] = [];
    const fits = (start: number, end: number) => end > endsAfter && start >= after && start < before;
    for (const { value: e } of await started().state.list<CalendarEvent>('event:')) {
      if (e.every === undefined) {
        if (fits(Date.parse(e.start), Date.parse(e.end))) out.push(e);
        continue;
      }
      const { skipped = [], moved = [], ...series } = e;
      const length = Date.parse(e.end) - Date.parse(e.start);
      const gone = new Set([...skipped, ...moved.map((m) => m.was)]);
      const open = before === Infinity;
      const from = Math.max(Date.parse(e.start), after, endsAfter - length + 1);
      const times = occurrences(seriesOf(e, tz), new Date(from), new Date(open ? from + AHEAD_MS : before), (open ? 1 : MAX_TIMES) + gone.size)
        .map((at) => ({ start: formatZoned(at, tz), end: formatZoned(new Date(at.getTime() + length), tz), was: formatZoned(at, tz) }))
        .filter((t) => !gone.has(t.was));
      const found = [...times, ...moved].filter((t) => fits(Date.parse(t.start), Date.parse(t.end))).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
      for (const t of open ? found.slice(0, 1) : found) out.push({ ...series, start: t.start, end: t.end, occurrence: t.was });
    }
    return out.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  }

  /**
   * When it is `ahead` seconds before the event still to start that `words` name, and how to say
   * so ("an hour before "dentist appointment" (tomorrow at 15:00)"); or why it cannot be told. Of
   * several events of the same title, the soonest is meant ("my weekly call"); of several titles,
   * which one is asked.
   */
  async function eventBefore(words: string, ahead: number, now: Date): Promise<{ at: Date; event: CalendarEvent; lead: string; said: string } | ActionResult> {
    const coming = (await upcomingEvents(now)).filter((e) => Date.parse(e.start) > now.getTime());
    const title = withoutArticle(words).replace(EACH, '');
    const meant = eventsMeant(coming, title);
    const found = new Set(meant.map((e) => e.title.toLowerCase())).size === 1 ? meant.slice(0, 1) : meant;
    if (found.length !== 1) return notFound(found, coming, title, now);
    const event = found[0]!;
    const lead = ahead === 0 ? 'when' : `${durationWords(ahead * 1000)} before`;
    return { at: new Date(Date.parse(event.start) - ahead * 1000), event, lead, said: `${lead} "${event.title}" starts (${formatHuman(new Date(event.start), tz, now)})` };
  }

  /** What a reminder of an event says: "dentist appointment at 15:00". */
  function ofEventText(event: CalendarEvent): string {
    return `${event.title} at ${clockTime(new Date(event.start), tz)}`;
  }

  /**
   * The reminders and requests set before an event (see {@link eventBefore}), still to come: moved
   * with it when it moves (due at once if that time has passed), stopped when it is removed.
   * Returns how many; run again after a crash, it does the same again.
   */
  async function follow(event: CalendarEvent, removed: boolean, now: Date, was = event.start): Promise<number> {
    const { state, scheduler } = started();
    const followers = (await state.list<Follower>(FOLLOWS)).map((e) => e.value).filter((f) => f.event === event.id);
    if (followers.length === 0) return 0;
    const pending = new Map((await scheduler.list({ status: 'pending' })).map((r) => [r.id, r]));
    // Of one that repeats, one time changed: only what was set before that time goes with it.
    const ofThisTime = (f: Follower, at: Date) => event.occurrence === undefined || Math.abs(at.getTime() - (Date.parse(was) - f.ahead * 1000)) < 60_000;
    let n = 0;
    for (const f of followers) {
      const job = pending.get(f.job);
      // One that comes before each time: one time taken off or moved alone, it lets that time pass; it stops with the whole event.
      if (f.every && event.occurrence !== undefined) {
        if (job) n += await followOneTime(f, job, event, removed, now, pending);
        continue;
      }
      if (job && !f.every && !ofThisTime(f, job.at)) continue;
      if (job && removed) {
        if (await scheduler.cancel(job.id)) n++;
        // The times moved alone had one of their own.
        if (f.every) for (const id of pending.keys()) if (id.startsWith(`${f.job}@`)) await scheduler.cancel(id);
      } else if (job && f.every && event.every !== undefined) {
        // Before each time: the pattern follows the event's.
        const cron = cronBefore(event.every, f.ahead);
        if (cron !== undefined && (cron !== job.repeat?.cron || event.interval?.from !== job.repeat.interval?.from)) {
          const { status: _, firedAt: __, ...rest } = job;
          await scheduler.schedule({ ...rest, repeat: seriesOf({ ...event, every: cron }, tz), text: f.ofEvent ? ofEventText(event) : job.text });
        }
        n++;
        continue;
      } else if (job) {
        const start = new Date(event.start);
        const at = new Date(Math.max(now.getTime(), start.getTime() - f.ahead * 1000));
        const text = f.ofEvent ? ofEventText(event) : job.text;
        if (at.getTime() !== job.at.getTime() || text !== job.text) {
          const { status: _, firedAt: __, ...rest } = job;
          await scheduler.schedule({ ...rest, at, text });
        }
        n++;
        continue;
      }
      await state.delete(`${FOLLOWS}${f.job}`);
    }
    return n;
  }

  /** A routine scheduled again to let these times pass (ISO 8601) besides those it did; times gone by a day are let go of. */
  async function letPass(routine: ScheduledRecord, times: readonly string[], now: Date): Promise<void> {
    const { status: _, firedAt: __, ...job } = routine;
    const before = routine.except ?? [];
    if (times.every((t) => before.includes(t))) return;
    const except = [...new Set([...before.filter((t) => Date.parse(t) > now.getTime() - 24 * 3600_000), ...times])];
    await started().scheduler.schedule({ ...job, except });
  }

  /**
   * What comes before each time of a repeating event (`routine`), when one time (`time`) is taken
   * off or moved alone: the routine lets that time pass, and a time moved gets one of its own
   * before it (moved again with it, stopped when it is taken off). Returns 1 when it did either;
   * run again after a crash, it does the same again.
   */
  async function followOneTime(f: Follower, routine: ScheduledRecord, time: CalendarEvent, removed: boolean, now: Date, pending: Map<string, ScheduledRecord>): Promise<number> {
    const { scheduler } = started();
    const { status: _, firedAt: __, except: ___, repeat: ____, ...fields } = routine;
    await letPass(routine, [new Date(Date.parse(time.occurrence!) - f.ahead * 1000).toISOString()], now);
    const id = `${f.job}@${Date.parse(time.occurrence!)}`;
    if (removed) {
      if (pending.has(id)) await scheduler.cancel(id);
      return 1;
    }
    const at = new Date(Math.max(now.getTime(), Date.parse(time.start) - f.ahead * 1000));
    const text = f.ofEvent ? ofEventText(time) : routine.text;
    const own = pending.get(id);
    if (own?.at.getTime() !== at.getTime() || own.text !== text) await scheduler.schedule({ ...fields, id, kind: 'reminder', at, text });
    return 1;
  }

  /**
   * Every time a repeating event comes round, moved as its time found (`time`) is to `moved`
   * ("move my weekly team meeting to 11"): its pattern shifted by as much, from the next time
   * on; what was set before it follows. Once per idempotency key.
   */
  async function moveEvery(time: CalendarEvent, moved: CalendarEvent, key: string, now: Date): Promise<ActionResult> {
    const { state } = started();
    const was = howOften(time, tz);
    const shift = Date.parse(moved.start) - Date.parse(time.start);
    const every = shiftedCron(time.every!, Math.round(shift / 60_000));
    if (every === undefined) return failedResult('CALENDAR_BAD_RANGE', `"${time.title}" comes ${was}: moved so, no pattern keeps to it`, { hint: 'move it by a time within the same day, or one time only ("move next monday\'s team meeting")' });
    const length = Date.parse(time.end) - Date.parse(time.start);
    // Every other week (or so) as before: counted from the day this time goes to.
    const interval = time.interval ? { ...time.interval, from: dayOf(new Date(Date.parse(time.occurrence ?? time.start) + shift), tz) } : undefined;
    const series = seriesOf({ every, ...(interval ? { interval } : {}), ...(time.week !== undefined ? { week: time.week } : {}) }, tz);
    const first = firstFrom(series, now);
    if (first === undefined) return failedResult('CALENDAR_BAD_RANGE', `"${describeRepeat(series)}" does not come round in the next two years`);
    const { result } = await state.apply<CalendarEvent, CalendarEvent>(`event:${time.id}`, key, (current) => {
      const series = stillThere(current, time);
      // The times taken off were of the pattern before; those moved one by one stay where they were put.
      const { skipped: _, occurrence: __, ...kept } = series;
      const next: CalendarEvent = { ...kept, every, ...(interval ? { interval } : {}), start: formatZoned(first, tz), end: formatZoned(new Date(first.getTime() + length), tz) };
      return { next, result: next };
    });
    const followed = await follow(result, false, now);
    return { ok: true, summary: `Moved "${result.title}" to ${howOften(result, tz)} (it was ${was}), first ${formatHuman(first, tz, now)}${withIt(followed, 'moved')}.`, data: result };
  }

  /** Why no one event was found: there is none, none is called so, or several could be meant; with the ones there are. */
  function movedReminderText(moved: { text: string; at: string; was: string; after?: string[] }, now: Date): string {
    const timer = timerOf(moved.text);
    const then = moved.after?.length ? `, and with it what is to happen when it is up (${moved.after.map((t) => `"${t}"`).join(', ')})` : '';
    return `Moved ${timer ? `the ${timer}` : `the reminder to ${moved.text}`} to ${formatHuman(new Date(moved.at), tz, now)} (it was ${formatHuman(new Date(moved.was), tz, now)})${then}.`;
  }

  function renamedResult(from: string, event: CalendarEvent, now: Date): ActionResult {
    const every = event.every !== undefined ? `, ${howOften(event, tz)}` : '';
    return { ok: true, summary: `Renamed "${from}" to "${event.title}" (${formatHuman(new Date(event.start), tz, now)}${every}).`, data: { from, event } };
  }

  function notFound(found: CalendarEvent[], coming: CalendarEvent[], title: string | undefined, now: Date, inPeriod = false): ActionResult {
    const listed = (events: CalendarEvent[]) => events.map((e) => eventText(e, tz, now)).join(', ');
    const when = inPeriod ? ' then' : '';
    const message =
      coming.length === 0
        ? `there is no event to come${when} in the calendar`
        : found.length === 0
          ? `${title === undefined ? 'which event?' : `no event to come${when} is called "${title}"`} (there is ${listed(coming)})`
          : `${found.length} events could be meant: ${listed(found)}`;
    return { ok: false, retryable: false, error: { code: 'CALENDAR_EVENT_NOT_FOUND', message, hint: 'say which one by words of its title, or its day' } };
  }

  /**
   * The events to come a title said means; a clock time said with it ("my 3pm meeting", "the
   * 10am call") is when the event starts, and the other words are of its title (a word that
   * names no event in particular, "meeting", only where one is called so).
   */
  function eventsMeant(coming: CalendarEvent[], title: string): CalendarEvent[] {
    // "My next meeting": the soonest of those meant (any event, when none is called a meeting).
    const next = /^next\s+/i.exec(title);
    if (next) {
      const rest = title.slice(next[0].length);
      const meant = eventsMeant(coming, rest);
      const soonest = [...meant].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)).slice(0, 1);
      return soonest.length === 0 && GENERIC_EVENT.test(rest) ? coming.slice(0, 1) : soonest;
    }
    const m = CLOCK_SAID.exec(title);
    if (!m) return bestMatches(coming, title, (e) => e.title);
    const hour = hour24(Number(m[1] ?? m[4]), m[3]);
    const minute = Number(m[2] ?? m[5] ?? 0);
    const rest = `${title.slice(0, m.index)} ${title.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
    const then = coming.filter((e) => {
      const w = wallTime(new Date(e.start), tz);
      return w.hour === hour && w.minute === minute;
    });
    if (rest === '') return then;
    const named = bestMatches(then, rest, (e) => e.title);
    // "My 3pm meeting" may be called anything; one called a meeting is meant first.
    return named.length === 0 && GENERIC_EVENT.test(rest) ? then : named;
  }

  function view(r: ScheduledRecord) {
    const repeat = r.repeat;
    return { id: r.id, text: r.text, at: formatZoned(r.at, tz), ...(repeat ? { every: repeat.cron, ...(repeat.sun ? { sun: repeat.sun.event } : {}), ...(repeat.interval ? { interval: repeat.interval } : {}), ...(repeat.weekOfMonth !== undefined ? { week: repeat.weekOfMonth } : {}) } : {}) };
  }

  return {
    kind: 'service',
    name: 'calendar',
    description: 'Reminders and calendar events',
    examples: ['remind me tomorrow at 8am to take out the trash', 'set a timer for 10 minutes', "what's on my calendar on Friday?", 'add lunch with alice on Monday at noon'],
    configured: true,
    entities: [{ kind: 'time-zone', description: 'A place with a known time zone', values: zoneValues() }],
    async start(ctx: PluginContext) {
      deps = { state: ctx.state, scheduler: ctx.scheduler };
    },
    methods: {
      create_reminder: defineMethod({
        description: 'Remind the requester of something at a time, once or again and again; the reminder arrives on the channel the request came from',
        params: reminderParams,
        hints: calendarHints.create_reminder,
        flags: { idempotent: true },
        run: (args, ctx) => scheduleText(args, ctx, REMINDER),
      }),
      schedule_request: defineMethod({
        description:
          "Do something later, once (at) or again and again (every): the text, a request of the requester's own, is run at that time as if they sent it then, with the same permissions and confirmations. Also what undoes an action meant to last a while ('turn on the porch light for an hour': turn it on now, and ask for 'turn off the porch light' an hour later)",
        params: scheduleRequestParams,
        hints: calendarHints.schedule_request,
        flags: { idempotent: true },
        run: (args, ctx) => scheduleText(args, ctx, REQUEST),
      }),
      set_timer: defineMethod({
        description: 'Start a timer: the requester is told on their channel once it is up; it is a reminder, listed and stopped as one',
        params: timerParams,
        hints: calendarHints.set_timer,
        flags: { idempotent: true },
        async run(args, ctx) {
          const now = clock();
          const ms = args.seconds * 1000;
          const at = new Date(now.getTime() + ms);
          const text = `${durationWords(ms).replace(/ (\w+?)s?$/, '-$1')} timer${args.label === undefined ? '' : ` for ${args.label}`}${TIMER_UP}`;
          // Under the action's idempotency key: a resumed attempt starts the same timer again, not a second one.
          await started().scheduler.schedule({ id: ctx.idempotencyKey, kind: 'reminder', at, text, deliverTo: ctx.requester.address, requestId: ctx.requestId });
          return {
            ok: true,
            summary: `Timer set for ${durationWords(ms)}${args.label === undefined ? '' : ` (${args.label})`}: I'll tell you ${formatHuman(at, tz, now)}.`,
            data: { id: ctx.idempotencyKey, at: formatZoned(at, tz), text },
          };
        },
      }),
      after_timer: defineMethod({
        description: "Do something when one of the requester's running timers is up ('text me when the pasta timer is done'): the text, a request of the requester's own, is run then, as a request for later that follows the timer (paused, resumed, given more time or stopped with it)",
        params: afterTimerParams,
        hints: calendarHints.after_timer,
        flags: { idempotent: true },
        async run(args, ctx) {
          const { state, scheduler } = started();
          const key = ctx.idempotencyKey;
          const address = ctx.requester.address;
          const now = clock();
          const recorded = await state.applied<ActionResult>(key);
          if (recorded) return recorded;
          // Run again after a crash: what the first run scheduled, found by its key, though its timer was paused, given more time or up since.
          const jobs = await scheduler.list();
          const own = jobs.filter((r) => r.id.startsWith(followerId('', key)));
          const kept = (await pausedOf(address)).find((p) => p.followers?.some((f) => f.key === key));
          const scheduled = own.find((r) => r.status === 'pending') ?? (kept ? undefined : own[0]);
          if (scheduled || kept) {
            const timer = scheduled ? jobs.find((r) => follows(scheduled.id, r.id)) : undefined;
            const result = afterResult(scheduled?.text ?? args.text, timer ?? kept, timer?.at, now, tz);
            await state.recordApplied(key, result);
            return result;
          }
          const running = await runningTimers(address);
          const found = chosen(running, args.label, (r) => r.text);
          if (found.length !== 1) return whichTimer(found, running, 'running', args.label);
          const t = found[0]!;
          // Under an id that says which timer it follows: moved with it when it is paused, resumed or given more time, stopped with it.
          await scheduler.schedule({ id: followerId(t.id, key), kind: 'reminder', at: t.at, text: args.text, deliverTo: address, requestId: ctx.requestId, run: true });
          const result = afterResult(args.text, t, t.at, now, tz);
          await state.recordApplied(key, result);
          return result;
        },
      }),
      pause_timer: defineMethod({
        description: "Pause one of the requester's running timers, or all of them: each keeps the time it has left until resumed",
        params: timerChoiceParams,
        hints: calendarHints.pause_timer,
        flags: { idempotent: true },
        async run(args, ctx) {
          const { state, scheduler } = started();
          const key = ctx.idempotencyKey;
          const address = ctx.requester.address;
          if (args.all) return pauseAll(args.label, key, address);
          // Run again after a crash: the pause the first run made (recorded, or already written when the run was cut short).
          const recorded = await state.applied<PausedTimer>(key);
          if (recorded) return pausedResult(recorded);
          const written = (await pausedOf(address)).find((p) => p.pausedBy === key);
          if (written) {
            // Cut short after it was written: what it had not stopped yet (the timer, what is to happen when it is up) is stopped now.
            await scheduler.cancel(written.id);
            const kept = await keepFollowers(written);
            await state.recordApplied(key, kept);
            return pausedResult(kept);
          }
          const running = await runningTimers(address);
          const found = chosen(running, args.label, (r) => r.text);
          if (found.length !== 1) return whichTimer(found, running, 'running', args.label);
          const t = found[0]!;
          const kept = await pauseOne(t, key, clock());
          if (!kept) return failedResult('CALENDAR_TIMER_NOT_FOUND', `the ${timerOf(t.text)} was up before it could be paused`);
          await state.recordApplied(key, kept);
          return pausedResult(kept);
        },
      }),
      resume_timer: defineMethod({
        description: "Let one of the requester's paused timers run again, or all of them, for the time each had left",
        params: timerChoiceParams,
        hints: calendarHints.resume_timer,
        flags: { idempotent: true },
        async run(args, ctx) {
          const { state, scheduler } = started();
          const key = ctx.idempotencyKey;
          const address = ctx.requester.address;
          const now = clock();
          if (args.all) return resumeAll(args.label, key, address, ctx.requestId, now);
          // Run again after a crash: what the first run did (recorded, the paused timer it had begun to resume, or the timer it started again under this key).
          const recorded = await state.applied<{ text: string; at: string }>(key);
          if (recorded) return resumedResult(recorded.text, new Date(recorded.at), now, tz);
          const paused = await pausedOf(address);
          let p = paused.find((x) => x.resumedBy === key);
          if (!p) {
            // Its timer there (or up, or stopped since) and no paused one of this key: all was done but the record.
            const again = (await scheduler.list()).find((r) => r.id === key);
            if (again) {
              await state.recordApplied(key, { text: again.text, at: again.at.toISOString() });
              return resumedResult(again.text, again.at, now, tz);
            }
            const found = chosen(paused, args.label, (x) => x.text);
            if (found.length !== 1) return whichTimer(found, paused, 'paused', args.label);
            p = found[0]!;
          }
          const { text, at } = await resumeOne(p, key, ctx.requestId, now);
          await state.recordApplied(key, { text, at: at.toISOString() });
          return resumedResult(text, at, now, tz);
        },
      }),
      add_to_timer: defineMethod({
        description: "Give one of the requester's timers more time, running or paused: it goes off that much later",
        params: addToTimerParams,
        hints: calendarHints.add_to_timer,
        flags: { idempotent: true },
        async run(args, ctx) {
          const { state, scheduler } = started();
          const key = ctx.idempotencyKey;
          const address = ctx.requester.address;
          const now = clock();
          const more = args.seconds * 1000;
          const recorded = await state.applied<ActionResult>(key);
          if (recorded) return recorded;
          const running = await runningTimers(address);
          // Run again after a crash: the timer it started again under this key, and the one it replaces, if that is still there.
          const again = running.find((r) => r.id === key);
          if (again) {
            const old = running.find((r) => r.id !== key && r.text === again.text && r.at.getTime() + more === again.at.getTime());
            if (old) {
              for (const r of await followersMoved(old.id, key, again.at)) await scheduler.cancel(r.id);
              await scheduler.cancel(old.id);
            }
            const result = extendedResult(again.text, again.at, more, now, tz);
            await state.recordApplied(key, result);
            return result;
          }
          const paused = await pausedOf(address);
          const all = [...running, ...paused];
          const found = chosen(all, args.label, (t) => t.text);
          if (found.length !== 1) return whichTimer(found, all, 'running', args.label);
          const t = found[0]!;
          let result: ActionResult;
          if ('leftMs' in t) {
            // A paused timer keeps more time left; the key written with it says it was given, should this run again.
            const given = t.extendedBy?.includes(key) ?? false;
            const left = given ? t.leftMs : t.leftMs + more;
            if (!given) await state.set(`${PAUSED}${t.id}`, { ...t, leftMs: left, extendedBy: [...(t.extendedBy ?? []), key] });
            result = { ok: true, summary: `Added ${durationWords(more)} to the ${timerOf(t.text)}: ${leftWords(left)} left, and it stays paused.`, data: { text: t.text, leftSeconds: Math.round(left / 1000) } };
          } else {
            // The later one first, under this key (what is to happen when it is up before it), then the earlier ones go:
            // a crash in between leaves both, and the run again removes the earlier.
            const at = new Date(t.at.getTime() + more);
            const followers = await followersMoved(t.id, key, at);
            await scheduler.schedule({ id: key, kind: 'reminder', at, text: t.text, deliverTo: t.deliverTo, ...(t.requestId ? { requestId: t.requestId } : {}) });
            for (const r of followers) await scheduler.cancel(r.id);
            await scheduler.cancel(t.id);
            result = extendedResult(t.text, at, more, now, tz);
          }
          await state.recordApplied(key, result);
          return result;
        },
      }),
      now: defineMethod({
        description: 'Say what time and day it is where the home is (MAJORDOMO_TIMEZONE)',
        params: nowParams,
        hints: calendarHints.now,
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          const now = clock();
          const longDay = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: tz, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(d).replaceAll(',', '');
          const today = longDay(now);
          if (args.time !== undefined) {
            // "How long until 5pm": the next 17:00 (of the day said).
            const [hour, minute] = args.time.split(':').map(Number);
            const w = wallTime(now, tz);
            const [year, month, day] = args.date !== undefined ? args.date.split('-').map(Number) : [w.year, w.month, w.day];
            let at = zonedToInstant({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: 0 }, tz);
            if (args.date === undefined && at.getTime() <= now.getTime()) at = zonedToInstant({ year: year!, month: month!, day: day! + 1, hour: hour!, minute: minute!, second: 0 }, tz);
            const minutes = Math.round((at.getTime() - now.getTime()) / 60_000);
            const long = untilWords(Math.abs(minutes));
            const when = formatHuman(at, tz, now).replace(/^today at /, '');
            return { ok: true, summary: `${when[0]!.toUpperCase()}${when.slice(1)} is ${minutes >= 0 ? `in ${long}` : `${long} ago`}.`, data: { at: formatZoned(at, tz), minutes, timeZone: tz } };
          }
          if (args.date !== undefined) {
            // Noon of that day, read in the home's zone: its name whatever the offset.
            const [year, month, day] = args.date.split('-').map(Number);
            const asked = longDay(zonedToInstant({ year: year!, month: month!, day: day!, hour: 12, minute: 0, second: 0 }, tz));
            if (asked !== today) {
              // Days between the two, counted on the calendar ("christmas is in 34 days"), whatever the hour.
              const w = wallTime(now, tz);
              const days = Math.round((Date.UTC(year!, month! - 1, day!) - Date.UTC(w.year, w.month - 1, w.day)) / 86_400_000);
              const off = days > 0 ? `in ${counted(days, 'day')}` : `${counted(-days, 'day')} ago`;
              return { ok: true, summary: `That is ${asked}, ${days === 1 ? 'tomorrow' : days === -1 ? 'yesterday' : off}.`, data: { date: args.date, timeZone: tz, days } };
            }
          }
          const time = clockTime(now, tz);
          // "What time is it in Tokyo": there, and here.
          if (args.zone !== undefined && args.zone !== tz) {
            if (!isTimeZone(args.zone)) return failedResult('CALENDAR_UNKNOWN_ZONE', `"${args.zone}" is no time zone I know`, { hint: 'name a city, or an IANA time zone such as Asia/Tokyo' });
            const there = new Intl.DateTimeFormat('en-GB', { timeZone: args.zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(now).replaceAll(',', '');
            const day = there === today ? '' : ` on ${there}`;
            return {
              ok: true,
              summary: `In ${placeOfZone(args.zone)} it is ${clockTime(now, args.zone)}${day} (${args.zone}); here it is ${time}${day === '' ? '' : ` on ${today}`}.`,
              data: { at: formatZoned(now, args.zone), timeZone: args.zone, here: formatZoned(now, tz) },
            };
          }
          return { ok: true, summary: `It is ${time} on ${today} (${tz}).`, data: { at: formatZoned(now, tz), timeZone: tz } };
        },
      }),
      sun: defineMethod({
        description: 'Say when the sun rises and sets where the home is (MAJORDOMO_LATITUDE, MAJORDOMO_LONGITUDE), and when it gets light and dark, on a day',
        params: sunParams,
        hints: calendarHints.sun,
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          const place = options.place;
          if (!place) return failedResult('CALENDAR_NO_PLACE', 'I do not know where the home is', { hint: 'set MAJORDOMO_LATITUDE and MAJORDOMO_LONGITUDE (decimal degrees) and restart' });
          const now = clock();
          const w = wallTime(now, tz);
          const [year, month, day] = args.date !== undefined ? args.date.split('-').map(Number) : [w.year, w.month, w.day];
          const times = sunTimes({ year: year!, month: month!, day: day! }, place);
          const noon = zonedToInstant({ year: year!, month: month!, day: day!, hour: 12, minute: 0, second: 0 }, tz);
          const onDay = formatHuman(noon, tz, now).replace(/ at 12:00$/, '').replace(/,? 12:00$/, '');
          const at = (event: SunEvent) => (times[event] ? clockTime(times[event], tz) : undefined);
          const data = { date: formatZoned(noon, tz).slice(0, 10), ...Object.fromEntries(SUN_EVENTS.flatMap((e) => (times[e] ? [[e, formatZoned(times[e], tz)]] : []))) };
          if (args.which !== undefined) {
            const when = at(args.which);
            const said = SUN_SAID[args.which];
            return { ok: true, summary: when ? `${said.name} is at ${when} ${onDay}.` : `${said.none} ${onDay} here.`, data };
          }
          if (!times.sunrise || !times.sunset) return { ok: true, summary: `The sun neither rises nor sets ${onDay} here${times.dawn ? `; twilight from ${at('dawn')} to ${at('dusk')}` : ''}.`, data };
          return { ok: true, summary: `${onDay[0]!.toUpperCase()}${onDay.slice(1)}: sunrise at ${at('sunrise')}, sunset at ${at('sunset')}${times.dawn && times.dusk ? `; light from ${at('dawn')}, dark by ${at('dusk')}` : ''}.`, data };
        },
      }),
      list_reminders: defineMethod({
        description: "List the requester's own reminders and requests scheduled for later, the ones that repeat with how often",
        params: listRemindersParams,
        hints: calendarHints.list_reminders,
        flags: { readOnly: true, idempotent: true },
        async run(args, ctx) {
          const from = args.from === undefined ? undefined : parseIsoWithOffset(args.from)!;
          const to = args.to === undefined ? undefined : parseIsoWithOffset(args.to)!;
          const now = clock();
          // Of a period ("my reminders for tomorrow"): those that come in it, routines that come round in it; a paused timer comes at no time.
          const start = from ?? now;
          const end = to ?? new Date(8.64e15);
          const inPeriod = (r: ScheduledRecord) => (r.repeat ? occursBetween(r.repeat, start, end) : r.at >= start && r.at < end);
          const period = from !== undefined || to !== undefined;
          const mine = (await remindersOf(ctx.requester.address)).filter((r) => !period || inPeriod(r));
          const paused = period ? [] : await pausedOf(ctx.requester.address);
          const when = (r: ScheduledRecord) =>
            r.repeat ? `${describeRepeat(r.repeat)}, next ${formatHuman(nextDue(r), tz, now)}` : `${formatHuman(r.at, tz, now)}${!r.run && timerOf(r.text) ? ` (${leftWords(r.at.getTime() - now.getTime())} left)` : ''}`;
          // A running timer by its name, and when it is up ("the pasta timer is up: today at 10:21" read as if it were).
          const line = (r: ScheduledRecord) => {
            const timer = r.run ? undefined : timerOf(r.text);
            return timer ? `${timer}: up ${when(r)}` : `${r.run ? 'to do: ' : ''}${r.text}: ${when(r)}`;
          };
          const then = (p: PausedTimer) => (p.followers?.length ? `; then to do: ${p.followers.map((f) => f.text).join(', ')}` : '');
          const lines = [...mine.map(line), ...paused.map((p) => `${timerOf(p.text)}: paused, ${leftWords(p.leftMs)} left${then(p)}`)];
          const none = period ? `You have no reminders ${from ? `for ${formatHuman(from, tz, now).replace(/ at 00:00$/, '')}` : `before ${formatHuman(to!, tz, now)}`}.` : 'You have no reminders.';
          const summary = lines.length === 0 ? none : lines.join('\n');
          return { ok: true, summary, data: { reminders: mine.map(view), paused: paused.map((p) => ({ text: p.text, leftSeconds: Math.round(p.leftMs / 1000), ...(p.followers?.length ? { then: p.followers.map((f) => f.text) } : {}) })) } };
        },
      }),
      cancel_reminder: defineMethod({
        description: "Stop one of the requester's own reminders or requests scheduled for later (one that repeats, or one still to come), found by words of its text or by when it is due",
        params: cancelReminderParams,
        hints: calendarHints.cancel_reminder,
        flags: { idempotent: true },
        async run(args, ctx) {
          const { state, scheduler } = started();
          // Run again after a crash: what the first run did, not a second search (which would find nothing, or the next match).
          const earlier = await state.applied<Stopped>(ctx.idempotencyKey);
          if (earlier) return { ok: true, summary: stoppedText(earlier), data: earlier };
          const mine = await remindersOf(ctx.requester.address);
          const due = args.at === undefined ? mine : dueAround(mine, parseIsoWithOffset(args.at)!, tz);
          if (mine.length > 0 && due.length === 0) {
            const when = (r: ScheduledRecord) => `"${r.text}" ${formatHuman(r.at, tz, clock())}`;
            return failedResult('CALENDAR_REMINDER_NOT_FOUND', `none of your reminders is due ${formatHuman(parseIsoWithOffset(args.at!)!, tz, clock())} (you have ${mine.map(when).join(', ')})`, {
              hint: 'say which one by its time or by words of its text',
            });
          }
          // "Cancel the pasta timer" may say the words of what is to happen when it is up too ("text me saying the pasta timer is up"): the timer is meant, and that goes with it.
          const matching = chosen(due, args.text, (r) => r.text);
          const found = matching.filter((r) => !matching.some((o) => follows(r.id, o.id)));
          // A paused timer is no reminder waiting to come, but it is stopped as one; so is what waits with it for its end.
          const pausedMine = found.length === 0 && args.at === undefined ? await pausedOf(ctx.requester.address) : [];
          const paused = chosen(pausedMine, args.text, (p) => p.text);
          if (paused.length === 1) {
            const p = paused[0]!;
            await state.delete(`${PAUSED}${p.id}`);
            const result: Stopped = { id: p.id, text: p.text, ...(p.followers?.length ? { after: p.followers.map((f) => f.text) } : {}) };
            await state.recordApplied(ctx.idempotencyKey, result);
            return { ok: true, summary: stoppedText(result), data: result };
          }
          const waiting = paused.length === 0 ? chosen(pausedMine.flatMap((p) => (p.followers ?? []).map((f) => ({ p, f }))), args.text, (w) => w.f.text) : [];
          if (waiting.length === 1) {
            const { p, f } = waiting[0]!;
            await state.set<PausedTimer>(`${PAUSED}${p.id}`, { ...p, followers: p.followers!.filter((x) => x.key !== f.key) });
            const result: Stopped = { id: followerId(p.id, f.key), text: f.text, ...(f.run ? { run: true } : {}) };
            await state.recordApplied(ctx.idempotencyKey, result);
            return { ok: true, summary: stoppedText(result), data: result };
          }
          if (found.length !== 1) {
            const which = mine.map((r) => `"${r.text}"`).join(', ');
            const message =
              mine.length === 0
                ? 'you have no reminders to stop'
                : found.length === 0
                  ? `none of your reminders is about "${args.text}" (you have ${which})`
                  : `${found.length} of your reminders could be meant: ${found.map((r) => `"${r.text}"`).join(', ')}`;
            return { ok: false, retryable: false, error: { code: 'CALENDAR_REMINDER_NOT_FOUND', message, hint: 'say which one by words of its text' } };
          }
          const target = found[0]!;
          const { followers } = await cancelWithFollowers(scheduler, target.id);
          const result: Stopped = { ...stoppedOf(target, (at) => formatHuman(at, tz, clock())), ...(followers.length > 0 ? { after: followers.map((r) => r.text) } : {}) };
          await state.recordApplied(ctx.idempotencyKey, result);
          return { ok: true, summary: stoppedText(result), data: result };
        },
      }),
      move_reminder: defineMethod({
        description: "Move one of the requester's own reminders still to come to another day or time, or by a while, found by words of its text or the clock time it is due (\"my 6pm reminder\"); one that repeats is not moved: it is stopped and set anew",
        params: moveReminderParams,
        hints: calendarHints.move_reminder,
        flags: { idempotent: true },
        async run(args, ctx) {
          const { state, scheduler } = started();
          const now = clock();
          // Run again after a crash: the move the first run made, not another.
          const earlier = await state.applied<{ id: string; text: string; at: string; was: string }>(ctx.idempotencyKey);
          if (earlier) return { ok: true, summary: movedReminderText(earlier, now), data: earlier };
          const mine = (await remindersOf(ctx.requester.address)).filter((r) => r.repeat === undefined);
          // "My 6pm reminder": the one due then; else by words of its text.
          const due = args.text !== undefined ? saidClock(args.text) : undefined;
          const found = due !== undefined ? mine.filter((r) => clockTime(r.at, tz) === due) : chosen(mine, args.text, (r) => r.text);
          if (found.length !== 1) {
            const which = mine.map((r) => `"${r.text}" ${formatHuman(r.at, tz, now)}`).join(', ');
            const message =
              mine.length === 0
                ? 'you have no reminder to come that could be moved (one that repeats is not moved: stop it and set it anew)'
                : found.length === 0
                  ? `none of your reminders is ${due !== undefined ? `due at ${due}` : `about "${args.text}"`} (you have ${which})`
                  : `${found.length} of your reminders could be meant: ${found.map((r) => `"${r.text}" ${formatHuman(r.at, tz, now)}`).join(', ')}`;
            return failedResult('CALENDAR_REMINDER_NOT_FOUND', message, { hint: 'say which one by words of its text or the time it is due' });
          }
          const target = found[0]!;
          const was = wallTime(target.at, tz);
          const [year, month, day] = args.date !== undefined ? args.date.split('-').map(Number) : [was.year, was.month, was.day];
          const [hour, minute] = args.time !== undefined ? args.time.split(':').map(Number) : [was.hour, was.minute];
          const at = args.by !== undefined ? new Date(target.at.getTime() + args.by * 60_000) : zonedToInstant({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: 0 }, tz);
          if (at.getTime() <= now.getTime()) return failedResult('CALENDAR_TIME_PASSED', `${formatHuman(at, tz, now)} has already passed`, { hint: 'give a day or time to come' });
          // The same job, due then: scheduling its id again replaces it.
          // What is to happen when a timer is up moves with it, under the same ids.
          const followers = await followersOf(scheduler, target.id);
          for (const { status: _, firedAt: __, ...job } of [target, ...followers]) await scheduler.schedule({ ...job, at });
          const moved = { id: target.id, text: target.text, at: at.toISOString(), was: target.at.toISOString(), ...(followers.length > 0 ? { after: followers.map((f) => f.text) } : {}) };
          await state.recordApplied(ctx.idempotencyKey, moved);
          return { ok: true, summary: movedReminderText(moved, now), data: moved };
        },
      }),
      clear_reminders: defineMethod({
        description: "Stop every one of the requester's own reminders, timers and requests scheduled for later, or those whose text shares words said; asks first, since it stops several",
        params: clearRemindersParams,
        hints: calendarHints.clear_reminders,
        flags: { idempotent: true, needsConfirmation: true },
        async run(args, ctx) {
          const { state, scheduler } = started();
          const now = clock();
          // "Cancel my reminders for tomorrow": those due then; one that repeats lets its times then pass, and keeps coming after.
          const period = args.from !== undefined || args.to !== undefined ? { from: args.from !== undefined ? parseIsoWithOffset(args.from)! : now, to: args.to !== undefined ? parseIsoWithOffset(args.to)! : new Date(8.64e15) } : undefined;
          const meant = (r: { text: string; kind?: ScheduledRecord['kind']; run?: boolean }) => (args.text === undefined || sharesWord(r.text, args.text)) && (args.kind === undefined || isKind(r as ScheduledRecord, args.kind));
          const passing = period ? (await remindersOf(ctx.requester.address)).filter((r) => r.repeat !== undefined && meant(r)) : [];
          const passed: string[] = [];
          for (const r of passing) {
            const times = occurrences(r.repeat!, period!.from, period!.to, 100).map((at) => at.toISOString());
            if (times.length === 0) continue;
            await letPass(r, times, now);
            passed.push(`"${r.text}" (${describeRepeat(r.repeat!)})`);
          }
          const mine = await remindersOf(ctx.requester.address);
          // Those meant, each timer with what is to happen when it is up (said with it, unless stopped of its own).
          const toStop = async (): Promise<Stopped[]> => {
            const all = [...mine, ...(period ? [] : await pausedOf(ctx.requester.address))].filter((r) => meant(r) && (!period || (!('repeat' in r && r.repeat) && 'at' in r && r.at >= period.from && r.at < period.to)));
            const ids = new Set(all.map((r) => r.id));
            return all.map((r) => {
              const after = 'leftMs' in r ? (r.followers ?? []).map((f) => f.text) : mine.filter((f) => follows(f.id, r.id) && !ids.has(f.id)).map((f) => f.text);
              return { ...stoppedOf(r, (at) => formatHuman(at, tz, now)), ...(after.length > 0 ? { after } : {}) };
            });
          };
          // Run again after a crash: what the first run stopped, stopped again (stopping twice is stopping once).
          const stopped = (await state.applied<Stopped[]>(ctx.idempotencyKey)) ?? (await toStop());
          for (const s of stopped) {
            // What was to happen when a timer was up goes before it: a run cut short never leaves it to come without its timer.
            for (const f of mine) if (follows(f.id, s.id)) await scheduler.cancel(f.id);
            await scheduler.cancel(s.id);
            await state.delete(`${PAUSED}${s.id}`);
          }
          await state.recordApplied(ctx.idempotencyKey, stopped);
          const kind = args.kind ?? 'reminder';
          const then = period ? ` ${args.from !== undefined ? `for ${formatHuman(period.from, tz, now).replace(/ at 00:00$/, '')}` : `before ${formatHuman(period.to, tz, now)}`}` : '';
          const skipping = passed.length === 0 ? '' : `${passed.join(', ')} ${passed.length === 1 ? 'skips its times' : 'skip their times'} then, and ${passed.length === 1 ? 'comes' : 'come'} again after`;
          const summary =
            stopped.length === 0
              ? skipping !== ''
                ? `${skipping[0]!.toUpperCase()}${skipping.slice(1)}.`
                : `You had no ${kind}s${args.text === undefined ? '' : ` about "${args.text}"`}${then} to stop.`
              : `Stopped ${counted(stopped.length, kind)}${then}: ${stopped.map((s) => `"${s.text}"${s.when ? ` (${s.when})` : ''}`).join(', ')}${afterText(stopped)}${skipping !== '' ? `; ${skipping}` : ''}.`;
          return { ok: true, summary, data: { stopped, ...(passed.length > 0 ? { skipping: passed } : {}) } };
        },
      }),
      snooze: defineMethod({
        description: "Bring back the requester's reminder that came last (within the last hours), a while later: 10 minutes unless said",
        params: snoozeParams,
        hints: calendarHints.snooze,
        flags: { idempotent: true },
        async run(args, ctx) {
          const now = clock();
          const { scheduler } = started();
          const address = ctx.requester.address;
          // A reminder that came is fired; a routine that came stays pending, with the time it last came.
          const routines = (await remindersOf(address)).filter((r) => r.repeat !== undefined);
          const fired = [...(await remindersOf(address, 'fired')), ...routines]
            .filter((r) => !r.run && r.firedAt !== undefined && now.getTime() - r.firedAt.getTime() <= SNOOZABLE_MS)
            .sort((a, b) => b.firedAt!.getTime() - a.firedAt!.getTime());
          const last = fired[0];
          if (!last) return failedResult('CALENDAR_NOTHING_TO_SNOOZE', 'no reminder of yours came in the last hours', { hint: 'say what to be reminded of, and when' });
          const at = args.at !== undefined ? parseIsoWithOffset(args.at)! : new Date(now.getTime() + (args.seconds ?? DEFAULT_SNOOZE_S) * 1000);
          const ms = at.getTime() - now.getTime();
          if (ms < 30_000) return failedResult('CALENDAR_TIME_PASSED', `${formatHuman(at, tz, now)} is not later`, { hint: 'say how long to snooze for, e.g. "snooze for 10 minutes"' });
          // Under the action's idempotency key: a resumed attempt snoozes once.
          await scheduler.schedule({ id: ctx.idempotencyKey, kind: 'reminder', at, text: last.text, deliverTo: address, requestId: ctx.requestId });
          const timer = timerOf(last.text);
          return {
            ok: true,
            summary: `Snoozed${ms % 60_000 === 0 ? ` for ${durationWords(ms)}` : ''}: ${timer ? `the ${timer} comes again` : `I'll remind you to ${saidBack(last.text)} again`} ${formatHuman(at, tz, now)}.`,
            data: { id: ctx.idempotencyKey, at: formatZoned(at, tz), text: last.text, snoozed: last.id },
          };
        },
      }),
      find_event: defineMethod({
        description: 'Say when an event still to come is, found by words of its title ("when is my dentist appointment"), on a day when one is said ("when is tomorrow\'s standup")',
        params: findEventParams,
        hints: calendarHints.find_event,
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          const now = clock();
          const coming = await upcomingEvents(now, args.from, args.to);
          // "My next meeting", "my first meeting tomorrow": the soonest; "my next appointment" is any event when none is called so.
          const next = /\b(?:next|first)\b/i.test(args.title);
          const title = args.title.replace(/\b(?:next|first)\s+/i, '');
          const matching = bestMatches(coming, title, (e) => e.title);
          const found = matching.length === 0 && GENERIC_EVENT.test(title) ? coming.slice(0, 1) : next || GENERIC_EVENT.test(title) ? matching.slice(0, 1) : matching;
          if (found.length === 0) return notFound(found, coming, title, now, args.from !== undefined);
          const when = (e: CalendarEvent) => `${formatHuman(new Date(e.start), tz, now)} to ${clockTime(new Date(e.end), tz)}${e.every !== undefined ? ` (it comes ${howOften(e, tz)})` : ''}`;
          const summary = found.length === 1 ? `"${found[0]!.title}" is ${when(found[0]!)}.` : found.map((e) => `"${e.title}": ${when(e)}`).join('\n');
          return { ok: true, summary, data: { events: found } };
        },
      }),
      create_event: defineMethod({
        description: 'Add an event to the calendar',
        params: eventParams,
        hints: calendarHints.create_event,
        flags: { idempotent: true },
        async run(args, ctx) {
          const now = clock();
          const said = args.start !== undefined ? parseIsoWithOffset(args.start)! : undefined;
          const length = said && args.end !== undefined ? parseIsoWithOffset(args.end)!.getTime() - said.getTime() : HOUR;
          if (length <= 0) {
            return { ok: false, retryable: false, error: { code: 'CALENDAR_BAD_RANGE', message: 'the event ends before it starts' } };
          }
          // One that repeats starts the first time its pattern comes round, from the start said (or now) on;
          // every other week (or so) counted from then.
          const from = said ?? now;
          const week = args.week !== undefined ? { week: args.week } : {};
          const firstOf = (every: string, interval?: RecurrenceInterval) => firstFrom(seriesOf({ every, ...(interval ? { interval } : {}), ...week }, tz), from);
          const first = args.every !== undefined ? firstOf(args.every) : undefined;
          const interval = args.interval && first ? { ...args.interval, from: dayOf(first, tz) } : undefined;
          const start = args.every !== undefined ? (first && firstOf(args.every, interval)) : said;
          if (start === undefined) {
            return failedResult('CALENDAR_BAD_RANGE', `"${describeEvery(args.every!)}" does not come round in the next two years`, { hint: 'say how often it comes round, e.g. "every Monday at 10am"' });
          }
          const event: CalendarEvent = {
            id: ctx.idempotencyKey,
            title: args.title,
            start: formatZoned(start, tz),
            end: formatZoned(new Date(start.getTime() + length), tz),
            createdBy: ctx.requester.address.userId,
            ...(args.every !== undefined ? { every: args.every, ...week } : {}),
            ...(interval ? { interval } : {}),
          };
          await started().state.apply<CalendarEvent, CalendarEvent>(`event:${event.id}`, ctx.idempotencyKey, () => ({ next: event, result: event }));
          const when = event.every !== undefined ? `${howOften(event, tz)}, first ${formatHuman(start, tz, now)}` : formatHuman(start, tz, now);
          return { ok: true, summary: `Added "${args.title}" ${when}.`, data: event };
        },
      }),
      move_event: defineMethod({
        description: 'Move an event still to come to another day or time, found by words of its title (and its day, when said: "tomorrow\'s standup"); what is not said of the new time is kept (its day, its time of day), and so is its length',
        params: moveEventParams,
        hints: calendarHints.move_event,
        flags: { idempotent: true },
        async run(args, ctx) {
          const { state } = started();
          const now = clock();
          // Run again after a crash: the move the first run made, not another.
          const earlier = await state.applied<CalendarEvent>(ctx.idempotencyKey);
          if (earlier) return { ok: true, summary: `Moved "${earlier.title}" to ${formatHuman(new Date(earlier.start), tz, now)}${withIt(await follow(earlier, false, now), 'moved')}.`, data: earlier };
          const coming = await upcomingEvents(now, args.from, args.to);
          const found = eventsMeant(coming, args.title);
          if (found.length !== 1) return notFound(found, coming, args.title, now, args.from !== undefined);
          const event = found[0]!;
          const start = new Date(event.start);
          const was = wallTime(start, tz);
          const [year, month, day] = args.date !== undefined ? args.date.split('-').map(Number) : [was.year, was.month, was.day];
          const [hour, minute] = args.time !== undefined ? args.time.split(':').map(Number) : [was.hour, was.minute];
          // "Push it back an hour": from where it is.
          const to = args.by !== undefined ? new Date(start.getTime() + args.by * 60_000) : zonedToInstant({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: 0 }, tz);
          if (to.getTime() < now.getTime()) {
            return { ok: false, retryable: false, error: { code: 'CALENDAR_TIME_PASSED', message: `${formatHuman(to, tz, now)} has already passed`, hint: 'give a day or time to come' } };
          }
          const moved: CalendarEvent = { ...event, start: formatZoned(to, tz), end: formatZoned(new Date(to.getTime() + Date.parse(event.end) - start.getTime()), tz) };
          if (event.occurrence !== undefined && args.all) return moveEvery(event, moved, ctx.idempotencyKey, now);
          // Once per idempotency key: a run taking over after a crash reports the same move. Of one that repeats, this time only moves.
          const { result } = await state.apply<CalendarEvent, CalendarEvent>(`event:${event.id}`, ctx.idempotencyKey, (current) => ({ next: moved.occurrence !== undefined ? timeMoved(current, moved) : moved, result: moved }));
          const followed = await follow(result, false, now, event.start);
          const others = result.every !== undefined ? `; the others stay ${howOften(result, tz)}` : '';
          return { ok: true, summary: `Moved "${result.title}" to ${formatHuman(new Date(result.start), tz, now)} (it was ${formatHuman(start, tz, now)})${withIt(followed, 'moved')}${others}.`, data: result };
        },
      }),
      rename_event: defineMethod({
        description: 'Give an event still to come another title, found by words of its title ("rename my dentist appointment to dentist checkup"); of one that repeats, every time it comes round',
        params: renameEventParams,
        hints: calendarHints.rename_event,
        flags: { idempotent: true },
        async run(args, ctx) {
          const { state } = started();
          const now = clock();
          // Run again after a crash: the rename the first run made, not a search for the old title (now gone).
          const earlier = await state.applied<{ from: string; event: CalendarEvent }>(ctx.idempotencyKey);
          if (earlier) return renamedResult(earlier.from, earlier.event, now);
          const coming = await upcomingEvents(now, args.from, args.to);
          const found = eventsMeant(coming, args.title);
          if (found.length !== 1) return notFound(found, coming, args.title, now, args.from !== undefined);
          const event = found[0]!;
          const { result } = await state.apply<CalendarEvent, { from: string; event: CalendarEvent }>(`event:${event.id}`, ctx.idempotencyKey, (current) => ({ next: { ...(current ?? event), title: args.name }, result: { from: event.title, event: { ...event, title: args.name } } }));
          return renamedResult(result.from, result.event, now);
        },
      }),
      cancel_event: defineMethod({
        description: 'Remove an event still to come from the calendar, found by words of its title, or by its day when that day holds only one',
        params: cancelEventParams,
        hints: calendarHints.cancel_event,
        flags: { idempotent: true },
        async run(args, ctx) {
          const { state } = started();
          // Run again after a crash: what the first run removed, not a second search (which would find nothing, or the next match).
          const earlier = await state.applied<CalendarEvent>(ctx.idempotencyKey);
          const now = clock();
          if (earlier) return { ok: true, summary: removedText(earlier, tz, now, await follow(earlier, true, now)), data: earlier };
          const coming = await upcomingEvents(now, args.from, args.to);
          // Neither words of its title nor its day: which event is not for a guess to decide.
          const found = args.title !== undefined ? eventsMeant(coming, args.title) : args.from !== undefined ? coming : [];
          if (found.length !== 1) return notFound(found, coming, args.title, now, args.from !== undefined);
          const event = found[0]!;
          if (event.occurrence !== undefined && !args.all) {
            // Of one that repeats, the time found: the others stay.
            const { result } = await state.apply<CalendarEvent, CalendarEvent>(`event:${event.id}`, ctx.idempotencyKey, (current) => ({ next: timeSkipped(current, event), result: event }));
            return { ok: true, summary: removedText(result, tz, now, await follow(result, true, now)), data: result };
          }
          const { occurrence: _, ...whole } = event;
          await state.delete(`event:${event.id}`);
          await state.recordApplied(ctx.idempotencyKey, whole);
          return { ok: true, summary: removedText(whole, tz, now, await follow(whole, true, now)), data: whole };
        },
      }),
      clear_events: defineMethod({
        description: 'Remove every event still to come that starts in a period ("clear my calendar for tomorrow"); asks first, since it removes several at once',
        params: clearEventsParams,
        hints: calendarHints.clear_events,
        flags: { idempotent: true, needsConfirmation: true },
        async run(args, ctx) {
          const { state } = started();
          const now = clock();
          // Run again after a crash: what the first run removed.
          // Without a period, those still to come, each repeating one whole.
          const coming = args.from !== undefined ? await upcomingEvents(now, args.from, args.to) : await eventsToCome(now);
          const removed = (await state.applied<CalendarEvent[]>(ctx.idempotencyKey)) ?? coming.filter((e) => args.title === undefined || sharesWord(e.title, args.title));
          for (const event of removed) {
            // Of one that repeats, the times in the period: the others stay.
            if (event.occurrence !== undefined) await state.apply<CalendarEvent, null>(`event:${event.id}`, `${ctx.idempotencyKey}:${event.occurrence}`, (current) => ({ next: timeSkipped(current, event), result: null }));
            else await state.delete(`event:${event.id}`);
          }
          await state.recordApplied(ctx.idempotencyKey, removed);
          let stopped = 0;
          for (const event of removed) stopped += await follow(event, true, now);
          const when = args.from !== undefined ? `from ${formatHuman(parseIsoWithOffset(args.from)!, tz, now).replace(/ at 00:00$/, '')}` : `called "${args.title}"`;
          const summary =
            removed.length === 0
              ? `There was nothing in the calendar to clear (${when}).`
              : `Removed ${counted(removed.length, 'event')} from the calendar: ${removed.map((e) => eventText(e, tz, now)).join(', ')}${withIt(stopped, 'stopped', removed.length > 1 ? 'them' : 'it')}.`;
          return { ok: true, summary, data: { removed } };
        },
      }),
      list_events: defineMethod({
        description: "List the events of a period, and the requester's own reminders in it",
        params: listEventsParams,
        hints: calendarHints.list_events,
        flags: { readOnly: true, idempotent: true },
        async run(args, ctx) {
          // No period said ("what's on my calendar"): what is coming, the next days from now.
          const from = args.from !== undefined ? parseIsoWithOffset(args.from)! : clock();
          const to = args.to !== undefined ? parseIsoWithOffset(args.to)! : new Date(from.getTime() + COMING_DAYS * 86_400_000);
          const events = await eventTimes(from.getTime(), to.getTime(), -Infinity);
          // The events are the household's; the reminders are each requester's own.
          const reminders = (await remindersOf(ctx.requester.address)).filter((r) => r.at.getTime() >= from.getTime() && r.at.getTime() < to.getTime());
          const items = [
            ...events.map((e) => ({ at: new Date(e.start), text: e.title })),
            ...reminders.map((r) => ({ at: r.at, text: `reminder: ${r.text}` })),
          ].sort((a, b) => a.at.getTime() - b.at.getTime());
          const summary =
            items.length === 0
              ? args.from === undefined && args.to === undefined
                ? `Nothing in the calendar in the next ${COMING_DAYS} days.`
                : 'Nothing in the calendar for that period.'
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
  create: (_values, core) => createCalendar({ timeZone: core.timeZone, ...(core.place ? { place: core.place } : {}) }),
};

const SUN_EVENTS: SunEvent[] = ['dawn', 'sunrise', 'sunset', 'dusk'];
/** How the sun's times are told, and told missing (polar day and night). */
const SUN_SAID: Record<SunEvent, { name: string; none: string }> = {
  dawn: { name: 'First light', none: 'It does not get light' },
  sunrise: { name: 'Sunrise', none: 'The sun does not rise' },
  sunset: { name: 'Sunset', none: 'The sun does not set' },
  dusk: { name: 'Dark', none: 'It does not get dark' },
};

/** What is scheduled: a reminder to deliver, or a request to run; how the reply says it, and how to stop it. */
interface Scheduling {
  run: boolean;
  doing(text: string): string;
  stop(text: string): string;
}

const REMINDER: Scheduling = { run: false, doing: (text) => `remind you to ${saidBack(text)}`, stop: (text) => `stop reminding me to ${text}` };
const REQUEST: Scheduling = { run: true, doing: saidBack, stop: (text) => `cancel the routine to ${text}` };

/** What a stop stopped, as recorded under its idempotency key. */
interface Stopped {
  id: string;
  text: string;
  run?: boolean;
  repeats?: boolean;
  /** When a reminder due once was to come, as the requester is told it ("tomorrow at 07:00"). */
  when?: string;
  /** Of a timer, what was to happen when it was up (the requests' words), stopped with it. */
  after?: string[];
}

/** What was to happen when the timers stopped were up, stopped with them: ' and what was to happen when it was up ("turn off the kitchen light")'. */
function afterText(stopped: Stopped[]): string {
  const timers = stopped.filter((s) => s.after?.length);
  if (timers.length === 0) return '';
  const said = timers.flatMap((s) => s.after!).map((t) => `"${t}"`).join(', ');
  return ` and what was to happen when ${timers.length === 1 ? 'it was' : 'they were'} up (${said})`;
}

function stoppedOf(r: Pick<ScheduledRecord, 'id' | 'text' | 'run' | 'repeat'> & { at?: Date }, told?: (at: Date) => string): Stopped {
  return { id: r.id, text: r.text, ...(r.run ? { run: true } : {}), ...(r.repeat ? { repeats: true } : told && r.at ? { when: told(r.at) } : {}) };
}

/** Words as they name a thing, without the article or possessive before them and the case: "my Dentist appointment" → "dentist appointment". */
function withoutArticle(text: string): string {
  return text.toLowerCase().replace(/^(?:my|our|the|his|her|their|a|an)\s+/, '').trim();
}

/** An event as the requester is told of it: "dentist appointment" (tomorrow at 15:00), "team meeting" (every Monday at 10:00). */
function eventText(event: CalendarEvent, tz: string, now: Date): string {
  const whole = event.every !== undefined && event.occurrence === undefined;
  return `"${event.title}" (${whole ? howOften(event, tz) : formatHuman(new Date(event.start), tz, now)})`;
}

/** The first time a pattern comes round at or after `from`, within {@link AHEAD_MS}; undefined when it does not. */
function firstFrom(repeat: Recurrence, from: Date): Date | undefined {
  return occurrences(repeat, from, new Date(from.getTime() + AHEAD_MS), 1)[0];
}

/** When an event that repeats comes round (or a routine before it, of its `every`): its pattern, and its interval. */
function seriesOf(event: Pick<CalendarEvent, 'every' | 'interval' | 'week'>, timeZone: string): Recurrence {
  return { cron: event.every!, timeZone, ...(event.interval ? { interval: event.interval } : {}), ...(event.week !== undefined ? { weekOfMonth: event.week } : {}) };
}

/** "every Monday at 10:00", "every other Monday at 10:00": how often an event that repeats comes round. */
function howOften(event: Pick<CalendarEvent, 'every' | 'interval' | 'week'>, timeZone: string): string {
  return describeRepeat(seriesOf(event, timeZone));
}

function removedText(event: CalendarEvent, tz: string, now: Date, stopped = 0): string {
  const others = event.occurrence !== undefined && event.every !== undefined ? `; the others stay (${howOften(event, tz)}; "cancel every ${event.title}" removes them all)` : '';
  return `Removed ${eventText(event, tz, now)} from the calendar${withIt(stopped, 'stopped')}${others}.`;
}

/** A repeating event as stored (`current`), read again when it is changed: gone meanwhile, nothing is changed. */
function stillThere(current: CalendarEvent | undefined, time: CalendarEvent): CalendarEvent {
  if (current === undefined) throw new Error(`"${time.title}" was removed from the calendar meanwhile`);
  return current;
}

/** A repeating event without one time it came round (`time`, an event of that time, found by its `occurrence`). */
function timeSkipped(current: CalendarEvent | undefined, time: CalendarEvent): CalendarEvent {
  const series = stillThere(current, time);
  const was = time.occurrence!;
  return { ...series, skipped: [...new Set([...(series.skipped ?? []), was])], moved: (series.moved ?? []).filter((m) => m.was !== was) };
}

/** A repeating event with one time it comes round (`time`) moved to when `time` now says. */
function timeMoved(current: CalendarEvent | undefined, time: CalendarEvent): CalendarEvent {
  const series = stillThere(current, time);
  const was = time.occurrence!;
  return { ...series, moved: [...(series.moved ?? []).filter((m) => m.was !== was), { was, start: time.start, end: time.end }] };
}

/** What was done with the reminders and requests set before an event: "; the 2 things set before it move with it". */
function withIt(n: number, done: 'moved' | 'stopped', it = 'it'): string {
  if (n === 0) return '';
  return done === 'moved' ? `; ${n === 1 ? 'what was set before it moves' : `the ${n} things set before it move`} with it` : `; ${n === 1 ? 'what was set before it is' : `the ${n} things set before ${it} are`} stopped too`;
}

/** A reminder or a request set for a while before an event, under the scheduler's job id. */
interface Follower {
  job: string;
  event: string;
  /** Seconds before the event's start. */
  ahead: number;
  /** It reminds of the event, and says when it starts: said again when the event moves. */
  ofEvent: boolean;
  /** It comes before each time a repeating event comes round (a routine), not only the next. */
  every?: boolean;
}

/** Words that say each time an event comes round: "before every team meeting". */
const EACH = /^(?:every|each|all)\s+(?:(?:of\s+)?(?:my|the|our)\s+)?/i;

/**
 * A pattern `ahead` seconds before each time of `cron`: the same days, earlier; the day before
 * when that crosses midnight (days of the week only). Undefined where no pattern says it (a
 * length not in whole minutes, a day of the month crossed back, hours whose minutes differ).
 */
export function cronBefore(cron: string, ahead: number): string | undefined {
  return ahead % 60 === 0 ? shiftedCron(cron, -ahead / 60) : undefined;
}

/**
 * A pattern each of whose times is `minutes` later (earlier when negative): the same days, or
 * the days after (before) when that crosses midnight (days of the week only). Undefined where no
 * pattern says it (a day of the month crossed, hours whose days would differ).
 */
export function shiftedCron(cron: string, minutes: number): string | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5 || !Number.isInteger(minutes)) return undefined;
  const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
  if (!/^\d+$/.test(minute) || !/^\d+(?:,\d+)*$/.test(hour)) return undefined;
  const times = hour.split(',').map((h) => Number(h) * 60 + Number(minute) + minutes);
  const dayShift = Math.floor(times[0]! / 1440);
  if (times.some((t) => Math.floor(t / 1440) !== dayShift)) return undefined;
  const within = times.map((t) => t - dayShift * 1440);
  const at = `${within[0]! % 60} ${within.map((t) => Math.floor(t / 60)).join(',')}`;
  if (dayShift === 0) return `${at} ${dom} ${month} ${dow}`;
  if (dom !== '*' || month !== '*') return undefined;
  // "1-5" is Monday to Friday: each as many days on.
  const listed = /^[0-7](?:-[0-7])?(?:,[0-7](?:-[0-7])?)*$/.test(dow)
    ? dow.split(',').flatMap((part) => {
        const [from, to = from] = part.split('-').map(Number) as [number, number?];
        return Array.from({ length: Math.max(0, to! - from + 1) }, (_, i) => from + i);
      })
    : undefined;
  const days = dow === '*' ? '*' : listed && listed.length > 0 ? [...new Set(listed.map((d) => (((d + dayShift) % 7) + 7) % 7))].sort((a, b) => a - b).join(',') : undefined;
  return days === undefined ? undefined : `${at} * * ${days}`;
}

/** Where the calendar keeps what is set before an event, by job id. */
const FOLLOWS = 'follows:';

/** Where a paused timer waits, under its job's id, with the time it has left. */
const PAUSED = 'paused:';

interface PausedTimer {
  id: string;
  text: string;
  leftMs: number;
  deliverTo: Address;
  pausedAt: string;
  /** The idempotency key of the pause. */
  pausedBy: string;
  /** The idempotency keys of the time added to it while paused. */
  extendedBy?: string[];
  /** What is to happen when it is up, waiting with it: scheduled again when it resumes. */
  followers?: PausedFollower[];
  /** The idempotency key of the resume under way, and when the timer is up once resumed (ISO 8601). */
  resumedBy?: string;
  upAt?: string;
}

/** What is to happen when a paused timer is up: its job but for its id, time and request, by the key of the action that asked for it. */
interface PausedFollower {
  key: string;
  text: string;
  deliverTo: Address;
  run?: boolean;
}

/** A follower's job (pending) as it waits with its paused timer. */
function keptFollower(r: ScheduledRecord, timerId: string): PausedFollower {
  return { key: followerKey(r.id, timerId), text: r.text, deliverTo: r.deliverTo, ...(r.run ? { run: true } : {}) };
}

/**
 * A follower kept with a paused timer, scheduled for the timer that goes on (`timerId`, up at
 * `at`) as part of the request that resumed it (`requestId`), as the timer is: "cancel that"
 * after "resume the timer" calls off both.
 */
function followerJob(f: PausedFollower, timerId: string, at: Date, requestId: string): ScheduledJob {
  return { id: followerId(timerId, f.key), kind: 'reminder', at, text: f.text, deliverTo: f.deliverTo, requestId, ...(f.run ? { run: true } : {}) };
}

/** What after_timer says it will do: when the timer is up, and when that is (or that it is paused). */
function afterResult(text: string, timer: { text: string } | undefined, at: Date | undefined, now: Date, tz: string): ActionResult {
  const when = timer ? ` when the ${timerOf(timer.text)} is up` : ' when the timer is up';
  const time = at ? `, ${formatHuman(at, tz, now)}` : timer ? ' (it is paused)' : '';
  return { ok: true, summary: `I'll ${saidBack(text)}${when}${time}.`, data: { text, ...(timer ? { timer: timer.text } : {}), ...(at ? { at: formatZoned(at, tz) } : {}) } };
}

function extendedResult(text: string, at: Date, more: number, now: Date, tz: string): ActionResult {
  return { ok: true, summary: `Added ${durationWords(more)} to the ${timerOf(text)}: ${leftWords(at.getTime() - now.getTime())} left, up ${formatHuman(at, tz, now)}.`, data: { text, at: formatZoned(at, tz) } };
}

function pausedResult(p: PausedTimer): ActionResult {
  return { ok: true, summary: `Paused the ${timerOf(p.text)} with ${leftWords(p.leftMs)} left; say "resume the timer" to go on.`, data: { text: p.text, leftSeconds: Math.round(p.leftMs / 1000) } };
}

function pausedAllResult(ps: PausedTimer[]): ActionResult {
  const each = ps.map((p) => `the ${timerOf(p.text)} with ${leftWords(p.leftMs)} left`).join(', ');
  return { ok: true, summary: `Paused ${ps.length} timers: ${each}; say "resume all timers" to go on.`, data: { timers: ps.map((p) => ({ text: p.text, leftSeconds: Math.round(p.leftMs / 1000) })) } };
}

function resumedAllResult(rs: Array<{ text: string; at: Date }>, now: Date, tz: string): ActionResult {
  const each = [...rs].sort((a, b) => a.at.getTime() - b.at.getTime()).map((r) => `the ${timerOf(r.text)}, up ${formatHuman(r.at, tz, now)}`).join('; ');
  return { ok: true, summary: `${rs.length} timers go on: ${each}.`, data: { timers: rs.map((r) => ({ text: r.text, at: formatZoned(r.at, tz) })) } };
}

function resumedResult(text: string, at: Date, now: Date, tz: string): ActionResult {
  const left = at.getTime() - now.getTime();
  return { ok: true, summary: `The ${timerOf(text)} goes on: ${leftWords(left)} left, up ${formatHuman(at, tz, now)}.`, data: { text, at: formatZoned(at, tz) } };
}

/** A clock time said as which reminder ("6pm", "6:30", "7 am"), as HH:MM; undefined for words. */
function saidClock(text: string): string | undefined {
  const m = /^\s*(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?\s*$|^\s*(?:at\s+)?(\d{1,2}):(\d{2})\s*$/i.exec(text);
  if (!m) return undefined;
  const hour = m[1] !== undefined ? (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'p' ? 12 : 0) : Number(m[4]);
  const minute = Number(m[2] ?? m[5] ?? 0);
  return hour > 23 || minute > 59 ? undefined : `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Those meant by `label`, or all when none is said. */
function chosen<T>(items: T[], label: string | undefined, textOf: (item: T) => string): T[] {
  return label === undefined ? items : bestMatches(items, label, textOf);
}

/**
 * The reminders due at a time said ("the reminder at 5pm", "my alarm for tomorrow"): those due
 * at it, to the minute; else those due at its time of day on another day ("my 7am alarm" set for
 * Monday); else those due on its day (a day said alone stands for its morning).
 */
function dueAround(reminders: ScheduledRecord[], at: Date, timeZone: string): ScheduledRecord[] {
  const exact = reminders.filter((r) => Math.abs(r.at.getTime() - at.getTime()) < 60_000);
  if (exact.length > 0) return exact;
  const sameClock = reminders.filter((r) => clockTime(r.at, timeZone) === clockTime(at, timeZone));
  if (sameClock.length > 0) return sameClock;
  return reminders.filter((r) => dayOf(r.at, timeZone) === dayOf(at, timeZone));
}

/** The day of an instant in a time zone, YYYY-MM-DD. */
function dayOf(at: Date, timeZone: string): string {
  return formatZoned(at, timeZone).slice(0, 10);
}

/** Why no single timer was taken: none, none of those words, or several. */
function whichTimer(found: Array<{ text: string }>, all: Array<{ text: string }>, state: 'running' | 'paused', label: string | undefined): ActionResult {
  const names = (xs: Array<{ text: string }>) => xs.map((x) => `"${timerOf(x.text)}"`).join(', ');
  if (all.length === 0) return failedResult('CALENDAR_TIMER_NOT_FOUND', `you have no ${state} timer`, { hint: state === 'running' ? 'start one with "set a timer for 10 minutes"' : 'only a paused timer goes on; for a new one say how long, e.g. "set a timer for 10 minutes"' });
  if (found.length === 0) return failedResult('CALENDAR_TIMER_NOT_FOUND', `none of your ${state} timers is for "${label}" (you have ${names(all)})`, { hint: 'say which by what it is for' });
  return failedResult('CALENDAR_TIMER_NOT_FOUND', `${found.length} ${state} timers could be meant: ${names(found)}`, { hint: 'say which by what it is for, e.g. "the pasta timer"' });
}

/** A clock time said with an event's title: "3pm", "10 am", "15:30". */
const CLOCK_SAID = /\b(\d{1,2})(?::([0-5]\d))?\s*(am|pm)\b|\b(\d{1,2}):([0-5]\d)\b/i;

/** Words that name no event in particular: "when is my next appointment" asks for the soonest. */
const GENERIC_EVENT = /^(?:appointment|meeting|event|thing|plan|one)s?$/i;

/** How long until a time, to the minute: "7 hours 5 minutes"; in days and hours from two days on ("6 days 8 hours"). */
function untilWords(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return days >= 2 ? `${counted(days, 'day')}${hours > 0 ? ` ${counted(hours, 'hour')}` : ''}` : leftWords(minutes * 60_000);
}

/** Time left, to the second: "7 minutes 12 seconds", "1 hour 5 minutes". */
function leftWords(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const parts: Array<[number, string]> = [[Math.floor(total / 3600), 'hour'], [Math.floor((total % 3600) / 60), 'minute'], [total % 60, 'second']];
  const said = parts.filter(([n]) => n > 0).map(([n, unit]) => counted(n, unit));
  return said.length === 0 ? '0 seconds' : said.join(' ');
}

/** How long after it came a reminder can still be snoozed, and for how long by default. */
const SNOOZABLE_MS = 6 * HOUR;
const DEFAULT_SNOOZE_S = 600;

/** How a timer's reminder ends: "10-minute timer is up". */
const TIMER_UP = ' is up';

/** Whether a reminder (or a paused timer) is of a kind: a timer, an alarm, a routine (one that comes again). */
function isKind(r: { text: string; run?: unknown; repeat?: unknown }, kind: 'timer' | 'alarm' | 'routine'): boolean {
  if (kind === 'routine') return r.repeat !== undefined;
  if (r.run) return false;
  return kind === 'timer' ? timerOf(r.text) !== undefined : r.text === WAKE_UP;
}

/** The timer a reminder's text is of ("10-minute timer for the pasta"), if it is one's. */
function timerOf(text: string): string | undefined {
  const name = text.endsWith(TIMER_UP) ? text.slice(0, -TIMER_UP.length) : '';
  return / timer( for .+)?$/.test(name) ? name : undefined;
}

function stoppedText(s: Stopped): string {
  const timer = s.run ? undefined : timerOf(s.text);
  if (timer) return `Stopped the ${timer}${afterText([s])}.`;
  if (!s.run) return s.when ? `I won't remind you to ${saidBack(s.text)} ${s.when} after all.` : `I won't remind you to ${saidBack(s.text)} any more.`;
  return s.repeats ? `Stopped: I will no longer ${s.text} on schedule.` : `Cancelled: I won't ${s.text} later after all.`;
}

const WORD = /[\p{L}\p{N}]+/gu;
const IGNORED = new Set(['the', 'my', 'me', 'to', 'a', 'an', 'of', 'about', 'for', 'and', 'reminder', 'reminders', 'remind', 'reminding']);

function wordsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => !IGNORED.has(w)));
}

/** The same word, give or take an ending: "meeting" and "meetings", "dentist" and "dentists". */
function sameWord(a: string, b: string): boolean {
  return a === b || a.startsWith(b) || b.startsWith(a);
}

/** Words that say which events without naming any: "all my events", "everything". */
const ANY_EVENT = new Set(['all', 'every', 'everything', 'event', 'events', 'plans', 'things', 'stuff']);

/** Words of a kind of event: said with others ("dentist appointments"), the others say which. */
const EVENT_KINDS = new Set(['appointment', 'appointments', 'meeting', 'meetings']);

/**
 * Whether a title has a word of `text` ("meetings" is said of "team meeting"); any title does when
 * `text` names none. "Dentist appointments" are the dentist's: not every appointment.
 */
function sharesWord(title: string, text: string): boolean {
  const wanted = [...wordsOf(text)].filter((w) => !ANY_EVENT.has(w));
  const which = wanted.filter((w) => !EVENT_KINDS.has(w));
  const needed = which.length > 0 ? which : wanted;
  const own = [...wordsOf(title)];
  return needed.length === 0 || needed.some((w) => own.some((o) => sameWord(o, w)));
}

/**
 * The reminders (or events) that share the most words with `text`, among those that share at
 * least half of them: "take out the trash" is not "take my pills", though both say "take".
 */
function bestMatches<T>(items: T[], text: string, textOf: (item: T) => string): T[] {
  const wanted = [...wordsOf(text)];
  const enough = Math.max(1, Math.ceil(wanted.length / 2));
  const scored = items.map((r) => {
    const own = [...wordsOf(textOf(r))];
    return { r, n: wanted.filter((w) => own.some((o) => sameWord(o, w))).length };
  });
  const best = Math.max(0, ...scored.map((s) => s.n));
  return best < enough ? [] : scored.filter((s) => s.n === best).map((s) => s.r);
}
