import type { MethodHints, RefineInfo } from '../../core/plugin/hints.js';

/** Where an event goes: said, but not part of its title. */
const onCalendar = '(on|to|in|into) [my|the] (calendar|agenda|schedule|diary)';

/** Where an event is taken from: "delete lunch with alice from my calendar". */
const offCalendar = '(off|from) [my|the] (calendar|agenda|schedule|diary)';

/** Verbs that take an event off the calendar, and that move one. */
const REMOVE = '(cancel|delete|remove|call off|scrap)';
const MOVE = '(move|shift|reschedule|postpone|push back|bring forward)';

/** A day's own event: "tomorrow's standup", "friday's meeting" (the day is read as when). */
const DAY_OWN_WORD = "(today's|tonight's|tomorrow's|monday's|tuesday's|wednesday's|thursday's|friday's|saturday's|sunday's)";

/** What an alarm reminds of: an alarm is a reminder to wake up ("set an alarm for 6:45"). */
export const WAKE_UP = 'wake up';

/** Words of moving things in time: "push all my meetings back", "shift everything to friday". */
const MOVING = '(push|move|shift|delay|postpone|reschedule|bring)';

/** "Push my 3pm meeting back an hour", "bring the dentist forward 30 minutes": a move by a length, later or earlier. */
const SHIFT = /\b(?:by\s+)?(an?|half an?|one|two|three|\d+(?:\.\d+)?)\s*(minutes?|mins?|hours?|hrs?|h|days?|weeks?)\b/i;
/** Minutes in a unit of {@link SHIFT}, by its first letter. */
const UNIT_MINUTES: Record<string, number> = { m: 1, h: 60, d: 24 * 60, w: 7 * 24 * 60 };
/** "Move the dentist to the same time next week", "... to tomorrow same time": a day or a week later, at its time; the title before it. */
const SAME_TIME = /^(?:please\s+)?(?:push|bring|move|shift|reschedule)\s+(?:(?:my|the|our)\s+)?(.+?)\s+(?:to\s+)?(?:the\s+)?(?:same\s+time\s+(next\s+week|tomorrow)|(next\s+week|tomorrow)\s+(?:at\s+)?(?:the\s+)?same\s+time)\b/i;
const WORD_COUNTS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, ten: 10, fifteen: 15, twenty: 20, thirty: 30 };
/** "5 more minutes", "two extra minutes": more time for a timer. */
const MORE_TIME = /\b(an?|one|two|three|four|five|ten|fifteen|twenty|thirty|\d{1,3})\s+(?:more|extra)\s+(minutes?|mins?|hours?|hrs?|seconds?|secs?)\b/i;
/** What a move by a length moves: the words between the verb and how far. */
const MOVED = /^(?:please\s+)?(?:push|bring|move|shift|reschedule)\s+(?:back\s+|forward\s+)?(?:(?:my|the|our)\s+)?(.+?)\s+(?:back|forward|by|an?|half|one|two|three|later|earlier|sooner|\d)\b/i;

/** The minutes a move by a length says, when it says one: later unless "forward", "earlier" or "sooner". */
function shiftMinutes(text: string): number | undefined {
  if (!/\b(?:back|forward|later|earlier|sooner)\b/i.test(text)) return undefined;
  const m = SHIFT.exec(text);
  if (!m) return undefined;
  const said = m[1]!.toLowerCase();
  const count = said.startsWith('half') ? 0.5 : (WORD_COUNTS[said] ?? Number(said));
  const minutes = Math.round(count * UNIT_MINUTES[m[2]!.toLowerCase()[0]!]!);
  if (!Number.isFinite(minutes) || minutes <= 0) return undefined;
  return /\b(?:forward|earlier|sooner)\b/i.test(text) ? -minutes : minutes;
}

/** "Rename my dentist appointment to dentist checkup", "change the name of the team meeting to standup". */
const RENAMED_EVENT = /^(?:please\s+)?(?:rename|retitle|change\s+the\s+(?:name|title)\s+of)\s+(?:(?:my|the|our)\s+)?(.+?)\s+(?:to|as)\s+["“]?(.+?)["”]?[.!]?$/i;

/** A question of how far off: "how long until christmas", "how many days till friday". */
const HOW_LONG = 'how (long|much time|many days|many weeks|many sleeps) [is it]';

/** Words that say an event repeats, said of one there is already ("my weekly standup"): no words of its title. */
const REPEATING = /\b(?:weekly|daily|nightly|monthly|yearly|annual|recurring|repeating|regular)\s+/gi;
/** Words that say every time a repeating event comes round is meant: "delete the team meeting for good". */
const FOR_GOOD = /\s+(?:for good|altogether|for ever|forever|completely|entirely|every time|each time|from now on|going forward)\s*$/i;
/** The same, said anywhere in a move: "move the team meeting to 11 from now on". */
const FROM_NOW_ON = /\b(?:from now on|for good|every time|each time|going forward)\b/i;

