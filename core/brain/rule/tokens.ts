/**
 * Words of a request, each tied to where it came from, so that arguments can be cut out of
 * the requester's own text (with their casing) once the words around them are understood.
 */

export type TokenKind = 'word' | 'number' | 'email' | 'punct';

/** One word, number, address or punctuation mark of a request. */
export interface Token {
  /** Lower-case form used for matching; a contraction yields several tokens ("it's" → it, is). */
  norm: string;
  /** Offsets of the source text this token came from; contraction parts share them. */
  start: number;
  end: number;
  kind: TokenKind;
}

// Longest alternatives first: an address before a word, "p.m." before a letter, a number with its unit.
const TOKEN = new RegExp(
  [
    String.raw`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`,
    String.raw`\b[ap]\.\s?m\.?`,
    String.raw`\d+(?:[.:,]\d+)*(?:[\p{L}]+)?`,
    String.raw`[\p{L}\p{M}\p{N}_]+(?:['’\-][\p{L}\p{M}\p{N}_]+)*`,
    String.raw`\n`,
    String.raw`[.,;:!?%&]`,
  ].join('|'),
  'giu',
);

/** Contractions whose parts matter for matching ("that's over", "what's on", "don't let me"). */
const CONTRACTIONS = new Map<string, string[]>(Object.entries({
  "it's": ['it', 'is'],
  "that's": ['that', 'is'],
  "what's": ['what', 'is'],
  "there's": ['there', 'is'],
  "here's": ['here', 'is'],
  "he's": ['he', 'is'],
  "she's": ['she', 'is'],
  "who's": ['who', 'is'],
  "where's": ['where', 'is'],
  "when's": ['when', 'is'],
  "how's": ['how', 'is'],
  "let's": ['let', 'us'],
  "can't": ['can', 'not'],
  "won't": ['will', 'not'],
  "i'm": ['i', 'am'],
  "ain't": ['is', 'not'],
}));

const SUFFIXES: Array<[string, string]> = [
  ["n't", 'not'],
  ["'ve", 'have'],
  ["'re", 'are'],
  ["'ll", 'will'],
  ["'d", 'would'],
];

function normWords(word: string): string[] {
  const w = word.toLowerCase().replace(/’/g, "'");
  const whole = CONTRACTIONS.get(w);
  if (whole) return whole;
  for (const [suffix, full] of SUFFIXES) {
    if (w.endsWith(suffix) && w.length > suffix.length) return [w.slice(0, -suffix.length), full];
  }
  return [w];
}

/**
 * Splits text into tokens. Emoji, symbols and control characters are dropped; at most
 * `maxTokens` are returned so that huge inputs stay cheap.
 */
export function tokenize(text: string, maxTokens = 50_000): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null && tokens.length < maxTokens; m = TOKEN.exec(text)) {
    const raw = m[0];
    const start = m.index;
    const end = start + raw.length;
    if (raw.includes('@')) {
      tokens.push({ norm: raw.toLowerCase(), start, end, kind: 'email' });
    } else if (/^[ap]\.\s?m\.?$/i.test(raw)) {
      tokens.push({ norm: `${raw[0]!.toLowerCase()}m`, start, end, kind: 'word' });
    } else if (/^\d/.test(raw)) {
      tokens.push({ norm: raw.toLowerCase(), start, end, kind: /^\d+(?:\.\d+)?$/.test(raw) ? 'number' : 'word' });
    } else if (raw === '\n' || /^[.,;:!?%&]$/.test(raw)) {
      tokens.push({ norm: raw === '&' ? 'and' : raw, start, end, kind: raw === '&' ? 'word' : 'punct' });
    } else {
      for (const norm of normWords(raw)) tokens.push({ norm, start, end, kind: 'word' });
    }
  }
  return tokens;
}

/** Token norms of a phrase, tokenized the way requests are. */
export function words(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.norm);
}

/**
 * The source text of some tokens, in order: runs of adjacent tokens are cut out whole (keeping
 * the requester's spacing and casing), separate runs are joined by a space.
 */
export function sourceText(text: string, tokens: readonly Token[], indices: readonly number[]): string {
  const parts: string[] = [];
  let runStart = -1;
  let runEnd = -1;
  let last = -2;
  for (const i of indices) {
    const t = tokens[i]!;
    if (i === last + 1 || (runEnd >= 0 && t.start < runEnd)) {
      runEnd = Math.max(runEnd, t.end);
    } else {
      if (runStart >= 0) parts.push(text.slice(runStart, runEnd));
      runStart = t.start;
      runEnd = t.end;
    }
    last = i;
  }
  if (runStart >= 0) parts.push(text.slice(runStart, runEnd));
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** A "%" that belongs to the number before it ("to 20%"): part of what was said, not punctuation around it. */
export function isNumberSign(tokens: readonly Token[], i: number): boolean {
  return tokens[i]?.norm === '%' && tokens[i - 1]?.kind === 'number';
}
