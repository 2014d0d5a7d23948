/**
 * What plugins tell the rule brain about themselves, so that a new plugin becomes
 * reachable by declaring its phrases, without any change to the brain.
 *
 * Phrase patterns are plain lower-case words with three operators:
 * `[words]` is optional, `(a|b|c)` is one of several alternatives, and `*` is any one word
 * (never the first). Examples: `"turn (on|off) [the] light"`, `"remind me [to]"`,
 * `"(send|write) [me] [an|a] email"`, `"(to|on) [the] * [*] list"`.
 */

/** A value of an entity kind, with every surface form that names it. */
export interface EntityValue {
  /** The canonical value put into arguments, e.g. `living room` or `oak_log`. */
  value: string;
  /** Surface forms, lower-case: synonyms, plurals, spaced forms. The canonical one included. */
  names: string[];
}

/**
 * A kind of thing a plugin knows by name: the home's areas, Minecraft items.
 * Parameters refer to a kind with `.meta({ entity: kind })` on their zod schema.
 */
export interface EntityVocabulary {
  kind: string;
  description: string;
  values: EntityValue[];
  /**
   * Words that, right after an unknown word, say that the word was meant as a value of this
   * kind ("attic" in "the attic light" when `cues` has "light"). They let the brain tell
   * "an area the home does not have" from "no area given".
   */
  cues?: string[];
}

/** What the brain knows when it asks a plugin to refine arguments. */
export interface RefineInfo {
  /** The words of the action, normalized. */
  text: string;
  /** The words of the action as they were written (case, contractions). */
  said?: string;
  /** Arguments of the action an "it/them/that" in this action refers to. */
  antecedent?: { target: string; args: Record<string, unknown> };
  /** With an antecedent, the kind said of a thing like it: "iron" of "an iron one" (after "a diamond pickaxe"). */
  like?: string;
  /** Names of the arguments the request stated itself, as opposed to defaults and inherited ones. */
  explicit?: readonly string[];
}

/** How the rule brain recognizes a method in a request. */
export interface MethodHints {
  /** Phrases that name the method: the strongest evidence. Removed before free text is read. */
  phrases?: string[];
  /**
   * Phrases that name the method only in a request said on the plugin's own channel: in a game's
   * chat, "I need a stone sword" asks the game's bot for one; said anywhere else, it does not.
   */
  saidThere?: string[];
  /** Single words that point at the method ("light", "lamp"); weaker than phrases. */
  keywords?: string[];
  /**
   * Only a phrase names the method: its keywords weigh in once one was said, but alone they do
   * not make the brain consider it ("dim" and "brighter" name a change of brightness; "light"
   * alone does not). Spares reading it for every request about its keywords.
   */
  phraseOnly?: boolean;
  /**
   * A phrase of it that opens a request takes the whole request as one action, its text all
   * that follows: "when I say goodnight, turn off the lights and set an alarm" defines one
   * thing; it is not three things to do now.
   */
  wholeRequest?: boolean;
  /**
   * Other words for the plugin that, after "in", "on" or "via" ("in the game"), say where as its
   * own name does ("in minecraft"): the method is the one meant, and they are no part of a message.
   */
  aliases?: string[];
  /** Phrases that introduce the free-text argument ("saying", "telling (him|her|them) [that]"). */
  textIntros?: string[];
  /**
   * It takes the one who acts somewhere (the game's bot to a place or a player): what the same
   * plugin is asked to do after it in the request ("go to the farm and harvest the wheat",
   * "come to me and give me 5 torches") is done there, once it is there.
   */
  takesThere?: boolean;
  /**
   * The free-text argument names the things acted on (what goes on a list), not words to say: a
   * follow-up naming other things ("and eggs too", "same for bread") is the same action of those.
   */
  textNamesThings?: boolean;
  /**
   * The parameter saying, in seconds, how long until what the method sets is over (a timer's
   * length): what waits for it "when it's done" is asked for then, not once it is set.
   */
  endsAfter?: string;
  /**
   * The method acts in a world with a day of its own (a game): "at sunset", "when it gets dark"
   * are that world's, not the home's, and are not read as the home's times.
   */
  ownSun?: boolean;
  /** Phrases that rule the method out even when others match. */
  exclude?: string[];
  /**
   * Phrases that rule the method out when the request opens with them, or with a possessive and
   * them: "bob's email is …" tells a detail, "email bob that my email is …" still sends one.
   */
  excludeAtStart?: string[];
  /**
   * Questions that ask for what the method looks up, said at the start of a request, whatever
   * words of other methods follow: "what did I add to the shopping list" reads the list though
   * "add ... to the shopping list" rules reading out. Phrases of the method too; no exclusion
   * rules it out when one opens the request.
   */
  askedAtStart?: string[];
  /**
   * What the method is not for, said of the requests that would ask it, by phrases that open
   * them and why it cannot: each rules the method out as {@link excludeAtStart} does, and, when
   * nothing else fits the request, is what the requester is told ("check my email": the
   * assistant sends mail, it reads no inbox).
   */
  declines?: Record<string, string>;
  /**
   * Fixes arguments with knowledge only the plugin has: a generic item made concrete from what
   * "them" refers to, a count derived from a recipe. Must be pure.
   */
  refine?: (args: Record<string, unknown>, info: RefineInfo) => Record<string, unknown>;
  /**
   * A request that undoes a call with these arguments: for a change meant to last a while ("dim
   * the kitchen lights to 30% for 10 minutes": "put the kitchen lights back"), asked for when it
   * is over (a switch on or off is switched the other way instead); for "undo that" after it,
   * asked for at once, with `done`: the data of the call's result, which may say what it changed
   * ("" when it changed nothing, so that there is nothing to undo). Must be pure.
   */
  undoText?: (args: Record<string, unknown>, done?: unknown) => string | undefined;
  /**
   * The request said the way the method reads it, for a request nothing fits that is said
   * short ("add toothpaste", "buy milk": "add toothpaste to the list"); undefined when it is not
   * the method's. Tried only when nothing else fits. Must be pure.
   */
  saidInFull?: (text: string) => string | undefined;
  /**
   * A request that looks up what a call with these arguments acted on, for a follow-up that
   * sends "it" ("add milk to the shopping list", then "email it to me": "what's on the shopping
   * list"). Must be pure. A method that changes nothing needs none: its own request looks it up.
   */
  lookupText?: (args: Record<string, unknown>) => string | undefined;
}

