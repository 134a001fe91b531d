import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/testkit/sequencer.js';

/** Tests that need no database: pure logic beside the code, and the static checks under test/. */
export const unitTests = [
  'src/**/*.test.ts',
  'scripts/**/*.test.ts',
  'console/src/**/*.test.ts',
  'packages/*/src/**/*.test.ts',
  'packages/*/scripts/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'test/**/*.test.ts',
];
/** Black-box tests of the real gateway on a cloned database, in folders by domain under test/. */
export const integrationTests = ['test/**/*.int.test.ts'];
/** The web console in Debian's chromium (skipped with a line when there is none). */
export const browserTests = ['test/**/*.browser.test.ts'];
/**
 * Integration files that start server processes of their own (several gateways and workers, `npm start`,
 * the CLI) or run a long erasure: each keeps both cores busy for minutes, and four of them at once on a
 * 2-core machine ran past their timeouts. They run first, two at a time, before the other files.
 */
export const processTests = [
  'test/faults/**/*.int.test.ts',
  'test/gateway/scale.int.test.ts',
  'test/gateway/start-*.int.test.ts',
  'test/cli/**/*.int.test.ts',
  'test/erasure/erasure.int.test.ts',
];

/**
 * Files run at once. vitest's default is one less than the cores in run mode: ONE worker on the 2-core
 * machines, and the suite then waits file after file. The integration files spend most of their time
 * waiting (on PostgreSQL, child processes, leases and queues), so four of them share two cores well;
 * the unit files only compute, so they get one worker per core (more would only slow the tests that
 * hold a model call to a 200 ms budget). `VITEST_MAX_WORKERS` sets the integration figure.
 */
const integrationWorkers = Number(process.env.VITEST_MAX_WORKERS) || 4;
const unitWorkers = Math.min(2, integrationWorkers);
const processWorkers = Math.min(2, integrationWorkers);

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS (main) and ESM (module) builds. Node loads the CommonJS build for
    // every package; Vite would give our sources the ESM one, and two copies of graphql break
    // `instanceof` checks. Pin the one Node uses.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    env: { NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
    // The longest files first (they set the wall time), then vitest's own order (see the sequencer).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unitTests,
          exclude: [...integrationTests, ...browserTests],
          // After the integration files (a project with its own worker count needs its own group).
          sequence: { groupOrder: 2 },
          maxWorkers: unitWorkers,
          // One module graph per worker instead of per file: the same tests for a third of the CPU
          // (importing the extraction tables and the app's modules again for every file was most of it).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: processTests,
          globalSetup: ['test/testkit/global-setup.ts'],
          sequence: { groupOrder: 0 },
          maxWorkers: processWorkers,
          isolate: true,
        },
      },
      {
        extends: true,
        // One embedded PostgreSQL (or the server of DATABASE_URL) and one migrated template, shared by
        // this project, the processes one and the browser one; each file clones its own database from the template.
        test: {
          name: 'integration',
          include: integrationTests,
          exclude: processTests,
          sequence: { groupOrder: 1 },
          globalSetup: ['test/testkit/global-setup.ts'],
          maxWorkers: integrationWorkers,
          // A process per file: the OpenTelemetry SDK and the Prisma engines are process-wide.
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: browserTests,
          sequence: { groupOrder: 1 },
          globalSetup: ['test/testkit/global-setup.ts'],
          maxWorkers: integrationWorkers,
          isolate: true,
        },
      },
    ],
  },
});
