import { OTHERWISE_WORDS, WHETHER_AFTER } from './lexicon.js';
import { BARE_MESSAGE, inMessage, sentences, setApart } from './time-condition.js';

/**
 * "..., if the garage light is on", "unless the porch light is off": the state of a light, said
 * last of a sentence as the condition of what comes before.
 */
const LAST = new RegExp(
  String.raw`(?:,\s*)?\b(?:(?:but\s+)?only\s+)?(?<word>if|in\s+case|unless)\s+(?<light>(?:the|my|our)\s+[\p{L}\s-]+?\s+(?:light|lights|lamp|lamps))\s+(?<verb>is|are)\s+(?<still>still\s+)?(?<state>on|off)(?<otherwise>\s*,?\s*(?:${OTHERWISE_WORDS})\b[^.!?;]*)?\s*(?<end>[.!?;]*\s*)$`,
  'iu',
);

/** "Check if ...", "let me know if ...", "tell me if ...": whether it is so, asked, not a condition. */
function asksWhether(rest: string): boolean {
  return WHETHER_AFTER.has(/(\w+)\W*$/.exec(rest)?.[1]?.toLowerCase() ?? '');
}

/**
 * Puts a condition on the state of a light said last of a sentence first, where it is read as
 * the condition of what follows it ("turn off the porch light if the garage light is on" is "if
 * the garage light is on, turn off the porch light"); "unless" is "if" of the other state. A
 * message's own words keep theirs ("tell bob dinner is ready if the porch light is on"). What to do
 * otherwise, said after it, stays last ("..., otherwise email me").
 */
export function stateConditionsFirst(text: string): string {
  if (!/\b(?:if|in\s+case|unless)\b/i.test(text)) return text;
  let changed = false;
  const out = sentences(text).map((sentence) => {
    const m = LAST.exec(sentence);
    if (!m || m.index === 0) return sentence;
    const rest = sentence.slice(0, m.index).replace(/[\s,]+$/, '');
    if (rest.trim() === '' || inMessage(sentence, m, rest) || (!setApart(m[0]) && (asksWhether(rest) || BARE_MESSAGE.test(rest)))) return sentence;
    const g = m.groups!;
    const state = /^unless$/i.test(g['word']!) ? (g['state']!.toLowerCase() === 'on' ? 'off' : 'on') : g['state']!.toLowerCase();
    changed = true;
    // "Turn off ... if ..." opened the sentence with a capital: so does "If ... , turn off ...".
    const opening = /^\s*[A-Z]/.test(rest) ? 'If' : 'if';
    const lead = rest.match(/^\s*/)![0];
    const said = rest.slice(lead.length);
    // "..., otherwise email me" stays last: what to do when it does not hold.
    const otherwise = g['otherwise'] === undefined ? '' : `, ${g['otherwise'].replace(/^[\s,]+/, '')}`;
    return `${lead}${opening} ${g['light']} ${g['verb']} ${g['still'] ?? ''}${state}, ${said.charAt(0).toLowerCase()}${said.slice(1)}${otherwise}${g['end'] ?? ''}`;
  });
  return changed ? out.join('') : text;
}
