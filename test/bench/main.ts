import { benchDashboard } from './dashboard.bench.js';
import { benchEmbedded } from './embedded.bench.js';
import { benchPlan } from './plan.bench.js';

/** `npm run bench`: prints figures; asserts nothing. */
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 200);
console.log(`Majordomo benchmarks (node ${process.version})\n`);
await benchPlan(rounds);
console.log('');
await benchEmbedded(Number(process.env['BENCH_REQUESTS'] ?? 300), Number(process.env['BENCH_BURST'] ?? 500));
console.log('');
await benchDashboard(Number(process.env['BENCH_DASHBOARD_HISTORY'] ?? 300), Number(process.env['BENCH_DASHBOARD_LIVE'] ?? 30), Number(process.env['BENCH_DASHBOARD_CLIENTS'] ?? 10));
