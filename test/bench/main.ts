import { benchEmail } from './email.bench.js';
import { benchEmbedded } from './embedded.bench.js';
import { benchPlan } from './plan.bench.js';

/** `npm run bench`: prints figures; asserts nothing. */
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 200);
console.log(`Majordomo benchmarks (node ${process.version})\n`);
await benchPlan(rounds);
console.log('');
await benchEmbedded(Number(process.env['BENCH_REQUESTS'] ?? 300), Number(process.env['BENCH_BURST'] ?? 500));
console.log('');
await benchEmail(Number(process.env['BENCH_EMAILS'] ?? 200));
