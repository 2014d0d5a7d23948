/** A line of the game's chat that a player wrote. */
export interface ChatLine {
  kind: 'chat' | 'whisper';
  username: string;
  text: string;
}

const NAME = '([A-Za-z0-9_]{1,16})';
const PATTERNS: Array<{ kind: ChatLine['kind']; re: RegExp }> = [
  { kind: 'chat', re: new RegExp(`^<${NAME}> (.+)$`) },
  { kind: 'chat', re: new RegExp(`^\\[[^\\]]*\\] <${NAME}> (.+)$`) },
  { kind: 'whisper', re: new RegExp(`^${NAME} whispers(?: to you)?:? (.+)$`) },
  { kind: 'whisper', re: new RegExp(`^\\[${NAME} -> (?:me|you|[A-Za-z0-9_]{1,16})\\] (.+)$`) },
  { kind: 'whisper', re: new RegExp(`^From ${NAME}: (.+)$`) },
];

/** Reads who wrote a chat or whisper line, from the text the client shows; undefined for server lines. */
export function parseChatLine(line: string): ChatLine | undefined {
  const clean = line.replace(/§./g, '').trim();
  for (const { kind, re } of PATTERNS) {
    const m = re.exec(clean);
    if (m) return { kind, username: m[1]!, text: m[2]!.trim() };
  }
  return undefined;
}

/** What the channel does with a line: hand it over as a request or answer, or ignore it (and why). */
export type ChatDecision = { take: true; line: ChatLine } | { take: false; why: 'not-a-player' | 'own' | 'not-allowed' | 'empty' };

/**
 * Which lines become requests: chat and whispers from allowed players. The bot's own lines,
 * server lines and everyone else are ignored.
 */
export function screenChat(raw: string, botName: string, allowed: ReadonlySet<string>): ChatDecision {
  const line = parseChatLine(raw);
  if (!line) return { take: false, why: 'not-a-player' };
  if (line.username.toLowerCase() === botName.toLowerCase()) return { take: false, why: 'own' };
  if (!allowed.has(line.username.toLowerCase())) return { take: false, why: 'not-allowed' };
  if (line.text === '') return { take: false, why: 'empty' };
  return { take: true, line };
}

/** Longest chat line a client may send. */
export const CHAT_LIMIT = 256;

/** Splits a message into lines that fit the chat, on word boundaries where possible. */
export function chatLines(text: string, prefixLength: number): string[] {
  const room = CHAT_LIMIT - prefixLength;
  const out: string[] = [];
  for (const paragraph of text.split('\n').map((p) => p.trim()).filter((p) => p !== '')) {
    let rest = paragraph;
    while (rest.length > room) {
      const cut = rest.lastIndexOf(' ', room);
      const at = cut > room / 2 ? cut : room;
      out.push(rest.slice(0, at).trimEnd());
      rest = rest.slice(at).trimStart();
    }
    out.push(rest);
  }
  return out;
}
