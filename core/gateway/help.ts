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
    'I ask before anything that reaches someone else, and whenever I am not sure what you mean. "Cancel that" stops what you asked last.',
  ].join('\n');
}
