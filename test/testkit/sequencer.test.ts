import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDir } from '../../src/config.js';
import { SLOW_FILES } from './sequencer.js';

describe('the slow-first order of the test files', () => {
  it('names files that exist (a moved or renamed test would silently lose its place)', () => {
    expect(SLOW_FILES.filter((file) => !existsSync(path.join(projectDir, 'test', file)))).toEqual([]);
    expect(new Set(SLOW_FILES).size).toBe(SLOW_FILES.length);
  });
});
