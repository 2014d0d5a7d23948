/**
 * What a person wrote in a mail, without what their mail program added: the quoted history
 * below (or around) it, the attribution line ("On … wrote:"), Outlook's header block of the
 * quoted mail, a signature after "-- ", mobile footers ("Sent from my iPhone") and a closing
 * ("Thanks,\nSam"). The brain sees only the new words.
 */

/** Lines that introduce a quote, in the languages mail programs most often write them. */
const ATTRIBUTION = [
  /^on\b.*\bwrote\s*:$/i,
  /^le\b.*\ba écrit\s*:$/i,
  /^am\b.*\bschrieb\b.*:$/i,
  /^el\b.*\bescribió\s*:$/i,
  /^il\b.*\bha scritto\s*:$/i,
  /^op\b.*\bschreef\b.*:$/i,
  /^em\b.*\bescreveu\s*:$/i,
  // Thunderbird and others without a date: "Sam <sam@example.org> wrote:"
  /^.{0,120}<[^<>\s]+@[^<>\s]+>\s*wrote\s*:$/i,
];

/** An attribution may be wrapped over this many lines. */
const ATTRIBUTION_LINES = 4;

/** Lines after which everything is the forwarded or quoted mail. */
const SEPARATOR = [
  /^-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht)\s*-{2,}$/i,
  /^-{2,}\s*forwarded message\s*-{2,}$/i,
  /^begin forwarded message\s*:$/i,
];

const HEADER_FROM = /^\*?(from|de|von|van|da|från|fra)\s*:\*?\s*\S/i;
const HEADER_DATE = /^\*?(sent|date|envoyé|gesendet|enviado|verzonden|inviato|skickat|sendt|datum)\s*:\*?\s*\S/i;
const HEADER_OTHER = /^\*?(to|à|an|para|aan|a|till|til|cc|subject|objet|betreff|asunto|onderwerp|oggetto|ämne|emne)\s*:\*?/i;

/** Footers that mobile and web mail programs add under what was written. */
const FOOTER = [
  /^sent from my [\p{L}\p{N}\s\-.,'’()]{1,60}$/iu,
  /^sent from (mail|outlook|yahoo mail|gmail|proton ?mail|aol|my mobile)\b.{0,40}$/i,
  /^sent (with|using) (proton ?mail|tutanota|fastmail)\b.{0,40}$/i,
  /^sent via .{1,60}$/i,
  /^get outlook for (ios|android)\b.*$/i,
  /^(envoyé de mon|von meinem .{1,30} gesendet|enviado desde mi|enviado do meu|verstuurd vanaf mijn|inviato da|skickat från min)\b.*$/i,
];

/** A closing on its own line, followed by at most a name or two. */
const CLOSING = /^(thanks|thank you|thx|many thanks|cheers|best|best wishes|regards|best regards|kind regards|warm regards|all the best|take care|love|xo+|merci|danke|gracias|groetjes)\s*[,.!]*$/i;

const QUOTED = /^\s*>/;
const SIGNATURE = /^-- ?$/;
const OUTLOOK_RULE = /^_{10,}$/;

/** The text a person wrote at the top of (or between the quotes of) a mail body. */
export function stripReply(body: string): string {
  let lines = body.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ').split('\n');
  lines = cutAtQuotedMail(lines);
  lines = lines.filter((line) => !QUOTED.test(line));
  const signature = lines.findIndex((line) => SIGNATURE.test(line.trimStart()));
  if (signature >= 0) lines = lines.slice(0, signature);
  lines = dropFooters(lines);
  return lines
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Cuts where a quoted or forwarded mail begins. An attribution with nothing written above it
 * (a bottom or inline reply) loses only itself; anything else that starts a quoted mail ends
 * what was written.
 */
function cutAtQuotedMail(lines: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (SEPARATOR.some((re) => re.test(line)) || isHeaderBlock(lines, i)) return trimRule(kept);
    if (OUTLOOK_RULE.test(line) && isHeaderBlock(lines, nextFilled(lines, i + 1))) return kept;
    const span = attributionSpan(lines, i);
    if (span > 0) {
      // Written above the attribution: a top-posted reply, and all below it is the old mail.
      if (kept.some((l) => l.trim() !== '' && !QUOTED.test(l))) return kept;
      // Written below or between the quotes: only the attribution goes (quoted lines go later).
      i += span - 1;
      continue;
    }
    kept.push(lines[i]!);
  }
  return kept;
}

/** How many lines, from `i`, make an attribution ("On …, Sam <sam@…> wrote:"); 0 when none. */
function attributionSpan(lines: string[], i: number): number {
  const first = lines[i]!.trim();
  if (first === '' || QUOTED.test(first)) return 0;
  let joined = '';
  for (let n = 0; n < ATTRIBUTION_LINES && i + n < lines.length; n++) {
    const part = lines[i + n]!.trim();
    if (part === '' && n > 0) return 0;
    joined = n === 0 ? part : `${joined} ${part}`;
    if (joined.length > 400) return 0;
    if (ATTRIBUTION.some((re) => re.test(joined))) return n + 1;
  }
  return 0;
}

/** Outlook's block: "From: …" with a date line and a To or Subject line under it. */
function isHeaderBlock(lines: string[], i: number): boolean {
  if (i >= lines.length || !HEADER_FROM.test(lines[i]!.trim())) return false;
  let date = false;
  let other = false;
  for (let n = i + 1; n < Math.min(lines.length, i + 6); n++) {
    const line = lines[n]!.trim();
    if (HEADER_DATE.test(line)) date = true;
    else if (HEADER_OTHER.test(line)) other = true;
    else if (line !== '') break;
  }
  return date && other;
}

function nextFilled(lines: string[], from: number): number {
  let i = from;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  return i;
}

/** Without the underscore rule Outlook puts above its header block. */
function trimRule(lines: string[]): string[] {
  const end = lines.length - 1;
  let i = end;
  while (i >= 0 && lines[i]!.trim() === '') i--;
  return i >= 0 && OUTLOOK_RULE.test(lines[i]!.trim()) ? lines.slice(0, i) : lines;
}

/** Drops footers and a closing ("Thanks,\nSam") from the end, when something else was written above them. */
function dropFooters(lines: string[]): string[] {
  let end = lines.length;
  const filled = (l: string) => l.trim() !== '';
  for (;;) {
    while (end > 0 && !filled(lines[end - 1]!)) end--;
    if (end > 0 && FOOTER.some((re) => re.test(lines[end - 1]!.trim()))) {
      end--;
      continue;
    }
    break;
  }
  // A closing: a short line like "Thanks," then at most two short lines (a name), at the end.
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const at = end - back;
    if (CLOSING.test(lines[at]!.trim())) {
      const tail = lines.slice(at + 1, end);
      const above = lines.slice(0, at).some(filled);
      if (above && tail.every((l) => l.trim().length <= 40)) end = at;
      break;
    }
    if (!filled(lines[at]!) || lines[at]!.trim().length > 40) break;
  }
  return lines.slice(0, end);
}
