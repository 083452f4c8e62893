import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['test/**/*.spec.ts'],
    // The suites only read files (and spawn kubectl once per overlay): two workers are plenty.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
