import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (paths under test/): they wait on child processes, leases
 * and restarts, so the suite's wall time is at least the longest of them, and starting one last would
 * add its whole length at the end. Measured on the 2-core machine (docs/testing.md).
 */
export const SLOW_FILES = [
  'gateway/scale.int.test.ts',
  'faults/redis-outage.int.test.ts',
  'faults/paused-worker.int.test.ts',
  'gateway/start-twice.int.test.ts',
  'gateway/start-failures.int.test.ts',
  'erasure/erasure.int.test.ts',
  'faults/erasure-race.int.test.ts',
  'memory/memory.int.test.ts',
  'review/review.int.test.ts',
  'transport/trusted-documents.int.test.ts',
  'review/jobs.int.test.ts',
  'cli/cli.int.test.ts',
  'console/console.browser.test.ts',
  'transport/subscription-limits.int.test.ts',
  'transport/rate-limits.int.test.ts',
];

/**
 * vitest's order (by the durations of the previous run, else by file size; a fresh clone has no
 * previous run) with {@link SLOW_FILES} moved to the front.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const underTest = path.relative(path.join(this.ctx.config.root, 'test'), file.moduleId).split(path.sep).join('/');
      const index = SLOW_FILES.indexOf(underTest);
      return index === -1 ? SLOW_FILES.length : index;
    };
    // Array.prototype.sort is stable: the rest keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
