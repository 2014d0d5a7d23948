import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'data/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One process runs the files one after another and keeps the modules it loaded: loading them
    // again for every file took a third of the run. No test changes the environment or module
    // state it does not put back; the integration tests share the local services one at a time.
    isolate: false,
  },
});
