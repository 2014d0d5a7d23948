import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'data/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two processes, each running its files one after another and keeping the modules it loaded:
    // loading them again for every file took a third of the run. Most of an integration test is
    // waiting (for a server, a worker, a timer), so two at once on two cores take about 0.65 of
    // the time of one after another. No test changes the environment or module state it does not
    // put back, and each has its own Redis prefix, MQTT topic, ports and data directory.
    maxWorkers: 2,
    isolate: false,
  },
});
