/**
 * Contract files made by the tests themselves: a PDF with a text layer, an image-only PDF, a
 * password-protected PDF (RC4, standard security handler revision 2, built byte by byte), a DOCX.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { projectDir } from '../../src/config.js';

/** CUAD's training contracts, in the shared folder beside the project (as CI lays it out). */
export const CUAD_FOLDER = path.resolve(projectDir, '../shared/data/contracts/cuad/train');

/**
 * The first `count` CUAD contracts (sorted by name) of at most `maxBytes`, or [] when the data set
 * is not on this machine (the caller prints a line and skips).
 */
export async function cuadContracts(count: number, maxBytes = 60_000): Promise<{ name: string; text: string }[]> {
  let names: string[];
  try {
    names = (await readdir(CUAD_FOLDER)).filter((name) => name.endsWith('.txt')).sort();
  } catch {
    return [];
  }
  const found: { name: string; text: string }[] = [];
  for (const name of names) {
    const text = await readFile(path.join(CUAD_FOLDER, name), 'utf8');
    if (Buffer.byteLength(text) <= maxBytes) found.push({ name, text });
    if (found.length === count) break;
  }
  return found;
}

/** Text that the standard Helvetica font (WinAnsi) can draw: typographic quotes and dashes as ASCII. */
function winAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\t/g, ' ')
    .replace(/[^\n\x20-\x7e\xa1-\xff]/g, '');
}

/** A PDF with a real text layer: the text in Helvetica 10 pt, wrapped to the page, as many pages as it takes. */
export async function makeTextPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = 10;
  const width = 612 - 2 * 56;
  const lines: string[] = [];
  for (const paragraph of winAnsi(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
  }
  const perPage = 60;
  for (let first = 0; first < lines.length; first += perPage) {
    const page = doc.addPage([612, 792]);
    for (const [index, line] of lines.slice(first, first + perPage).entries())
      page.drawText(line, { x: 56, y: 740 - index * 12, size, font });
  }
  return doc.save();
}

/** A 2×2 grey PNG, built by hand (signature, IHDR, IDAT, IEND). */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.from([0, 0x80, 0x40, 0, 0x40, 0x80]); // filter byte + 2 pixels, twice
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What a scanner makes: a page that is one image and has no text layer. */
export async function makeImageOnlyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(tinyPng());
  doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return doc.save();
}

const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);

/**
 * A PDF that opens only with `userPassword`: standard security handler V1/R2 (40-bit RC4), the
 * O and U entries computed as ISO 32000-1 algorithms 2-4 describe, the page content encrypted.
 */
export function makeEncryptedPdf(text: string, userPassword = 'secret', ownerPassword = 'owner'): Uint8Array {
  const fileId = createHash('md5').update(`suanni-test-${text}`).digest();
  const permissions = -44;
  const ownerKey = md5(padded(ownerPassword)).subarray(0, 5);
  const o = rc4(ownerKey, padded(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(userPassword), o, p, fileId).subarray(0, 5);
  const u = rc4(key, PASSWORD_PADDING);
  const objectKey = (number: number) =>
    md5(key, Buffer.from([number & 0xff, (number >> 8) & 0xff, (number >> 16) & 0xff, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey(4), Buffer.from(`BT /F1 12 Tf 72 700 Td (${winAnsi(text).replace(/[()\\]/g, '\\$&')}) Tj ET`, 'latin1'));

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${permissions} >>`,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const bytes = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
  ].join('');
  const id = fileId.toString('hex');
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** A Word document: one paragraph per line of `text`. */
export async function makeDocx(text: string): Promise<Uint8Array> {
  const doc = new Document({ sections: [{ children: text.split('\n').map((line) => new Paragraph(line)) }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** A PDF cut off in the middle, the way a broken download arrives. */
export async function makeCorruptPdf(): Promise<Uint8Array> {
  const whole = await makeTextPdf('This file will be truncated.');
  const cut = whole.subarray(0, Math.floor(whole.length / 3));
  // Also garble what is left after the header, so no reader can recover the page tree.
  return new Uint8Array(Buffer.concat([Buffer.from(cut.subarray(0, 16)), Buffer.alloc(cut.length - 16, 0x41)]));
}
