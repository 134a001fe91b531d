import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS (main) and ESM (module) builds. Node loads the CommonJS build for
    // every package; Vite would give our sources the ESM one, and two copies of graphql break
    // `instanceof` checks. Pin the one Node uses.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      'scripts/**/*.test.ts',
      'console/src/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'packages/*/scripts/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
    ],
    globalSetup: ['test/testkit/global-setup.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