/** An event's title without the words that say it repeats; `whole` when they say it all goes ("cancel my weekly standup"). */
function repeatsSaid(args: Record<string, unknown>, whole?: string): Record<string, unknown> {
  const title = args['title'];
  if (typeof title !== 'string') return args;
  const bare = title.replace(REPEATING, '').replace(FOR_GOOD, '').trim();
  if (bare === title || bare === '') return args;
  return { ...args, title: bare, ...(whole ? { [whole]: true } : {}) };
}

/** A question about when a reminder comes: "when's my next reminder", "what time is my alarm". */
const REMINDER_ASKED = "(when's|when is|what time is) [my|the|our] [next|first] [*] (reminder|alarm|timer)";
/** A reminder moved: "change my 6pm reminder to 7pm", "push my reminder back 10 minutes", "move the alarm to 6:30". */
const REMINDER_CHANGED = '(change|move|push|reschedule|postpone|shift|delay|bring) [my|the|that|this|our] [*] [*] (reminder|alarm)';

/** What to be reminded of: "remind me to change the smoke alarm batteries" changes no alarm. */
const REMIND_TO = 'remind (me|us) [*] [*] [*] to';

/** An alarm said with a length, not a time: "an alarm for 10 minutes" is a timer. */
const ALARM_AFTER = 'alarm for * [*] (seconds|second|secs|minutes|minute|mins|min|hours|hour|hrs)';

/** Time kept for something: "block my calendar on Monday from 9 to 5 for work", "block out Friday afternoon for the move". */
const BLOCK = 'block [off|out] [my|the|our] [calendar|diary|agenda|schedule|time]';

/** Every reminder at once: "cancel all my reminders", "delete every timer". */
const ALL_REMINDERS = '(cancel|delete|remove|stop|clear|end|kill|turn off|switch off) (all|every) [of] [my|the|our] (reminders|reminder|timers|timer|routines|routine|alarms|alarm)';
/** "Move my 3pm meeting to 4": a clock time, the title, and a bare hour after "to". */
const WHICH_THEN_BARE = /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\s+(.+?)\s+to\s+(\d{1,2})(?::(\d{2}))?$/i;

/**
 * "Move my 3pm meeting to 4": the time said with the title is which one (the calendar finds
 * events by a clock time in their words), the bare hour after "to" is when, on the side of noon
 * nearest it (it moved a "meeting to 4" to 15:00).
 */
function bareHourAfter(args: Record<string, unknown>, text: string): Record<string, unknown> | undefined {
  const m = WHICH_THEN_BARE.exec(text);
  if (!m || typeof args['title'] !== 'string' || !/\sto\s+\d{1,2}(?::\d{2})?$/i.test(args['title'])) return undefined;
  const was = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  const hour = Number(m[5]);
  if (hour < 1 || hour > 12) return undefined;
  const to = [hour % 12, (hour % 12) + 12].reduce((best, h) => (Math.abs(h - was) < Math.abs(best - was) ? h : best));
  return { ...args, title: `${m[1]}${m[2] ? `:${m[2]}` : ''}${m[3]} ${m[4]}`, time: `${String(to).padStart(2, '0')}:${m[6] ?? '00'}` };
}

/** "Cancel my reminders for tomorrow", "delete tomorrow's reminders": more than one, of a day or all. */
const SOME_REMINDERS = '(cancel|delete|remove|clear) (my|the|our) (reminders|alarms)';

/**
 * "Remind me to call the vet on monday at 10 and add it to my calendar": "it" is the reminder,
 * put on the calendar under its words, at its time.
 */
