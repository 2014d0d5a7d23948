import { PassThrough } from 'node:stream';
import { createConsole } from '../../channels/console/index.js';
import { createAssistant } from '../../apps/majordomo/assistant.js';
import { envSections } from '../../apps/majordomo/plugins.js';
import { NO_USAGE, type ModelUsage } from '../../core/brain/usage.js';
import { loadConfig } from '../../core/config/load.js';
import type { RequestStatus } from '../../core/events.js';
import { parseIsoWithOffset } from '../../core/util/time.js';
import { startFakeOpenAI } from '../fakes/openai/server.js';
import { SHARED_CASES } from '../brain/cases/shared.js';
import { scriptedModel, type ModelScript, type ScriptAction } from '../brain/llm/scripted-model.js';
import { SHARED_SCRIPT } from '../brain/llm/shared-script.js';
import { tempDir } from '../support/cli.js';

/**
 * What each shared example request costs in model calls and tokens, from the message to the
 * report: planning, judging results, reading answers, the summary. Against the fake
 * OpenAI-compatible endpoint, answering as a model that gets every plan right; tokens are
 * the fake's estimate (about four characters each). Requests that stop to ask (nothing fits;
 * a Minecraft server that is not configured) are answered "skip", which costs no call.
 */

type Mode = 'rule-first' | 'llm';

interface Row {
  status: RequestStatus | 'waiting';
  usage: ModelUsage;
}

/** The instant the script's plans are for. */
const SCRIPT_NOW = Date.parse('2026-11-21T10:00:00Z');

/**
 * The first instant at least a day from now that falls on the same weekday and hour as the
 * script's: plans shifted there keep their meaning ("on Thursday", "at 7pm"), and every time
 * in them is still ahead (services refuse reminders in the past).
 */
function benchNow(): number {
  const week = 7 * 86_400_000;
  const weeks = Math.max(0, Math.ceil((Date.now() + 86_400_000 - SCRIPT_NOW) / week));
  return SCRIPT_NOW + weeks * week;
}

/** The script with every time in its plans moved by `deltaMs`. */
function shifted(script: ModelScript, deltaMs: number): ModelScript {
  const move = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const t = parseIsoWithOffset(value);
      return t ? new Date(t.getTime() + deltaMs).toISOString().replace('.000Z', 'Z') : value;
    }
    if (Array.isArray(value)) return value.map(move);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, move(v)]));
    return value;
  };
  const plans = Object.fromEntries(Object.entries(script.plans ?? {}).map(([text, actions]) => [text, move(actions) as ScriptAction[]]));
  return { ...script, plans };
}

async function runMode(mode: Mode, baseURL: string, now: Date): Promise<Row[]> {
  const dir = await tempDir('majordomo-bench-llm-');
  const sink = new PassThrough();
  sink.resume();
  const config = loadConfig(
    {
      MAJORDOMO_DATA_DIR: dir.path,
      MAJORDOMO_TIMEZONE: 'UTC',
      MAJORDOMO_LOG_LEVEL: 'warn',
      MAJORDOMO_OWNER_EMAIL: 'owner@example.com',
      MAJORDOMO_BRAIN: mode,
      OPENAI_BASE_URL: baseURL,
      OPENAI_API_KEY: 'bench-key',
      MAJORDOMO_LLM_MODEL: 'fake-model',
    },
    envSections(),
  );
  const terminal = createConsole({ input: new PassThrough(), output: sink, interactive: false });
  // A frozen clock keeps the script's plans right, and fires no reminder while the bench runs.
  const assistant = await createAssistant(config, { overrides: { console: terminal }, clock: () => now });
  const { engine } = assistant;
  await engine.start();
  const finished = new Map<string, RequestStatus>();
  engine.events.on('request.finished', (e) => finished.set(e.requestId, e.status));
  const rows: Row[] = [];
  try {
    for (const c of SHARED_CASES) {
      const outcome = await terminal.submit(c.text);
      if (outcome.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(outcome)}`);
      for (let i = 0; i < 1000 && !finished.has(outcome.requestId); i++) {
        const [question] = await engine.api.questions({ status: ['open'] });
        if (question) await engine.api.answer(question.id, 'skip');
        else await new Promise((r) => setTimeout(r, 5));
      }
      const view = await engine.api.request(outcome.requestId);
      rows.push({ status: finished.get(outcome.requestId) ?? 'waiting', usage: view?.usage ?? NO_USAGE });
    }
  } finally {
    await assistant.close();
    await dir.cleanup();
  }
  return rows;
}

const pad = (v: string | number, n: number) => String(v).padStart(n);

export async function benchLlm(): Promise<void> {
  const now = benchNow();
  const fake = await startFakeOpenAI({ responder: scriptedModel(shifted(SHARED_SCRIPT, now - SCRIPT_NOW)) });
  try {
    const at = new Date(now);
    const results = { 'rule-first': await runMode('rule-first', fake.url, at), llm: await runMode('llm', fake.url, at) };
    console.log(`LLM brain: model calls and tokens per request, message to report (${SHARED_CASES.length} shared example requests, fake endpoint; tokens ≈ 4 characters each)`);
    console.log(`${''.padEnd(52)}${'rule-first'.padStart(22)}${'model only'.padStart(22)}`);
    console.log(`${'request'.padEnd(52)}${pad('calls', 6)}${pad('in', 8)}${pad('out', 8)}${pad('calls', 6)}${pad('in', 8)}${pad('out', 8)}  outcome`);
    SHARED_CASES.forEach((c, i) => {
      const label = `p${String(i + 1).padStart(2, '0')} ${c.text.length > 46 ? `${c.text.slice(0, 45)}…` : c.text}`;
      const r = results['rule-first'][i]!;
      const m = results.llm[i]!;
      const cells = [r, m].map((x) => `${pad(x.usage.calls, 6)}${pad(x.usage.inputTokens, 8)}${pad(x.usage.outputTokens, 8)}`).join('');
      console.log(`${label.padEnd(52)}${cells}  ${m.status}${r.status === m.status ? '' : ` (rule-first: ${r.status})`}`);
    });
    for (const [label, pick] of [
      ['total', (rows: Row[]) => rows.reduce((t, x) => ({ calls: t.calls + x.usage.calls, inputTokens: t.inputTokens + x.usage.inputTokens, outputTokens: t.outputTokens + x.usage.outputTokens }), { calls: 0, inputTokens: 0, outputTokens: 0 })],
    ] as const) {
      const cells = (['rule-first', 'llm'] as const).map((mode) => {
        const t = pick(results[mode]);
        return `${pad(t.calls, 6)}${pad(t.inputTokens, 8)}${pad(t.outputTokens, 8)}`;
      });
      console.log(`${label.padEnd(52)}${cells.join('')}`);
      const n = SHARED_CASES.length;
      const means = (['rule-first', 'llm'] as const).map((mode) => {
        const t = pick(results[mode]);
        return `${pad((t.calls / n).toFixed(2), 6)}${pad(Math.round(t.inputTokens / n), 8)}${pad(Math.round(t.outputTokens / n), 8)}`;
      });
      console.log(`${'per request'.padEnd(52)}${means.join('')}`);
    }
    const failedAttempts = (['rule-first', 'llm'] as const).map((mode) => results[mode].reduce((n, x) => n + x.usage.failed, 0));
    console.log(`  failed attempts (rate limits, errors, timeouts): rule-first ${failedAttempts[0]}, model only ${failedAttempts[1]}`);
    console.log('  questions were answered "skip" (no call); Minecraft is not configured here, so its requests fail and the model explains the failure (one call)');
  } finally {
    await fake.close();
  }
}
