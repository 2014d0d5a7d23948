import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Decision, ExtractedAction } from '../../types.js';
import type { BrainContext } from '../brain.js';
import { checkCall, DEFAULT_CONFIDENCE, gaveUp } from './calls.js';
import { modelMethods, NONE_TOOL, type ModelMethods } from './methods.js';
import type { ModelClient, ModelToolCall } from './model-client.js';
import { contextData, conversation, DECIDE_SYSTEM } from './prompts.js';

/**
 * The decision for one action by function calling: the catalog's methods are the functions
 * (their JSON schemas generated from their zod schemas), and `cannot_do` says that nothing
 * fits. A call of an unknown function, or with arguments that do not parse or fit, is
 * answered with the error as the function's result, and the model tries again.
 */

export interface DecideCallOptions {
  client: ModelClient;
  attempts: number;
}

type Reading = { decision: Decision } | { problem: string };

function readCall(call: ModelToolCall, methods: ModelMethods): Reading {
  let args: unknown;
  try {
    args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch (error) {
    return { problem: `the arguments are not valid JSON (${(error as Error).message})` };
  }
  if (call.name === NONE_TOOL) {
    const reason = (args as { reason?: unknown } | null)?.reason;
    return { decision: { kind: 'none', reason: typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : 'nothing I can do fits this' } };
  }
  const method = methods.byTool(call.name);
  if (!method) return { problem: `there is no function named ${JSON.stringify(call.name)}; call one of the functions given, or ${NONE_TOOL}` };
  const checked = checkCall({ target: method.target, args, confidence: DEFAULT_CONFIDENCE }, methods);
  return checked.ok ? { decision: checked.decision } : { problem: checked.problem };
}

/** Throws a ModelError when the model cannot be reached. */
export async function decideWithModel(action: ExtractedAction, ctx: BrainContext, options: DecideCallOptions): Promise<Decision> {
  const methods = modelMethods(ctx.catalog, ctx.requester.address.channel);
  const messages: ChatCompletionMessageParam[] = conversation(DECIDE_SYSTEM, { ...contextData(ctx), action: action.text });
  let problem = 'no answer';
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    const reply = await options.client.complete(
      { purpose: 'decide', messages, tools: methods.tools },
      { ...(ctx.usage ? { usage: ctx.usage } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) },
    );
    messages.push(reply.message);
    if (reply.toolCalls.length === 0) {
      problem = 'no function was called';
      messages.push({ role: 'user', content: `Call exactly one of the functions (${NONE_TOOL} when none fits).` });
      continue;
    }
    const readings = reply.toolCalls.map((call) => readCall(call, methods));
    const first = readings[0]!;
    if (reply.toolCalls.length === 1 && 'decision' in first) {
      // A call that needed correcting is less certain than one right the first time.
      const d = first.decision;
      return d.kind === 'call' && attempt > 1 ? { ...d, confidence: Math.min(d.confidence, 0.6) } : d;
    }
    problem = reply.toolCalls.length > 1 ? 'more than one function was called' : (first as { problem: string }).problem;
    // Every call gets its result, as the protocol wants; the errors are what the model reads next.
    reply.toolCalls.forEach((call, i) => {
      const r = readings[i]!;
      const content = reply.toolCalls.length > 1 ? 'error: call exactly one function for this action' : `error: ${'problem' in r ? r.problem : ''}`;
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    });
  }
  return gaveUp(problem, options.attempts);
}
