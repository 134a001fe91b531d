import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { makeDocx, makeTextPdf } from '../../../test/testkit/documents.js';
import { manyPagesPdf, paragraphFloodDocx } from '../../../test/testkit/hostile-documents.js';
import { DocumentExtractor, type ExtractorOptions } from './extractor.js';

const limits = { maxBytes: 10_000_000, maxTextBytes: 1_000_000, field: 'input.file' };
const file = (bytes: Uint8Array | string, name: string) => new File([typeof bytes === 'string' ? bytes : Buffer.from(bytes)], name);
const alive = (pid: number) => existsSync(`/proc/${pid}`);

/** The refusal an extraction ends with: code and reason. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; reason?: unknown; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, reason: error.details.reason, message: error.message };
  }
  throw new Error('expected a refusal');
}

describe('reading files in extraction processes', () => {
  let extractor: DocumentExtractor | undefined;
  const start = (options: Partial<ExtractorOptions> = {}) => {
    extractor = new DocumentExtractor({ processes: 1, memoryMb: 512, timeoutMs: 60_000, ...options });
    return extractor;
  };
  afterEach(() => extractor?.close());

  it('reads PDF and DOCX in a child process and text on this thread, with the same results as on this thread', async () => {
    const pool = start();
    const pdf = await pool.extract(file(await makeTextPdf('Payment within 45 days.'), 'a.pdf'), limits);
    expect(pdf).toEqual({ kind: 'PDF', text: 'Payment within 45 days.', pages: 1 });
    expect(pool.processIds).toHaveLength(1);
    const [pid] = pool.processIds;
    expect(pid).not.toBe(process.pid);
    expect(await pool.extract(file(await makeDocx('Governing law: New York.'), 'b.docx'), limits)).toEqual({
      kind: 'DOCX',
      text: 'Governing law: New York.\n\n',
    });
    expect(await pool.extract(file('Plain terms.', 'c.txt'), limits)).toEqual({ kind: 'TEXT', text: 'Plain terms.' });
    // The same process read both files: it stays warm between them.
    expect(pool.processIds).toEqual([pid]);
    expect(await refusal(pool.extract(file(manyPagesPdf(5_000), 'd.pdf'), limits))).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'TOO_MANY_PAGES',
    });
  });

  it('stops a file past its deadline by killing its process, and reads the next file in a fresh one', async () => {
    const pool = start({ timeoutMs: 500 });
    // 2,000 pages (padded so they are in proportion) take seconds to read.
    const slow = pool.extract(file(manyPagesPdf(2_000, 1_100_000), 'slow.pdf'), limits);
    const reading = await waitForProcess(pool);
    expect(await refusal(slow)).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'DEADLINE',
      message: 'slow.pdf took longer than 0.5 s to read and was stopped (SUANNI_EXTRACT_TIMEOUT_SECONDS).',
    });
    await waitUntil(() => !alive(reading));
    expect((await pool.extract(file(await makeTextPdf('Next.'), 'next.pdf'), limits)).text).toBe('Next.');
    expect(pool.processIds).not.toContain(reading);
  });

  it('stops a file that needs more memory than the limit by killing its process (MEMORY)', async () => {
    const pool = start({ memoryMb: 256 });
    // 6 MiB of tiny paragraphs, padded to be in proportion: within every cap of the file, but
    // parsing it takes gigabytes.
    const heavy = paragraphFloodDocx(6, 400_000);
    const reading = pool.extract(file(heavy, 'heavy.docx'), limits);
    const pid = await waitForProcess(pool);
    expect(await refusal(reading)).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'MEMORY',
      message: 'heavy.docx needed more than 256 MB to read and was stopped (SUANNI_EXTRACT_MEMORY_MB).',
    });
    await waitUntil(() => !alive(pid));
  });

  it('fails files in flight and waiting with UNAVAILABLE when closed, and leaves no process behind', async () => {
    const pool = start();
    const waitingPdf = await makeTextPdf('Waiting.');
    const slow = refusal(pool.extract(file(manyPagesPdf(2_000, 1_100_000), 'slow.pdf'), limits));
    const waiting = refusal(pool.extract(file(waitingPdf, 'waiting.pdf'), limits));
    const pid = await waitForProcess(pool);
    await pool.close();
    expect(await slow).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await waiting).toMatchObject({ code: 'UNAVAILABLE' });
    expect(alive(pid)).toBe(false);
    expect(await refusal(pool.extract(file(await makeTextPdf('Late.'), 'late.pdf'), limits))).toMatchObject({ code: 'UNAVAILABLE' });
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function waitForProcess(pool: DocumentExtractor): Promise<number> {
  await waitUntil(() => pool.processIds.length > 0);
  return pool.processIds[0]!;
}
