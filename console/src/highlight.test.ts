import { describe, expect, it } from 'vitest';
import { evidenceRuns } from './highlight';

describe('evidenceRuns', () => {
  it('marks each span and keeps the text whole', () => {
    const runs = evidenceRuns('abcdefghij', [
      { start: 2, end: 4, finding: 0 },
      { start: 6, end: 9, finding: 1 },
    ]);
    expect(runs).toEqual([
      { text: 'ab', start: 0, findings: [] },
      { text: 'cd', start: 2, findings: [0] },
      { text: 'ef', start: 4, findings: [] },
      { text: 'ghi', start: 6, findings: [1] },
      { text: 'j', start: 9, findings: [] },
    ]);
    expect(runs.map((run) => run.text).join('')).toBe('abcdefghij');
  });

  it('splits overlapping spans into runs marked by every finding covering them', () => {
    const runs = evidenceRuns('abcdef', [
      { start: 1, end: 4, finding: 0 },
      { start: 3, end: 6, finding: 1 },
    ]);
    expect(runs).toEqual([
      { text: 'a', start: 0, findings: [] },
      { text: 'bc', start: 1, findings: [0] },
      { text: 'd', start: 3, findings: [0, 1] },
      { text: 'ef', start: 4, findings: [1] },
    ]);
  });

  it('ignores empty or out-of-range spans and clips spans past the end', () => {
    const runs = evidenceRuns('abc', [
      { start: 2, end: 2, finding: 0 },
      { start: 5, end: 7, finding: 1 },
      { start: 1, end: 10, finding: 2 },
    ]);
    expect(runs).toEqual([
      { text: 'a', start: 0, findings: [] },
      { text: 'bc', start: 1, findings: [2] },
    ]);
  });
});
