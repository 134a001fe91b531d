import { describe, expect, it } from 'vitest';
import { refuseOverridesInProduction } from './test-overrides.js';

describe('refuseOverridesInProduction', () => {
  it('refuses any override in production', () => {
    expect(() => refuseOverridesInProduction('production', { reviews: { exitAfterClaims: 1 } })).toThrow(/refused in production/);
    expect(() => refuseOverridesInProduction('production', { erasure: { exitAfterStep: 'facts' } })).toThrow(/refused in production/);
    expect(() => refuseOverridesInProduction('production', { chatSummarizer: async () => '' })).toThrow(/refused in production/);
  });

  it('lets production start without overrides, or with an empty set', () => {
    expect(() => refuseOverridesInProduction('production', undefined)).not.toThrow();
    expect(() => refuseOverridesInProduction('production', {})).not.toThrow();
    expect(() => refuseOverridesInProduction('production', { reviewNodes: undefined })).not.toThrow();
  });

  it('lets development and tests use them', () => {
    expect(() => refuseOverridesInProduction('development', { reviews: { exitAfterClaims: 3 } })).not.toThrow();
    expect(() => refuseOverridesInProduction('test', { erasure: { crashAfterStep: 'facts' } })).not.toThrow();
  });
});
