import { AppError } from '../../platform/errors.js';
import { createLogger } from '../../platform/logger.js';
import { flateStreamsWithin } from './pdf-streams.js';
import { storedZip, unpackWithin, ZipProblem, zipEntries } from './zip.js';

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
  /** More text than the file's size allows ({@link TEXT_RATIO}), below SUANNI_REVIEW_MAX_TEXT_BYTES. */
  | 'OUTPUT_TOO_LARGE'
  /** A PDF with more pages than its size allows, or than SUANNI_REVIEW_MAX_PAGES. */
  | 'TOO_MANY_PAGES'
  /** A DOCX whose parts unpack (or declare they unpack) to more than its size allows. */
  | 'UNPACKED_TOO_LARGE'
  /** Reading took longer than SUANNI_EXTRACT_TIMEOUT_SECONDS. */
  | 'DEADLINE'
  /** Reading needed more memory than SUANNI_EXTRACT_MEMORY_MB. */
  | 'MEMORY'
  | 'UNSUPPORTED_FILE_TYPE'
  | 'CORRUPT_FILE'
  | 'ENCRYPTED_FILE'
  | 'NO_TEXT_LAYER'
  | 'EMPTY_FILE';

/** A file that cannot become contract text: BAD_USER_INPUT with `field` and `reason`. */
export const documentProblem = (reason: DocumentProblem, message: string, field: string) =>
  new AppError('BAD_USER_INPUT', message, { field, reason });
const problem = documentProblem;

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

const textTooLarge = (name: string, maxTextBytes: number, field: string) =>
  problem('TEXT_TOO_LARGE', `${name} holds more than ${maxTextBytes} bytes of text; the limit is SUANNI_REVIEW_MAX_TEXT_BYTES.`, field);

/** How much a DOCX may unpack to, per byte of the file: real documents stay far below (their XML compresses about 4-10:1). */
export const DOCX_UNPACK_RATIO = 20;
/** What any DOCX may unpack to, however small the file. */
export const DOCX_UNPACK_FLOOR = 2 * 1024 * 1024;
/** How much a PDF's FlateDecode streams (other than images and attachments) may inflate to, per byte of the file. */
export const PDF_UNPACK_RATIO = 40;
/** What any PDF's streams may inflate to, however small the file. */
export const PDF_UNPACK_FLOOR = 4 * 1024 * 1024;
/** Text a file may yield per byte of the file: PDF and DOCX of real contracts yield about 1.5 to 3. */
export const TEXT_RATIO = 16;
/** Text any file may yield, however small (still within SUANNI_REVIEW_MAX_TEXT_BYTES). */
export const TEXT_FLOOR = 256 * 1024;
/** A PDF may have one page per this many bytes of file (a real page of text takes several KB). */
export const PDF_BYTES_PER_PAGE = 512;
/** Pages any PDF may have, however small. */
export const PDF_PAGES_FLOOR = 16;

/** Limits of one extraction: the operator's settings; the caps of each file follow from its size ({@link fileCaps}). */
export interface ExtractionLimits {
  /** SUANNI_REVIEW_MAX_FILE_BYTES: the file itself. */
  maxBytes: number;
  /** SUANNI_REVIEW_MAX_TEXT_BYTES: the text extracted. */
  maxTextBytes?: number;
  /** SUANNI_REVIEW_MAX_PAGES: pages of a PDF, whatever its size (unset: only the proportion to its size). */
  maxPages?: number;
  /** The input field named in errors (`input.file`, `inputs[2].file`). */
  field?: string;
}

/** What one file may cost, in proportion to its size (never a multiple of the global file limit). */
export interface FileCaps {
  /** Pages of a PDF. */
  pages: number;
  /** Bytes of text (the smaller of SUANNI_REVIEW_MAX_TEXT_BYTES and {@link TEXT_RATIO} × the file). */
  textBytes: number;
  /** Whether `textBytes` is the operator's text limit (TEXT_TOO_LARGE) rather than the file's proportion (OUTPUT_TOO_LARGE). */
  textLimitIsSetting: boolean;
  /** Bytes a DOCX's XML parts may unpack to, counted while inflating. */
  unpackedBytes: number;
  /** Bytes a PDF's FlateDecode streams may inflate to, counted while inflating. */
  pdfStreamBytes: number;
}

