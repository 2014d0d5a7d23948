/**
 * The words of a message as said to the one it goes to, where the request words it for the
 * requester: "ask alice if she wants pizza" sends "Do you want pizza?", "say goodnight to the
 * kids" sends "goodnight" to the kids. Every channel's `send_message` refines with these.
 */

/** Words a request opens with that say nothing of the message: "please", "can you", "could you please". */
const POLITE = String.raw`(?:(?:please|pls|(?:can|could|would|will)\s+you)\s+)*`;

/** "Ask alice if she wants pizza", "email alice and ask her if ...": what she is asked, after "if" or "whether". */
const ASKED = new RegExp(String.raw`^${POLITE}(?:.*?\band\s+)?ask\s+.+?\s+(?:if|whether)\s+(.+?)\W*$`, 'i');
/** "Ask bob when he's coming home": what he is asked, a question word first. */
const ASKED_WH = new RegExp(String.raw`^${POLITE}(?:.*?\band\s+)?ask\s+.+?\s+(when|where|what|why|how|who|which)\s+(.+?)\W*$`, 'i');
/** Verbs that open a question by themselves ("Can you ...", "Are you ..."), as said to the one asked. */
const OPENERS: Record<string, string> = { is: 'are', are: 'are', was: 'were', were: 'were', can: 'can', could: 'could', will: 'will', would: 'would', should: 'should', may: 'may', might: 'might', must: 'must', does: 'do', do: 'do', did: 'did' };
/** The one asked about, and the words that stand for them further on, as said to them. */
const ABOUT: Record<string, Record<string, string>> = {
  she: { her: 'your', hers: 'yours', herself: 'yourself' },
  he: { him: 'you', his: 'your', himself: 'yourself' },
  they: { them: 'you', their: 'your', theirs: 'yours', themselves: 'yourself' },
};

/** "wants" → "want", "goes" → "go", "tries" → "try". */
function baseForm(verb: string): string {
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z|o)es$/.test(verb)) return verb.slice(0, -2);
  return verb.endsWith('s') && !verb.endsWith('ss') ? verb.slice(0, -1) : verb;
}

/**
 * A question asked of someone in the words said to them: "if she wants pizza" is "Do you want
 * pizza?", "whether he can pick up the kids" "Can you pick up the kids?". Asked about someone
 * else ("if the package came"), the words stay as they are, as a question.
 */
export function askedOf(clause: string): string {
  const words = expandContraction(clause.trim().split(/\s+/));
  const subject = words[0]!.toLowerCase();
  const own = ABOUT[subject];
  if (!own) return `${words.join(' ').charAt(0).toUpperCase()}${words.join(' ').slice(1)}?`;
  const rest = words.slice(2).map((w, i, all) => {
    const lower = w.toLowerCase();
    // "her" before a thing is whose it is ("her keys"); at the end, or before a word like "to", it is her.
    if (subject === 'she' && lower === 'her') return all[i + 1] !== undefined && !/^(?:to|for|with|at|in|on|up|out|back|about|again|today|tomorrow|tonight)$/i.test(all[i + 1]!) ? 'your' : 'you';
    return own[lower] ?? w;
  });
  const verb = words[1]?.toLowerCase();
  if (verb === undefined) return `${words.join(' ')}?`;
  const tail = rest.length > 0 ? ` ${rest.join(' ')}` : '';
  const opener = OPENERS[verb];
  if (opener) return `${opener.charAt(0).toUpperCase()}${opener.slice(1)} you${tail}?`;
  if (verb === 'has' || verb === 'have') return PARTICIPLE.test(rest[0] ?? '') ? `Have you${tail}?` : `Do you have${tail}?`;
  if (/^[a-z]+s$/.test(verb) || (subject === 'they' && /^[a-z]+$/.test(verb) && !verb.endsWith('ed'))) return `Do you ${subject === 'they' ? verb : baseForm(verb)}${tail}?`;
  return `You ${words[1]}${tail}?`;
}

/**
 * A question of "when", "where", ... asked of someone in the words said to them: "when he's
 * coming home" is "When are you coming home?", "where she left the keys" "Where did you leave
 * the keys?". Asked about someone or something else, the words stay as they are.
 */
export function askedWhOf(word: string, clause: string): string {
  const w = `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`;
  if (!ABOUT[expandContraction(clause.trim().split(/\s+/))[0]!.toLowerCase()]) return `${w} ${inverted(clause.trim().split(/\s+/)) ?? clause.trim()}?`;
  const yesNo = askedOf(clause);
  // "Are you coming home?" → "When are you coming home?"; "You left the keys?" → "Where did you leave the keys?".
  const put = yesNo.startsWith('You ') ? `did you ${pastToBase(yesNo.slice(4))}` : `${yesNo.charAt(0).toLowerCase()}${yesNo.slice(1)}`;
  return `${w} ${put.replace(/\?$/, '')}?`;
}

