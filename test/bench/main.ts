import { spawnSync } from 'node:child_process';

/**
 * `npm run bench`: prints figures; asserts nothing. Each section runs in a process of its own,
 * so that none is measured in a heap, or beside timers and sockets, that an earlier one left.
 * `BENCH_SECTION=<name>` runs one section in this process.
 */
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 200);
const on = (flag: string) => process.env[flag] !== '0';

const sections: Record<string, { enabled: boolean; run: () => Promise<void> }> = {
  plan: { enabled: true, run: async () => (await import('./plan.bench.js')).benchPlan(rounds) },
  embedded: {
    enabled: true,
    run: async () => (await import('./embedded.bench.js')).benchEmbedded(Number(process.env['BENCH_REQUESTS'] ?? 300), Number(process.env['BENCH_BURST'] ?? 500)),
  },
  llm: { enabled: true, run: async () => (await import('./llm.bench.js')).benchLlm() },
  email: { enabled: true, run: async () => (await import('./email.bench.js')).benchEmail(Number(process.env['BENCH_EMAILS'] ?? 200)) },
  discord: { enabled: on('BENCH_DISCORD'), run: async () => (await import('./discord.bench.js')).benchDiscord(Number(process.env['BENCH_DISCORD_REQUESTS'] ?? 50)) },
  dashboard: {
    enabled: true,
    run: async () =>
      (await import('./dashboard.bench.js')).benchDashboard(
        Number(process.env['BENCH_DASHBOARD_HISTORY'] ?? 300),
        Number(process.env['BENCH_DASHBOARD_LIVE'] ?? 30),
        Number(process.env['BENCH_DASHBOARD_CLIENTS'] ?? 10),
      ),
  },
  distributed: {
    enabled: on('BENCH_DISTRIBUTED'),
    run: async () => (await import('./distributed.bench.js')).benchDistributed(Number(process.env['BENCH_DISTRIBUTED_REQUESTS'] ?? 300), Number(process.env['BENCH_DISTRIBUTED_BURST'] ?? 1000)),
  },
  minecraft: { enabled: on('BENCH_MINECRAFT'), run: async () => (await import('./minecraft.bench.js')).benchMinecraft(Number(process.env['BENCH_MINECRAFT_ROUNDS'] ?? 1)) },
  memory: { enabled: true, run: async () => (await import('./memory.bench.js')).benchMemory(Number(process.env['BENCH_MEMORIES'] ?? 100_000), Number(process.env['BENCH_MEMORY_QUERIES'] ?? 30)) },
};

const only = process.env['BENCH_SECTION'];
if (only !== undefined) {
  const section = sections[only];
  if (!section) throw new Error(`BENCH_SECTION names no section: "${only}" (one of ${Object.keys(sections).join(', ')})`);
  await section.run();
  // Whatever a section left running is not waited for.
  process.exit(0);
}

console.log(`Majordomo benchmarks (node ${process.version})`);
let failed = 0;
for (const [name, section] of Object.entries(sections)) {
  if (!section.enabled) continue;
  console.log('');
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!], { env: { ...process.env, BENCH_SECTION: name }, stdio: 'inherit' });
  if (child.status !== 0) {
    failed++;
    console.log(`(the ${name} section failed: ${child.error?.message ?? (child.signal ? `killed by ${child.signal}` : `exit code ${child.status}`)})`);
  }
}
if (failed > 0) process.exitCode = 1;
