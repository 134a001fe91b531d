// Mutation testing of the pure modules (README, "Mutation testing"). Slow: not part of `.ci/run`.
// One area: `npm run test:mutation -- --mutate 'src/memory/context-window.ts'`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Unit tests only: the default vitest config starts PostgreSQL in its global setup.
  vitest: { configFile: 'vitest.unit.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/knowledge/sanitizer/**/*.ts',
    'packages/clause-extraction/src/**/*.ts',
    'src/memory/context-window.ts',
    'src/platform/llm/call-budget.ts',
    'src/identity/thread-id.ts',
    '!src/**/*.test.ts',
    '!packages/**/*.test.ts',
  ],
  // TypeScript 7 has no JS API, and Stryker's tsconfig step crashes on it; a path that does not
  // exist makes Stryker skip that step (vitest transpiles on its own).
  tsconfigFile: 'stryker-has-no-tsconfig.json',
  checkers: [],
  // The machines are shared (2 cores): raise with `--concurrency N` on a machine of your own.
  concurrency: 2,
  timeoutMS: 10_000,
  ignorePatterns: ['/.data', '/coverage', '/test-output', '/console', '/deploy', '/bench', '/otel', '/reports', '/.stryker-tmp'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
