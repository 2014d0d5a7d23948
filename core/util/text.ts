import { InvalidInputError } from '../errors.js';

// C0 and C1 control characters except tab and newline, and the BOM.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFEFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Makes text from outside safe to read: control characters removed, line ends unified,
 * unpaired surrogates (what invalid UTF-8 decodes to, among others) replaced, spaces
 * collapsed. Rejects text that is empty afterwards or longer than `maxChars`.
 *
 * @throws InvalidInputError with a message fit to show the sender.
 */
export function sanitizeText(text: string, maxChars: number): string {
  const clean = text
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (clean.length === 0) {
    throw new InvalidInputError('the message is empty', { hint: 'write what you would like me to do' });
  }
  if (clean.length > maxChars) {
    throw new InvalidInputError(`the message is ${clean.length.toLocaleString('en-US')} characters long; the limit is ${maxChars.toLocaleString('en-US')}`, {
      hint: 'split it into shorter requests',
    });
  }
  return clean;
}

/** Plural of an English noun, good enough for the names of things ("torch" → "torches", "berry" → "berries"). */
export function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** "milk", "milk and eggs", "milk, eggs and bread": things said as a list. */
export function joined(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "1 item", "3 items": a count with its noun, in the plural unless it is one. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** The text with its first letter in capitals: a sentence that starts with a value ("the kitchen light is on"). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const SAID_BACK: Record<string, string> = {
  me: 'you',
  my: 'your',
  myself: 'yourself',
  mine: 'yours',
  i: 'you',
  "i'm": "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  'i am': 'you are',
  'i was': 'you were',
  'am i': 'are you',
  'was i': 'were you',
};

/**
 * The requester's words said back to them: "email me my reminders" → "email you your
 * reminders", "tell bob I'm late" → "tell bob you're late". "I" keeps its capital only where
 * it opened the words.
 */
export function saidBack(text: string): string {
  return text.replace(/\b(?:(?:am|was)\s+i|i\s+(?:am|was)|i['’](?:m|ve|ll|d)|me|my|myself|mine|i(?!-))\b/gi, (w, at: number) => {
    const back = SAID_BACK[w.toLowerCase().replace('’', "'").replace(/\s+/, ' ')]!;
    const capital = /^I\b/.test(w) ? at === 0 : w[0] === w[0]!.toUpperCase();
    return capital ? capitalize(back) : back;
  });
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
