/**
 * English the rule brain knows by itself: function words, pronouns and verb forms. Nothing
 * here names a service, a channel or a thing they act on; that comes from plugin hints.
 */

export const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/** Words that open a noun phrase: "the kitchen", "my office", "some wood". */
export const DETERMINERS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'my', 'your', 'our', 'his', 'her', 'their', 'its', 'this', 'that', 'these', 'those',
  'some', 'any', 'all', 'every', 'each', 'both', 'another', 'other', 'more', 'few', 'several',
]);

/** Prepositions: they tie words to a place, a time or a person, and are never a value themselves. */
export const PREPOSITIONS: ReadonlySet<string> = new Set([
  'in', 'on', 'at', 'to', 'for', 'from', 'with', 'of', 'by', 'about', 'into', 'onto', 'over', 'under',
  'near', 'via', 'through', 'inside', 'outside', 'around', 'within', 'until', 'till', 'using', 'as',
]);

/** Pronouns that may stand for what another action made or acted on. */
export const OBJECT_PRONOUNS: ReadonlySet<string> = new Set(['it', 'them', 'that', 'those', 'these', 'this', 'they']);

/** Pronouns that stand for a thing only (not "that", which may open what is said): what an "it" of a request just before may be. */
export const IT_PRONOUNS: ReadonlySet<string> = new Set(['it', 'them']);

/** Pronouns that may stand for a person named in another action. */
export const PERSON_PRONOUNS: ReadonlySet<string> = new Set(['him', 'her', 'them']);

/** Words for the requester. */
export const SELF: ReadonlySet<string> = new Set(['me', 'myself', 'i', 'us']);

const PRONOUNS = ['i', 'me', 'you', 'he', 'him', 'she', 'her', 'it', 'we', 'us', 'they', 'them', 'myself', 'yourself', 'u', 'one', 'mine', 'yours'];

const AUXILIARIES = [
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'do', 'does', 'did', 'done', 'have', 'has', 'had', 'will', 'would',
  'can', 'could', 'should', 'shall', 'may', 'might', 'must', 'not', 'no', 'let', 'get', 'got',
];

/** Auxiliary verbs: "is" in "the light is off" is no verb of its own. */
export const AUX: ReadonlySet<string> = new Set(AUXILIARIES);

const FILLERS = [
  'please', 'pls', 'plz', 'kindly', 'thanks', 'thank', 'thx', 'hey', 'hi', 'hello', 'ok', 'okay', 'just', 'now', 'right',
  'also', 'too', 'again', 'then', 'so', 'and', 'or', 'but', 'quickly', 'really', 'very', 'as', 'well', 'if', 'whether', 'when', 'once',
  'after', 'before', 'there', 'here', 'what', 'which', 'who', 'how', 'where', 'all', 'everything', 'something',
  'anything', 'thing', 'things', 'stuff', 'back', 'instead', 'currently', 'still', 'yet', 'already', 'soon', 'later', 'like',
  'actually', 'sorry', 'oops', 'um', 'uh', 'hmm', 'alright', 'anyway', 'btw',
];

/** Words that carry no content of their own: left over, they neither fill nor spoil a reading. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  ...ARTICLES, ...DETERMINERS, ...PREPOSITIONS, ...PRONOUNS, ...AUXILIARIES, ...FILLERS,
]);

/** Words after which a dropped object ends a phrasal verb: "turn the light off". */
export const PARTICLES: ReadonlySet<string> = new Set(['on', 'off', 'up', 'down', 'out', 'over', 'back', 'away', 'in']);

/** Conjunctions that open a clause which must happen first ("after", "once") or later ("before"). */
export const SUBORDINATORS: ReadonlyMap<string, 'after' | 'before'> = new Map([
  ['after', 'after'],
  ['once', 'after'],
  ['when', 'after'],
  ['whenever', 'after'],
  ['before', 'before'],
]);

const IRREGULAR = new Map<string, string[]>(Object.entries({
  get: ['got', 'gotten', 'getting'],
  give: ['gave', 'given'],
  make: ['made'],
  bring: ['brought'],
  find: ['found'],
  send: ['sent'],
  set: ['setting'],
  put: ['putting'],
  come: ['came'],
  go: ['went', 'gone'],
  write: ['wrote', 'written'],
  tell: ['told'],
  let: ['letting'],
  shut: ['shutting'],
  take: ['took', 'taken'],
  buy: ['bought'],
  feed: ['fed'],
  run: ['ran', 'running'],
  say: ['said'],
  do: ['did', 'done'],
  hold: ['held'],
  leave: ['left'],
  dim: ['dimmed', 'dimming'],
  stop: ['stopped', 'stopping'],
  drop: ['dropped', 'dropping'],
  plan: ['planned', 'planning'],
  ping: ['pinged'],
  shoot: ['shot'],
  keep: ['kept'],
}));

