import { describe, expect, it } from 'vitest';
import { ERASURE_STEPS, erasureStepSetting } from './steps.js';

describe('erasureStepSetting', () => {
  it('returns the step a setting names, and nothing when it is unset', () => {
    expect(erasureStepSetting('SUANNI_FAULT_ERASURE_EXIT_AFTER_STEP', 'facts')).toBe('facts');
    expect(ERASURE_STEPS.map((step) => erasureStepSetting('X', step))).toEqual([...ERASURE_STEPS]);
    expect(erasureStepSetting('SUANNI_FAULT_ERASURE_EXIT_AFTER_STEP', undefined)).toBeUndefined();
  });

  it('refuses a name that is no step, naming the variable and every step', () => {
    expect(() => erasureStepSetting('SUANNI_FAULT_ERASURE_EXIT_AFTER_STEP', 'Facts')).toThrow(
      `invalid configuration:\n  SUANNI_FAULT_ERASURE_EXIT_AFTER_STEP: must be one of ${ERASURE_STEPS.join(', ')}`,
    );
    expect(() => erasureStepSetting('SUANNI_FAULT_ERASURE_EXIT_AFTER_STEP', 'facts ')).toThrow(/must be one of tombstone, inventory/);
  });
});
