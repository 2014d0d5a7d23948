import type { EarlierRequest } from '../brain.js';
import type { CatalogIndex } from './catalog-index.js';
import { escapeRegExp } from '../../util/text.js';
import { IT_PRONOUNS } from './lexicon.js';
import { tokenize } from './tokens.js';

/** "Same for the garage", "do the same thing in the kitchen", "and the porch too". */
const SAME = /^(?:(?:and|now|also|ok|okay)\s*,?\s+)?(?:please\s+)?(?:do\s+)?(?:the\s+)?same\s+(?:thing\s+)?(?:for|with|in|to|on)\s+(.+?)(?:\s+(?:too|as\s+well|please))?[.!]*$/i;

/** "And the garage too", "the porch as well", "also the office": said alone, another thing of the same kind. */
const ALSO = /^(?:(?:and|also|plus|now)\s+(?:also\s+)?(?:the\s+|my\s+|our\s+)?(.+?)(?:\s+(?:too|as\s+well))?|(?:the\s+|my\s+|our\s+)?(.+?)\s+(?:too|as\s+well))[.!]*$/i;

/** "Again", "do that again", "do it again tomorrow at 7", "repeat that". */
const AGAIN = /^(?:(?:and|now|ok|okay)\s*,?\s+)?(?:please\s+)?(?:(?:do|say)\s+(?:that|it|this)\s+again|repeat\s+(?:that|it|this)|again)\b(?:\s*,)?\s*(.*?)[.!]*$/i;

/** "Email it to me", "send that to bob", "forward it to alice", "text me that": what the request before looked up or acted on, sent. */
/** A word that opens a follow-up and says nothing of it: "ok, email it to me". */
const OPENER = /^(?:and|now|ok|okay|also|great|thanks)\s*[,!.]?\s+/i;
const SENDS_IT = /^(?:(?:please|can you|could you)\s+)?(?:e-?mail|send|forward|text|message|share)\s+(?:(?:me|him|her|us|them)\s+)?(?:it|that|this|them)(?=\s*(?:$|[.!?,]|(?:to|again|now|please|too|as\s+well|over)\b))/i;

/**
 * What a follow-up that only makes sense after the request before stands for, as a request of
 * its own: "same for the garage" after "turn off the kitchen light" is "turn off the garage
 * light" (the one thing the request before named, named anew); "do that again tomorrow" is
 * that request, tomorrow. Undefined when the text is no such follow-up, or the request before
 * does not say what to change.
 */
export function followUpText(text: string, earlier: EarlierRequest, index: CatalogIndex): string | undefined {
  const said = text.trim();
  const send = said.replace(OPENER, '');
  if (SENDS_IT.test(send)) return sendsWhatWasLookedUp(send, earlier, index);
  const again = AGAIN.exec(said);
  if (again) return `${earlier.text.replace(/[.!]+$/, '')}${again[1] ? ` ${again[1]}` : ''}`;
  const same = SAME.exec(said);
  const also = same ? null : ALSO.exec(said);
  const instead = (same?.[1] ?? also?.[1] ?? also?.[2])?.replace(/^(?:the|my|our)\s+/i, '');
  if (instead === undefined) return undefined;
  // The things the request before acted on, by a word of a vocabulary ("kitchen", "steve", "the shopping list"), and whether its words name them or an "it" stood for them.
  const named = new Map<string, { kind: string; keywords: ReadonlySet<string>; said: boolean }>();
  for (const action of earlier.actions) {
    const method = index.methods.find((m) => m.target === action.target);
    for (const p of method?.params ?? []) {
      const value = action.args[p.name];
      if (p.kind !== undefined && index.vocabularies.has(p.kind) && typeof value === 'string') named.set(value.toLowerCase(), { kind: p.kind, keywords: method!.keywords, said: new RegExp(`\\b${escapeRegExp(value)}\\b`, 'i').test(earlier.text) });
    }
  }
  // Things named by a method's text ("add milk to the shopping list"): "and eggs too", "same for bread" are of those, unless the
  // new one is of the named kind, or says a word of the method ("same for the to-do list" is no thing to put on the list).
  const things = thingsSaid(earlier, index);
  const insteadTokens = tokenize(instead).filter((t) => t.kind !== 'punct');
  const ofKind = (kind: string) => index.vocabularies.get(kind)?.at(insteadTokens, 0);
  const keyword = insteadTokens.some((t) => earlier.actions.some((a) => index.methods.find((m) => m.target === a.target)?.keywords.has(t.norm)));
  if (things !== undefined && !keyword && ![...named.values()].some((n) => ofKind(n.kind))) return earlier.text.replace(new RegExp(`\\b${escapeRegExp(things)}\\b`, 'i'), instead);
  // Two things: which one the new one replaces is not for a guess.
  if (named.size !== 1) return undefined;
  const [value, { kind, keywords, said: inWords }] = [...named][0]!;
  // "Turn it back on" acted on the kitchen: its "it" is what changes.
  const pronoun = new RegExp(`\\b(?:${[...IT_PRONOUNS].join('|')})\\b`, 'i');
  if (!inWords && !pronoun.test(earlier.text)) return undefined;
  let thing = instead;
  // Said without "same": only a thing of that kind, maybe with a word of its method ("and the garage too", "the porch light too"; not "and turn on the radio").
  if (!same) {
    const hit = ofKind(kind);
    if (!hit || insteadTokens.slice(hit.end).some((t) => !keywords.has(t.norm))) return undefined;
    thing = instead.slice(0, insteadTokens[hit.end - 1]!.end);
  }
  return inWords ? earlier.text.replace(new RegExp(`\\b${escapeRegExp(value)}\\b`, 'gi'), thing) : earlier.text.replace(pronoun, `the ${thing}`);
}

/**
 * "Email it to me" after a lookup ("what's on my calendar tomorrow") is that lookup, then the
 * mail; after a change to something ("add milk to the shopping list"), the lookup of what it
 * changed, as its plugin words it. The request before's result is not at hand: it is looked up
 * again, now. Undefined when the request before had no last call to look up by.
 */
function sendsWhatWasLookedUp(said: string, earlier: EarlierRequest, index: CatalogIndex): string | undefined {
  const last = earlier.actions.at(-1);
  const method = last && index.methods.find((m) => m.target === last.target);
  if (!method) return undefined;
  const lookup = method.readOnly && earlier.actions.length === 1 ? earlier.text.replace(/[.!?]+$/, '') : method.lookupText?.(last!.args);
  return lookup === undefined ? undefined : `${lookup}, and ${said}`;
}

/** The words of the one text of the request before that names the things it acted on, as said in it; undefined when there is none such. */
function thingsSaid(earlier: EarlierRequest, index: CatalogIndex): string | undefined {
  const said = earlier.actions.flatMap((action) => {
    const method = index.methods.find((m) => m.target === action.target);
    const value = method?.textNamesThings && method.text ? action.args[method.text.name] : undefined;
    return typeof value === 'string' && new RegExp(`\\b${escapeRegExp(value)}\\b`, 'i').test(earlier.text) ? [value] : [];
  });
  return new Set(said).size === 1 ? said[0] : undefined;
}
