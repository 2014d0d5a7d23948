import { performance } from 'node:perf_hooks';
import { planRequest } from '../../core/brain/plan.js';
import { createRuleBrain } from '../../core/brain/rule/rule-brain.js';
import { loadConfig } from '../../core/config/load.js';
import { buildRegistry, envSections } from '../../apps/majordomo/plugins.js';
import { BENCH_REQUESTS, PLAN_ONLY_REQUESTS } from './requests.js';
import { ms, summarize } from './stats.js';

/** Rule brain: how long planning one request takes, warm. */
export async function benchPlan(rounds: number): Promise<void> {
  const registry = buildRegistry(loadConfig({ MAJORDOMO_TIMEZONE: 'UTC' }, envSections()));
  const brain = createRuleBrain();
  const texts = [...BENCH_REQUESTS, ...PLAN_ONLY_REQUESTS];
  const ctx = {
    now: new Date('2026-11-21T10:00:00Z'),
    timeZone: 'UTC',
    requester: { address: { channel: 'console', conversationId: 'bench', userId: 'local' } },
    catalog: registry.catalog(),
  };
  const coldStart = performance.now();
  await planRequest(brain, texts[0]!, ctx);
  const cold = performance.now() - coldStart;
  for (const text of texts) await planRequest(brain, text, ctx);
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const text of texts) {
      const t0 = performance.now();
      await planRequest(brain, text, ctx);
      samples.push(performance.now() - t0);
    }
  }
  const s = summarize(samples);
  console.log(`plan (rule brain), ${s.n} plans of ${texts.length} different requests`);
  console.log(`  first plan (builds indexes): ${ms(cold)}`);
  console.log(`  median ${ms(s.median)}   p99 ${ms(s.p99)}   max ${ms(s.max)}   → ${Math.round(1000 / s.mean)} plans/s on one core`);
}
