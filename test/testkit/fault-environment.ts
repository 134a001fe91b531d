import { ERASURE_STEPS, type ErasureStepName } from '../../src/erasure/steps.js';
import type { TestOverrides } from '../../src/test-overrides.js';

/**
 * Fault injections for the processes the multi-process tests start (test/testkit/server-process.ts),
 * given as environment variables because they cross a process boundary. They are the testkit's: the
 * gateway's configuration does not know them (an unknown `SUANNI_*` variable would stop its start).
 */
export const FAULT_VARIABLES = {
  /** The worker kills itself (SIGKILL) right after claiming its Nth review, holding it. */
  reviewExitAfterClaims: 'TEST_FAULT_REVIEW_EXIT_AFTER_CLAIMS',
  /** The worker stops itself (SIGSTOP) right after claiming its Nth review and publishing its RUNNING. */
  reviewPauseAfterClaims: 'TEST_FAULT_REVIEW_PAUSE_AFTER_CLAIMS',
  /** The worker kills itself (SIGKILL) after this erasure step on an erasure's first attempt. */
  erasureExitAfterStep: 'TEST_FAULT_ERASURE_EXIT_AFTER_STEP',
} as const;

const isErasureStep = (name: string): name is ErasureStepName => (ERASURE_STEPS as readonly string[]).includes(name);

/** The overrides the fault variables ask for; throws on a value that names nothing, and in production. */
export function faultOverrides(env: Readonly<Record<string, string | undefined>>): TestOverrides {
  const claims = env[FAULT_VARIABLES.reviewExitAfterClaims];
  const pause = env[FAULT_VARIABLES.reviewPauseAfterClaims];
  const step = env[FAULT_VARIABLES.erasureExitAfterStep];
  if ((claims !== undefined || pause !== undefined || step !== undefined) && env.NODE_ENV === 'production')
    throw new Error('fault injections are refused in production');
  const overrides: TestOverrides = {};
  const claimCount = (variable: string, value: string) => {
    if (!/^[1-9]\d*$/.test(value)) throw new Error(`${variable}: must be a whole number of claims, 1 or more`);
    return Number(value);
  };
  if (claims !== undefined) overrides.reviews = { exitAfterClaims: claimCount(FAULT_VARIABLES.reviewExitAfterClaims, claims) };
  if (pause !== undefined)
    overrides.reviews = { ...overrides.reviews, pauseAfterClaims: claimCount(FAULT_VARIABLES.reviewPauseAfterClaims, pause) };
  if (step !== undefined) {
    if (!isErasureStep(step)) throw new Error(`${FAULT_VARIABLES.erasureExitAfterStep}: must be one of ${ERASURE_STEPS.join(', ')}`);
    overrides.erasure = { exitAfterStep: step };
  }
  return overrides;
}
