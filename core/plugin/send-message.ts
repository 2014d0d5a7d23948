import { z } from 'zod';
import type { ActionResult, Requester } from '../types.js';
import type { MethodHints } from './hints.js';
import { defineMethod, type ActionContext, type MethodSpec } from './method.js';
import { wordedForRecipient } from './said.js';

/** The arguments every channel's `send_message` takes. */
export const sendMessageParams = z.object({
  text: z.string().min(1).max(20_000).optional().describe('What to say; omitted = what the earlier actions did').meta({ entity: 'text' }),
  to: z.string().min(1).max(320).optional().describe('Who to send it to; omitted = the requester').meta({ entity: 'recipient' }),
  subject: z.string().min(1).max(200).optional().describe('A subject line, where the channel has one'),
});

export type SendMessageArgs = z.output<typeof sendMessageParams>;

export interface SendMessageOptions {
  channel: string;
  description: string;
  hints: MethodHints;
  /** Whether `to` names someone other than the requester. */
  isOther(to: string | undefined, requester: Requester): boolean;
  deliver(args: SendMessageArgs & { text: string }, ctx: ActionContext): Promise<ActionResult>;
  /** Where a name in `to` would send the message, for a requester asked to confirm it ("bob is bob@example.com"). */
  explainRecipient?(to: string, requester: Requester): Promise<string | undefined>;
  timeoutMs?: number;
}

/**
 * A channel's `send_message`. With no text it tells what the actions it depends on did
 * ("send me an email when that's over").
 */
export function sendMessageMethod(options: SendMessageOptions): MethodSpec<typeof sendMessageParams> {
  return defineMethod({
    description: options.description,
    params: sendMessageParams,
    hints: { ...options.hints, refine: (args, info) => wordedForRecipient(options.hints.refine ? options.hints.refine(args, info) : args, info.said ?? info.text) },
    flags: {},
    timeoutMs: options.timeoutMs ?? 30_000,
    reachesOutside: (args, requester) => options.isOther(args.to, requester),
    ...(options.explainRecipient ? { explain: async (args, requester) => (meansRequester(args.to) ? undefined : options.explainRecipient!(args.to!, requester)) } : {}),
    run: (args, ctx) => options.deliver({ ...args, text: args.text ?? defaultMessageText(ctx) }, ctx),
  });
}

/** What to say when the request did not say what: an account of the actions this one waited for. */
export function defaultMessageText(ctx: ActionContext): string {
  if (ctx.dependencyResults.length === 0) return `As you asked ("${ctx.actionText}").`;
  return ctx.dependencyResults.map((r) => r.summary).join('\n');
}

/** "me", "myself" or nothing: the requester. */
export function meansRequester(to: string | undefined): boolean {
  return to === undefined || /^(me|myself|the requester)$/i.test(to.trim());
}
