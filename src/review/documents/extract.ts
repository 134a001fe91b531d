import { AppError } from '../../platform/errors.js';
import { createLogger } from '../../platform/logger.js';

const log = createLogger('documents');

/** An uploaded file as the web platform describes it (a `File`); nothing here knows the transport. */
export interface UploadedDocument {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type DocumentKind = 'PDF' | 'DOCX' | 'TEXT';

export interface ExtractedDocument {
  kind: DocumentKind;
  /** The text every evidence offset of the review refers to. */
  text: string;
  pages?: number;
}

/** Why a file cannot become contract text; the reason goes to `extensions.reason`. */
export type DocumentProblem =
  | 'FILE_TOO_LARGE'
  | 'TEXT_TOO_LARGE'
  | 'UNSUPPORTED_FILE_TYPE'
  | 'CORRUPT_FILE'
  | 'ENCRYPTED_FILE'
  | 'NO_TEXT_LAYER'
  | 'EMPTY_FILE';

const problem = (reason: DocumentProblem, message: string, field: string) => new AppError('BAD_USER_INPUT', message, { field, reason });

const PDF_MAGIC = '%PDF-';
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** OLE compound file: a password-protected DOCX (or a legacy .doc) is wrapped in one. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const TEXT_EXTENSIONS = new Set(['txt', 'text', 'md', 'markdown']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);
/** PDF readers accept the header anywhere in the first 1,024 bytes. */
const hasPdfHeader = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).toString('latin1').includes(PDF_MAGIC);
const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The kind a file is, from its content first (the name and declared type are the sender's claim):
 * a PDF header, a ZIP named or typed as DOCX, or a name or type that says plain text or Markdown.
 */
export function documentKind(name: string, type: string, bytes: Uint8Array, field = 'file'): DocumentKind {
  const extension = extensionOf(name);
  const mediaType = type.split(';')[0]!.trim().toLowerCase();
  if (hasPdfHeader(bytes)) return 'PDF';
  if (extension === 'pdf' || mediaType === 'application/pdf')
    throw problem('CORRUPT_FILE', `${name} is not a readable PDF: it has no %PDF header (corrupt or not a PDF).`, field);
  const claimsDocx = extension === 'docx' || mediaType === DOCX_TYPE;
  if (startsWith(bytes, OLE_MAGIC)) {
    throw claimsDocx
      ? problem(
          'ENCRYPTED_FILE',
          `${name} is a password-protected (encrypted) Word document; remove the password and upload it again.`,
          field,
        )
      : problem('UNSUPPORTED_FILE_TYPE', `${name} is a legacy Office file (.doc, .xls); save it as DOCX or PDF.`, field);
  }
  if (startsWith(bytes, ZIP_MAGIC) && claimsDocx) return 'DOCX';
  if (claimsDocx) throw problem('CORRUPT_FILE', `${name} is not a readable DOCX: it is not a ZIP package (corrupt or not a DOCX).`, field);
  if (TEXT_EXTENSIONS.has(extension) || TEXT_TYPES.has(mediaType)) return 'TEXT';
  throw problem(
    'UNSUPPORTED_FILE_TYPE',
    `${name || 'The file'} has an unsupported type (${mediaType || 'no type'}${extension ? `, .${extension}` : ''}); upload PDF, DOCX, TXT or Markdown.`,
    field,
  );
}

/** Lines as a reader sees them: pdf.js items joined, an end-of-line item closing its line. */
const textTooLarge = (name: string, maxTextBytes: number, field: string) =>
  problem('TEXT_TOO_LARGE', `${name} holds more than ${maxTextBytes} bytes of text; the limit is SUANNI_REVIEW_MAX_TEXT_BYTES.`, field);

async function pdfText(name: string, bytes: Uint8Array, field: string, maxTextBytes: number): Promise<{ text: string; pages: number }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // No eval, no fonts loaded: text extraction needs neither, and nothing is fetched.
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    const kind = (error as { name?: string }).name;
    if (kind === 'PasswordException')
      throw problem('ENCRYPTED_FILE', `${name} is an encrypted PDF that needs a password; remove the password and upload it again.`, field);
    log.debug({ err: error }, 'pdf could not be opened');
    throw problem('CORRUPT_FILE', `${name} is not a readable PDF (corrupt or truncated: ${(error as Error).message}).`, field);
  }
  try {
    const pages: string[] = [];
    let extractedBytes = 0;
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(text.replace(/[ \t]+\n/g, '\n').trimEnd());
      page.cleanup();
      // A PDF of thousands of pages stops here, not after all of them.
      extractedBytes += Buffer.byteLength(pages.at(-1)!, 'utf8');
      if (extractedBytes > maxTextBytes) throw textTooLarge(name, maxTextBytes, field);
    }
    return { text: pages.join('\n\n'), pages: document.numPages };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw problem('CORRUPT_FILE', `${name} is a damaged PDF: ${(error as Error).message}.`, field);
  } finally {
    await document.destroy();
  }
}

