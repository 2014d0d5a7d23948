import { plural } from '../../util/text.js';
import type { Decision } from '../../types.js';
import { BUILTIN_ENTITY_KINDS as K } from '../../plugin/hints.js';
import { durationWords, formatZoned } from '../../util/time.js';
import type { CatalogIndex, MethodIndex } from './catalog-index.js';
import { tokensIn, viewClause, type ClauseView } from './clause.js';
import { ifWordsAt, KEEP_VERBS, STOPWORDS, WHETHER_AFTER } from './lexicon.js';
import type { Token } from './tokens.js';
import { MAX_INTERVAL } from '../../scheduler/recurrence.js';
import { monthEnd, routineEnd, unevenInterval } from './entities/recurrence.js';
import { sunRoutine } from './entities/sun.js';
import { readTimes, sunIn, type LeadHit } from './entities/time.js';
import { leadingPreposition, readMethod, startsAt, startTokens, whenOf, type Antecedent, type Lasting, type ReadEnv, type Reading } from './reading.js';
import { FLOOR, confidence, score } from './score.js';

/** A decision with the reading behind it, for the extractor and the re-evaluator. */
export interface ClauseDecision {
  decision: Decision;
  /** The best reading, also when it could not become a call (an unknown area, say). */
  reading: Reading | undefined;
  score: number;
  /** The clause says not to do what it names ("don't turn on the kitchen lights"): it is no action. */
  declined?: boolean;
  /** It states a condition ("if the garage light is on"): no action of its own. */
  condition?: boolean;
}

/** Whether a clause has any word that could ask for something, or names a method ("how are you"). */
export function hasContent(view: ClauseView, index: CatalogIndex): boolean {
  const free = (i: number) => !view.cues.covered[i];
  return view.tokens.some((t, i) => free(i) && t.kind !== 'punct' && !STOPWORDS.has(t.norm)) || index.phrases.all(view.tokens, free).length > 0;
}

export function quote(text: string): string {
  const short = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  return `"${short.trim()}"`;
}

/** "An area of the home" → "area of the home". */
function noun(description: string): string {
  return description.replace(/^(an?|the)\s+/i, '').replace(/\.$/, '').toLowerCase() || 'value';
}

/** "If the garage light is on", "in case the lights are still off": a state, said as a condition. */
const STATE_CONDITION = /^\s*(?:if|in case)\b.*\b(?:is|are)\s+(?:still\s+)?(?:on|off)\s*[,.]?\s*$/i;

/** A state said after "if" or "whether" within a clause: "text me if the porch lights are off"; not of "it" (the light switched: "turn it off if it is on"). */
const STATE_ASKED = /\b(?:if|whether)\s+(?!(?:it|they)\b).*\b(?:is|are)\s+(?:still\s+)?(?:on|off)\b/i;

/** A word of the sun's times: left in a message, the time was taken out of it. */
const SUN_WORD = /\b(?:dark|light|sun|sunset|sundown|dusk|nightfall|twilight|sunrise|sunup|dawn|daybreak)\b/i;
/** Times by the sun, which need a place on Earth to be read. */
const SUN_TIME = /\b(at|by|after|before|until|till|around)\s+(sunset|sunrise|sundown|sunup|dusk|dark|twilight|dawn|nightfall|daybreak)\b/i;

