import { benchDashboard } from './dashboard.bench.js';
import { benchDistributed } from './distributed.bench.js';
import { benchEmail } from './email.bench.js';
import { benchEmbedded } from './embedded.bench.js';
import { benchLlm } from './llm.bench.js';
import { benchMemory } from './memory.bench.js';
import { benchPlan } from './plan.bench.js';

/** `npm run bench`: prints figures; asserts nothing. */
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 200);
console.log(`Majordomo benchmarks (node ${process.version})\n`);
await benchPlan(rounds);
console.log('');
await benchEmbedded(Number(process.env['BENCH_REQUESTS'] ?? 300), Number(process.env['BENCH_BURST'] ?? 500));
console.log('');
await benchLlm();
console.log('');
await benchEmail(Number(process.env['BENCH_EMAILS'] ?? 200));
if (process.env['BENCH_DISCORD'] !== '0') {
  console.log('');
  const { benchDiscord } = await import('./discord.bench.js');
  await benchDiscord(Number(process.env['BENCH_DISCORD_REQUESTS'] ?? 50));
}
console.log('');
await benchDashboard(Number(process.env['BENCH_DASHBOARD_HISTORY'] ?? 300), Number(process.env['BENCH_DASHBOARD_LIVE'] ?? 30), Number(process.env['BENCH_DASHBOARD_CLIENTS'] ?? 10));
if (process.env['BENCH_DISTRIBUTED'] !== '0') {
  console.log('');
  await benchDistributed(Number(process.env['BENCH_DISTRIBUTED_REQUESTS'] ?? 300), Number(process.env['BENCH_DISTRIBUTED_BURST'] ?? 1000));
}
if (process.env['BENCH_MINECRAFT'] !== '0') {
  console.log('');
  const { benchMinecraft } = await import('./minecraft.bench.js');
  await benchMinecraft(Number(process.env['BENCH_MINECRAFT_ROUNDS'] ?? 1));
}
console.log('');
await benchMemory(Number(process.env['BENCH_MEMORIES'] ?? 100_000), Number(process.env['BENCH_MEMORY_QUERIES'] ?? 30));