/** How much a DOCX may unpack to, per byte of the file: real documents stay far below (XML compresses about 10:1). */
export const DOCX_UNPACK_RATIO = 20;

/**
 * The sizes a ZIP declares for its entries once unpacked, summed from its central directory
 * (read, not inflated); Infinity for ZIP64 sizes; null when there is no readable directory.
 */
export function declaredUnpackedBytes(bytes: Uint8Array): number | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const searchFrom = Math.max(0, view.length - 22 - 0xffff);
  let end = -1;
  for (let offset = view.length - 22; offset >= searchFrom; offset--) {
    if (view.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.readUInt16LE(end + 10);
  let offset = view.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > view.length || view.readUInt32LE(offset) !== 0x02014b50) return null;
    const size = view.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    offset += 46 + view.readUInt16LE(offset + 28) + view.readUInt16LE(offset + 30) + view.readUInt16LE(offset + 32);
  }
  return total;
}

async function docxText(name: string, bytes: Uint8Array, field: string, maxBytes: number): Promise<string> {
  // A small ZIP can unpack to gigabytes (a "zip bomb"): refused from its directory before inflating anything.
  const unpacked = declaredUnpackedBytes(bytes);
  if (unpacked === null) throw problem('CORRUPT_FILE', `${name} is not a readable DOCX (its ZIP directory is damaged).`, field);
  const unpackLimit = maxBytes * DOCX_UNPACK_RATIO;
  if (unpacked > unpackLimit)
    throw problem(
      'FILE_TOO_LARGE',
      `${name} unpacks to ${unpacked} bytes; the limit is ${unpackLimit} (${DOCX_UNPACK_RATIO} × SUANNI_REVIEW_MAX_FILE_BYTES).`,
      field,
    );
  const mammoth = (await import('mammoth')).default;
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return result.value;
  } catch (error) {
    log.debug({ err: error }, 'docx could not be read');
    throw problem('CORRUPT_FILE', `${name} is not a readable DOCX (corrupt or not a Word document).`, field);
  }
}

function plainText(name: string, bytes: Uint8Array, field: string): string {
  try {
    // A byte-order mark is not part of the contract; offsets start after it.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw problem('CORRUPT_FILE', `${name} is not UTF-8 text; save it as UTF-8 and upload it again.`, field);
  }
}

/** Line endings and non-breaking spaces as the review's rules expect them; offsets refer to this form. */
const normalise = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ');

/**
 * The contract text of an uploaded file: PDF (its text layer), DOCX (its paragraphs), TXT or
 * Markdown (UTF-8). A file over `maxBytes` or with more than `maxTextBytes` of text, of another
 * type, encrypted, corrupt, or with no text (a scanned PDF) is BAD_USER_INPUT with `details.reason` and a message naming the file and problem.
 */
export async function extractDocument(
  file: UploadedDocument,
  options: { maxBytes: number; maxTextBytes?: number; field?: string },
): Promise<ExtractedDocument> {
  const maxTextBytes = options.maxTextBytes ?? Infinity;
  const field = options.field ?? 'file';
  const name = file.name || 'The file';
  if (file.size > options.maxBytes) {
    throw problem(
      'FILE_TOO_LARGE',
      `${name} is ${file.size} bytes; the limit is ${options.maxBytes} bytes (SUANNI_REVIEW_MAX_FILE_BYTES).`,
      field,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) throw problem('EMPTY_FILE', `${name} is empty.`, field);
  const kind = documentKind(file.name, file.type, bytes, field);
  let text: string;
  let pages: number | undefined;
  if (kind === 'PDF') ({ text, pages } = await pdfText(name, bytes, field, maxTextBytes));
  else if (kind === 'DOCX') text = await docxText(name, bytes, field, options.maxBytes);
  else text = plainText(name, bytes, field);
  text = normalise(text);
  if (Buffer.byteLength(text, 'utf8') > maxTextBytes) throw textTooLarge(name, maxTextBytes, field);
  if (!text.trim()) {
    throw kind === 'PDF'
      ? problem('NO_TEXT_LAYER', `${name} has no text layer (a scanned or image-only PDF); run OCR on it or upload the text.`, field)
      : problem('EMPTY_FILE', `${name} contains no text.`, field);
  }
  return { kind, text, ...(pages === undefined ? {} : { pages }) };
}
