import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first: they wait on child processes, leases and restarts, so the
 * suite's wall time is at least the longest of them, and starting one last would add its whole length
 * at the end. Measured on the 2-core machine (docs/testing.md); names, not paths, so a move between
 * folders keeps them.
 */
export const SLOW_FILES = [
  'scale.int.test.ts',
  'paused-worker.int.test.ts',
  'start-twice.int.test.ts',
  'start-failures.int.test.ts',
  'erasure.int.test.ts',
  'erasure-race.int.test.ts',
  'memory.int.test.ts',
  'review.int.test.ts',
  'trusted-documents.int.test.ts',
  'review-jobs.int.test.ts',
  'cli.int.test.ts',
  'console.browser.test.ts',
  'transport.int.test.ts',
  'rate-limits.int.test.ts',
];

/**
 * vitest's order (by the durations of the previous run, else by file size; a fresh clone has no
 * previous run) with {@link SLOW_FILES} moved to the front.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.indexOf(path.basename(file.moduleId));
      return index === -1 ? SLOW_FILES.length : index;
    };
    // Array.prototype.sort is stable: the rest keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
