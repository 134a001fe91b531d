import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * Tests that Stryker leaves out: each runs for seconds (a 1 MB input, a child process that must
 * exit, 2,000 generated clauses), instrumented code runs them several times slower than the test
 * timeout, and per-test coverage would run them again for nearly every mutant (the generated
 * clauses cover every sanitizer mutant, which then timed out instead of being judged). Plain
 * `vitest run` still runs them.
 */
const slowUnderMutation = [
  'completes on a 1 MB contract',
  'leaves no timer running, so nothing keeps the process alive',
  'keeps its promises on 2,000 mixed clauses',
];
const underMutation = process.env.STRYKER_MUTATOR_WORKER !== undefined;
/**
 * `MUTATION_TESTS=packages/clause-extraction/src` narrows the test files (comma-separated folders or
 * globs): static mutants (module-level regexes and tables) run every related test file.
 */
const onlyTests = process.env.MUTATION_TESTS?.split(',').map((entry) =>
  entry.endsWith('.ts') ? entry : `${entry.replace(/\/$/, '')}/**/*.test.ts`,
);

/**
 * The tests under `src/` and the packages' `src/`, without projects: the mutation run
 * (`stryker.config.mjs`) needs one flat config. Everyday unit runs use the `unit` project of
 * `vitest.config.ts` (`npm run test:unit`), which also holds `scripts/`, the console and `test/`'s static checks.
 */
const { projects: _projects, ...shared } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...shared,
    include: onlyTests ?? ['src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    globalSetup: [],
    ...(underMutation && { testNamePattern: new RegExp(`^(?!.*(?:${slowUnderMutation.join('|')}))`) }),
  },
});
