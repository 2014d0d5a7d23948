import { z } from 'zod';
import type { FactMemory } from '../../core/memory/facts.js';
import { defineMethod } from '../../core/plugin/method.js';
import type { PluginContext, PluginModule, ServicePlugin } from '../../core/plugin/plugin.js';

const env = z.object({});

const factText = z.string().min(1).max(1000).describe('What to remember, in the requester\'s words, e.g. "my email is ada@example.com"').meta({ entity: 'text' });
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
    configured: true,
    async start(ctx: PluginContext) {
      facts = ctx.memory?.facts;
    },
    methods: {
      remember: defineMethod({
        description: 'Remember a fact the requester tells: a detail about them, their home or their world',
        params: z.object({ text: factText }),
        hints: {
          phrases: ['remember that', 'remember', 'note that', 'keep in mind [that]', 'for the record'],
          keywords: ['remember'],
          textIntros: ['that'],
          exclude: ['remember to', 'remind', 'do you remember', 'what do you remember'],
        },
        flags: { idempotent: true },
        async run(args, ctx) {
          if (!facts) return off();
          await facts.remember(args.text, teller(ctx));
          return { ok: true, summary: `I will remember that ${args.text.replace(/[.!]+$/, '')}.` };
        },
      }),
      recall: defineMethod({
        description: 'Recall what the requester told the assistant to remember about something',
        params: z.object({ about: aboutText }),
        hints: {
          phrases: ['what do you (know|remember) about', 'do you remember', 'what did i tell you about', 'recall'],
          keywords: ['recall'],
          textIntros: ['about'],
        },
        flags: { readOnly: true, idempotent: true },
        async run(args) {
          if (!facts) return off();
          const found = await facts.recall(args.about, 3);
          if (found.length === 0) return { ok: true, summary: `I have nothing remembered about ${args.about}.`, data: { facts: [] } };
          return {
            ok: true,
            summary: `You told me: ${found.map((f) => f.memory.text.replace(/[.!]+$/, '')).join('; ')}.`,
            data: { facts: found.map((f) => ({ id: f.memory.id, text: f.memory.text, relevance: f.relevance })) },
          };
        },
      }),
    },
  };
}

export const memoryModule: PluginModule<typeof env> = {
  name: 'memory',
  env,
  create: () => createMemoryService(),
};
