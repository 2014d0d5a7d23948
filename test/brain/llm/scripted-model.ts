import { reply, type FakeReply, type Responder } from '../../fakes/openai/server.js';
import { messageText, type ChatRequest } from '../../fakes/openai/wire.js';

/**
 * A "model" for the fake endpoint that answers Majordomo's questions from a script: plans
 * by request text, function calls by action text, verdicts by answer text, explanations of
 * failures. It answers in the wire format a strict model writes (JSON content for a
 * json_schema, tool calls with JSON arguments, null for what is left out), so that the brain
 * under test does the whole job of reading it. Text it has no script for gets the answer of
 * a careful model: nothing fits.
 */

/** One action of a plan as the model writes it. */
export interface ScriptAction {
  id: string;
  text: string;
  dependsOn?: string[];
  optional?: boolean;
  onlyIf?: 'failed' | 'done';
  confidence?: number;
  /** `null` target: nothing fits, with `reason`. */
  call: { target: string; args: Record<string, unknown> } | { target: null; reason: string };
}

export interface ModelScript {
  /** Plans by request text. */
  plans?: Record<string, ScriptAction[]>;
  /** Function calls by action text: `cannot_do` with `{reason}` when nothing fits. */
  decisions?: Record<string, { tool: string; args: Record<string, unknown> }>;
  /** Verdicts by answer text. */
  verdicts?: Record<string, { verdict: string; reason?: string; question?: string; actions?: ScriptAction[] }>;
}

/** What the model was asked, as the brain sends it. */
export type Question = 'plan' | 'decide' | 'evaluate' | 'reevaluate' | 'unknown';

export function questionOf(request: ChatRequest): Question {
  if (request.tools) return 'decide';
  const name = request.response_format?.json_schema?.name;
  if (name === 'plan') return 'plan';
  if (name === 'evaluation') return 'evaluate';
  if (name === 'reevaluation') return 'reevaluate';
  return 'unknown';
}

/** The data of a question: the JSON of its first user message. */
export function dataOf(request: ChatRequest): Record<string, unknown> {
  const first = request.messages.find((m) => m.role === 'user');
  try {
    return first ? (JSON.parse(messageText(first)) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function wireAction(a: ScriptAction): Record<string, unknown> {
  return { id: a.id, text: a.text, dependsOn: a.dependsOn ?? [], optional: a.optional ?? false, onlyIf: a.onlyIf ?? null, confidence: a.confidence ?? 0.95, call: a.call };
}

export function planReply(actions: ScriptAction[]): FakeReply {
  return reply.json({ actions: actions.map(wireAction) });
}

export function scriptedModel(script: ModelScript): Responder {
  return (request) => {
    const data = dataOf(request);
    switch (questionOf(request)) {
      case 'plan': {
        const text = String(data['request'] ?? '');
        const actions = script.plans?.[text] ?? [{ id: 'a1', text, call: { target: null, reason: 'no method I know does this' } }];
        return planReply(actions);
      }
      case 'decide': {
        const call = script.decisions?.[String(data['action'] ?? '')] ?? { tool: 'cannot_do', args: { reason: 'no function does this' } };
        return reply.tools({ name: call.tool, arguments: call.args });
      }
      case 'evaluate': {
        const result = data['result'] as { error?: { message?: string } } | undefined;
        return reply.json({ reason: `It did not work: ${result?.error?.message ?? 'unknown error'}. You can ask me to try again later.` });
      }
      case 'reevaluate': {
        const v = script.verdicts?.[String(data['answer'] ?? '')] ?? { verdict: 'unclear', question: 'Sorry, what should I do?' };
        return reply.json({ verdict: v.verdict, reason: v.reason ?? '', question: v.question ?? '', actions: (v.actions ?? []).map(wireAction) });
      }
      default:
        return reply.status(400, { message: 'the scripted model does not know this question' });
    }
  };
}
