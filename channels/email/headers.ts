/**
 * Mail headers as raw text: a small reader that needs nothing but the header section, so the
 * loop guard can judge a mail before (or without) parsing its body.
 */

/** Header values by lower-case name, in the order they appear. */
export type HeaderBag = ReadonlyMap<string, readonly string[]>;

/** Longest header section read; anything beyond is body or junk. */
const MAX_HEADER_BYTES = 256 * 1024;

/** The header section of a raw mail: everything before the first empty line. */
export function headerSection(raw: Buffer): string {
  const limit = Math.min(raw.length, MAX_HEADER_BYTES);
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf, lf].filter((i) => i >= 0 && i < limit);
  const end = ends.length > 0 ? Math.min(...ends) : limit;
  return raw.subarray(0, end).toString('latin1');
}

/** Reads "Name: value" lines, joining folded lines; lines that are not headers are skipped. */
export function parseHeaders(section: string): HeaderBag {
  const bag = new Map<string, string[]>();
  const unfolded = section.replace(/\r\n?/g, '\n').replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name)) continue;
    const values = bag.get(name) ?? [];
    values.push(line.slice(colon + 1).trim());
    bag.set(name, values);
  }
  return bag;
}

export function header(bag: HeaderBag, name: string): string | undefined {
  return bag.get(name)?.[0];
}

/** Message-IDs in a header such as References: "<a@x> <b@y>", in order. */
export function messageIds(value: string | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(/<([^<>\s]{1,250})>/g)].map((m) => `<${m[1]}>`);
}

/** A Message-ID in the one form it is stored and compared in: trimmed, in angle brackets. */
export function normalizeMessageId(id: string): string {
  const bare = id.trim().replace(/^<|>$/g, '');
  return `<${bare}>`;
}

/** Bare addresses ("a@b.c") in an address header such as To or Delivered-To, lower case. */
export function addressesIn(value: string | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(/[^\s<>()",;:]+@[^\s<>()",;:]+/g)].map((m) => m[0].toLowerCase());
}