/** The caps of a file of `size` bytes. */
export function fileCaps(size: number, limits: Pick<ExtractionLimits, 'maxTextBytes' | 'maxPages'>): FileCaps {
  const proportional = Math.max(TEXT_FLOOR, TEXT_RATIO * size);
  const maxTextBytes = limits.maxTextBytes ?? Infinity;
  return {
    pages: Math.min(limits.maxPages ?? Infinity, PDF_PAGES_FLOOR + Math.floor(size / PDF_BYTES_PER_PAGE)),
    textBytes: Math.min(maxTextBytes, proportional),
    textLimitIsSetting: maxTextBytes <= proportional,
    unpackedBytes: Math.max(DOCX_UNPACK_FLOOR, DOCX_UNPACK_RATIO * size),
    pdfStreamBytes: Math.max(PDF_UNPACK_FLOOR, PDF_UNPACK_RATIO * size),
  };
}

/** The refusal for text past the file's cap: the operator's limit, or the file's proportion. */
function tooMuchText(name: string, size: number, caps: FileCaps, field: string): AppError {
  if (caps.textLimitIsSetting) return textTooLarge(name, caps.textBytes, field);
  return problem(
    'OUTPUT_TOO_LARGE',
    `${name} yields more than ${caps.textBytes} bytes of text, over ${TEXT_RATIO} times its ${size} bytes; no real document does, so it was not read further.`,
    field,
  );
}

/** Lines as a reader sees them: pdf.js items joined, an end-of-line item closing its line. */
async function pdfText(name: string, bytes: Uint8Array, field: string, caps: FileCaps): Promise<{ text: string; pages: number }> {
  const size = bytes.length;
  // pdf.js keeps every byte it inflates: a 1.5 MB stream that inflates to gigabytes is refused first, for the cost of the budget.
  if (!(await flateStreamsWithin(bytes, caps.pdfStreamBytes)))
    throw problem(
      'UNPACKED_TOO_LARGE',
      `${name} has streams that inflate to more than ${caps.pdfStreamBytes} bytes (${PDF_UNPACK_RATIO} times its ${size} bytes); ` +
        'it was not read further (a decompression bomb, or not a real document).',
      field,
    );
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
    // Reading a page costs more the more pages there are (the page tree is walked each time): refused before the first.
    if (document.numPages > caps.pages)
      throw problem(
        'TOO_MANY_PAGES',
        `${name} has ${document.numPages} pages; a PDF of ${size} bytes may have at most ${caps.pages} ` +
          `(one per ${PDF_BYTES_PER_PAGE} bytes, at most SUANNI_REVIEW_MAX_PAGES).`,
        field,
      );
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
      if (extractedBytes > caps.textBytes) throw tooMuchText(name, size, caps, field);
    }
    return { text: pages.join('\n\n'), pages: document.numPages };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw problem('CORRUPT_FILE', `${name} is a damaged PDF: ${(error as Error).message}.`, field);
  } finally {
    await document.destroy();
  }
}

/** The parts of a DOCX that hold text or say how to read it; images, fonts and embedded files are never unpacked. */
const isTextPart = (name: string) => /\.(xml|rels)$/i.test(name);