/** Words a thing asked about starts with ("the party", "my keys", "it"). */
const SUBJECT_START: ReadonlySet<string> = new Set(['the', 'a', 'an', 'my', 'your', 'our', 'his', 'her', 'their', 'its', 'this', 'that', 'these', 'those']);
/** A thing asked about said in one word. */
const SUBJECT_ALONE: ReadonlySet<string> = new Set(['it', 'i', 'we', 'you']);
/** Verbs put before the thing asked about as they are: "where the keys are" is "Where are the keys?". */
const AUXILIARY = /^(?:is|are|was|were|am|has|have|had|can|could|will|would|should|may|might|must|shall|(?:is|are|was|were|has|have|had|does|do|did|ca|could|wo|would|should|must)n['’]t)$/i;
/** Words after a thing that are not what it does ("the keys on the table"). */
const NOT_VERBS: ReadonlySet<string> = new Set(['on', 'in', 'at', 'for', 'to', 'of', 'from', 'with', 'by', 'and', 'or', 'but', 'up', 'out', 'off', 'over', 'under', 'near', 'now', 'today', 'tonight', 'tomorrow', 'yesterday', 'here', 'there', 'again', 'too', 'then', 'that', 'which', 'who']);
/** Past forms asked with "did": "where the dog went" is "Where did the dog go?". */
const PAST: Record<string, string> = { left: 'leave', went: 'go', put: 'put', got: 'get', said: 'say', took: 'take', came: 'come', saw: 'see', made: 'make', bought: 'buy', found: 'find', told: 'tell', sent: 'send', paid: 'pay', ate: 'eat', broke: 'break', fell: 'fall', began: 'begin', ran: 'run' };

/**
 * A question about something else ("the party", "my keys", "it") in the order it is asked in:
 * "time the party starts" is "time does the party start", "the keys are" "are the keys",
 * "the car won't start" "won't the car start", "the dog went" "did the dog go". What comes
 * before the thing asked about stays with the question word ("what time", "how much").
 * Undefined where its words are not plainly a thing and what it does ("who is coming", "the
 * kids' classes start"): they are then asked as they are.
 */
function inverted(words: readonly string[]): string | undefined {
  const lower = words.map((w) => w.toLowerCase());
  const start = lower.findIndex((w) => SUBJECT_START.has(w) || SUBJECT_ALONE.has(w));
  if (start < 0) return undefined;
  // The thing is one word said alone, or a word like "the" and up to three more; the verb follows it.
  const first = SUBJECT_ALONE.has(lower[start]!) ? start + 1 : start + 2;
  for (let v = first; v <= Math.min(start + 4, words.length - 1); v++) {
    const verb = lower[v]!;
    // "The kids' classes", "the dog's bowl": what is someone's is not where the thing ends.
    if (/['’]s?$/.test(lower[v - 1]!)) continue;
    const thing = words.slice(start, v).join(' ');
    const before = words.slice(0, start);
    const rest = words.slice(v + 1);
    const said = (...parts: string[]) => [...before, ...parts, ...rest].join(' ');
    if (AUXILIARY.test(verb)) return said(words[v]!, thing);
    if (PAST[verb] !== undefined) return said('did', thing, PAST[verb]!);
    // "starts", "leaves": asked with "does" (not "is", "has" or a thing's plural: "glasses" follows no "the" alone).
    if (/^[a-z]+[^s'’]s$/.test(verb) && !/(?:ss|us|is)$/.test(verb)) return said('does', thing, baseForm(verb));
    // "the tickets cost", "the lights keep": many things, asked with "do".
    if (/[^s'’]s$/.test(lower[v - 1]!) && /^[a-z]+$/.test(verb) && !/(?:s|ed)$/.test(verb) && !NOT_VERBS.has(verb)) return said('do', thing, words[v]!);
    if (SUBJECT_START.has(verb) || SUBJECT_ALONE.has(verb)) return undefined;
  }
  return undefined;
}

/** "left the keys" → "leave the keys": a few past forms, else the verb as it is without "-ed". */
function pastToBase(words: string): string {
  const [verb = '', ...rest] = words.split(' ');
  const irregular: Record<string, string> = { left: 'leave', went: 'go', put: 'put', got: 'get', said: 'say', took: 'take', came: 'come', saw: 'see', made: 'make', bought: 'buy', found: 'find', told: 'tell', sent: 'send', paid: 'pay', ate: 'eat', did: 'do' };
  const base = irregular[verb.toLowerCase()] ?? (/[^aeiou]ied$/.test(verb) ? `${verb.slice(0, -3)}y` : /ed$/.test(verb) ? verb.slice(0, -2).replace(/([^aeiou])\1$/, '$1') : verb);
  return [base, ...rest].join(' ');
}

/** Words that follow "has" when it says what was done ("he's seen", "she has been"). */
const PARTICIPLE = /^(?:been|got|gotten|had|done|seen|gone|made|taken|heard|found|left|sent|paid|read|\w+ed)$/i;

/** "she's coming" is "she is coming", "he's seen" "he has seen", "they're" "they are". */
function expandContraction(words: string[]): string[] {
  const m = /^(she|he|they)['’](s|re)$/i.exec(words[0] ?? '');
  if (!m) return words;
  const verb = m[2]!.toLowerCase() === 're' ? 'are' : PARTICIPLE.test(words[1] ?? '') ? 'has' : 'is';
  return [m[1]!, verb, ...words.slice(1)];
}

/** The words a question is put in, where the request asks it of someone (and what was read as the message lies within it). */
export function askedAs(args: Record<string, unknown>, text: string): Record<string, unknown> {
  const wh = ASKED_WH.exec(text);
  if (wh && !ASKED.test(text) && typeof args['text'] === 'string' && `${wh[1]} ${wh[2]}`.toLowerCase().includes(args['text'].replace(/\W+$/, '').toLowerCase())) {
    return { ...args, text: askedWhOf(wh[1]!, wh[2]!) };
  }
  const asked = ASKED.exec(text)?.[1];
  if (asked === undefined || typeof args['text'] !== 'string' || !asked.toLowerCase().includes(args['text'].replace(/\W+$/, '').toLowerCase())) return args;
  return { ...args, text: askedOf(asked) };
}

/** Who something goes to, said last: a name, an address, or who they are ("my wife", "the kids"). */
const WHOM = String.raw`((?:(?:my|our|the)\s+)?[\w.@'’-]+)`;
/** The requester, who is not told what they say. */
const SELF = /^(?:me|myself|us)$/i;

/** "Say goodnight to the kids", "say hi to steve in the game": what is said, and who to. */
const SAID_TO = new RegExp(String.raw`^${POLITE}say\s+(.+?)\s+to\s+${WHOM}(?:\s+(?:in|on)\s+(?:the\s+)?(?:game|minecraft|discord|chat|game chat)|\s+(?:by|via|over)\s+(?:e-?mail|mail|discord))?\W*$`, 'i');

export function saidTo(args: Record<string, unknown>, text: string): Record<string, unknown> {
  const m = SAID_TO.exec(text);
  if (!m || SELF.test(m[2]!)) return args;
  return { ...args, to: m[2]!, text: m[1]! };
}

/** "Share the packing list with bob": what is shared, to them; "it" and "them" are left to what they stand for. */
const SHARED_WITH = new RegExp(String.raw`^${POLITE}share\s+(.+?)\s+with\s+${WHOM}\W*$`, 'i');

export function sharedWith(args: Record<string, unknown>, text: string): Record<string, unknown> {
  const m = SHARED_WITH.exec(text);
  if (!m || SELF.test(m[2]!)) return args;
  if (/^(?:it|them|that|this|those|these)$/i.test(m[1]!)) return { ...args, to: m[2]! };
  return { ...args, to: m[2]!, text: m[1]! };
}

/** "Thank alice for dinner": the thanks; "wish bob a happy birthday": the wish. */
const THANKS = new RegExp(String.raw`^${POLITE}thank\s+.+?\s+for\s+(.+?)\W*$`, 'i');
const WISH = new RegExp(String.raw`^${POLITE}wish\s+.+?\s+(?:a|an)\s+(.+?)\W*$`, 'i');

/** The words a thanks or a wish is said in, where the request only names it. */
export function saidAs(args: Record<string, unknown>, text: string): Record<string, unknown> {
  const bare = (words: string) => words.replace(/^(?:the|a|an)\s+/i, '').toLowerCase();
  const said = typeof args['text'] === 'string' ? bare(args['text']) : undefined;
  const thanks = THANKS.exec(text)?.[1];
  if (thanks !== undefined && said === bare(thanks)) return { ...args, text: `Thank you for ${thanks}!` };
  const wish = WISH.exec(text)?.[1];
  if (wish !== undefined && said === bare(wish)) return { ...args, text: `${wish.charAt(0).toUpperCase()}${wish.slice(1)}!` };
  return args;
}

/** All of the above: a thanks or a wish, a question put to someone, words said to them, a thing shared with them. */
export function wordedForRecipient(args: Record<string, unknown>, text: string): Record<string, unknown> {
  return sharedWith(saidTo(askedAs(saidAs(args, text), text), text), text);
}
