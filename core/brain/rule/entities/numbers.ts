import { CLOCK_WORDS, HALF_HOUR_LEADS, HOUR_WORDS } from '../lexicon.js';
import type { Token } from '../tokens.js';

/** Counts and percentages, from digits or words: "16", "two", "a dozen", "a stack", "half", "60%". */

const UNITS = new Map(Object.entries({
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
}));
const TENS = new Map(Object.entries({ twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 }));

/** Quantity nouns: "a dozen eggs", "two stacks of dirt". */
const GROUPS = new Map(Object.entries({ dozen: 12, dozens: 12, stack: 64, stacks: 64, pair: 2, pairs: 2, couple: 2, score: 20 }));
/** Vague amounts, after an article: "a few", "a couple". */
const VAGUE = new Map(Object.entries({ few: 3, several: 3, couple: 2 }));

/** A number found in tokens: its value and the tokens `[start, end)` it spans. */
export interface NumberHit {
  value: number;
  start: number;
  end: number;
  /** Read from "a"/"an" alone: a weaker count. */
  article: boolean;
}

type Free = (i: number) => boolean;

function wordValue(norm: string): number | undefined {
  const simple = UNITS.get(norm) ?? TENS.get(norm);
  if (simple !== undefined) return simple;
  const [tens, unit, ...rest] = norm.split('-');
  const t = TENS.get(tens ?? '');
  const u = UNITS.get(unit ?? '');
  return rest.length === 0 && t !== undefined && u !== undefined && u < 10 ? t + u : undefined;
}

/** A plain number at token `i`: digits, or words like "twenty five", "a hundred". */
function plain(tokens: readonly Token[], i: number, free: Free): { value: number; end: number } | undefined {
  const t = tokens[i];
  if (!t || !free(i)) return undefined;
  if (t.kind === 'number') {
    const value = Number(t.norm.replace(/,/g, ''));
    return Number.isFinite(value) ? { value, end: i + 1 } : undefined;
  }
  let value = wordValue(t.norm);
  let end = i + 1;
  if (value === undefined && (t.norm === 'a' || t.norm === 'one') && ['hundred', 'thousand'].includes(tokens[i + 1]?.norm ?? '')) value = 1;
  if (value === undefined) return undefined;
  const unit = UNITS.get(tokens[end]?.norm ?? '');
  if (value >= 20 && value % 10 === 0 && unit !== undefined && unit < 10 && free(end)) {
    value += unit;
    end++;
  }
  const scale = tokens[end]?.norm;
  if ((scale === 'hundred' || scale === 'thousand') && free(end)) {
    value *= scale === 'hundred' ? 100 : 1000;
    end++;
  }
  return { value, end };
}

/**
 * A quantity at token `i`: a plain number with an optional group noun ("two stacks"), or an
 * article with one ("a dozen", "half a stack"), or a lone "a"/"an" when `articles` allows.
 */
export function readQuantity(tokens: readonly Token[], i: number, free: Free, articles = true): NumberHit | undefined {
  if (!tokens[i] || !free(i)) return undefined;
  const norm = (k: number) => tokens[k]?.norm ?? '';
  const isArticle = (k: number) => norm(k) === 'a' || norm(k) === 'an';
  const start = i;
  let factor = 1;
  if (norm(i) === 'half' && isArticle(i + 1) && GROUPS.has(norm(i + 2))) {
    factor = 0.5;
    i++;
  }
  const num = plain(tokens, i, free);
  const article = !num && isArticle(i);
  let end = num ? num.end : article ? i + 1 : i;
  const size = GROUPS.get(norm(end)) ?? (article ? VAGUE.get(norm(end)) : undefined);
  if (size !== undefined && free(end)) {
    const value = Math.round((num?.value ?? 1) * size * factor);
    end++;
    if (norm(end) === 'of' && free(end)) end++;
    return { value, start, end, article: false };
  }
  if (num && factor === 1) return { value: num.value, start, end, article: false };
  if (article && articles && factor === 1) return { value: 1, start, end, article: true };
  return undefined;
}

/**
 * The count of a thing whose name starts at token `near`: the quantity right before it
 * ("16 cobblestone", "a stack of dirt", "5 of the logs"); else the first free number.
 */
