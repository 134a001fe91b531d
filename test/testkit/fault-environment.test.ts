import { describe, expect, it } from 'vitest';
import { ERASURE_STEPS } from '../../src/erasure/steps.js';
import { FAULT_VARIABLES, faultOverrides } from './fault-environment.js';

describe('fault injections of the multi-process tests', () => {
  it('asks for nothing when no fault variable is set', () => {
    expect(faultOverrides({ NODE_ENV: 'development' })).toEqual({});
  });

  it('reads the claim counts and the erasure step into overrides', () => {
    expect(faultOverrides({ [FAULT_VARIABLES.reviewPauseAfterClaims]: '2' })).toEqual({ reviews: { pauseAfterClaims: 2 } });
    expect(faultOverrides({ [FAULT_VARIABLES.reviewExitAfterClaims]: '3', [FAULT_VARIABLES.erasureExitAfterStep]: 'facts' })).toEqual({
      reviews: { exitAfterClaims: 3 },
      erasure: { exitAfterStep: 'facts' },
    });
    for (const step of ERASURE_STEPS)
      expect(faultOverrides({ [FAULT_VARIABLES.erasureExitAfterStep]: step }).erasure?.exitAfterStep).toBe(step);
  });

  it('refuses values that name nothing, naming the variable', () => {
    for (const claims of ['0', '1.5', '-2', 'three', '']) {
      expect(() => faultOverrides({ [FAULT_VARIABLES.reviewExitAfterClaims]: claims })).toThrow(/TEST_FAULT_REVIEW_EXIT_AFTER_CLAIMS/);
      expect(() => faultOverrides({ [FAULT_VARIABLES.reviewPauseAfterClaims]: claims })).toThrow(/TEST_FAULT_REVIEW_PAUSE_AFTER_CLAIMS/);
    }
    for (const step of ['Facts', 'facts ', 'no-such-step'])
      expect(() => faultOverrides({ [FAULT_VARIABLES.erasureExitAfterStep]: step })).toThrow(
        `TEST_FAULT_ERASURE_EXIT_AFTER_STEP: must be one of ${ERASURE_STEPS.join(', ')}`,
      );
  });

  it('refuses any fault in production', () => {
    expect(() => faultOverrides({ NODE_ENV: 'production', [FAULT_VARIABLES.reviewExitAfterClaims]: '3' })).toThrow(/refused in production/);
    expect(() => faultOverrides({ NODE_ENV: 'production', [FAULT_VARIABLES.reviewPauseAfterClaims]: '3' })).toThrow(
      /refused in production/,
    );
    expect(() => faultOverrides({ NODE_ENV: 'production', [FAULT_VARIABLES.erasureExitAfterStep]: 'facts' })).toThrow(
      /refused in production/,
    );
    expect(faultOverrides({ NODE_ENV: 'production' })).toEqual({});
  });
});
