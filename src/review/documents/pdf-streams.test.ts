import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decompressionBombPdf, manyPagesPdf } from '../../../test/testkit/hostile-documents.js';
import { makeTextPdf } from '../../../test/testkit/documents.js';
import { flateStreamsWithin, inflatedBytes } from './pdf-streams.js';

describe('the inflated size of a PDF', () => {
  it('passes real PDFs well within 40 times their size', async () => {
    const pdf = await makeTextPdf(Array.from({ length: 300 }, (_, index) => `Clause ${index}: payment within 30 days.`).join('\n'));
    expect(await flateStreamsWithin(pdf, 40 * pdf.length)).toBe(true);
    const pages = manyPagesPdf(100);
    expect(await flateStreamsWithin(pages, pages.length)).toBe(true);
  });

  it('stops a bomb at the budget, and counts a stream with a wrong checksum or cut short', async () => {
    const bomb = decompressionBombPdf(32);
    expect(await flateStreamsWithin(bomb, 16 * 1024 * 1024)).toBe(false);
    expect(await flateStreamsWithin(bomb, 40 * 1024 * 1024)).toBe(true);
    // Cut in the middle of its stream (and so no endstream): still counted up to where it breaks.
    const cut = bomb.subarray(0, Math.floor(bomb.length / 2));
    expect(await flateStreamsWithin(cut, 8 * 1024 * 1024)).toBe(false);
  });

  it('counts what a stream damaged part-way through inflates to before it breaks (pdf.js keeps that much)', async () => {
    const MiB = 1024 * 1024;
    const data = Buffer.from(deflateSync(Buffer.alloc(16 * MiB, 0x20), { level: 1 }));
    expect(await inflatedBytes(data, 100 * MiB)).toBe(16 * MiB);
    // The second half is garbage: inflating fails there, after several MiB that still count.
    data.fill(0xff, Math.floor(data.length / 2));
    await expect(import('node:zlib').then(({ inflateSync }) => inflateSync(data))).rejects.toThrow();
    expect(await inflatedBytes(data, 100 * MiB)).toBeGreaterThan(4 * MiB);
  });
});
