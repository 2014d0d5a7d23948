/**
 * Cuts a text into Discord messages of at most `max` characters (Discord allows 2,000), in
 * order. It cuts where a reader would: between paragraphs, else between lines, else between
 * words; never inside a code block when a cut outside one fits. A code block longer than a
 * message is closed at the cut and opened again, with its language, in the next message.
 */

export const DISCORD_MAX_CHARS = 2000;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

interface Cut {
  /** The chunk ends here (exclusive). */
  end: number;
  /** The rest starts here (the separator between is dropped). */
  next: number;
  /** Set when the cut is inside a code block: the line that opened it. */
  fence?: string;
}

interface LineEnd {
  /** Index of the newline. */
  at: number;
  /** The fence open after this line, if any. */
  open: string | undefined;
  /** This line opened that fence. */
  opener: boolean;
}

/** Every line end of `text`, with the code block open after it. */
function lineEnds(text: string): LineEnd[] {
  const ends: LineEnd[] = [];
  let open: string | undefined;
  let start = 0;
  for (;;) {
    const at = text.indexOf('\n', start);
    const line = text.slice(start, at < 0 ? text.length : at).trim();
    const fence = FENCE.exec(line)?.[1];
    let opener = false;
    if (fence && open === undefined) {
      open = line;
      opener = true;
    } else if (fence && line === fence && fence[0] === open![0] && fence.length >= FENCE.exec(open!)![1]!.length) {
      open = undefined;
    }
    if (at < 0) break;
    ends.push({ at, open, opener });
    start = at + 1;
  }
  return ends;
}

/** The last space or tab in `text[0, to)`, or -1. */
function lastSpace(text: string, to: number): number {
  for (let i = to - 1; i > 0; i--) if (text[i] === ' ' || text[i] === '\t') return i;
  return -1;
}

/** The line that closes the block `fence` opened. */
function closer(fence: string): string {
  return `\n${FENCE.exec(fence)![1]!}`;
}

function findCut(text: string, max: number): Cut {
  const ends = lineEnds(text);
  const outside = ends.filter((e) => e.at > 0 && e.at <= max && e.open === undefined);
  // A paragraph break in the second half of the room, else any line break outside code.
  const paragraph = outside.filter((e) => text[e.at - 1] === '\n' || text[e.at + 1] === '\n').at(-1);
  if (paragraph && paragraph.at >= max / 2) return { end: paragraph.at, next: paragraph.at + 1 };
  const line = outside.at(-1);
  if (line) return { end: line.at, next: line.at + 1 };
  // Inside a code block that does not fit: cut at a line end (not right after its opening
  // line), leaving room to close it.
  const inside = ends.filter((e) => e.open !== undefined && !e.opener && e.at + closer(e.open).length <= max).at(-1);
  if (inside) return { end: inside.at, next: inside.at + 1, fence: inside.open! };
  // One long line: between words, else anywhere.
  let fence: string | undefined;
  for (const e of ends) {
    if (e.at >= max) break;
    fence = e.open;
  }
  const room = fence === undefined ? max : max - closer(fence).length;
  const space = lastSpace(text, room + 1);
  if (space > 0) return { end: space, next: space + 1, ...(fence ? { fence } : {}) };
  return { end: hardEnd(text, room), next: hardEnd(text, room), ...(fence ? { fence } : {}) };
}

/** `room`, or one less so as not to part the two halves of a surrogate pair. */
function hardEnd(text: string, room: number): number {
  const code = text.charCodeAt(room - 1);
  return code >= 0xd800 && code <= 0xdbff ? room - 1 : room;
}

/** The messages to send for `text`, in order; one when it fits. */
export function splitMessage(text: string, max = DISCORD_MAX_CHARS): string[] {
  if (max < 100) throw new RangeError('a message must have room for at least 100 characters');
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    let cut = findCut(rest, max);
    let next = following(rest, cut);
    // Every cut must move on; one that would not (a fence opener too long to repeat) is made hard.
    if (next.length >= rest.length) {
      cut = { end: hardEnd(rest, max), next: hardEnd(rest, max) };
      next = following(rest, cut);
    }
    const chunk = rest.slice(0, cut.end).trimEnd();
    if (chunk.length > 0) chunks.push(cut.fence === undefined ? chunk : `${chunk}${closer(cut.fence)}`);
    rest = next;
  }
  if (rest.length > 0) chunks.push(rest);
  return chunks;
}

/** What is left after a cut; inside a code block it opens the block again. */
function following(text: string, cut: Cut): string {
  if (cut.fence === undefined) return text.slice(cut.next).replace(/^\s+/, '');
  return `${cut.fence}\n${text.slice(cut.next).replace(/^\n+/, '')}`;
}