/**
 * Entity kinds every brain understands without a plugin declaring them. Parameters use these
 * names in `.meta({ entity })`.
 */
export const BUILTIN_ENTITY_KINDS = {
  /** An instant, ISO-8601 with offset, read from phrases like "tomorrow at 7pm". */
  datetime: 'datetime',
  /** The start of a period ("on Monday" → Monday 00:00); its end goes to a `datetime-end` sibling. */
  periodStart: 'period-start',
  /** How often: a cron pattern (minute hour day-of-month month day-of-week) in the requester's zone, from "every Monday at 8am", "daily at 9pm", "every weekday morning". */
  recurrence: 'recurrence',
  periodEnd: 'period-end',
  /** A day, YYYY-MM-DD in the requester's zone, only when the request says one ("on Friday", "tomorrow"). */
  date: 'date',
  /** A clock time, HH:MM in the requester's zone, only when the request says one ("at 4pm"). */
  clockTime: 'clock-time',
  /** 0..100, from "60%", "half", "max", "lowest". */
  percent: 'percent',
  /** A positive whole number, from digits or words ("a", "two", "a dozen", "a stack"). */
  count: 'count',
  /** How long, in seconds: "for 10 minutes", "a 2-hour timer", "an hour and a half". */
  duration: 'duration',
  /** Words naming a calendar event that a time is said against: "my dentist appointment" of "an hour before my dentist appointment". */
  eventRef: 'event-ref',
  /** How long before that event, in seconds: 3600 for "an hour before my dentist appointment". */
  leadTime: 'lead-time',
  /** Only every so many days, weeks, months or years of how often: `{ count, unit }`, from "every other week", "every 3 months", "fortnightly", "every other Tuesday". */
  recurrenceInterval: 'recurrence-interval',
  /** Only the n-th (1 to 5) of the weekdays of how often in each month, or the last (-1): -1 for "the last Friday of every month". */
  recurrenceWeek: 'recurrence-week',
  /** What the sun does that a routine comes with ("every day at sunset": sunset; "every evening when it gets dark": dusk), one of sunrise, sunset, dawn, dusk; only for one that repeats. */
  sunEvent: 'sun-event',
  /** How long after that, in seconds, before it when negative: -1800 for "every day 30 minutes before sunset". */
  sunOffset: 'sun-offset',
  /** Block coordinates in a game, `{ x, y?, z }`, from "100 64 -20", "x=100 z=-20", "(100, 64, -20)"; `y` only when said. */
  position: 'position',
  /** true for on, false for off; absent when the request says "toggle". */
  onOff: 'on-off',
  /** Where a message goes: an address or id; omitted means the requester. */
  recipient: 'recipient',
  /** A person's name on a channel or in a game. */
  person: 'person',
  /** Free text: what is left of the request once the method's phrases and other arguments are removed. */
  text: 'text',
} as const;

export type BuiltinEntityKind = (typeof BUILTIN_ENTITY_KINDS)[keyof typeof BUILTIN_ENTITY_KINDS];