async function docxText(name: string, bytes: Uint8Array, field: string, caps: FileCaps): Promise<string> {
  // A small ZIP can unpack to gigabytes (a "zip bomb"): its XML parts are unpacked here, within a
  // budget proportional to the file and counted while inflating (declared sizes may lie), and the
  // reader gets them stored, so it inflates nothing itself.
  let stored: Buffer;
  try {
    const parts = zipEntries(bytes).filter((entry) => isTextPart(entry.name));
    stored = storedZip(unpackWithin(bytes, parts, caps.unpackedBytes));
  } catch (error) {
    if (!(error instanceof ZipProblem)) throw error;
    if (error.kind === 'TOO_LARGE')
      throw problem(
        'UNPACKED_TOO_LARGE',
        `${name} unpacks to more than ${caps.unpackedBytes} bytes (${DOCX_UNPACK_RATIO} times its ${bytes.length} bytes); ` +
          'it was not read further (a decompression bomb, or not a real document).',
        field,
      );
    if (error.kind === 'ENCRYPTED')
      throw problem('ENCRYPTED_FILE', `${name} is an encrypted ZIP; save it again without a password.`, field);
    log.debug({ err: error }, 'docx could not be unpacked');
    throw problem('CORRUPT_FILE', `${name} is not a readable DOCX (its ZIP structure is damaged).`, field);
  }
  const mammoth = (await import('mammoth')).default;
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: stored })).value;
  } catch (error) {
    log.debug({ err: error }, 'docx could not be read');
    throw problem('CORRUPT_FILE', `${name} is not a readable DOCX (corrupt or not a Word document).`, field);
  }
  if (Buffer.byteLength(text, 'utf8') > caps.textBytes) throw tooMuchText(name, bytes.length, caps, field);
  return text;
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

/** An upload's bytes, after the checks that need no reading: its size against the file limit, and not empty. */
export async function readUpload(file: UploadedDocument, limits: ExtractionLimits): Promise<Uint8Array> {
  const field = limits.field ?? 'file';
  const name = file.name || 'The file';
  if (file.size > limits.maxBytes) {
    throw problem(
      'FILE_TOO_LARGE',
      `${name} is ${file.size} bytes; the limit is ${limits.maxBytes} bytes (SUANNI_REVIEW_MAX_FILE_BYTES).`,
      field,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) throw problem('EMPTY_FILE', `${name} is empty.`, field);
  return bytes;
}

/**
 * The contract text of a file's bytes (see {@link extractDocument}); `fileName` and `type` are
 * the sender's claims, the content decides first.
 */
export async function extractBytes(
  fileName: string,
  type: string,
  bytes: Uint8Array,
  limits: ExtractionLimits,
): Promise<ExtractedDocument> {
  const field = limits.field ?? 'file';
  const name = fileName || 'The file';
  const kind = documentKind(fileName, type, bytes, field);
  const caps = fileCaps(bytes.length, limits);
  let text: string;
  let pages: number | undefined;
  if (kind === 'PDF') ({ text, pages } = await pdfText(name, bytes, field, caps));
  else if (kind === 'DOCX') text = await docxText(name, bytes, field, caps);
  else text = plainText(name, bytes, field);
  text = normalise(text);
  if (Buffer.byteLength(text, 'utf8') > (limits.maxTextBytes ?? Infinity)) throw textTooLarge(name, limits.maxTextBytes!, field);
  if (!text.trim()) {
    throw kind === 'PDF'
      ? problem('NO_TEXT_LAYER', `${name} has no text layer (a scanned or image-only PDF); run OCR on it or upload the text.`, field)
      : problem('EMPTY_FILE', `${name} contains no text.`, field);
  }
  return { kind, text, ...(pages === undefined ? {} : { pages }) };
}

/**
 * The contract text of an uploaded file, read on the calling thread: PDF (its text layer), DOCX
 * (its paragraphs), TXT or Markdown (UTF-8). A file over `maxBytes`, of another type, encrypted,
 * corrupt, with no text (a scanned PDF), or past one of its caps ({@link fileCaps}: pages, text,
 * unpacked bytes) is BAD_USER_INPUT with `details.reason` and a message naming the file and
 * problem. The gateway reads PDF and DOCX through {@link DocumentExtractor} instead, off its
 * request thread and within a deadline and a memory limit.
 */
export async function extractDocument(file: UploadedDocument, limits: ExtractionLimits): Promise<ExtractedDocument> {
  return extractBytes(file.name, file.type, await readUpload(file, limits), limits);
}
