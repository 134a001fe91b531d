import type { RetryOptions } from './platform/db/transient.js';
import type { AnyReviewNode } from './review/agent/contract.js';
import type { ReviewNodeName } from './review/agent/graph.js';
import type { ErasureStepName } from './erasure/steps.js';
import type { ChatTurnMessage } from './memory/context-window.js';

/**
 * The one port through which the wiring can be changed for a test: replaced graph nodes, a failing
 * summarizer, fault injections that kill or fail a process at a chosen point, shorter retries. It is
 * composed only in `test/testkit/` (the in-process app, and the entry of the processes the
 * multi-process tests start); the runtime never builds one, and `createDependencies` refuses one in
 * production.
 */
export interface TestOverrides {
  /** Graph nodes replaced by name (a node that fails or waits). */
  reviewNodes?: Partial<Record<ReviewNodeName, AnyReviewNode>>;
  /** Replaces the chat summarizer. */
  chatSummarizer?: (previous: string, trimmed: readonly ChatTurnMessage[]) => Promise<string>;
  reviews?: {
    /** The process exits (as if killed) right after its n-th claim of a review, still holding it. */
    exitAfterClaims?: number;
    /**
     * The process stops itself (SIGSTOP) right after its n-th claim of a review, once that review's
     * RUNNING is published: a worker frozen past its lease, which the test thaws with SIGCONT.
     */
    pauseAfterClaims?: number;
  };
  erasure?: {
    /** The job's first attempt stops dead after this step, as a killed process leaves it. */
    crashAfterStep?: ErasureStepName;
    /** The job's first attempt throws after this step (retries and resumption). */
    failAfterStep?: ErasureStepName;
    /** The process exits after this step (a worker killed mid-erasure). */
    exitAfterStep?: ErasureStepName;
    /** Retries of an erasure job. */
    retry?: Pick<RetryOptions, 'attempts' | 'baseDelayMs' | 'maxDelayMs'>;
  };
}

/** Throws when overrides reach a production process: nothing may change its wiring from outside. */
export function refuseOverridesInProduction(
  environment: 'development' | 'production' | 'test',
  overrides: TestOverrides | undefined,
): void {
  if (environment === 'production' && overrides && Object.values(overrides).some((value) => value !== undefined))
    throw new Error('test overrides (fault injections, replaced nodes) are refused in production');
}
