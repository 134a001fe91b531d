import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { makeCorruptPdf, makeDocx, makeEncryptedPdf, makeImageOnlyPdf, makeTextPdf } from '../../../test/testkit/documents.js';
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

  it('refuses a DOCX that would unpack to more than 20 times the file limit, before inflating it', async () => {
    const bomb = await makeDocx('a'.repeat(400_000));
    expect(bomb.length).toBeLessThan(20_000);
    expect(await refusal(extractDocument(file(bomb, 'bomb.docx'), { maxBytes: 20_000 }))).toMatchObject({
      reason: 'FILE_TOO_LARGE',
      message: expect.stringMatching(/^bomb\.docx unpacks to \d+ bytes; the limit is 400000 \(20 × SUANNI_REVIEW_MAX_FILE_BYTES\)\.$/),
    });
    // The same document under a limit it fits is read in full.
    expect((await extractDocument(file(bomb, 'bomb.docx'), { maxBytes: 40_000 })).text.trim()).toHaveLength(400_000);
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
