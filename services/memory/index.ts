import { z } from 'zod';
import type { FactMemory } from '../../core/memory/facts.js';
import { words } from '../../core/memory/hashed-embedder.js';
import { defineMethod, failedResult } from '../../core/plugin/method.js';
import type { PluginContext, PluginModule, ServicePlugin } from '../../core/plugin/plugin.js';
import type { PluginState } from '../../core/store/plugin-state.js';
import type { ActionResult } from '../../core/types.js';

const env = z.object({});

const factText = z.string().min(1).max(1000).describe('What to remember, in the requester\'s words, e.g. "my email is ada@example.com"').meta({ entity: 'text' });
/** Things told, at most, in an answer to "what do you remember?". */
const LATEST = 10;

/** What is told of someone, asked for as "what's bob's email". */
const DETAILS = ['email', 'e-mail', 'address', 'number', 'birthday', 'phone'];
const ASKED_DETAIL = new RegExp(String.raw`^(?:so\s+)?what(?:'s|’s|\s+is|\s+was)\s+(.+?\b(?:${DETAILS.join('|')})\b.*?)\s*\??$`, 'i');
/** "When is bob's birthday", "when's our anniversary": the day asked about. */
const ASKED_DAY = /^(?:so\s+)?when(?:'s|’s|\s+is|\s+was)\s+(.+?\b(?:birthday|anniversary))\s*\??$/i;
/** "Remember that ...", "note that ...": what follows is what to remember, whole. */
const REMEMBER_INTRO = /^(?:please\s+)?(?:remember(?:\s+that)?|note\s+that|keep\s+in\s+mind(?:\s+that)?|for\s+the\s+record,?|(?:make|take)\s+a\s+note(?:\s+(?:that|of))?:?|(?:write|jot|note)\s+down(?:\s+that)?:?)\s+(?!to\b)(.+)$/i;
/** A detail told outright: "bob's email is ...", "my name is ada" (not "remember that ..."). */
const TOLD_DETAIL = new RegExp(String.raw`^(?:(?:my|our|his|her|their)\s+(?:favou?rite\s+[\p{L}'’.-]+(?:\s+[\p{L}'’.-]+)?|(?:(?:phone|email|e-mail)\s+)?(?:${DETAILS.join('|')}|name))|[\p{L}'’.-]+(?:\s+[\p{L}'’.-]+)?\s+(?:(?:phone|email|e-mail)\s+)?(?:${DETAILS.join('|')}))\s+(?:is|are)\s+\S`, 'iu');
/** "My email": the requester's own, asked for by the detail alone. */
const OWN_DETAIL = new RegExp(String.raw`^(?:my|our)\s+(?=(?:${DETAILS.join('|')})\b)`, 'i');

const aboutText = z.string().min(1).max(500).describe('What to look up, e.g. "my email" or "the garage light"').meta({ entity: 'text' });

/** Who told a fact, kept with it: "my email is …" means the teller's email. */
function teller(ctx: { requester: { address: { channel: string; userId: string }; name?: string } }): string {
  return ctx.requester.name ?? `${ctx.requester.address.channel}:${ctx.requester.address.userId}`;
}

/**
 * Facts people tell the assistant ("remember that my email is …", "the garage light is the
 * one by the door"), kept in long-term memory, and looked up again by meaning.
 */
export function createMemoryService(): ServicePlugin {
  let facts: FactMemory | undefined;
  let state: PluginState | undefined;
  const off = () =>
    ({
      ok: false,
      retryable: false,
      error: { code: 'MEMORY_OFF', message: 'long-term memory is off on this assistant', hint: 'set MAJORDOMO_MEMORY=true and restart' },
    }) as const;
  return {
    kind: 'service',
    name: 'memory',
    description: 'Remember what people tell the assistant, and recall it',
    examples: ['remember that the wifi password is …', "what's the wifi password?", "where's the spare key?"],
    configured: true,
    async start(ctx: PluginContext) {
      facts = ctx.memory?.facts;
      state = ctx.state;
    },
    methods: {
      remember: defineMethod({
        description: 'Remember a fact the requester tells: a detail about them, their home or their world',
        params: z.object({ text: factText }),
        hints: {
          phrases: [
            'remember that',
            'remember',
            'note that',
            // "Make a note: the plumber comes friday", "write down that the car needs an oil change".
            '(make|take) a note [that|of]',
            '(write|jot|note) down [that]',
            'keep in mind [that]',
            'for the record',
            // "Bob's email is bob@example.com", "my name is ada": a detail told, without "remember".
            `* [phone|email|e-mail] (${DETAILS.join('|')}) (is|are)`,
            '(my|our|his|her|their) name is',
            // "My favorite color is blue", "our favourite restaurant is Luigi's": a detail told.
            '(my|our|his|her|their) (favorite|favourite) * [*] (is|are)',
          ],
          keywords: ['remember'],
          textIntros: ['that'],
          // Told without "remember": the whole statement is what to remember.
          refine: (args, info) => {
            const said = (info.said ?? info.text).trim();
            const told = REMEMBER_INTRO.exec(said)?.[1] ?? (TOLD_DETAIL.test(said) ? said : undefined);
            return told === undefined ? args : { ...args, text: told.replace(/[.!]+$/, '') };
          },
          // What is to be done is a reminder ("make a note to call the plumber"), what goes on a list is the list's, and a note
          // given a name is a document ("make a note called ideas").
          exclude: ['remember to', 'note to', 'note (called|named)', 'remind', 'do you remember', 'what do you remember', '(what|when|where|who|how) (is|was|are|were)', "(what's|when's|where's|who's)", '(to|on|onto) [the|my|our] [*] [*] list'],
        },
        flags: { idempotent: true },
        async run(args, ctx) {
          if (!facts) return off();
          await facts.remember(args.text, teller(ctx));
          return { ok: true, summary: `I will remember that ${args.text.replace(/[.!]+$/, '')}.` };
        },
      }),
      recall: defineMethod({
        description: 'Recall what the requester told the assistant to remember about something; about omitted = the latest things told',
        params: z.object({ about: aboutText.optional() }),
        hints: {
          phrases: [
            'what do you (know|remember) about',
            'do you remember',
            'what did i tell you about',
            'recall',
            // "What's the wifi password", "what is my email": a question about something told before.
            'what (is|are|was|were) (my|our|the|his|her|their)',
            // "What's bob's email": something told of someone.
            `what (is|was) * [*] (${DETAILS.join('|')})`,
            // "When is bob's birthday", "when's our anniversary": a day told before.
            "(when is|when's|when was) * [*] (birthday|anniversary)",
            // "Who is bob", "who's our plumber": what was told of someone.
            "(who is|who's|who are) [my|our|the]",
            // "What do you remember?", "what have I told you": the latest things told.
            'what do you (know|remember)',
            'what (did|have) (i|we) (told|tell|asked|ask) you [to remember]',
            // "Show me my notes", "read me my notes about the car": what was noted.
            '(show|read|list|give) [me] (my|our|the) notes',
            'what notes do (i|we) have',
            // "Where's the spare key", "where did I put my passport": where something was said to be.
            'where (is|are|was|were) (my|our|the|his|her|their)',
            'where did (i|we|you|he|she|they) (put|leave|park|keep|hide|store)',
            'where do (i|we|you|they) keep',
          ],
          keywords: ['recall'],
          // "What's bob's email": the words the question's phrase took are what it is about.
          refine: (args, info) => {
            const asked = ASKED_DETAIL.exec(info.text)?.[1]?.replace(OWN_DETAIL, '') ?? ASKED_DAY.exec(info.said ?? info.text)?.[1];
            return asked && asked.length > String(args['about'] ?? '').length ? { ...args, about: asked } : args;
          },
          textIntros: ['about', "(when is|when's|when was)", 'what (is|are|was|were)', 'where (is|are|was|were)', 'where did (i|we|you|he|she|they) (put|leave|park|keep|hide|store)', 'where do (i|we|you|they) keep'],
          // What other methods look up is theirs ("what are my reminders", "what's the time"), and what nobody told is no memory ("what's the weather").
          exclude: ['reminder', 'reminders', 'timer', 'timers', 'calendar', 'schedule', 'agenda', 'event', 'events', 'appointment', 'appointments', 'meeting', 'meetings', 'light', 'lights', 'list', 'lists', 'time', 'date', 'day', 'weather', 'forecast', 'temperature', 'news', '(birthday|anniversary) (party|dinner|lunch|celebration)'],
        },
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          if (!facts) return off();
          // Asked about nothing in particular: the latest things told.
          const found =
            args.about === undefined
              ? (await facts.latest(LATEST)).map((memory) => ({ id: memory.id, text: memory.text }))
              : (await facts.recall(args.about, 3)).map((f) => ({ id: f.memory.id, text: f.memory.text, relevance: f.relevance }));
          if (found.length === 0) {
            return { ok: true, summary: args.about === undefined ? 'Nobody has told me anything to remember yet.' : `I have nothing remembered about ${args.about}.`, data: { facts: [] } };
          }
          return { ok: true, summary: `You told me: ${found.map((f) => f.text.replace(/[.!]+$/, '')).join('; ')}.`, data: { facts: found } };
        },
      }),
      forget: defineMethod({
        description: 'Forget something the requester told the assistant to remember, found by words of it ("forget the wifi password")',
        params: z.object({ about: aboutText }),
        hints: {
          phrases: ['forget [about|that|what i told you about]', "(don't|do not) remember", '(delete|remove|erase) [the|my|what you know about] (note|fact|memory) [about|of|that]', 'stop remembering'],
          keywords: ['forget'],
          textIntros: ['about', 'that', 'what i told you about'],
          // "Forget it" is "never mind"; "don't forget to" asks to be reminded.
          exclude: ["(don't|do not) (let me|forget)", 'forget to', 'forget it'],
        },
        flags: { idempotent: true },
        async run(args, ctx) {
          if (!facts || !state) return off();
          // Run again after a crash: what the first run forgot, not a second search.
          const earlier = await state.applied<Forgotten>(ctx.idempotencyKey);
          if (earlier) return forgotten(earlier);
          const found = await facts.recall(args.about, 5);
          const best = found[0];
          if (!best) return failedResult('MEMORY_NOT_FOUND', `I have nothing remembered about ${args.about}`, { hint: 'say it by words of what you told me' });
          // The facts that say every word asked about, else those about as close as the best: which one of several is not for a guess to decide.
          const said = contentWords(args.about);
          const saying = found.filter((f) => said.length > 0 && said.every((w) => contentWords(f.memory.text).includes(w)));
          const close = saying.length > 0 ? saying : found.filter((f) => best.relevance - f.relevance < CLOSE);
          if (close.length > 1) {
            const which = close.map((f) => `"${f.memory.text.replace(/[.!]+$/, '')}"`).join(', ');
            return failedResult('MEMORY_AMBIGUOUS', `${close.length} things I remember could be meant: ${which}`, { hint: 'say which by more of its words' });
          }
          await facts.forget([best.memory.id]);
          const done: Forgotten = { id: best.memory.id, text: best.memory.text };
          await state.recordApplied(ctx.idempotencyKey, done);
          return forgotten(done);
        },
      }),
    },
  };
}

/** How much closer the best fact must be than the next for a forget to take it alone. */
const CLOSE = 0.05;

/** The words of a text that say what it is about: "the wifi password" → wifi, password. */
function contentWords(text: string): string[] {
  return words(text).filter((w) => !FUNCTION_WORDS.has(w));
}

const FUNCTION_WORDS = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'is', 'are', 'was', 'of', 'for', 'to', 'that', 'about', 'what', 'i', 'we', 'it']);

/** What a forget forgot, as recorded under its idempotency key. */
interface Forgotten {
  id: string;
  text: string;
}

function forgotten(f: Forgotten): ActionResult {
  return { ok: true, summary: `Forgotten: ${f.text.replace(/[.!]+$/, '')}.`, data: f };
}

export const memoryModule: PluginModule<typeof env> = {
  name: 'memory',
  env,
  create: () => createMemoryService(),
};
