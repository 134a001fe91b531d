import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';

/** `>> stream` then its end of line: where a stream's data starts. */
const STREAM_START = />>\s*stream(?:\r\n|\n|\r)/g;
/** Streams a text extraction never decodes: images (and their masks) and attached files. */
const NOT_READ_FOR_TEXT = /\/Subtype\s*\/Image\b|\/Type\s*\/EmbeddedFile\b/;
/** The first (or only) filter is FlateDecode (`/Fl` is its inline abbreviation). */
const FLATE_FIRST = /\/Filter\s*(?:\[\s*)?\/(?:FlateDecode|Fl)\b/;
/** A direct /Length (not an indirect reference such as `12 0 R`). */
const DIRECT_LENGTH = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/;

/** Bytes a zlib stream inflates to until it fails (a stream damaged on purpose must still be counted). */
function countUntilFailure(raw: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    let count = 0;
    const inflate = createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH });
    const done = () => {
      inflate.removeAllListeners('data');
      inflate.destroy();
      resolve(count);
    };
    inflate.on('data', (chunk: Buffer) => {
      count += chunk.length;
      if (count > limit) done();
    });
    inflate.on('error', done);
    inflate.on('end', done);
    inflate.end(raw);
  });
}

/**
 * What one /FlateDecode stream inflates to, counted up to `limit` (just over it means "more").
 * The zlib header is skipped and its checksum never read: a stream with a wrong checksum is
 * still inflated by pdf.js, so it is counted here too.
 */
export async function inflatedBytes(data: Buffer, limit: number): Promise<number> {
  const hasHeader = data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;
  const raw = hasHeader ? data.subarray(2) : data;
  try {
    return inflateRawSync(raw, { maxOutputLength: limit + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return limit + 1;
    return countUntilFailure(raw, limit);
  }
}

/**
 * Whether the /FlateDecode streams of a PDF that a text extraction reads (pages, fonts, forms,
 * object streams; not images or attachments) inflate to at most `budget` bytes in all. Inflating
 * stops as soon as the budget is passed, so a decompression bomb costs the budget, not gigabytes.
 * Streams are found by their `stream` keyword, so a damaged cross-reference table hides nothing;
 * streams encrypted or in another filter first are not counted (the reader's memory limit and
 * deadline still bound them).
 */
export async function flateStreamsWithin(bytes: Uint8Array, budget: number): Promise<boolean> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = file.toString('latin1');
  let remaining = budget;
  for (const match of text.matchAll(STREAM_START)) {
    const dictionary = text.slice(Math.max(0, text.lastIndexOf('obj', match.index)), match.index + 2);
    if (NOT_READ_FOR_TEXT.test(dictionary) || !FLATE_FIRST.test(dictionary)) continue;
    const start = match.index + match[0].length;
    const declared = DIRECT_LENGTH.exec(dictionary);
    const keyword = text.indexOf('endstream', start);
    // The farther of the declared end and the keyword: inflating stops at the data's own end anyway.
    const end = Math.min(file.length, Math.max(keyword < 0 ? file.length : keyword, declared ? start + Number(declared[1]) : 0));
    remaining -= await inflatedBytes(file.subarray(start, end), remaining);
    if (remaining < 0) return false;
  }
  return true;
}
