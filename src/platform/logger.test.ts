import { describe, expect, it } from 'vitest';
import { logLevelOf } from './logger.js';

describe('logLevelOf', () => {
  it('never hands pino a level it would throw on (the configuration refuses it with a message instead)', () => {
    expect(logLevelOf({ LOG_LEVEL: 'verbose' })).toBe('info');
    expect(logLevelOf({ LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(logLevelOf({ NODE_ENV: 'test' })).toBe('warn');
    expect(logLevelOf({})).toBe('info');
  });
});
