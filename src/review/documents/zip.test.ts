import { describe, expect, it } from 'vitest';
import { lyingDocx, paragraphFloodDocx } from '../../../test/testkit/hostile-documents.js';
import { makeDocx } from '../../../test/testkit/documents.js';
import { storedZip, unpackWithin, ZipProblem, zipEntries } from './zip.js';

const problemOf = (action: () => unknown): ZipProblem => {
  try {
    action();
  } catch (error) {
    if (error instanceof ZipProblem) return error;
    throw error;
  }
  throw new Error('expected a ZipProblem');
};

describe('bounded unzip', () => {
  it('lists the entries of a real DOCX and unpacks them into a stored ZIP that lists the same', async () => {
    const docx = await makeDocx('Payment within 45 days.');
    const entries = zipEntries(docx);
    expect(entries.map((entry) => entry.name)).toContain('word/document.xml');
    const unpacked = unpackWithin(docx, entries, 10_000_000);
    expect(unpacked.map(({ data }) => data.length)).toEqual(entries.map((entry) => entry.declaredSize));
    const stored = storedZip(unpacked);
    const again = zipEntries(stored);
    expect(again.map((entry) => [entry.name, entry.method, entry.declaredSize])).toEqual(
      entries.map((entry) => [entry.name, 0, entry.declaredSize]),
    );
    expect(unpackWithin(stored, again, 10_000_000).map(({ data }) => data)).toEqual(unpacked.map(({ data }) => data));
  });

  it('refuses by the declared sizes first, and by what inflating yields when they lie', () => {
    const flood = paragraphFloodDocx(8);
    expect(problemOf(() => unpackWithin(flood, zipEntries(flood), 1_000_000))).toMatchObject({
      kind: 'TOO_LARGE',
      message: expect.stringMatching(/^declares \d+ bytes unpacked$/),
    });
    const lying = lyingDocx(8);
    const entries = zipEntries(lying);
    expect(entries.reduce((sum, entry) => sum + entry.declaredSize, 0)).toBeLessThan(3_000);
    expect(problemOf(() => unpackWithin(lying, entries, 1_000_000))).toMatchObject({
      kind: 'TOO_LARGE',
      message: 'unpacks to more than 1000000 bytes',
    });
  });

  it('refuses a directory that points outside the file, and an encrypted entry', async () => {
    const docx = Buffer.from(await makeDocx('x'));
    expect(problemOf(() => zipEntries(docx.subarray(0, docx.length - 30))).kind).toBe('CORRUPT');
    const entries = zipEntries(docx);
    expect(problemOf(() => unpackWithin(docx, [{ ...entries[0]!, flags: 1 }], 1_000_000)).kind).toBe('ENCRYPTED');
    expect(problemOf(() => unpackWithin(docx, [{ ...entries[0]!, method: 12 }], 1_000_000)).kind).toBe('CORRUPT');
  });
});
