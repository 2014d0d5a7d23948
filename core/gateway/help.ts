import type { PluginRegistry } from '../plugin/registry.js';

/** A greeting a message may open with, or be: "hello", "hi there". */
const GREETING = String.raw`(?:hi|hello|hey)(?:\s+there)?`;

/** "help", "what can you do?", "hello": a message about the assistant itself, answered with {@link helpText}. */
const ASKS_FOR_HELP = new RegExp(
  String.raw`^\s*(?:${GREETING}[,!.]*\s*)?(?:help(?:\s+me)?|\?|commands|what\s+can\s+(?:you|i)\s+(?:do|ask|say)(?:\s+(?:here|with\s+you|you))?|what\s+do\s+you\s+do|how\s+do(?:es)?\s+(?:this|you|it)\s+work|who\s+are\s+you|what\s+are\s+you|${GREETING})\s*[?!.]*\s*$`,
  'i',
);
const GREETED = new RegExp(String.raw`^\s*${GREETING}\b`, 'i');

export function asksForHelp(text: string): boolean {
  return ASKS_FOR_HELP.test(text);
}

const OK = String.raw`(?:(?:ok|okay|great|perfect|awesome|cool|nice|lovely|brilliant|excellent|wonderful|good|fine|super|amazing)[,!.]*\s+)?`;
const COURTESIES: Array<[RegExp, (said: RegExpExecArray) => string]> = [
  [new RegExp(String.raw`^\s*${OK}(?:thanks|thank\s+(?:you|u)|thx|ty|cheers|ta|many\s+thanks|much\s+appreciated)(?:\s+(?:a\s+lot|so\s+much|very\s+much|a\s+million|a\s+bunch))?(?:[,!.]*\s*(?:majordomo|mate|buddy))?\s*[!.]*\s*$`, 'i'), () => "You're welcome!"],
  [/^\s*(?:good\s+)?(morning|afternoon|evening)[,!.]*(?:\s+(?:majordomo|everyone|all))?\s*[!.]*\s*$/i, (m) => `Good ${m[1]!.toLowerCase()}! What can I do for you? ("help" lists what I can do.)`],
  [/^\s*(?:good\s*night|night(?:\s+night)?|nite|sleep\s+well|sweet\s+dreams|bye|goodbye|bye\s+bye|see\s+(?:you|ya)(?:\s+later)?)[,!.]*(?:\s+(?:majordomo|everyone|all))?\s*[!.]*\s*$/i, (m) => (/night|sleep|dreams/i.test(m[0]) ? 'Good night!' : 'Bye!')],
  // "I'm off to bed", "we're going to sleep now": a good night too.
  [/^\s*(?:i|we)\s*(?:'m|’m|am|'re|’re|are)\s+(?:off|heading|going|headed)\s+to\s+(?:bed|sleep)(?:\s+now)?[,!.]*(?:\s+(?:good\s*night|night))?\s*[!.]*\s*$/i, () => 'Good night!'],
  // "I'm leaving", "I'm home": said back, with how to have something done each time (a shortcut's words win over these).
  [
    /^\s*(?:ok[,!.]*\s+)?(?:i|we)\s*(?:'m|’m|am|'re|’re|are)\s+(?:leaving|heading\s+out|going\s+out|off(?:\s+to\s+work)?|out(?:\s+of\s+here)?)(?:\s+now)?[,!.]*(?:\s+(?:bye|see\s+(?:you|ya)(?:\s+later)?))?\s*[!.]*\s*$/i,
    () => 'See you later! To have something done each time you leave, make it a shortcut: "when I say I\'m leaving, turn off all the lights".',
  ],
  [
    /^\s*(?:hi[,!.]*\s+|hello[,!.]*\s+)?(?:i|we)\s*(?:'m|’m|am|'re|’re|are)\s+(?:home|back(?:\s+home)?)(?:\s+now)?\s*[!.]*\s*$/i,
    () => 'Welcome home! To have something done each time you come home, make it a shortcut: "when I say I\'m home, turn on the hallway light".',
  ],
];

/** "How are you?": to the assistant, a courtesy; in a game's chat, the bot's health and food ("how are you doing"). */
const HOW_ARE_YOU = new RegExp(String.raw`^\s*(?:${GREETING}[,!.]*\s*)?how\s+are\s+(?:you|u)(?:\s+(?:doing|today))?\s*[?!.]*\s*$`, 'i');

/**
 * The reply to a message that is only a courtesy ("thanks", "good morning", "bye"): said
 * back, without making a request of it (there is nothing to do, and asking what to do
 * would be rude). Undefined for anything else.
 */
export function courtesyReply(text: string, channel = ''): string | undefined {
  if (channel !== 'minecraft' && HOW_ARE_YOU.test(text)) return 'Very well, thank you! What can I do for you? ("help" lists what I can do.)';
  for (const [re, reply] of COURTESIES) {
    const said = re.exec(text);
    if (said) return reply(said);
  }
  return undefined;
}

/**
 * What the assistant can do here: each plugin with what it is for and a few of the requests
 * it understands; one not set up on this assistant says what it needs.
 */
export function helpText(registry: PluginRegistry, said = ''): string {
  const lines = registry
    .all()
    .filter((p) => (p.examples?.length ?? 0) > 0)
    .map((p) => {
      const examples = p.examples!.map((e) => `"${e}"`).join(', ');
      const off = p.configured ? '' : ` (not set up here: ${p.requiredEnv?.join(', ') ?? 'see the README'})`;
      return `- ${p.name}: ${p.description}${off}. For example ${examples}.`;
    });
  const hello = GREETED.test(said) ? 'Hello! ' : '';
  return [
    `${hello}I can do these, said in your own words, several in one message if you like:`,
    ...lines,
    'I ask before anything that reaches someone else, and whenever I am not sure what you mean. "Cancel that" stops what you asked last; "what happened?" says how it went, "what did I ask you today?" lists your requests.',
  ].join('\n');
}