/** Other forms of a verb, for clauses like "when you've turned it off" or "once you got the logs". */
export function inflections(verb: string): string[] {
  if (!/^[a-z]{3,}$/.test(verb)) return IRREGULAR.get(verb) ?? [];
  const forms = new Set(IRREGULAR.get(verb) ?? []);
  if (/(s|x|z|ch|sh)$/.test(verb)) forms.add(`${verb}es`);
  else if (/[^aeiou]y$/.test(verb)) forms.add(`${verb.slice(0, -1)}ies`);
  else forms.add(`${verb}s`);
  if (verb.endsWith('e')) {
    forms.add(`${verb}d`);
    forms.add(`${verb.slice(0, -1)}ing`);
  } else if (/[^aeiou]y$/.test(verb)) {
    forms.add(`${verb.slice(0, -1)}ied`);
    forms.add(`${verb}ing`);
  } else {
    forms.add(`${verb}ed`);
    forms.add(`${verb}ing`);
  }
  forms.delete(verb);
  return [...forms];
}

/** Names of players and people: one word of letters, digits or underscores. */
export function nameLike(raw: string): boolean {
  return /^[\p{L}\p{N}_]{1,32}$/u.test(raw) && !/^\d+$/.test(raw);
}

/** Words that say how much, not what: "dim the lights a bit", "a little brighter", "a lot". */
export const DEGREE: ReadonlySet<string> = new Set(['bit', 'little', 'touch', 'tad', 'slightly', 'somewhat', 'lot', 'much', 'more', 'less']);

/** Words that say the whole home, not an area of it: "everything in the house", "the lights everywhere". */
export const WHOLE_HOME: ReadonlySet<string> = new Set(['everywhere', 'everything', 'house', 'home', 'apartment', 'flat', 'whole', 'entire', 'place']);

/**
 * Words of times: units, days, parts of the day ("5 minutes", "tomorrow night", "on Monday").
 * Never a person's name, and they may come before an action's verb ("then in 5 minutes turn ...").
 */
export const TIME_WORDS: ReadonlySet<string> = new Set(
  [
    'second seconds sec secs minute minutes min mins hour hours hr hrs day days week weeks month months year years',
    'today tomorrow tonight yesterday morning afternoon evening night noon midnight am pm later weekend',
    'monday tuesday wednesday thursday friday saturday sunday',
  ]
    .join(' ')
    .split(' '),
);

/** Hours said in words, one to twelve. */
export const HOUR_WORDS: readonly string[] = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** Verbs that keep a state as it is for a while: "leave the porch light on for an hour", "keep the lights on". */
export const KEEP_VERBS: ReadonlySet<string> = new Set(['leave', 'keep']);

/** Words after which "half" and an hour say half past it, as said in Britain: "at half 7". */
export const HALF_HOUR_LEADS: readonly string[] = ['at', 'by', 'around', 'about', 'from', 'until', 'till', 'before', 'after'];
/** "At half 7", as a regular expression's source (the words before "half" as group 1, the hour as group 2). */
export const HALF_HOUR = String.raw`(\b(?:${HALF_HOUR_LEADS.join('|')})\s+)half\s+(\d{1,2}|${HOUR_WORDS.join('|')})\b`;

/**
 * A clock time said in words, as a regular expression's source: "quarter past 5", "a quarter to
 * six", "ten past 7", "20 minutes to 9", "half past twelve". Its groups: the minutes, which way
 * (past, after, to), the hour.
 */
export const CLOCK_WORDS = String.raw`((?:a\s+)?quarter|half|five|ten|twenty(?:[\s-]+five)?|\d{1,2}\s+minutes?)\s+(past|after|to)\s+(\d{1,2}|${HOUR_WORDS.join('|')})\b`;

/** How many words open a condition at `i` of these norms ("if", "unless", "in case", "only if"); 0 when none does. */
export function ifWordsAt(norms: ReadonlyArray<{ norm: string }>, i: number): number {
  const norm = norms[i]?.norm;
  if (norm === 'if' || norm === 'unless') return 1;
  if ((norm === 'in' && norms[i + 1]?.norm === 'case') || (norm === 'only' && norms[i + 1]?.norm === 'if')) return 2;
  return 0;
}

/** Words after which "if" asks whether: "check if", "see if", "tell me if", "find out if", "make sure". */
export const WHETHER_AFTER: ReadonlySet<string> = new Set(['check', 'see', 'me', 'us', 'know', 'ask', 'out', 'wonder', 'sure', 'whether', 'look']);

/** "Otherwise", "or else", "else", "if not": what to do when a condition does not hold (a regular expression's alternatives). */
export const OTHERWISE_WORDS = String.raw`otherwise|or\s+else|else|if\s+not`;
