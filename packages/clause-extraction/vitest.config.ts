import { defineConfig } from 'vitest/config';

/** The package's own tests: pure functions over text, no database, no gateway. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
  },
});
