import type { EarlierRequest } from '../brain.js';
import type { CatalogIndex } from './catalog-index.js';

/** "Same for the garage", "do the same thing in the kitchen", "and the porch too". */
const SAME = /^(?:(?:and|now|also|ok|okay)\s*,?\s+)?(?:please\s+)?(?:do\s+)?(?:the\s+)?same\s+(?:thing\s+)?(?:for|with|in|to|on)\s+(.+?)(?:\s+(?:too|as\s+well|please))?[.!]*$/i;

/** "Again", "do that again", "do it again tomorrow at 7", "repeat that". */
const AGAIN = /^(?:(?:and|now|ok|okay)\s*,?\s+)?(?:please\s+)?(?:(?:do|say)\s+(?:that|it|this)\s+again|repeat\s+(?:that|it|this)|again)\b(?:\s*,)?\s*(.*?)[.!]*$/i;

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What a follow-up that only makes sense after the request before stands for, as a request of
 * its own: "same for the garage" after "turn off the kitchen light" is "turn off the garage
 * light" (the one thing the request before named, named anew); "do that again tomorrow" is
 * that request, tomorrow. Undefined when the text is no such follow-up, or the request before
 * does not say what to change.
 */
export function followUpText(text: string, earlier: EarlierRequest, index: CatalogIndex): string | undefined {
  const said = text.trim();
  const again = AGAIN.exec(said);
  if (again) return `${earlier.text.replace(/[.!]+$/, '')}${again[1] ? ` ${again[1]}` : ''}`;
  const same = SAME.exec(said);
  if (!same) return undefined;
  const instead = same[1]!.replace(/^(?:the|my|our)\s+/i, '');
  // The things the request before named, by a word of a vocabulary ("kitchen", "steve", "the shopping list").
  const named = new Set<string>();
  for (const action of earlier.actions) {
    const method = index.methods.find((m) => m.target === action.target);
    for (const p of method?.params ?? []) {
      const value = action.args[p.name];
      if (p.kind !== undefined && index.vocabularies.has(p.kind) && typeof value === 'string' && new RegExp(`\\b${escaped(value)}\\b`, 'i').test(earlier.text)) named.add(value.toLowerCase());
    }
  }
  // Two things named: which one the new one replaces is not for a guess.
  if (named.size !== 1) return undefined;
  const [value] = [...named];
  return earlier.text.replace(new RegExp(`\\b${escaped(value!)}\\b`, 'gi'), instead);
}
