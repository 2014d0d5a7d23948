import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createConsole } from '../../channels/console/index.js';
import { DEFAULT_POLICY } from '../../core/agent/policy.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import { createInProcessDispatcher } from '../../core/dispatch/in-process.js';
import { Engine } from '../../core/engine.js';
import { agentMemory, type AgentMemory } from '../../core/memory/agent-memory.js';
import { createHashedEmbedder } from '../../core/memory/hashed-embedder.js';
import { openSqliteMemory } from '../../core/memory/sqlite/sqlite-memory.js';
import { defineMethod } from '../../core/plugin/method.js';
import type { ServicePlugin } from '../../core/plugin/plugin.js';
import { PluginRegistry } from '../../core/plugin/registry.js';
import { createEmbeddedScheduler } from '../../core/scheduler/embedded.js';
import { openSqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import type { RequestStatus } from '../../core/events.js';
import { silentLogger } from '../../core/util/logger.js';
import { tempDir } from '../support/cli.js';

/** A garden with two ways to water it; the sprinkler's pump is broken. */
function garden(calls: string[]): ServicePlugin {
  const zone = z.string().min(1).describe('A zone of the garden').meta({ entity: 'garden-zone' });
  return {
    kind: 'service',
    name: 'garden',
    description: 'Watering the garden',
    configured: true,
    entities: [
      {
        kind: 'garden-zone',
        description: 'A zone of the garden',
        values: [
          { value: 'roses', names: ['roses', 'rose bed'] },
          { value: 'lawn', names: ['lawn', 'grass'] },
        ],
      },
    ],
    methods: {
      water_with_sprinkler: defineMethod({
        description: 'Water a zone with the sprinkler',
        params: z.object({ zone }),
        hints: { phrases: ['water [the]', 'sprinkle [the]'], keywords: ['sprinkler', 'water'] },
        async run(args) {
          calls.push(`sprinkler:${args.zone}`);
          return { ok: false, retryable: false, error: { code: 'GARDEN_PUMP_BROKEN', message: 'the sprinkler pump is broken' } };
        },
      }),
      water_with_hose: defineMethod({
        description: 'Water a zone with the garden hose',
        params: z.object({ zone }),
        hints: { phrases: ['hose [down] [the]'], keywords: ['hose', 'water'] },
        async run(args) {
          calls.push(`hose:${args.zone}`);
          return { ok: true, summary: `Watered the ${args.zone} with the hose.` };
        },
      }),
    },
  };
}

interface Rig {
  engine: Engine;
  memory: AgentMemory | undefined;
  calls: string[];
  ask(text: string): Promise<string>;
  finished(requestId: string): Promise<RequestStatus>;
  close(): Promise<void>;
}

async function rig(withMemory: boolean): Promise<Rig> {
  const dir = await tempDir();
  const calls: string[] = [];
  const store = openSqliteStore({ path: `${dir.path}/majordomo.db` });
  const memory = withMemory ? agentMemory(await openSqliteMemory({ path: `${dir.path}/memory.db`, embedder: createHashedEmbedder() }), { minRelevance: 0.6 }) : undefined;
  const terminal = createConsole({ input: new PassThrough(), output: new PassThrough().resume() as PassThrough, interactive: false });
  const registry = new PluginRegistry();
  registry.register(garden(calls));
  registry.register(terminal);
  registry.verify();
  const engine = new Engine({
    registry,
    store,
    brain: createRuleBrain(),
    dispatcher: createInProcessDispatcher({ store, concurrency: 2, logger: silentLogger }),
    scheduler: createEmbeddedScheduler({ store: store.scheduled }),
    policy: { ...DEFAULT_POLICY, retryBaseMs: 1 },
    dataDir: dir.path,
    timeZone: 'UTC',
    maxMessageChars: 4000,
    maxRedispatch: 1,
    questionTtlMs: 3_600_000,
    logger: silentLogger,
    ...(memory ? { memory } : {}),
  });
  await engine.start();
  const done = new Map<string, RequestStatus>();
  const waiting = new Map<string, (s: RequestStatus) => void>();
  engine.events.on('request.finished', (e) => {
    done.set(e.requestId, e.status);
    waiting.get(e.requestId)?.(e.status);
  });
  return {
    engine,
    memory,
    calls,
    async ask(text) {
      const outcome = await terminal.submit(text);
      if (outcome.kind !== 'request') throw new Error(`not a request: ${JSON.stringify(outcome)}`);
      return outcome.requestId;
    },
    finished: (id) => (done.has(id) ? Promise.resolve(done.get(id)!) : new Promise((resolve) => waiting.set(id, resolve))),
    async close() {
      await engine.stop();
      await store.close();
      await memory?.store.close();
      await dir.cleanup();
    },
  };
}

/** Runs a request whose watering fails, and answers the question it asks with "skip". */
async function failOnce(r: Rig, text: string): Promise<void> {
  const asked = new Promise<string>((resolve) => r.engine.events.on('question.asked', (q) => resolve(q.questionId)));
  const id = await r.ask(text);
  await r.engine.api.answer(await asked, 'skip');
  expect(await r.finished(id)).toBe('failed');
}

describe('lessons', () => {
  const rigs: Rig[] = [];
  afterEach(async () => {
    for (const r of rigs.splice(0)) await r.close();
  });

  it("a failure's lesson changes the approach of the next request for the same kind of action", async () => {
    const r = await rig(true);
    rigs.push(r);
    await failOnce(r, 'water the roses');
    expect(r.calls).toEqual(['sprinkler:roses']);

    const lessons = await r.memory!.store.list({ kind: 'lesson' });
    expect(lessons).toHaveLength(1);
    expect(lessons[0]).toMatchObject({ text: 'water the roses', data: { target: 'garden.water_with_sprinkler', outcome: 'failed' } });
    expect((lessons[0]!.data as { why: string }).why).toContain('GARDEN_PUMP_BROKEN');

    const second = await r.ask('please water the roses');
    expect(await r.finished(second)).toBe('done');
    // The plan still says sprinkler: the lesson changed the approach when the agent acted.
    const view = (await r.engine.api.request(second))!;
    expect(view.request.plan.groups[0]!.actions[0]!.decision).toMatchObject({ target: 'garden.water_with_sprinkler' });
    expect(r.calls).toEqual(['sprinkler:roses', 'hose:roses']);
    const record = view.reports.at(-1)!.actions[0]!;
    expect(record.lessons).toEqual([expect.objectContaining({ id: lessons[0]!.id, action: 'water the roses', target: 'garden.water_with_sprinkler', outcome: 'failed' })]);
    expect(record.learned).toMatch(/garden\.water_with_sprinkler failed before for "water the roses" \(GARDEN_PUMP_BROKEN.*so I used garden\.water_with_hose/);
    expect(record.decisions.map((d) => d.by)).toEqual(['rule', 'rule, from lessons']);
    expect(record.attempts.map((a) => a.target)).toEqual(['garden.water_with_hose']);
    expect(view.request.summary).toMatch(/Watered the roses with the hose/);
    expect(view.request.summary).toMatch(/learned/i);

    // What worked is a lesson too, under the second action's words.
    const learned = await r.memory!.store.list({ kind: 'lesson' });
    expect(learned.map((l) => (l.data as { target: string; outcome: string }).outcome).sort()).toEqual(['failed', 'worked']);
  });

  it('after a failure, tries the approach a lesson says worked for the same kind of action, instead of asking', async () => {
    const r = await rig(true);
    rigs.push(r);
    // Learned earlier: the hose worked for the roses (the sprinkler was never tried).
    await r.memory!.lessons.learn({
      requestId: 'r0',
      groupId: 'r0.g1',
      status: 'done',
      dispatch: 0,
      finishedAt: new Date().toISOString(),
      actions: [
        {
          action: { id: 'a1', text: 'water the roses with the hose', dependsOn: [], optional: false, decision: { kind: 'call', target: 'garden.water_with_hose', args: { zone: 'roses' }, confidence: 0.9 } },
          status: 'done',
          decisions: [],
          feedback: [],
          attempts: [
            {
              n: 1,
              idempotencyKey: 'r0:a1:1',
              target: 'garden.water_with_hose',
              args: { zone: 'roses' },
              startedAt: new Date().toISOString(),
              result: { ok: true, summary: 'Watered the roses with the hose.' },
              evaluation: { ok: true },
            },
          ],
        },
      ],
    });
    const asked: string[] = [];
    r.engine.events.on('question.asked', (q) => asked.push(q.text));
    const id = await r.ask('water the roses');
    expect(await r.finished(id)).toBe('done');
    expect(asked).toEqual([]);
    expect(r.calls).toEqual(['sprinkler:roses', 'hose:roses']);
    const record = (await r.engine.api.request(id))!.reports.at(-1)!.actions[0]!;
    expect(record.attempts.map((a) => [a.target, a.result?.ok])).toEqual([
      ['garden.water_with_sprinkler', false],
      ['garden.water_with_hose', true],
    ]);
    expect(record.learned).toMatch(/garden\.water_with_sprinkler failed just now, so I used garden\.water_with_hose, which worked for "water the roses with the hose"/);
  });

  it('without memory the same requests fail the same way twice', async () => {
    const r = await rig(false);
    rigs.push(r);
    await failOnce(r, 'water the roses');
    await failOnce(r, 'please water the roses');
    expect(r.calls).toEqual(['sprinkler:roses', 'sprinkler:roses']);
  });

  it('a lesson of an unrelated action changes nothing', async () => {
    const r = await rig(true);
    rigs.push(r);
    await failOnce(r, 'water the roses');
    // The sprinkler is still tried for the lawn: "water the lawn" is not the same action to the offline embedder's eye.
    await failOnce(r, 'sprinkle the lawn');
    expect(r.calls).toEqual(['sprinkler:roses', 'sprinkler:lawn']);
  });
});