function fromReminder(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> {
  const before = info.antecedent;
  if (before?.target !== 'calendar.create_reminder' || args['title'] !== undefined || typeof before.args['text'] !== 'string') return args;
  const at = before.args['at'];
  return { ...args, title: before.args['text'], ...(args['start'] === undefined && typeof at === 'string' ? { start: at } : {}) };
}

/** Kinds of events, named when one is meant: "cancel the party", "move my dentist appointment". */
const EVENT_WORDS = ['event', 'appointment', 'meeting', 'booking', 'calendar', 'dinner', 'lunch', 'party', 'class', 'visit', 'interview'];

/** What a timer is for, as said of the one meant: "pause the pasta timer", "resume the timer for the eggs". */
function timerLabel(args: Record<string, unknown>, info: { text: string }): Record<string, unknown> {
  if (args['label'] !== undefined) return args;
  const said = /\btimer\s+for\s+(.+?)\s*(?:again)?[.!?]*$/i.exec(info.text)?.[1] ?? /\b(?:my|the|that|this)\s+(.+?)\s+timer\b/i.exec(info.text)?.[1];
  const label = said?.replace(/^(?:the|my)\s+/i, '').trim();
  return label ? { ...args, label } : args;
}

/** "All my timers", "both timers", "every timer", "my timers": each of them, for a pause or its end. */
const EVERY_TIMER_WORDS = '(all|both|every) [of] [my|the|our] [*] (timers|timer)';
/** The same as a regular expression, with a word of what they are for as group 1 ("all the egg timers"). */
const EVERY_TIMER = /\b(?:all|both|every)\b(?:\s+of)?(?:\s+(?:my|the|our))?(?:\s+(?!(?:my|the|our)\b)([a-z'-]+))?\s+timers?\b|\b(?:my|the|our)\s+timers\b/i;

/** Which timer to pause or resume: every one ("pause all my timers", "all the egg timers"), or the one of these words. */
function timerChoice(args: Record<string, unknown>, info: { text: string }): Record<string, unknown> {
  const every = EVERY_TIMER.exec(info.text);
  if (!every) return timerLabel(args, info);
  const { label: _, ...rest } = args;
  return { ...rest, all: true, ...(every[1] ? { label: every[1] } : {}) };
}

/** "A 5 minute tea timer", "a pasta timer for 10 minutes": what it is for, said just before "timer" (after its length, if said there). */
const NAMED_BEFORE = /\b(?:an?|the|my)\s+(?:(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|forty-five|sixty|ninety)[\s-]*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\s+)?((?:[a-z'-]+\s+){0,2}?[a-z'-]+)\s+timer\b/i;
/** Words before "timer" that say what kind of timer, not what it is for. */
const NOT_A_LABEL = /^(?:new|quick|short|long|another|second|countdown|simple)$|.*\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)$/i;
/** "A timer for the pasta for 12 minutes": what it is for, then its length. */
const TIMER_FOR_THEN_LENGTH = /\btimer\s+for\s+((?:the|my|our)\s+(?:(?!for\b)[a-z'-]+\s+){0,3}?(?:(?!for\b)[a-z'-]+))\s+for\s+(?:an?|one|two|three|half|\d)/i;

/** A day said as the owner of what it holds: "tomorrow's", "friday's". */
const DAYS_OWN = /\b(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|this week|next week)(?:'s|’s)\s*/gi;

/** Words that only name a reminder to stop, and how: none of its own text. */
const NAMES_A_REMINDER = /\b(?:cancel|delete|remove|stop|clear|end|kill|my|the|that|this|reminders?)\b|['’]s?\b|[,.!?]/gi;

/**
 * "Add call mom to my to-do list and remind me about it at 5pm": what "it" stands for is what
 * the action before put on a list, or the title of what it made; undefined when nothing is.
 */
function aboutAntecedent(args: Record<string, unknown>, info: RefineInfo): Record<string, unknown> | undefined {
  const pronoun = (v: unknown) => typeof v === 'string' && /^(?:it|that|this|them|those)$/i.test(v.trim());
  if (!pronoun(args['text'])) return undefined;
  const before = info.antecedent?.args;
  const named = before?.['items'] ?? before?.['title'] ?? before?.['label'];
  if (typeof named !== 'string' || named.trim() === '') return undefined;
  // "Add dentist on friday at 3 and remind me about it an hour before": before the event just made.
  const event = pronoun(args['event']) && info.antecedent?.target === 'calendar.create_event' ? { event: named } : {};
  return { ...args, text: named, ...event };
}

/** How the rule brain recognizes each calendar method. */
export const calendarHints = {
  create_reminder: {
    phrases: [
      'remind me',
      'remind us',
      '(set|add|create|make|schedule|put) [me] [a|an] reminder',
      'reminder',
      'remember to',
      // "Make a note to call the plumber tomorrow": something to do, not a fact.
      '(make|take) a note to',
      // "Tell me at 5pm to call bob", "tell me tomorrow to take out the bins": told to do it then.
      'tell (me|us) to',
      'tell (me|us) (at|in|on|by|around|tomorrow|tonight|today|every) [*] [*] [*] to',
      // "Text me in 10 minutes to check the oven", "ping me at 5 to call bob": a reminder, on the requester's way.
      '(text|message|ping|buzz|nudge) (me|us) [a reminder|a message] (at|in|on|by|around|tomorrow|tonight|today|every) [*] [*] [*] to',
      '(send|give) (me|us) a (reminder|message|text|ping) (at|in|on|by|around|tomorrow|tonight|today|every) [*] [*] [*] to',
      "don't let me forget",
      'do not let me forget',
      "(don't|do not) forget to",
      'make sure i',
      '(set|add|create) [me] [an|a] alarm',
      '(set|add|create) [me] [two|three|four|some] alarms',
      'wake me [up]',
    ],
    keywords: ['reminder', 'remind', 'alarm'],
    // "Put a reminder in for my mom's birthday": of her birthday, not "in for ...".
    textIntros: ['that i (need|have|must|should|want) to', 'that i (need|have|must|should)', 'that', 'to', 'about', 'of', 'saying', 'in (for|to|about)'],
    // "Wake me up at 6:30", "set an alarm for 6:45": what to be reminded of goes without saying;
    // "remind me an hour before my dentist appointment": it is of the appointment.
    // "A reminder for the dentist": of the dentist.
    refine: (args, info) =>
      aboutAntecedent(args, info) ??
      ((args['text'] === undefined || /^(?:an? )?alarms?$/i.test(String(args['text']))) && /\b(?:wake|alarms?)\b/.test(info.text)
        ? { ...args, text: WAKE_UP }
        : args['text'] === undefined && typeof args['event'] === 'string'
          ? { ...args, text: args['event'] }
          : typeof args['text'] === 'string' && /^for\s+\S/i.test(args['text']) && /\breminder\s+for\b/i.test(info.text)
            ? { ...args, text: args['text'].replace(/^for\s+/i, '') }
            : args),
    // Stopping, listing, asking about or changing reminders is not making one.
    exclude: [ALARM_AFTER, 'remind me again', 'snooze', 'stop reminding', "(don't|do not) remind", '(cancel|delete|remove|stop|clear|end) [all] [my|the|that|this] [recurring|daily|weekly] reminder', 'what reminders', '(list|show) [me] [all] [my] reminders', '(any|my) reminders', REMINDER_ASKED, REMINDER_CHANGED],
  },
  set_timer: {
    // "Set a 5 minute tea timer", "start a pasta timer for 10 minutes": what it is for, and its length, before "timer".
    phrases: [
      '(set|start|make|create|put on) [me] [a|an|the] timer',
      '(set|start|make|create|put on) [me] (a|an) * [*] [*] timer',
      // "Set timers for 5 and 10 minutes", "set two timers, one for 5 minutes and one for 10": a timer each.
      '(set|start|make|create|put on) [me] [two|2|three|3|some] timers',
      'timer for',
      'count down',
      'countdown',
      ALARM_AFTER,
      'timer (called|named)',
    ],
    keywords: ['timer', 'timers', 'countdown'],
    // "... and when it goes off, turn off the oven light": then, not once the timer is set.
    endsAfter: 'seconds',
    // What it is for comes after its length: "set a timer for 12 minutes for the pasta"; or before it: "a timer for the pasta for 12 minutes".
    refine: (args, info) => {
      // "A 5 minute timer called tea": by its name.
      const called =
        /\btimer\s+(?:called|named)\s+(.+?)(?:\s+for\s+(?:an?|one|two|three|half|\d).*)?$/.exec(info.text)?.[1] ??
        /\btimer\b.*\s(?:called|named)\s+(.+)$/.exec(info.text)?.[1];
      const label =
        called ??
        /\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|half)\s+(?:timer\s+)?for\s+(.+)$/.exec(info.text)?.[1] ??
        TIMER_FOR_THEN_LENGTH.exec(info.text)?.[1] ??
        NAMED_BEFORE.exec(info.text)?.[1]?.replace(NOT_A_LABEL, '').trim();
      return args['label'] === undefined && label ? { ...args, label } : args;
    },
    // "Start the timer again" goes on with a paused one.
    // Timers asked about or stopped ("my timers", "cancel all timers"); "set timers for 5 and 10 minutes" sets them.
    exclude: ['(cancel|stop|delete|remove|end|clear|kill) [my|the|that|this] timer', '(my|the|our|any|all|which|what|these|those) timers', '(cancel|stop|delete|remove|end|clear|kill|pause|resume|list|show) [all] [my|the|our] timers', '(pause|hold|freeze|resume|unpause|continue|unfreeze) [my|the|that|this] [*] [*] timer', '(start|restart) [my|the|that|this] [*] [*] timer again', 'restart [my|the|that|this] [*] [*] timer'],
  },
  now: {
    phrases: ['what time is it', "what's the time", 'what is the time', 'what (day|date) is it', "what's the (date|day)", 'what is the (date|day)', 'what (day|date) is', "(what's|what is|whats) (today's|todays) date", '(today|today\'s|todays) date', 'the time please', 'current time', 'when is', '(tell|give) me the (time|date|day)', '(do you know|have you got) the time', `${HOW_LONG} (until|till|til|before|to)`],
    // "When is Easter" asks for a day; "when is my dentist appointment" for an event (and "how long until my birthday").
    exclude: ['remind', 'reminder', 'timer', 'calendar', 'meeting', 'event', 'when is (my|the|our|a|an|it|that|this|he|she|they)', `${HOW_LONG} (until|till|til|before|to) (my|the|our)`],
  },
  sun: {
    phrases: [
      '(when|what time) (is|does) [the] (sunset|sunrise|dawn|dusk|sundown)',
      '(when|what time) does the sun (set|rise|go down|come up)',
      '(when|what time) does it get (dark|light)',
      '(sunset|sunrise|sun) times',
      '(sunset|sunrise) time',
      // Both at once: the day's times.
      '(when|what time) (is|are) [the] (sunrise|sunset|dawn|dusk) and [the] (sunrise|sunset|dawn|dusk)',
    ],
    keywords: ['sunset', 'sunrise', 'dawn', 'dusk', 'sun'],
    phraseOnly: true,
    exclude: ['remind', 'reminder', 'timer', 'turn', 'switch', 'lights', 'light (on|off)'],
    refine: (args, info) => {
      // "Sunrise and sunset": both, the whole day's times.
      if (/\b(?:sunrise|sunset|dawn|dusk)\s+and\s+(?:the\s+)?(?:sunrise|sunset|dawn|dusk)\b/.test(info.text)) return args;
      const which = /\b(?:sunset|sundown|sun\s+(?:set|go\s+down))\b/.test(info.text) ? 'sunset' : /\b(?:sunrise|sun\s+(?:rise|come\s+up))\b/.test(info.text) ? 'sunrise' : /\b(?:dusk|get\s+dark)\b/.test(info.text) ? 'dusk' : /\b(?:dawn|get\s+light)\b/.test(info.text) ? 'dawn' : undefined;
      return which ? { ...args, which } : args;
    },
  },
  after_timer: {
    // Asked for by the brain where a request waits for a timer's end ("text me when the pasta timer is done"), with what else
    // it says as the request; this phrase only keeps the method's name ("after timer") from being one of its own words.
    phrases: ['when [my|the] timer is up, run'],
    keywords: [],
    phraseOnly: true,
  },
  pause_timer: {
    phrases: ['(pause|hold|freeze) [my|the|that|this] [*] [*] timer', '(pause|hold|freeze) [my|the|that|this] [*] [*] timer for', `(pause|hold|freeze) ${EVERY_TIMER_WORDS}`, '(pause|hold|freeze) (my|the|our) timers'],
    keywords: ['timer', 'pause'],
    refine: timerChoice,
  },
  add_to_timer: {
    // "Add 5 minutes to the timer", "put 10 more minutes on the pasta timer", "give the timer another 2 minutes".
    phrases: ['(add|put) * [*] [*] [*] (to|on|onto) [my|the|that|this] [*] [*] timer', '(extend|lengthen) [my|the|that|this] [*] [*] timer', 'give [my|the|that|this] [*] [*] timer'],
    keywords: ['timer', 'more', 'extra', 'another'],
    refine: (args, info) => {
      // "5 more minutes", "two extra minutes": the length with a word between.
      const more = args['seconds'] === undefined ? MORE_TIME.exec(info.text) : null;
      const count = more ? (WORD_COUNTS[more[1]!.toLowerCase()] ?? Number(more[1])) : undefined;
      const seconds = count !== undefined && count > 0 ? Math.round(count * (/^h/i.test(more![2]!) ? 3600 : /^s/i.test(more![2]!) ? 1 : 60)) : undefined;
      return timerLabel(seconds === undefined ? args : { ...args, seconds }, info);
    },
  },
  resume_timer: {
    // "Start the timer again" ("again" is no word of a phrase: it is read as a cue), "restart the pasta timer".
    phrases: ['(resume|unpause|continue|unfreeze) [my|the|that|this] [*] [*] timer', '(start|restart) (my|the|that|this) [*] [*] timer', 'restart [a] [*] [*] timer', `(resume|unpause|continue|unfreeze|restart) ${EVERY_TIMER_WORDS}`, '(resume|unpause|continue|unfreeze|restart) (my|the|our) timers'],
    keywords: ['timer', 'resume'],
    refine: timerChoice,
  },
  list_reminders: {
    phrases: [
      'what (reminders|routines|timers)',
      '(list|show) [me] [all] [my] (reminders|routines|timers)',
      'my (reminders|routines|timers)',
      // "What's my next reminder", "when is my next alarm": the list, the soonest first.
      '(what is|what\'s|whats|when is|when\'s) my next (reminder|alarm|timer)',
      '(any|which) (reminders|routines|timers)',
      'do i have [any] (reminders|routines|timers)',
      // "How many reminders do I have", "what alarms have I set": a question, nothing is set.
      'how many (reminders|routines|timers|alarms)',
      '(what|which|any) alarms',
      'my alarms',
      'how (long|much time) [is] left',
      'time left',
      // "How long until my pasta timer is done", "when will the timer go off": the timers, with what is left of each.
      'how (long|much time) (until|till|before|to) (my|the|our) [*] [*] timer',
      "(when will|when does|when's|when is) (my|the|our) [*] [*] timer",
      // "What did I ask you to remind me about", "what are you reminding me of": what is set, nothing new.
      'what (did|have) (i|we) (ask|asked) you to remind',
      'what (are|will) you [going to] (remind|reminding) (me|us)',
      // "When does my timer go off", "when is my alarm set for", "when's my next reminder": when it comes.
      'when (does|will|is) [my|the] [*] (timer|alarm|reminder) [set]',
      REMINDER_ASKED,
    ],
    keywords: ['reminders', 'routines', 'timers', 'timer'],
    exclude: ['cancel', 'stop', 'delete', 'remove', 'clear', MOVING],
  },
  // Not named by words of its own: the rule brain makes it of an action said with a time it cannot take ("turn on the porch light at 7pm").
  schedule_request: { phrases: [], keywords: [] },
  cancel_reminder: {
    phrases: [
      '(cancel|delete|remove|stop|end) [my|the|that|this] (routine|routines|scheduled request|scheduled requests|schedule)',
      // "Stop the porch light routine", "cancel the eggs timer": which one, by words of it.
      '(cancel|delete|remove|stop|end|kill) [my|the|that|this] * [*] [*] (routine|timer)',
      'stop reminding [me|us]',
      "(don't|do not) remind [me|us]",
      'no more reminders',
      '(cancel|delete|remove|stop|clear|end) [my|the|that|this] [recurring|daily|weekly] reminder',
      '(cancel|delete|remove|stop|clear|end) [my|the|that|this] [recurring|daily|weekly] reminders',
      '(cancel|delete|remove|stop|clear|end|kill) [my|the|that|this] timer',
      '(cancel|delete|remove|clear|disable|unset|turn off|switch off|stop) [my|the|that|this] [*] [*] alarm',
    ],
    keywords: ['reminder', 'reminding', 'routine', 'timer', 'alarm'],
    textIntros: ['to', 'about', 'of', 'for', 'that', 'saying'],
    // An alarm is a reminder to wake up ("set an alarm for 6:45").
    refine: (args, info) => {
      if (/\balarm\b/.test(info.text)) return { ...args, text: WAKE_UP };
      const named = args['text'] === undefined ? /\b(?:my|the|that|this)\s+(.+?)\s+(?:routine|timer)\b/i.exec(info.text)?.[1] : undefined;
      if (named) return { ...args, text: named };
      // "Cancel my 3pm reminder", "delete tomorrow's reminder": found by when it is due; the words left say nothing of it.
      const { text, ...rest } = args;
      return typeof text === 'string' && text.replace(NAMES_A_REMINDER, '').trim() === '' ? rest : args;
    },
    // All of them at once is clear_reminders'; a reminder moved is not stopped ("push my reminder back 10 minutes").
    exclude: [ALL_REMINDERS, SOME_REMINDERS, REMINDER_CHANGED],
  },
  clear_reminders: {
    phrases: [ALL_REMINDERS, SOME_REMINDERS, 'clear [out] [my|the] (reminders|timers|routines|alarms)', 'no more (reminders|timers|alarms)'],
    keywords: ['reminders', 'timers', 'routines', 'alarms'],
    // "Cancel all my timers": only those.
    refine: (args, info) => {
      const kind = /\btimers?\b/.test(info.text) ? 'timer' : /\balarms?\b/.test(info.text) ? 'alarm' : /\broutines?\b/.test(info.text) ? 'routine' : undefined;
      const text = typeof args['text'] === 'string' && /^(?:(?:cancel|delete|remove|clear|stop) )?(?:my |the |our )?(?:timers?|alarms?|routines?|reminders?)$/i.test(args['text']) ? undefined : args['text'];
      const { text: _, ...rest } = args;
      return { ...rest, ...(text !== undefined ? { text } : {}), ...(kind ? { kind } : {}) };
    },
    // "Cancel all my reminders about the bins": only those.
    textIntros: ['about', 'to', 'for'],
    // "Push all my reminders back an hour" moves them, one at a time (see move_event's declines): it stops none.
    exclude: ['calendar', 'events', 'meetings', 'appointments', 'list', MOVING],
  },
  move_reminder: {
    phrases: [REMINDER_CHANGED],
    keywords: ['reminder', 'alarm'],
    phraseOnly: true,
    // "Push my reminder back 10 minutes": by that long; "my 6pm reminder" is the one due at 6pm, "the pills reminder" the one about the pills.
    refine: (args, info) => {
      const by = shiftMinutes(info.text);
      // An alarm is a reminder to wake up.
      const which =
        /\b(?:my|the|that|this|our)\s+(.+?)\s+(?:reminder|alarm)\b/i.exec(info.text)?.[1] ??
        /\b(?:reminder|alarm)\s+(?:about|for|of)\s+(.+?)(?:\s+(?:to|at|until|till|back|forward|later|earlier)\b|$)/i.exec(info.text)?.[1] ??
        (/\balarm\b/.test(info.text) ? WAKE_UP : undefined);
      const { text: _, ...rest } = args;
      const moved = by === undefined ? rest : (({ date: __, time: ___, ...r }) => ({ ...r, by }))(rest);
      return which ? { ...moved, text: which } : moved;
    },
    exclude: [ALL_REMINDERS, 'every', REMIND_TO],
  },
  snooze: {
    phrases: ['snooze', 'remind me again', 'again later'],
    keywords: ['snooze', 'alarm'],
    exclude: ['every', REMIND_TO],
  },
  find_event: {
    phrases: ['when is (my|the|our)', "when's (my|the|our)", 'what time is (my|the|our)', `(when is|when's|what time is) ${DAY_OWN_WORD}`, 'when do (i|we) have [my|the|our|a|an]', 'what day is (my|the|our)', "(what is|what's|whats) (my|the|our) (next|first)", `(what is|what's|whats|what comes) next ${onCalendar}`, 'how (long|much time|many days) (until|till|before|to) (my|the|our)', 'how long is (my|the|our)'],
    keywords: EVENT_WORDS,
    // The title follows the question: "when is my dentist appointment", "what's my next appointment".
    textIntros: ['(when|what time|what day) is (my|the|our)', `(when is|when's|what time is) ${DAY_OWN_WORD}`, 'when do (i|we) have [my|the|our|a|an]', "(what is|what's|whats) (my|the|our)", 'how (long|much time|many days) (until|till|before|to) (my|the|our)', 'how long is (my|the|our)'],
    // "What's next on my calendar": the soonest event, whatever it is called.
    refine: (args, info) => (args['title'] === undefined && /\bnext\b/.test(info.text) ? { ...args, title: 'next event' } : repeatsSaid(args)),
    // A question: what adds, moves or removes an event is no question about one.
    exclude: ['reminder', 'reminders', 'timer', 'routine', 'list', REMOVE, MOVE, '(add|book|create)'],
    // A question said so: "the party is at 8" names an event, it asks nothing.
    phraseOnly: true,
  },
  create_event: {
    phrases: ['add [a|an]', 'schedule [a|an]', 'book [a|an]', 'put [a|an]', '(create|make) [a|an] (event|appointment|meeting)', 'plan [a|an]', 'set up [a|an]', 'arrange [a|an]', onCalendar, BLOCK],
    keywords: ['meeting', 'appointment', 'event', 'calendar', 'call', 'dinner', 'lunch', 'breakfast', 'party', 'session', 'class', 'game', 'date', 'visit', 'interview'],
    textIntros: ['(called|named|titled)'],
    // Time blocked is kept for what follows "for": "block my calendar on Monday for work" is "work".
    refine: (args, info) => {
      // "Add a weekly team meeting every Monday": how often it comes is said; "weekly" is no word of its title.
      const repeating = args['every'] !== undefined ? repeatsSaid(args) : args;
      // "Add my dentist appointment tomorrow at 3": whose it is is no word of its title.
      const said = typeof repeating['title'] === 'string' && /^(?:my|our)\s+\S/i.test(repeating['title']) ? { ...repeating, title: repeating['title'].replace(/^(?:my|our)\s+/i, '') } : repeating;
      return fromReminder(/\bblock\b/.test(info.text) && typeof said['title'] === 'string' && /^for\s+\S/i.test(said['title']) ? { ...said, title: said['title'].replace(/^for\s+/i, '') } : said, info);
    },
    // Questions about the calendar are not events to add.
    // Nor is what goes on a list ("on Monday at 9 add milk to the shopping list": added then).
    // "Put out the bins every week" is a chore, not an event called "out the bins".
    exclude: ['put (out|away|down|up|off|back)', 'reminder', 'remind me', 'alarm', 'what (is|are|do|have)', 'what time (is|are|do|does)', "(when is|when's)", "(what's|whats) next", 'am i', 'do i have', 'anything (on|planned)', 'how (busy|free)', REMOVE, '(clear|wipe|empty)', offCalendar, '(reschedule|postpone)', '(to|on|onto) [the|my|our] [*] [*] list'],
  },
  move_event: {
    phrases: ['(move|shift) (my|the|our)', '(move|shift)', '(reschedule|postpone)', 'push back [my|the|our]', 'bring forward [my|the|our]', 'push (my|the|our)', 'bring * [*] [*] forward', 'change the (time|day|date) of [my|the|our]'],
    keywords: [...EVENT_WORDS, 'call'],
    // The title follows the verb: "move my dentist appointment to 4pm".
    textIntros: [`${MOVE} [my|the|our]`, 'push [my|the|our]', 'change the (time|day|date) of [my|the|our]'],
    // "Push my 3pm meeting back an hour": by that long, from where it is; the length is no time to move to, nor words of the title.
    refine: (said, info) => {
      // "Move my weekly team meeting to 11", "... from now on": every time it comes round.
      const named = repeatsSaid(said, 'all');
      // Its words read apart, a "to" they followed is left at the title's end: "the team meeting to [tuesday] from now on".
      const args = FROM_NOW_ON.test(info.text) && typeof named['title'] === 'string' ? { ...named, title: named['title'].replace(/\s+(?:to|at|on)$/i, ''), all: true } : named;
      const same = SAME_TIME.exec(info.text);
      if (same) {
        const { date: _, time: __, ...rest } = args;
        return { ...rest, title: same[1]!.replace(DAYS_OWN, '').trim(), by: /week/i.test(same[2] ?? same[3]!) ? UNIT_MINUTES['w']! : UNIT_MINUTES['d']! };
      }
      const bare = bareHourAfter(args, info.text);
      if (bare) return bare;
      const by = shiftMinutes(info.text);
      if (by === undefined) return args;
      const { date: _, time: __, ...rest } = args;
      // The title is what is moved, between the verb and how far: "bring [the dentist] forward 30 minutes".
      // "Push tomorrow's dentist appointment back an hour": the day is which one (see `from`), not words of the title.
      const title = MOVED.exec(info.text)?.[1]?.replace(DAYS_OWN, '').trim() ?? (typeof rest['title'] === 'string' ? rest['title'] : undefined);
      return { ...rest, ...(title ? { title } : {}), by };
    },
    // "Move to bob" is a way to go, not an event moved.
    exclude: ['reminder', 'reminders', 'reminding', 'routine', 'routines', 'timer', REMOVE, '(move|shift) (to|over|closer|here|there)', 'list', 'lists'],
    // Said by its verb: "what's my first meeting tomorrow" names an event and a day, and moves nothing.
    phraseOnly: true,
    // "Push all my meetings tomorrow by an hour": one at a time.
    declines: { [`${MOVING} (all|every|everything)`]: 'I move one event or reminder at a time: say which one (e.g. "push the dentist back an hour")' },
  },
  rename_event: {
    phrases: ['(rename|retitle) (my|the|our)', '(rename|retitle)', 'change the (name|title) of [my|the|our]', '(call|name) (my|the|our) * [*] [*] [*] (meeting|appointment|event) (instead)'],
    keywords: EVENT_WORDS,
    phraseOnly: true,
    // A list is renamed by the lists ("change the name of my packing list to camping gear").
    exclude: ['list', 'lists'],
    // "Rename my dentist appointment to dentist checkup": the old title, then the new.
    refine: (args, info) => {
      const m = RENAMED_EVENT.exec(info.text);
      // "Tomorrow's meeting": the day is when (read already), not words of the title.
      return m ? { ...args, title: m[1]!.replace(/^(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)['’]s\s+/i, ''), name: m[2]! } : args;
    },
  },
  cancel_event: {
    phrases: [
      `${REMOVE} (my|the|our)`,
      `${REMOVE} ${DAY_OWN_WORD}`,
      // "Cancel lunch with sam": an event said without "my" or "the".
      '(cancel|call off)',
      // "Skip tomorrow's standup", "skip the team lunch": that one taken off.
      'skip (my|the|our)',
      `skip ${DAY_OWN_WORD}`,
      `(take|remove|delete) [it|that|this] ${offCalendar}`,
      offCalendar,
    ],
    keywords: EVENT_WORDS,
    // The title follows the verb: "delete lunch with alice from my calendar".
    textIntros: [`${REMOVE} [my|the|our]`, 'skip [my|the|our]'],
    // "Cancel my weekly standup", "delete the team meeting for good": every time it comes round.
    refine: (args) => repeatsSaid(args, 'all'),
    // Reminders, routines and agents are stopped by methods of their own; several events at once ("cancel friday's meetings") are cleared.
    exclude: ['reminder', 'reminders', 'reminding', 'routine', 'routines', 'scheduled request', 'timer', 'alarm', 'shortcut', '(reschedule|postpone)', '(move|shift) (my|the|our)', '(events|appointments|meetings|plans)'],
  },
  clear_events: {
    phrases: ['clear [my|the|our] (calendar|agenda|schedule|diary|day)', 'clear [my|the|our] [*] (morning|afternoon|evening)', '(cancel|remove|delete|clear|wipe) (all|every|everything)', 'free up [my|the]'],
    keywords: ['calendar', 'agenda', 'schedule', 'events', 'appointments', 'meetings', 'plans'],
    // "Cancel all my meetings on Friday": only those.
    textIntros: ['(cancel|remove|delete|clear|wipe) (all|every) [my|the|our]'],
    // "Delete everything on my calendar for Friday": where, not which.
    refine: (args) => {
      if (typeof args['title'] !== 'string') return args;
      const { title, ...rest } = args;
      const said = title
        .replace(/\b(?:on|in|from|off)\s+(?:my|the|our)\s+(?:calendar|agenda|schedule|diary)\b/gi, ' ')
        // "Cancel tomorrow's meetings", "delete friday's events": the verb and the day are not words of the titles.
        .replace(/^\s*(?:cancel|remove|delete|clear|wipe)\s+(?:all\s+(?:of\s+)?)?/i, '')
        .replace(DAYS_OWN, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      // "Delete all my events tomorrow": all of them; "cancel all my dentist appointments": the dentist ones ("my meetings": the meetings).
      if (said === '' || /^(?:everything|all|(?:the\s+)?(?:events|appointments|meetings|plans)|(?:my|our)\s+(?:events|plans))$/i.test(said)) return rest;
      return { ...rest, title: said.replace(/^(?:my|our)\s+(?=\S)/i, '') };
    },
    // "Push all my meetings tomorrow by an hour": moved, not removed.
    exclude: ['reminder', 'reminders', 'timer', 'timers', 'routine', 'routines', 'alarm', 'alarms', 'lights', 'light', 'how many', 'what', 'which', MOVING],
  },
  list_events: {
    phrases: [
      'what do i have',
      'what have i got',
      // "Do I have anything tomorrow morning", "have we got anything on friday".
      '(do|have) (i|we) [got|have] anything',
      "what's on",
      'what is on',
      '(is|are) (there|anything|something) [on|planned|happening|scheduled]',
      'anything on',
      'what is happening',
      "what's happening",
      'what is planned',
      "(what's|what is|whats) (scheduled|planned|coming up|upcoming|ahead)",
      'anything planned',
      'my schedule',
      'my agenda',
      'my calendar',
      'am i (free|busy)',
      'list [my] (events|appointments|meetings)',
      'show [me] my (calendar|schedule|agenda|events|appointments)',
      '(any|what) (events|appointments|meetings)',
      'how many (events|appointments|meetings|things)',
      // "Today's events", "my appointments on friday" said alone: what is on then (it cleared the day, asking first).
      '(events|agenda|appointments|meetings)',
    ],
    keywords: ['schedule', 'agenda', 'calendar', 'events', 'appointments', 'meetings', 'plans'],
    // "What's on it" after an action on a list is the list's.
    exclude: ['(cancel|remove|delete|clear|wipe|move|reschedule)', MOVING, "(what's|what is|whats) [now] on (it|that|this|there)"],
  },
} satisfies Record<string, MethodHints>;