/** "When it gets dark", "once the sun goes down": the same, said as what happens. */
const DARK = /\b(?:when|whenever|once|as soon as|after|before|until|till|if)\s+(it\s+(?:gets|is|turns|goes)\s+(?:dark|light)|it's\s+(?:dark|light)|(?:the\s+)?sun\s+(?:sets|goes\s+down|rises|comes\s+up)|(?:night|day)\s+(?:falls|breaks))\b/i;

/**
 * A message whose words are only when, of something that happens out of sight ("text me on
 * discord when the laundry is done", "email me when the package arrives"): sent now it would say
 * nothing but that. What the request does itself ("when it's done", "once that's over", "when
 * you're finished") is not out of sight.
 */
const ONLY_WHEN = /^(?:when|whenever|once|as soon as|after)\s+(?!(?:it|it's|that|that's|this|this's|you|you're|you've|everything|all)\b)(.+?)[.!?]*$/i;

/**
 * What people do, said as the moment to act ("when I leave", "once we get home", "as soon as
 * my wife arrives"): nothing tells the assistant when that is. "When you're done" is its own;
 * "when I say goodnight" is what it hears.
 */
const THEIR_DOING =
  /\b(when|whenever|once|as soon as|after|before|if|in case)\s+(?:i|we|he|she|they|someone|somebody|everyone|everybody|nobody|no one|anyone|anybody|the kids|my \w+|our \w+)(?:'m|'re|'ve|'s)?\s+(?!(?:say|says|tell|ask|text|write)\b)\w+.*$/i;
/** Where someone is or how they are, said as a condition: "if alice is home", "when bob's back". */
const WHERE_THEY_ARE =
  /\b(when|whenever|once|as soon as|if|in case)\s+(?!(?:it|that|this|there)\b)\w+(?:\s+(?:is|are)|'s|'re)\s+(?:not\s+|still\s+)?(?:home|back|here|away|out|gone|asleep|awake|up|late|sleeping|in bed|at home|on (?:his|her|their) way)\b.*$/i;
/** The weather, which nothing here can see: "if it rains", "when it starts snowing", "in case it's cold". */
const WEATHER =
  /\b(when|whenever|once|as soon as|if|in case)\s+it(?:'s|\s+is|\s+gets|\s+starts(?:\s+to)?)?\s+(?:rain|rains|raining|snow|snows|snowing|storms|storming|hails|hailing|cold|colder|hot|hotter|warm|warmer|freezing|windy|sunny|cloudy|foggy)\b.*$/i;
/** "The night before", "the morning before the trip": a part of the day before an event. */
const PART_BEFORE = /\bthe\s+(?:night|evening|morning|afternoon)\s+before\b/i;
/** "Before the party", "ahead of the meeting": no one time, unless how long before is said (a lead, read apart). */
const BEFORE_THING = /\b(before|ahead of|prior to)\s+((?:the|my|our)\s+(?!(?:night|day|morning|afternoon|evening|weekend|end|sun|dark)\b)[\w' -]+?)(?:\s+(?:starts|begins|is))?\s*[.!?]*$/i;
/** A moment of a thing, out of sight too: "when the timer is done", "once the movie starts" (the sun's are read apart). */
const ITS_DOING = /\b(when|whenever|once|as soon as)\s+the\s+(?!sun\b|day\b|night\b)\w+(?:\s+\w+)?\s+(?:is|are|goes|gets|comes|starts|ends|finishes|arrives|rings|beeps)\b.*$/i;

/**
 * The moment nobody can see that opens a clause ("when my wife gets home, turn on the porch
 * light"): its words, up to what to do; undefined when the clause does not open with one.
 */
export function openingCondition(view: ClauseView, decided: ClauseDecision): string | undefined {
  const head = decided.reading && headOf(view, decided.reading);
  if (decided.decision.kind !== 'none' || head === undefined || THEIR_DOING.exec(view.text)?.index !== 0) return undefined;
  const words = head.replace(/[\s,]+$/, '');
  return words === '' ? undefined : words;
}

/** The words before those that named the method ("when I leave, " of "when I leave, turn off the lights"). */
function headOf(view: ClauseView, r: Reading): string | undefined {
  return r.phrase ? view.text.slice(0, view.tokens[r.phrase.start]!.start) : undefined;
}

/** Words without which a message's words are no time of their own: a part of the day alone is a greeting's. */
const SAYS_A_TIME = /\d|\b(?:today|tomorrow|tonight|noon|midnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|minutes?|hours?|week|month)\b/i;

/** Whether `text` (a message's words) is a time and nothing else: "in 10 minutes", "at 5pm", "tomorrow" (not "morning" of "good morning"). */
function onlyATime(text: string, view: ClauseView): boolean {
  if (!SAYS_A_TIME.test(text)) return false;
  const [hit, ...more] = readTimes(text, view.time);
  if (!hit || more.length > 0) return false;
  const rest = hit.spans.reduce((t, [s, e]) => `${t.slice(0, s)}${' '.repeat(e - s)}${t.slice(e)}`, text);
  return /^\s*(?:(?:at|in|on|by|for|around)\s*)?[.!?]*\s*$/i.test(rest);
}

/**
 * What the clause asks for, without the words that say when (`found`), when those are a timer
 * of the requester's being up ("when the pasta timer is done"): asked for then. A message that
 * says nothing else says the timer is up. Undefined when they say no timer's end, or no method
 * waits for one.
 */
function afterTimer(view: ClauseView, found: RegExpExecArray, r: Reading, env: ReadEnv, score: number): ClauseDecision | undefined {
  const timer = TIMER_END.exec(found[0]);
  if (!timer || !env.index.methods.some((m) => m.target === AFTER_TIMER)) return undefined;
  const what = `${view.text.slice(0, found.index)} ${view.text.slice(found.index + timer[0].length)}`.replace(/\s{2,}/g, ' ').replace(/^[\s,]+|[\s,.!?]+$/g, '');
  if (what === '') return undefined;
  const label = timer[1]?.trim();
  // "Text me when the laundry timer is done": a message of no words of its own says the timer is up.
  const words = r.method.text ? r.args[r.method.text.name] : undefined;
  const wordless = r.method.method === 'send_message' && (typeof words !== 'string' || timer[0].toLowerCase().includes(words.trim().toLowerCase()));
  const said = wordless ? `${what} saying the ${label ? `${label} ` : ''}timer is up` : what;
  const reason = `"${timer[0]}" is when a timer of the requester's is up: asked for then`;
  return { decision: { kind: 'call', target: AFTER_TIMER, args: { text: said, ...(label ? { label } : {}) }, confidence: confidence(score, undefined), reason }, reading: r, score };
}

/** Why a condition nothing here can tell is asked about, and what to say instead. */
function cannotTellWhether(event: string, word: string, instead: string): string {
  return `I cannot tell whether ${event}: say what to do without "${word}" (e.g. ${quote(instead)}), or when (e.g. ${quote(`${instead} at 6pm`)})`;
}

/** "I'm home" said back to the requester: "you're home". */
function ownWords(event: string): string {
  return event
    .replace(/[.!?]+$/, '')
    .replace(/^(?:i'm|we're)\b/i, "you're")
    .replace(/^(?:i've|we've)\b/i, "you've")
    .replace(/^(?:i|we)\b/i, 'you')
    .replace(/\b(?:my|our)\b/gi, 'your');
}

/** What an "if" says of the action itself or of the one before: "if not already off", "if it is", "if so", "if needed". */
const NOTHING_TO_TELL = /^(?:(?:it|they|that|this)(?:\s+(?:is|are|was|were|does|did|has|have))?(?:\s+not)?|not(?:\s+already\b.*)?|so|yes|needed|necessary|required|possible|you\s+can|you\s+could|any|there\s+(?:is|are)\s+(?:any|some)|(?:it|they)\s+(?:is|are)n['’]t\s+already\b.*|(?:it's|they're)\s+not\s+already\b.*|already\b.*)[\s.!?,]*$/i;

/** The state of what a switch switches, said of it: "it's on", "they are still off". */
const ITS_OWN_STATE = /^(?:it|they)(?:['’]s|['’]re|\s+is|\s+are)\s+(?:still\s+)?(?:on|off)[\s.!?,]*$/i;

/**
 * A condition said with "if", "unless" or "in case" that is still in the clause (no cue took it:
 * "if possible", "if that fails"), with what it conditions: opening the clause, up to a comma
 * ("if bob calls, email me"); or, for a method of no free text (where it cannot be a message's
 * words), after what to do ("turn on the hallway light if the door is open").
 */
function unknownCondition(view: ClauseView, r: Reading): { word: string; event: string; instead: string } | undefined {
  const { tokens, text } = view;
  for (let k = view.first; k < tokens.length; k++) {
    if (view.cues.covered[k]) continue;
    const n = ifWordsAt(tokens, k);
    const from = tokens[k + n]?.start;
    if (n === 0 || from === undefined) continue;
    // "Check if the light is on", "tell me if ...": whether, asked; "if not already off", "if it is": nothing to tell apart.
    if (WHETHER_AFTER.has(tokens[k - 1]?.norm ?? '')) return undefined;
    if (NOTHING_TO_TELL.test(text.slice(from))) continue;
    // "Turn it off if it's on": a switch of the light said is the same either way (what is already so is left as it is).
    if (r.onOff !== undefined && ITS_OWN_STATE.test(text.slice(from))) continue;
    const word = text.slice(tokens[k]!.start, tokens[k + n - 1]!.end).toLowerCase();
    if (k === view.first) {
      const comma = tokens.findIndex((t, j) => j > k + n && t.norm === ',');
      const instead = comma < 0 ? '' : text.slice(tokens[comma]!.end).trim().replace(/[.!?]+$/, '');
      return instead === '' ? undefined : { word, event: text.slice(from, tokens[comma]!.start).trim(), instead };
    }
    if (r.method.text) return undefined;
    const instead = text.slice(tokens[view.first]!.start, tokens[k]!.start).replace(/[\s,]+(?:but\s*)?$/i, '').trim();
    const event = text.slice(from).trim();
    return instead === '' || event === '' ? undefined : { word, event, instead };
  }
  return undefined;
}

/** Reads a clause with every method and keeps the best, or says what is missing. */
export function decideClause(view: ClauseView, env: ReadEnv): ClauseDecision {
  if (!hasContent(view, env.index)) return { decision: { kind: 'none', reason: `there is nothing to do in ${quote(view.text)}` }, reading: undefined, score: 0 };
  const scored: Array<{ reading: Reading; score: number }> = [];
  // Only a method named by a phrase or a keyword can reach the floor; the others are not read.
  const free = (i: number) => !view.cues.covered[i];
  const named = new Set(env.index.phrases.all(view.tokens, free).map((h) => h.payload));
  // "I need a stone sword", said in the game's chat: the game's own phrases.
  if (env.channel !== undefined) for (const h of env.index.saidThere.get(env.channel)?.all(view.tokens, free) ?? []) named.add(h.payload);
  const words = new Set(view.tokens.map((t) => t.norm));
  const read = (method: MethodIndex) => {
    if (env.avoid?.has(method.target)) return;
    const reading = readMethod(view, method, env);
    if (!reading.excluded) scored.push({ reading, score: score(reading) });
  };
  const unread = env.index.methods.filter((method) => {
    if (!named.has(method) && (method.phraseOnly || ![...method.keywords].some((k) => words.has(k)))) return true;
    read(method);
    return false;
  });
  // "Kitchen off", "garage 50%": no word names a method, but the things named may say which, every word explained (see score).
  if (!scored.some((x) => x.score >= FLOOR - 1e-9)) {
    for (const method of unread) {
      if (!method.phraseOnly && method.params.some((p) => p.kind !== undefined && [...words].some((w) => env.index.vocabularies.get(p.kind!)?.words.has(w)))) read(method);
    }
  }
  // Of two that fit alike ("message bob saying hi"), the one set up here wins, unless the request names the other ("on discord").
  const ranked = (x: { reading: Reading; score: number }) => x.score - (x.reading.method.configured || x.reading.mentioned ? 0 : UNCONFIGURED);
  scored.sort((a, b) => ranked(b) - ranked(a));
  // "Text me if the porch lights are off": the state is asked about, not a switch to make (it switched them off).
  const asked = scored[0]?.reading.onOff !== undefined && STATE_ASKED.test(view.text) && !STATE_CONDITION.test(view.text);
  const best = (asked ? scored.find((x) => x.reading.onOff === undefined && x.score >= FLOOR - 1e-9) : undefined) ?? scored[0];
  if (!best || best.score < FLOOR - 1e-9) {
    // "Check my email": what a method says it is not for, and why.
    const declined = env.index.declines.at(view.tokens, view.first)[0]?.payload;
    const hint = best?.reading.phrase ? ` (the closest is ${best.reading.method.target}, but too little of the request fits it)` : '';
    return { decision: { kind: 'none', reason: declined ?? `nothing I can do matches ${quote(view.text)}${hint}` }, reading: best?.reading, score: best?.score ?? 0 };
  }
  const r = best.reading;
  // "At sunset": a time the assistant cannot place (it knows no location); done now, it would be done at the wrong time.
  // "Turn off the lights when I leave": done now, it would be done at the wrong time.
  // A method with text may hold one in its message ("remind me to call mom when I get home"), unless it opens the
  // clause, set apart by a comma from the words that name the method ("when I leave, remind me to lock the door").
  // "Turn the lights off if they are on": the state of what is switched, not what people do.
  const theirs = THEIR_DOING.exec(view.text);
  const found = (theirs && !(r.onOff !== undefined && ITS_OWN_STATE.test(theirs[0].slice(theirs[1]!.length).trim())) ? theirs : null) ?? ITS_DOING.exec(view.text) ?? WHERE_THEY_ARE.exec(view.text) ?? WEATHER.exec(view.text);
  // "When the pasta timer goes off, turn off the kitchen light": a timer of the assistant's own, whose end it knows.
  const timed = found ? afterTimer(view, found, r, env, best.score) : undefined;
  if (timed) return timed;
  const head = headOf(view, r);
  // "If it rains let me know": a message's words do not open with "if".
  const apart = found?.index === 0 && head !== undefined && (/,\s*$/.test(head) || /^(?:if|in case)$/i.test(found[1]!));
  const doing = found && (!r.method.text || apart) ? found : null;
  // Said after what to do, or before it ("when I leave, turn off the lights"): then what to do begins with the words that named it.
  const opens = doing && head !== undefined && doing.index === 0 ? head.length : undefined;
  const instead = doing ? (opens !== undefined ? view.text.slice(opens) : view.text.slice(0, doing.index)).trim() : '';
  if (doing && instead !== '') {
    const event = ownWords(
      (opens !== undefined ? view.text.slice(0, opens) : doing[0])
        .slice(doing[1]!.length)
        .trim()
        .replace(/,$/, ''),
    );
    const whether = /^(?:if|in case)$/i.test(doing[1]!);
    return {
      decision: {
        kind: 'none',
        reason: whether ? cannotTellWhether(event, 'if', instead) : `I cannot tell when ${event}: say a time instead (e.g. ${quote(`${instead} at 6pm`)})`,
      },
      reading: r,
      score: best.score,
    };
  }
  // "Every 45 minutes": a routine keeps to minutes that divide an hour, hours that divide a day, and (where the method, or
  // the request for later it becomes, takes an interval) every so many days, weeks, months or years; not done once instead.
  const often = r.method.params.some((p) => p.kind === K.recurrence);
  const stepped = (often ? r.method : env.index.methods.find((m) => m.target === LATER))?.params.some((p) => p.kind === K.recurrenceInterval) ?? false;
  const uneven = !r.method.text || often ? unevenInterval(view.text, stepped) : undefined;
  // "The last Friday of every month", where neither the method nor the request for later it becomes takes the week: not every Friday instead.
  const weekly = whenOf(view).every?.week !== undefined ? (often ? r.method : env.index.methods.find((m) => m.target === LATER)) : undefined;
  if (weekly && !weekly.params.some((p) => p.kind === K.recurrenceWeek)) {
    return { decision: { kind: 'none', reason: 'I cannot repeat something on the n-th or last of a weekday of each month here: say the weekday alone (e.g. "every Friday"), or a day of the month (e.g. "on the 25th of every month")' }, reading: r, score: best.score };
  }
  if (uneven) {
    return {
      decision: {
        kind: 'none',
        reason: stepped
          ? `I cannot repeat something "${uneven}": say minutes that divide an hour or hours that divide a day (e.g. "every 15 minutes", "every 2 hours"), or at most ${MOST_APART} apart (e.g. "every other week", "every 3 months")`
          : `I cannot repeat this "${uneven}": say "every day", "every Monday", "every week", "every month", or every few minutes or hours (e.g. "every 15 minutes", "every 2 hours")`,
      },
      reading: r,
      score: best.score,
    };
  }
  // "Every day at 9 until friday", "every hour for the next 3 hours": a routine does not end by itself; not forever instead.
  const ends = whenOf(view).every ? routineEnd(view.text) : undefined;
  if (ends) {
    return {
      decision: { kind: 'none', reason: `I cannot make a routine stop by itself ("${ends}"): say it without that, and cancel it when it should stop` },
      reading: r,
      score: best.score,
    };
  }
  // "On the last day of every month": months end on different days; not the 1st instead.
  const ending = often || !r.method.text ? monthEnd(view.text) : undefined;
  if (ending) {
    return {
      decision: { kind: 'none', reason: `I cannot repeat something "${ending}", as months end on different days: say a day of the month instead (e.g. "on the 28th of every month", or "on the 1st")` },
      reading: r,
      score: best.score,
    };
  }
  // "Remind me about the party the night before": that part of the day before depends on when the event is; not tonight instead.
  const partBefore = PART_BEFORE.exec(view.text);
  if (partBefore) {
    const instead = view.text.replace(partBefore[0], 'a day before').replace(/[.!?]+$/, '');
    return { decision: { kind: 'none', reason: `"${partBefore[0]}" is no one time: say how long before (e.g. ${quote(instead)}), or a day and a time` }, reading: r, score: best.score };
  }
  const bySun = sunTimeAsked(view, r, () => env.index.methods.find((m) => m.target === LATER)?.params.some((p) => p.kind === K.sunEvent) ?? false);
  if (bySun) return { decision: { kind: 'none', reason: bySun }, reading: r, score: best.score };
  // "At bedtime", "at dinner time": the household's own hours, which nothing here knows; not now instead (nor an area called "bedtime").
  const habit = HABIT_TIME.exec(view.text);
  const habitWords = r.method.text ? String(r.args[r.method.text.name] ?? '').toLowerCase() : '';
  if (habit && !habitWords.includes(habit[0].toLowerCase())) {
    const what = habit[2]!.toLowerCase().replace(/[- ]?time$/, '').replace(/[- ]/g, '');
    const instead = view.text.replace(habit[0], `${habit[1]} ${HABIT_HOURS[what] ?? '7pm'}`).replace(/[.!?]+$/, '');
    return { decision: { kind: 'none', reason: `I do not know when your ${what === 'bed' ? 'bedtime' : what === 'wakeup' ? 'wake-up time' : `${what} time`} is: say a clock time instead (e.g. ${quote(instead)})` }, reading: r, score: best.score };
  }
  // "Turn on the porch light before the party": done now, it would be done at no time said.
  const before = r.method.text || r.when?.lead ? null : BEFORE_THING.exec(view.text);
  if (before) {
    const said = view.text.slice(0, before.index).trim();
    return {
      decision: { kind: 'none', reason: `"${before[0].trim()}" is no one time: say how long before (e.g. ${quote(`${said} 30 minutes before ${before[2]}`)}), or a time (e.g. ${quote(`${said} at 6pm`)})` },
      reading: r,
      score: best.score,
    };
  }
  // "If bob calls, email me", "turn on the hallway light if the door is open": a condition of no kind read here is no
  // more told than those; done anyway, it would be done whether or not it holds.
  const unknown = found ? undefined : unknownCondition(view, r);
  if (unknown) {
    const event = ownWords(unknown.event);
    // The state of a light can be told, but nothing waits for it (see weighConditions in extract).
    const state = /\b(?:is|are)\s+(?:still\s+)?(?:on|off)$/i.test(event);
    return {
      decision: {
        kind: 'none',
        reason: state
          ? `I cannot wait for a condition (${quote(`${unknown.word} ${event}`)}) before ${quote(unknown.instead)}: say what to do, without "${unknown.word}"`
          : cannotTellWhether(event, unknown.word, unknown.instead),
      },
      reading: r,
      score: best.score,
    };
  }
  // Only of a message: other methods' words may well be a time ("change my 6pm reminder").
  const said = r.method.text && r.textFrom === 0 && r.method.target.endsWith('.send_message') ? r.args[r.method.text.name] : undefined;
  const message = typeof said === 'string' ? said.trim() : '';
  // "Ping me in 10 minutes", "text me tomorrow": a message of a time alone says nothing then or now.
  if (message !== '' && onlyATime(message, view)) {
    return {
      decision: { kind: 'none', reason: `a message saying only "${message}" says nothing: say what to send, or what to be reminded of then (e.g. ${quote(`remind me ${message} to call bob`)})` },
      reading: r,
      score: best.score,
    };
  }
  // "Ask bob when he's coming home" is put to him as a question: what it asks, not when to send it.
  const awaited = message.endsWith('?') ? null : ONLY_WHEN.exec(message);
  if (awaited) {
    const before = view.text.slice(0, Math.max(0, view.text.toLowerCase().lastIndexOf(message.toLowerCase()))).trim();
    const event = awaited[1]!.replace(/^(?:i|we)\b/i, 'you').replace(/\b(?:my|our)\b/gi, 'your');
    return {
      decision: { kind: 'none', reason: `I cannot tell when ${event}: say a time instead (e.g. ${quote(`${before || view.text} at 6pm`)}), or what to say` },
      reading: r,
      score: best.score,
    };
  }
  if (r.unknown) {
    const vocabulary = env.index.vocabularies.get(r.unknown.param.kind!)!;
    const close = vocabulary.closest(r.unknown.words.toLowerCase());
    const suggestion = close.length > 0 ? `; did you mean ${close.map((c) => `'${c}'`).join(' or ')}?` : '';
    // "Turn on the tv": no word of what the method acts on was said ("light"), and the values are not those things
    // themselves but where they are: what is unknown is a thing, not an area of them.
    const first = r.keywords === 0 ? [...r.method.keywords][0] : undefined;
    const acted = first !== undefined && !vocabulary.description.toLowerCase().includes(first) ? first : undefined;
    const reason =
      acted !== undefined && close.length === 0
        ? `I cannot act on '${r.unknown.words}': I know ${plural(acted)} only, by ${noun(vocabulary.description)} (${vocabulary.list()})`
        : `no ${noun(vocabulary.description)} is called '${r.unknown.words}' (${vocabulary.list()})${suggestion}`;
    return {
      decision: { kind: 'none', reason },
      reading: r,
      score: best.score,
    };
  }
  const runnerUp = scored.find((s) => s.reading.method !== r.method)?.score;
  let sure = confidence(best.score, runnerUp);
  const notes: string[] = [];
  if (r.phrase) notes.push(`"${r.phrase.payload}" names ${r.method.target}`);
  else notes.push(`the words fit ${r.method.target} without naming it`);
  if (r.missing.length > 0) notes.push(`missing ${r.missing.map((p) => p.name).join(', ')}`);
  if (r.leftovers.length > 0) notes.push(`not understood: ${r.leftovers.slice(0, 5).join(' ')}`);
  if (r.list) {
    notes.push(`${r.list.hits.length} values for ${r.list.param}; this action takes the first`);
    sure = Math.min(sure, 0.6);
  }
  const not = negation(view, r);
  const later = doneLater(view, r, env, not);
  if (not) {
    // "Stop turning on the kitchen lights every morning": what was asked for later is called off.
    if (later && env.index.methods.some((m) => m.target === CALL_OFF)) {
      const text = String(later.args['text']);
      return { decision: { kind: 'call', target: CALL_OFF, args: { text }, confidence: sure, reason: `"${not.words}" calls off what was asked for ${later.when}` }, reading: r, score: best.score };
    }
    // "Don't turn on the kitchen lights" is not a request to turn them on: no action at all.
    return { decision: { kind: 'none', reason: `${quote(view.text)} says not to ${r.method.target}: there is nothing to do` }, reading: r, score: best.score, declined: true };
  }
  // "If the garage light is on, ...": a state said as a condition is no change to make (what follows is weighed in extract).
  if (r.onOff && STATE_CONDITION.test(view.text)) {
    return { decision: { kind: 'none', reason: `${quote(view.text)} is a condition, not something to do` }, reading: r, score: best.score, declined: true, condition: true };
  }
  if (later) return { decision: { kind: 'call', target: later.target, args: later.args, confidence: sure, reason: [...notes, later.reason].join('; ') }, reading: r, score: best.score };
  return {
    decision: { kind: 'call', target: r.method.target, args: r.args, confidence: sure, reason: notes.join('; ') },
    reading: r,
    score: best.score,
  };
}

/** The sign said before a number ("-20" of "go to 100 64 -20"), which is no token of its own; "3-4" has none. */
function signOf(text: string, t: Token): string {
  const sign = text[t.start - 1];
  return t.kind === 'number' && (sign === '-' || sign === '+') && (t.start < 2 || /[\s(,:=]/.test(text[t.start - 2]!)) ? sign : '';
}

/**
 * The clause's words again, without the tokens in `drop` (and the cues: "please", "then"), and
 * with the words in `swap` in place of theirs.
 */
function sayAgain(view: ClauseView, drop: ReadonlySet<number>, swap: ReadonlyMap<number, string> = new Map()): string {
  const { text, tokens } = view;
  const starts = new Set<number>();
  let said = '';
  let end = -1;
  tokens.forEach((t, i) => {
    if (drop.has(i) || view.cues.covered[i] || starts.has(t.start)) return;
    starts.add(t.start);
    const sign = signOf(text, t);
    // Written together, kept together: "50%" stays "50%".
    const glued = end === t.start - sign.length && !swap.has(i);
    said += `${said === '' || glued ? '' : ' '}${swap.get(i) ?? `${sign}${text.slice(t.start, t.end)}`}`;
    end = t.end;
  });
  return said.replace(/\s+([,.;:!?])/g, '$1').replace(/^[\s,.;:]+|[\s,.;:]+$/g, '');
}

/** Verbs that switch off by themselves ("kill the lights"), and those that do with "off" or "out" ("shut off", "put out"). */
const OFF_VERBS = new Set(['kill', 'extinguish', 'douse']);
const OFF_WITH = new Set(['shut', 'put', 'blow']);

/**
 * What undoes a switch that is to last a while ("turn on the porch light for an hour", "leave
 * the heater on until 11pm"): the same words switched the other way, asked for when it is
 * over, as an action of its own. Only when those words read back as the same call the other
 * way round; else the decision says that it is done and left so. Decided once per clause,
 * for everything it does (a list of lights is switched back together).
 */
export function undoneLater(view: ClauseView, decided: ClauseDecision, env: ReadEnv): { undo?: { text: string; decision: Decision }; note?: string } {
  const r = decided.reading;
  const d = decided.decision;
  const lasting = r?.lasting;
  // Asked for later as a whole, how long goes with it (see doneLater).
  if (!r || !lasting || d.kind !== 'call' || d.target !== r.method.target) return {};
  const undo = undoCall(view, r, lasting, env) ?? undoSaid(view, r, lasting, env);
  if (!undo) return { note: `"${lasting.words}": I know no way to undo ${r.method.target} then, so it is done and left so` };
  return { undo: { text: undo.text, decision: { kind: 'call', target: LATER, args: undo.args, confidence: d.confidence, reason: undo.reason } } };
}

function undoCall(view: ClauseView, r: Reading, lasting: Lasting, env: ReadEnv): { text: string; args: Record<string, unknown>; reason: string } | undefined {
  const onOff = r.onOff;
  if (!onOff || !env.index.methods.some((m) => m.target === LATER) || lasting.until.getTime() <= view.time.now.getTime() + 1_000) return undefined;
  const swap = new Map<number, string>();
  const said = view.tokens[onOff.index]!.norm;
  if (onOff.value) swap.set(onOff.index, 'off');
  else if (OFF_VERBS.has(said)) swap.set(onOff.index, 'turn on');
  else {
    swap.set(onOff.index, 'on');
    const verb = onOff.index - 1;
    if (OFF_WITH.has(view.tokens[verb]?.norm ?? '')) swap.set(verb, 'turn');
  }
  // "Leave the porch light on until 11pm" is undone by turning it off, not by leaving it off.
  if (KEEP_VERBS.has(view.tokens[view.first]?.norm ?? '')) swap.set(view.first, 'turn');
  const text = sayAgain(view, new Set(lasting.indices), swap);
  const again = decideClause(viewClause(text, view.time), { index: env.index, timeZone: env.timeZone }).decision;
  const same = (name: string) => name === onOff.param || JSON.stringify(again.kind === 'call' ? again.args[name] : undefined) === JSON.stringify(r.args[name]);
  if (again.kind !== 'call' || again.target !== r.method.target || again.args[onOff.param] !== !onOff.value) return undefined;
  if (![...new Set([...Object.keys(r.args), ...Object.keys(again.args)])].every(same)) return undefined;
  return askedWhenOver(text, lasting, env);
}

/** What the method says undoes the call ("put the kitchen lights back"), when that reads as a call. */
function undoSaid(view: ClauseView, r: Reading, lasting: Lasting, env: ReadEnv): { text: string; args: Record<string, unknown>; reason: string } | undefined {
  const text = r.method.undoText?.(r.args);
  if (text === undefined || !env.index.methods.some((m) => m.target === LATER) || lasting.until.getTime() <= view.time.now.getTime() + 1_000) return undefined;
  if (decideClause(viewClause(text, view.time), { index: env.index, timeZone: env.timeZone }).decision.kind !== 'call') return undefined;
  return askedWhenOver(text, lasting, env);
}

/** `text` asked for when what lasts is over: "turn off the porch light after an hour". */
function askedWhenOver(text: string, lasting: Lasting, env: ReadEnv): { text: string; args: Record<string, unknown>; reason: string } {
  const end = lasting.words.replace(/^(for\s+(the\s+next\s+)?|until\s+|till\s+|'?til\s+)/i, '');
  const when = /^for\b/i.test(lasting.words) ? `after ${end}` : /^(\d|noon\b|midnight\b)/i.test(end) ? `at ${end}` : end;
  return { text: `${text} ${when}`, args: { text, at: formatZoned(lasting.until, env.timeZone) }, reason: `"${lasting.words}": "${text}" is asked for then` };
}

/**
 * "Turn on the porch light 20 minutes before the dinner with alice": asked for a time said against
 * an event, which the method that runs requests later works out from the calendar then.
 */
function leadLater(view: ClauseView, r: Reading, env: ReadEnv, later: MethodIndex, lead: LeadHit, not?: { indices: number[] }): ReturnType<typeof doneLater> {
  const event = later.params.find((p) => p.kind === K.eventRef);
  const ahead = later.params.find((p) => p.kind === K.leadTime);
  if (!event || !ahead || lead.event === undefined) return undefined;
  const said = sayAgain(view, new Set([...r.when!.indices, ...(not?.indices ?? [])]), namedAgain(r, env.antecedent));
  if (said === '') return undefined;
  const when = view.text.slice(lead.start, lead.end);
  return {
    target: LATER,
    args: { text: said, [event.name]: lead.event, [ahead.name]: Math.round(lead.ms / 1000) },
    reason: `"${when}" is a time ${r.method.target} cannot take: it is asked for then`,
    when,
  };
}

/** How much less a method whose plugin is not set up here ranks, against one that is: enough to break a tie, not to pass over a better fit. */
const UNCONFIGURED = 0.1;

/**
 * Why a time said by the sun cannot be placed, if it cannot: the home's place is unknown (or the
 * sun does not do so there that day), the words say no one time ("before sunset"), it would come
 * round every day at another time, or the method's world has a day of its own (a game). Words of
 * a message are the message's ("email bob that we meet at sunset"); said apart from it, they say
 * when ("remind me at sunset to ...").
 */
function sunTimeAsked(view: ClauseView, r: Reading, laterFollowsSun: () => boolean): string | undefined {
  const own = r.method.ownSun;
  const message = r.method.text ? String(r.args[r.method.text.name] ?? '').toLowerCase() : '';
  const apart = (said: string) => message === '' || !message.includes(said.toLowerCase().trim());
  const read = sunIn(view.text, view.time);
  const sun = read && apart(view.text.slice(read.start, read.end)) ? read : undefined;
  const placed = sun?.at && !own ? sun : undefined;
  const where = own ? ' there (it keeps a day of its own)' : sun && !sun.at ? ' here that day' : ' here';
  const orPlace = view.time.place || own ? '' : ', or set MAJORDOMO_LATITUDE and MAJORDOMO_LONGITUDE to where the home is';
  if (placed) {
    // "Text me when it gets dark": when, but not what.
    const said = view.text.slice(placed.start, placed.end).trim();
    // "Tell alice to come home when it gets dark": said after the words, it is what they say, sent now (as "... at 6pm" is).
    const after = message.indexOf(said.toLowerCase());
    const saidAfterWords = after > 0 && message.slice(0, after).trim() !== '';
    if (message !== '' && SUN_WORD.test(message) && !saidAfterWords) return `I can send it ${said.toLowerCase()}, but not without its words: say what to send then (e.g. ${quote(`${view.text.replace(/[.!?]+$/, '')}, saying dinner is ready`)})`;
    // "Every day at sunset": a routine that follows the sun, where the method takes one (or, taking no recurrence, the request for later it becomes).
    const often = r.method.params.find((p) => p.kind === K.recurrence);
    const repeats = often ? r.args[often.name] !== undefined : r.when?.every !== undefined;
    const follows = often ? r.method.params.some((p) => p.kind === K.sunEvent && r.args[p.name] !== undefined) : laterFollowsSun();
    if (!repeats || follows) return undefined;
    return `"${said}" comes at another time each day, and this repeats at one clock time only: say it without how often (it is done then once), or say a clock time (e.g. ${quote(view.text.replace(said, 'at 5pm'))})`;
  }
  const bySun = SUN_TIME.exec(view.text);
  if (bySun && apart(bySun[0])) {
    // "Before sunset", "until dawn": no one time.
    if (view.time.place && !sun && !own) return `"${bySun[0].toLowerCase()}" is no one time: say when (e.g. ${quote(view.text.replace(bySun[0], `30 minutes ${bySun[1]} ${bySun[2]}`))} or ${quote(view.text.replace(bySun[0], 'at 5pm'))})`;
    const when = /^dark$/i.test(bySun[2]!) ? 'it gets dark' : `${bySun[2]!.toLowerCase()} is`;
    return `I cannot tell when ${when}${where}: say a clock time instead (e.g. ${quote(view.text.replace(bySun[0], `${bySun[1]} 5pm`))})${orPlace}`;
  }
  const dark = DARK.exec(view.text);
  if (dark && apart(dark[0])) {
    return `I cannot tell when ${dark[1]!.toLowerCase().replace(/^it's\s+/, 'it is ')}${where}: say a clock time instead (e.g. ${quote(view.text.replace(dark[0], 'at 5pm'))})${orPlace}`;
  }
  if (own && sun) {
    const said = view.text.slice(sun.start, sun.end).trim();
    return `I cannot tell when "${said}" is${where}: say a clock time instead (e.g. ${quote(view.text.replace(said, 'at 5pm'))})`;
  }
  return undefined;
}

/** The method that runs a request later, and the one that calls such a request off, when the catalog has them. */
export const LATER = 'calendar.schedule_request';
/** A clock time to give as an example for each time of the household's day. */
const HABIT_HOURS: Record<string, string> = { bed: '10pm', dinner: '7pm', supper: '7pm', tea: '5pm', lunch: '12:30', breakfast: '8am', nap: '2pm', wakeup: '7am' };
/** A time of the household's day by what is done then: "at bedtime", "before bed", "at dinner time", "at lunch", "after dinner". */
const HABIT_TIME = /\b(at|by|around|before|after|until|till)\s+((?:bed|dinner|lunch|breakfast|supper|tea|nap|wake[- ]?up)[- ]?time|bed|dinner|lunch|breakfast|supper)\b/i;

/** What is asked for when a timer of the requester's is up. */
export const AFTER_TIMER = 'calendar.after_timer';
/** "When the pasta timer is done", "once my timer goes off": what a timer's end is said with, and what the timer is for. */
const TIMER_END = /^(?:when|whenever|once|as soon as|after)\s+(?:the|my|our)\s+(?:([\p{L}\p{N}' -]+?)\s+)?timer\s+(?:is\s+|has\s+)?(?:done|up|over|finished|ended|ends|goes\s+off|gone\s+off|rings|runs\s+out|beeps)\b/iu;

/** "366 days, 52 weeks, 24 months or 2 years": the furthest apart a routine may come. */
const MOST_APART = Object.entries(MAX_INTERVAL)
  .map(([unit, n]) => `${n} ${unit}s`)
  .join(', ')
  .replace(/, ([^,]+)$/, ' or $1');
const CALL_OFF = 'calendar.cancel_reminder';

/**
 * Where a clause says not to do what it names: "don't", "do not", "never", "no longer", or
 * "stop"/"quit" before a verb in -ing ("stop turning on ..."), ahead of the method's words
 * and not part of them ("stop following me" names minecraft.stop, "stop reminding me" a cancel).
 */
function negation(view: ClauseView, r: Reading): { indices: number[]; words: string } | undefined {
  const { tokens } = view;
  const at = view.first;
  const norm = (k: number) => tokens[k]?.norm;
  let indices: number[] | undefined;
  if (norm(at) === 'do' && norm(at + 1) === 'not') indices = [at, at + 1];
  else if (norm(at) === 'never') indices = [at];
  else if (norm(at) === 'no' && norm(at + 1) === 'longer') indices = [at, at + 1];
  else if ((norm(at) === 'stop' || norm(at) === 'quit') && /ing$/.test(norm(at + 1) ?? '')) indices = [at];
  if (!indices || indices.some((i) => r.phrase?.indices.includes(i))) return undefined;
  // "... anymore" at the end says not to as well.
  const end = tokens.length - 1;
  if (end > at && (norm(end) === 'anymore' || (norm(end) === 'more' && norm(end - 1) === 'any'))) indices.push(...(norm(end) === 'more' ? [end - 1, end] : [end]));
  // A contraction's parts share their words: "don't" once, not "don't don't".
  return { indices, words: [...new Set(indices.map((i) => view.text.slice(tokens[i]!.start, tokens[i]!.end)))].join(' ') };
}

/**
 * "Turn it back on in 5 minutes": asked for later, the request runs on its own, where "it"
 * stands for nothing; the pronoun is said again as what it stood for now ("turn the kitchen
 * back on", "give 3 oak log to bob").
 */
function namedAgain(r: Reading, antecedent?: Antecedent): Map<number, string> {
  const swap = new Map<number, string>();
  const at = r.pronounAt;
  if (at === undefined || r.inherited.length === 0) return swap;
  const kinds = new Map(r.method.params.map((p) => [p.name, p.kind]));
  const count = r.inherited.find((name) => kinds.get(name) === K.count);
  const things = r.inherited.filter((name) => name !== count).map((name) => (antecedent?.named?.[name] ?? String(r.args[name])).replaceAll('_', ' '));
  if (things.length === 0) return swap;
  const person = r.pronoun === 'person';
  swap.set(at, count !== undefined ? `${String(r.args[count])} ${things.join(' ')}` : person ? things.join(' ') : `the ${things.join(' ')}`);
  return swap;
}

/** A question: what is asked of a lookup with a day is asked now ("what's on my to-do list tomorrow?"). */
const ASKED = /^(?:what|what's|whats|which|how|is|are|am|do|does|did|any)\b|\?\s*$/i;
/** Today said alone, with no time of it. */
const TODAY_ALONE = /^(?:for\s+|on\s+)?today$/i;

/**
 * An action said with a time its method cannot take ("turn on the porch light at 7pm", "every
 * morning at 7 turn on the kitchen lights") is not done now: it becomes a request for that
 * time, its text the clause without the time. A method with free text keeps its times (they
 * are part of a message), and a duration ("for an hour") is not a time to start at.
 */
function doneLater(view: ClauseView, r: Reading, env: ReadEnv, not?: { indices: number[] }): { target: string; args: Record<string, unknown>; reason: string; when: string } | undefined {
  const later = env.index.methods.find((m) => m.target === LATER);
  if (!r.when || !later) return undefined;
  const { text } = view;
  const { hit, every, indices, lead } = r.when;
  if (lead) return leadLater(view, r, env, later, lead, not);
  if (!every && (!hit || hit.at.getTime() <= view.time.now.getTime() + 1_000)) return undefined;
  // "What's on my to-do list today?", "what lights are on today": a day said of what is looked up asks about it now.
  if (!every && hit && r.method.readOnly && !hit.said.clock && (ASKED.test(text) || TODAY_ALONE.test(hit.spans.map(([s, e]) => text.slice(s, e)).join(' ')))) return undefined;
  // Every word of the time goes, also one read as something else too ("9" of "at 9" as a count); and when it starts.
  const { start } = whenOf(view);
  const starting = every && start ? startTokens(view.tokens, start) : [];
  const timeSpans = [...(hit?.spans ?? []), ...(every?.spans ?? [])];
  // "Email me on the 1st to pay rent": the "on" that led to the time goes with it, also when it was read as something else.
  const leads = timeSpans.map((span) => leadingPreposition(view.tokens, tokensIn(view.tokens, [span])[0] ?? -1)).filter((i) => i >= 0);
  const spanned = [...tokensIn(view.tokens, timeSpans), ...starting, ...leads];
  const said = sayAgain(view, new Set([...indices, ...spanned, ...(not?.indices ?? [])]), namedAgain(r, env.antecedent));
  if (said === '') return undefined;
  // "From 7pm to 11pm turn on the porch light": how long it lasts goes with it, to be undone then.
  const request = hit?.until && !hit.duration && !r.lasting && r.onOff ? `${said} for ${durationWords(hit.until.getTime() - hit.at.getTime())}` : said;
  const when = [...(every?.spans ?? []), ...(hit?.spans ?? [])].map(([s, e]) => text.slice(s, e)).join(' ');
  // "Every day at sunset": on the days of the pattern, when the sun does so each.
  const sun = every ? sunIn(text, view.time) : undefined;
  const bySun = sun?.at && later.params.some((p) => p.kind === K.sunEvent) ? sun : undefined;
  const routine = every && bySun ? sunRoutine(every.cron, bySun) : undefined;
  const often = routine ? { every: routine.days, sun: routine.event, ...(routine.offsetSeconds !== undefined ? { sunOffset: routine.offsetSeconds } : {}) } : every ? { every: every.cron } : undefined;
  if (often && every?.interval) Object.assign(often, { interval: every.interval });
  if (often && every?.week !== undefined) Object.assign(often, { week: every.week });
  if (often && start && starting.length > 0) Object.assign(often, { at: formatZoned(startsAt(start), view.time.timeZone) });
  return {
    target: LATER,
    args: { text: request, ...(often ?? { at: formatZoned(hit!.at, view.time.timeZone) }) },
    reason: `"${when}" is a time ${r.method.target} cannot take: it is asked for then`,
    when,
  };
}
