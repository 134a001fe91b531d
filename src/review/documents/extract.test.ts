import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { makeCorruptPdf, makeDocx, makeEncryptedPdf, makeImageOnlyPdf, makeTextPdf } from '../../../test/testkit/documents.js';
import { decompressionBombPdf, lyingDocx, manyPagesPdf, paragraphFloodDocx } from '../../../test/testkit/hostile-documents.js';
import { documentKind, extractDocument } from './extract.js';

const file = (bytes: Uint8Array | string, name: string, type = '') =>
  new File([typeof bytes === 'string' ? bytes : Buffer.from(bytes)], name, { type });
const limits = { maxBytes: 1_000_000 };

/** The BAD_USER_INPUT an extraction throws, as { reason, message }. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; reason: unknown; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, reason: error.details.reason, message: error.message };
  }
  throw new Error('expected a refusal');
}

describe('contract file extraction', () => {
  it('reads the text layer of a PDF, line by line', async () => {
    const pdf = await makeTextPdf('Payment within 45 days.\nGoverning law: New York.');
    const extracted = await extractDocument(file(pdf, 'a.pdf', 'application/pdf'), limits);
    expect(extracted).toEqual({ kind: 'PDF', text: 'Payment within 45 days.\nGoverning law: New York.', pages: 1 });
  });

  it('opens a password-protected PDF with its password (the fixture is really encrypted) and refuses it without one', async () => {
    const pdf = makeEncryptedPdf('Secret terms 12%.');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const opened = await getDocument({ data: pdf.slice(), password: 'secret', verbosity: 0 }).promise;
    const content = await (await opened.getPage(1)).getTextContent();
    expect(content.items.map((item) => ('str' in item ? item.str : '')).join('')).toBe('Secret terms 12%.');
    await opened.destroy();
    expect(await refusal(extractDocument(file(pdf, 'locked.pdf'), limits))).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'ENCRYPTED_FILE',
      message: 'locked.pdf is an encrypted PDF that needs a password; remove the password and upload it again.',
    });
  });

  it('refuses a PDF without a text layer, a corrupt PDF and a file that only claims to be one', async () => {
    expect(await refusal(extractDocument(file(await makeImageOnlyPdf(), 'scan.pdf'), limits))).toMatchObject({
      reason: 'NO_TEXT_LAYER',
      message: expect.stringContaining('scan.pdf has no text layer'),
    });
    expect(await refusal(extractDocument(file(await makeCorruptPdf(), 'broken.pdf'), limits))).toMatchObject({
      reason: 'CORRUPT_FILE',
      message: expect.stringContaining('broken.pdf is not a readable PDF'),
    });
    expect(await refusal(extractDocument(file('just words', 'fake.pdf'), limits))).toMatchObject({
      reason: 'CORRUPT_FILE',
      message: expect.stringContaining('no %PDF header'),
    });
  });

  it('reads the paragraphs of a DOCX and refuses a corrupt one', async () => {
    const docx = await makeDocx('SUPPLY AGREEMENT\nPayment within 45 days.');
    expect(await extractDocument(file(docx, 'c.docx'), limits)).toEqual({
      kind: 'DOCX',
      text: 'SUPPLY AGREEMENT\n\nPayment within 45 days.\n\n',
    });
    const broken = Buffer.from(docx.subarray(0, 200));
    expect(await refusal(extractDocument(file(broken, 'c.docx'), limits))).toMatchObject({
      reason: 'CORRUPT_FILE',
      message: expect.stringContaining('c.docx is not a readable DOCX'),
    });
    const ole = Buffer.from(`d0cf11e0a1b11ae1${'00'.repeat(64)}`, 'hex');
    expect(await refusal(extractDocument(file(ole, 'locked.docx'), limits))).toMatchObject({ reason: 'ENCRYPTED_FILE' });
  });

  it('refuses a DOCX that unpacks to more than 20 times its own size, whether its headers say so or lie', async () => {
    // Honest sizes: 150 MiB of tiny paragraphs in 465 KB; refused from its directory, before inflating.
    const flood = paragraphFloodDocx(150);
    expect(flood.length).toBeLessThan(500_000);
    expect(await refusal(extractDocument(file(flood, 'flood.docx'), { maxBytes: 10_000_000 }))).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'UNPACKED_TOO_LARGE',
      message: expect.stringMatching(/^flood\.docx unpacks to more than \d+ bytes \(20 times its \d+ bytes\); it was not read further/),
    });
    // Declared 1 KB, inflates to 64 MiB: counted while inflating, stopped at the budget.
    const lying = lyingDocx(64);
    expect(await refusal(extractDocument(file(lying, 'lying.docx'), { maxBytes: 10_000_000 }))).toMatchObject({
      reason: 'UNPACKED_TOO_LARGE',
    });
  });

  it('refuses a PDF whose streams inflate to more than 40 times its size, even with a wrong checksum', async () => {
    const bomb = decompressionBombPdf(64);
    expect(await refusal(extractDocument(file(bomb, 'bomb.pdf'), { maxBytes: 10_000_000 }))).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'UNPACKED_TOO_LARGE',
      message: expect.stringMatching(/^bomb\.pdf has streams that inflate to more than 4194304 bytes \(40 times its \d+ bytes\)/),
    });
  });

  it('refuses a PDF with more pages than its size allows, or than SUANNI_REVIEW_MAX_PAGES, before reading a page', async () => {
    expect(await refusal(extractDocument(file(manyPagesPdf(10_000), 'pages.pdf'), { maxBytes: 10_000_000 }))).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'TOO_MANY_PAGES',
      message: expect.stringMatching(/^pages\.pdf has 10000 pages; a PDF of \d+ bytes may have at most \d+ \(one per 512 bytes/),
    });
    // Padded, 200 pages are in proportion; the operator's limit still applies.
    const padded = manyPagesPdf(200, 200_000);
    expect(await refusal(extractDocument(file(padded, 'padded.pdf'), { maxBytes: 10_000_000, maxPages: 100 }))).toMatchObject({
      reason: 'TOO_MANY_PAGES',
    });
    expect((await extractDocument(file(padded, 'padded.pdf'), { maxBytes: 10_000_000, maxPages: 1_000 })).pages).toBe(200);
  });

  it('refuses more text than 16 times the file (OUTPUT_TOO_LARGE), or than the text limit when that is lower', async () => {
    const dense = await makeDocx('a'.repeat(400_000));
    expect(dense.length).toBeLessThan(20_000);
    expect(await refusal(extractDocument(file(dense, 'dense.docx'), { maxBytes: 1_000_000, maxTextBytes: 1_000_000 }))).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'OUTPUT_TOO_LARGE',
      message: expect.stringMatching(/^dense\.docx yields more than 262144 bytes of text, over 16 times its \d+ bytes/),
    });
    expect(await refusal(extractDocument(file(dense, 'dense.docx'), { maxBytes: 1_000_000, maxTextBytes: 200_000 }))).toMatchObject({
      reason: 'TEXT_TOO_LARGE',
    });
  });

  it('refuses a file whose text passes the text limit (a PDF is checked page by page)', async () => {
    const pdf = await makeTextPdf(Array.from({ length: 400 }, (_, index) => `Clause ${index}: payment within 30 days.`).join('\n'));
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const opened = await getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
    expect(opened.numPages).toBe(7);
    await opened.destroy();
    expect(await refusal(extractDocument(file(pdf, 'long.pdf'), { maxBytes: 1_000_000, maxTextBytes: 2_000 }))).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'TEXT_TOO_LARGE',
      message: 'long.pdf holds more than 2000 bytes of text; the limit is SUANNI_REVIEW_MAX_TEXT_BYTES.',
    });
    expect(await refusal(extractDocument(file('x'.repeat(2_001), 'long.txt'), { maxBytes: 1_000_000, maxTextBytes: 2_000 }))).toMatchObject(
      { reason: 'TEXT_TOO_LARGE' },
    );
  });

  it('reads TXT and Markdown as UTF-8, without a byte-order mark and with \\n line ends', async () => {
    expect(await extractDocument(file('\ufeffLine one\r\nLine\u00a0two', 'c.txt'), limits)).toEqual({
      kind: 'TEXT',
      text: 'Line one\nLine two',
    });
    expect((await extractDocument(file('# Terms', 'c.md'), limits)).kind).toBe('TEXT');
    expect(await refusal(extractDocument(file(Buffer.from([0x66, 0xff, 0xfe]), 'c.txt'), limits))).toMatchObject({
      reason: 'CORRUPT_FILE',
      message: 'c.txt is not UTF-8 text; save it as UTF-8 and upload it again.',
    });
  });

  it('refuses an unknown type, an empty file and an oversized one before reading it', async () => {
    expect(await refusal(extractDocument(file(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'photo.png', 'image/png'), limits))).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'UNSUPPORTED_FILE_TYPE',
      message: 'photo.png has an unsupported type (image/png, .png); upload PDF, DOCX, TXT or Markdown.',
    });
    expect(await refusal(extractDocument(file('', 'c.txt'), limits))).toMatchObject({ reason: 'EMPTY_FILE' });
    expect(await refusal(extractDocument(file('x'.repeat(101), 'c.txt'), { maxBytes: 100 }))).toMatchObject({
      reason: 'FILE_TOO_LARGE',
      message: 'c.txt is 101 bytes; the limit is 100 bytes (SUANNI_REVIEW_MAX_FILE_BYTES).',
    });
  });

  it('decides the kind from the content before the name', () => {
    expect(documentKind('contract.txt', 'text/plain', new TextEncoder().encode('%PDF-1.7\n'))).toBe('PDF');
    expect(documentKind('contract.pdf', 'application/pdf', new TextEncoder().encode('junk\n%PDF-1.4\n'))).toBe('PDF');
    expect(() => documentKind('contract', '', new TextEncoder().encode('plain words'))).toThrow(
      'contract has an unsupported type (no type)',
    );
  });
});
