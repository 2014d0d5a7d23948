import { z } from 'zod';
import { defineMethod, failedResult } from '../../core/plugin/method.js';
import type { MethodHints, RefineInfo } from '../../core/plugin/hints.js';
import type { PluginContext, PluginModule, ServicePlugin } from '../../core/plugin/plugin.js';
import type { PluginState } from '../../core/store/plugin-state.js';

const env = z.object({});

/** A few words of the household's own that stand for a request: "goodnight" for "turn off all the lights". */
interface Shortcut {
  phrase: string;
  text: string;
  createdBy: string;
  createdAt: string;
}

const KEY = 'shortcut:';
/** Longest phrase, in words, that a shortcut may be: a whole request said in a few words. */
const MAX_PHRASE_WORDS = 4;

/** A phrase as it is kept and looked up: lower case, words only ("Goodnight!" is "goodnight"). */
function phraseKey(phrase: string): string {
  return (phrase.toLowerCase().replace(/[’']/g, '').match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}

/** A phrase's key without the words said around it out of politeness: "ok goodnight please" is "goodnight". */
function politeless(key: string): string {
  return key.replace(/^(?:(?:ok|okay|alright|hey|so|well|right)\s+)+/, '').replace(/(?:\s+(?:please|thanks|thank you|now))+$/, '');
}

/** The words and the request of "goodnight, turn off all the lights", "'movie time' dim the lights", "goodnight: ...". */
const SAID = /^\s*(?:["“‘']([^"”’']+)["”’']\s*[,:]?\s*|([^,:]+?)\s*[,:]\s*)(?:(?:please|then|you should|i want you to)\s+)?(.+?)\s*[.!]?\s*$/i;
/** Without a comma or quotes, the request starts at its verb: "when I say movie time dim the lights". */
const VERB = /\s(turn|switch|set|dim|brighten|make|remind|add|put|start|lock|open|close|send|email|tell|get|give|come|follow|stop|cancel|clear|read|show|play|wake)\b/i;

/** "When I say goodnight, turn off all the lights": the words, and the request they stand for. */
function refineDefinition(args: Record<string, unknown>): Record<string, unknown> {
  const said = typeof args['text'] === 'string' ? args['text'] : undefined;
  if (said === undefined) return args;
  const unquoted = (phrase: string) => phrase.replace(/["“”‘’']+(?=\s|$)|(?<=^|\s)["“”‘’']+/g, '').trim();
  const m = SAID.exec(said);
  if (m) return { phrase: unquoted(m[1] ?? m[2]!), text: m[3]!.trim() };
  const verb = VERB.exec(said);
  if (!verb || verb.index === 0) return args;
  return { phrase: unquoted(said.slice(0, verb.index)), text: said.slice(verb.index).trim().replace(/[.!]+$/, '') };
}

const hints = {
  define: {
    phrases: ['when i say', 'whenever i say', 'if i say'],
    keywords: ['shortcut'],
    textIntros: ['when i say', 'whenever i say', 'if i say'],
    refine: refineDefinition,
    wholeRequest: true,
  },
  list: {
    phrases: ['(what|which) shortcuts', '(list|show) [me] [my|the|our] shortcuts', 'my shortcuts'],
    keywords: ['shortcuts'],
  },
  forget: {
    phrases: ['(delete|remove|forget|drop) [the|my] [*] [*] shortcut', 'stop (using|doing) [the] [*] [*] shortcut'],
    keywords: ['shortcut'],
    textIntros: ['(delete|remove|forget|drop) [the|my] [shortcut] [for|called]'],
    // Its words before "shortcut" ("delete the goodnight shortcut") or after it ("the shortcut for goodnight").
    refine: (args: Record<string, unknown>, info: RefineInfo) => {
      const m = /\bshortcut\s+(?:for|called|named)\s+(.+?)\s*$/.exec(info.text) ?? /\b(?:delete|remove|forget|drop|using|doing)\s+(?:the\s+|my\s+)?(.+?)\s+shortcut\b/.exec(info.text);
      return m ? { ...args, phrase: m[1]!.replace(/["“”‘’']/g, '').trim() } : args;
    },
  },
} satisfies Record<string, MethodHints>;

/**
 * Shortcuts: a few words of the household's own for a whole request ("when I say goodnight,
 * turn off all the lights and set an alarm for 7"). Said alone, the words are planned as the
 * request they stand for, with the sender's own permissions and confirmations.
 */
export function createShortcuts(options: { clock?: () => Date } = {}): ServicePlugin {
  const clock = options.clock ?? (() => new Date());
  let state: PluginState | undefined;
  const started = () => {
    if (!state) throw new Error('the shortcuts service was used before it started');
    return state;
  };
  return {
    kind: 'service',
    name: 'shortcuts',
    description: 'Words of your own for a whole request: "when I say goodnight, turn off all the lights"',
    examples: ['when I say goodnight, turn off all the lights and set an alarm for 7', 'goodnight'],
    configured: true,
    async start(ctx: PluginContext) {
      state = ctx.state;
    },
    async expand(text) {
      for (const key of new Set([phraseKey(text), politeless(phraseKey(text))])) {
        if (key === '' || key.split(' ').length > MAX_PHRASE_WORDS) continue;
        const shortcut = await started().get<Shortcut>(`${KEY}${key}`);
        if (shortcut) return shortcut.text;
      }
      return undefined;
    },
    methods: {
      define: defineMethod({
        description: 'Make a few words stand for a whole request, for everyone here: said alone later, they do what it says',
        params: z.object({
          phrase: z.string().min(1).max(60).describe(`The words, at most ${MAX_PHRASE_WORDS}, e.g. "goodnight"`),
          text: z.string().min(1).max(1000).describe('The request they stand for, e.g. "turn off all the lights"').meta({ entity: 'text' }),
        }),
        hints: hints.define,
        flags: { idempotent: true },
        async run(args, ctx) {
          const key = phraseKey(args.phrase);
          const words = key === '' ? 0 : key.split(' ').length;
          if (words === 0 || words > MAX_PHRASE_WORDS) return failedResult('SHORTCUTS_BAD_PHRASE', `a shortcut is 1 to ${MAX_PHRASE_WORDS} words ("${args.phrase}" is ${words})`, { hint: 'say it as: when I say goodnight, turn off all the lights' });
          if (phraseKey(args.text) === key) return failedResult('SHORTCUTS_BAD_PHRASE', 'a shortcut cannot stand for itself');
          const shortcut: Shortcut = { phrase: key, text: args.text, createdBy: ctx.requester.address.userId, createdAt: clock().toISOString() };
          const { result } = await started().apply<Shortcut, { was?: string }>(`${KEY}${key}`, ctx.idempotencyKey, (current) => ({ next: shortcut, result: current ? { was: current.text } : {} }));
          return {
            ok: true,
            summary: `When you say "${key}", I'll ${args.text.replace(/[.!]+$/, '')}${result.was !== undefined && result.was !== args.text ? ` (it was: ${result.was})` : ''}.`,
            data: shortcut,
          };
        },
      }),
      list: defineMethod({
        description: 'Say which shortcuts there are, and what each stands for',
        params: z.object({}),
        hints: hints.list,
        flags: { readOnly: true, idempotent: true },
        async run() {
          const all = (await started().list<Shortcut>(KEY)).map((e) => e.value).sort((a, b) => a.phrase.localeCompare(b.phrase));
          if (all.length === 0) return { ok: true, summary: 'There are no shortcuts yet: say "when I say goodnight, turn off all the lights" to make one.', data: { shortcuts: [] } };
          return { ok: true, summary: all.map((s) => `"${s.phrase}": ${s.text}`).join('\n'), data: { shortcuts: all } };
        },
      }),
      forget: defineMethod({
        description: 'Delete a shortcut by its words',
        params: z.object({ phrase: z.string().min(1).max(60).describe('The words of the shortcut, e.g. "goodnight"').meta({ entity: 'text' }) }),
        hints: hints.forget,
        flags: { idempotent: true },
        async run(args, ctx) {
          const s = started();
          // Run again after a crash: what the first run deleted.
          const earlier = await s.applied<Shortcut>(ctx.idempotencyKey);
          const key = phraseKey(args.phrase);
          const found = earlier ?? (await s.get<Shortcut>(`${KEY}${key}`));
          if (!found) {
            const there = (await s.list<Shortcut>(KEY)).map((e) => `"${e.value.phrase}"`);
            return failedResult('SHORTCUTS_NOT_FOUND', `there is no shortcut "${key}"${there.length > 0 ? ` (there is ${there.join(', ')})` : ''}`, { hint: 'say its words exactly' });
          }
          await s.delete(`${KEY}${found.phrase}`);
          await s.recordApplied(ctx.idempotencyKey, found);
          return { ok: true, summary: `Deleted the shortcut "${found.phrase}".`, data: found };
        },
      }),
    },
  };
}

export const shortcutsModule: PluginModule<typeof env> = {
  name: 'shortcuts',
  env,
  create: () => createShortcuts(),
};