export function readCount(tokens: readonly Token[], free: Free, near?: number): NumberHit | undefined {
  if (near !== undefined) {
    for (let s = Math.max(0, near - 5); s < near; s++) {
      const hit = readQuantity(tokens, s, free);
      if (!hit) continue;
      let end = hit.end;
      while (end < near && ['of', 'the', 'those', 'these', 'my'].includes(tokens[end]!.norm)) end++;
      if (end === near) return { ...hit, end: hit.end };
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    const hit = readQuantity(tokens, i, free, false);
    if (hit && Number.isInteger(hit.value) && hit.value > 0) return hit;
  }
  return undefined;
}

/** Words for brightness levels every home understands. */
const LEVELS: Array<[string[], number]> = [
  [['half', 'halfway', 'medium'], 50],
  [['quarter'], 25],
  [['third'], 33],
  [['max', 'maximum', 'full', 'fully', 'brightest', 'highest', '100'], 100],
  [['min', 'minimum', 'lowest', 'dimmest', 'least'], 1],
];

/** A percentage: "60%", "60 percent", "to 60", "half", "a quarter", "three quarters", "max", "lowest". */
export function readPercent(tokens: readonly Token[], free: Free): { value: number; indices: number[] } | undefined {
  for (let i = 0; i < tokens.length; i++) {
    if (!free(i)) continue;
    const num = plain(tokens, i, free);
    const next = tokens[num?.end ?? -1]?.norm;
    if (num && (next === '%' || next === 'percent' || next === 'pct')) {
      return { value: num.value, indices: range(i, num.end + 1) };
    }
    if (num && tokens[num.end]?.norm === 'per' && tokens[num.end + 1]?.norm === 'cent') return { value: num.value, indices: range(i, num.end + 2) };
    if (num && (tokens[num.end]?.norm === 'quarters' || tokens[num.end]?.norm === 'thirds')) {
      return { value: Math.round((num.value * 100) / (tokens[num.end]!.norm === 'quarters' ? 4 : 3)), indices: range(i, num.end + 1) };
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    if (!free(i)) continue;
    const level = LEVELS.find(([names]) => names.includes(tokens[i]!.norm));
    // "At half past seven", "a quarter to six": a clock time, no level.
    if (level && clockWords(tokens, i, i + 2)) continue;
    // "At half 7": half past 7, as said in Britain.
    if (level && tokens[i]!.norm === 'half' && HALF_LEAD.has(tokens[i - 1]?.norm ?? '') && isHour(tokens[i + 1]?.norm)) continue;
    if (level) {
      const from = i > 0 && ['a', 'one'].includes(tokens[i - 1]!.norm) && free(i - 1) ? i - 1 : i;
      return { value: level[1], indices: range(from, i + 1) };
    }
    if (tokens[i]!.norm === 'all' && tokens[i + 1]?.norm === 'the' && tokens[i + 2]?.norm === 'way') {
      const dir = tokens[i + 3]?.norm;
      if (dir === 'up' || dir === 'down') return { value: dir === 'up' ? 100 : 1, indices: range(i, i + 4) };
    }
  }
  // A bare number after "to" or "at" ("set the hall light to 40").
  for (let i = 1; i < tokens.length; i++) {
    const prev = tokens[i - 1]!.norm;
    if (prev !== 'to' && prev !== 'at') continue;
    // "At quarter to 8", "20 minutes to 9", "from 7 to 11": clock times, no level.
    if (prev === 'to' && (clockWords(tokens, i - 2, i) || clockWords(tokens, i - 3, i))) continue;
    const hours = (k: number) => /^\d{1,2}$/.test(tokens[k]?.norm ?? '') && Number(tokens[k]!.norm) <= 12;
    if (prev === 'to' && hours(i - 2) && hours(i) && ['from', 'between'].includes(tokens[i - 3]?.norm ?? '')) continue;
    const num = plain(tokens, i, free);
    if (num && num.value >= 0 && num.value <= 100) return { value: num.value, indices: range(i - 1, num.end) };
  }
  // "Kitchen 50", "kitchen lights 40": a bare number of two or three digits said last of a few words is the
  // level they are set to ("kitchen 2" may be a room's name).
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last]!.kind === 'punct') last--;
  if (last >= 1 && last <= 4 && free(last) && /^\d{2,3}$/.test(tokens[last]!.norm)) {
    const value = Number(tokens[last]!.norm);
    if (value <= 100) return { value, indices: [last] };
  }
  return undefined;
}

const CLOCK = new RegExp(`^${CLOCK_WORDS}$`, 'i');

const HALF_LEAD = new Set(HALF_HOUR_LEADS);

function isHour(norm: string | undefined): boolean {
  return norm !== undefined && ((/^\d{1,2}$/.test(norm) && Number(norm) >= 1 && Number(norm) <= 12) || HOUR_WORDS.includes(norm));
}

/** Whether tokens `from` to `to` (both in) say a clock time in words ("quarter to 8"). */
function clockWords(tokens: readonly Token[], from: number, to: number): boolean {
  return from >= 0 && to < tokens.length && CLOCK.test(tokens.slice(from, to + 1).map((t) => t.norm).join(' '));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}
