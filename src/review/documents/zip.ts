import { crc32, inflateRawSync } from 'node:zlib';

/** One entry of a ZIP's central directory, as declared (nothing inflated yet). */
export interface ZipEntry {
  /** The name's bytes as stored (its encoding is the archive's business). */
  rawName: Buffer;
  name: string;
  /** 0 stored, 8 deflated; other methods are not read. */
  method: number;
  /** General-purpose flags (bit 0: encrypted, bit 11: UTF-8 name). */
  flags: number;
  /** The unpacked size the archive declares: a claim, checked while inflating. */
  declaredSize: number;
  compressedSize: number;
  /** Where the entry's data starts (after its local header). */
  dataOffset: number;
}

/** Why an archive cannot be read within its budget. */
export class ZipProblem extends Error {
  constructor(
    readonly kind: 'CORRUPT' | 'ENCRYPTED' | 'TOO_LARGE',
    message: string,
  ) {
    super(message);
    this.name = 'ZipProblem';
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * The entries of a ZIP archive from its central directory; a ZIP64 size (0xffffffff) counts as
 * too large (no contract needs 4 GB). Throws {@link ZipProblem} CORRUPT when the directory cannot
 * be read or points outside the file.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const corrupt = (why: string) => new ZipProblem('CORRUPT', why);
  if (view.length < 22) throw corrupt('too short for a ZIP archive');
  let end = -1;
  for (let offset = view.length - 22; offset >= Math.max(0, view.length - 22 - 0xffff); offset--) {
    if (view.readUInt32LE(offset) === END_OF_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw corrupt('no end of central directory');
  const count = view.readUInt16LE(end + 10);
  let offset = view.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > view.length || view.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw corrupt('damaged central directory');
    const nameLength = view.readUInt16LE(offset + 28);
    const next = offset + 46 + nameLength + view.readUInt16LE(offset + 30) + view.readUInt16LE(offset + 32);
    if (next > view.length) throw corrupt('damaged central directory');
    const compressedSize = view.readUInt32LE(offset + 20);
    const declaredSize = view.readUInt32LE(offset + 24);
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff) throw new ZipProblem('TOO_LARGE', 'a ZIP64 entry');
    const local = view.readUInt32LE(offset + 42);
    if (local + 30 > view.length || view.readUInt32LE(local) !== LOCAL_HEADER) throw corrupt('an entry without its local header');
    const dataOffset = local + 30 + view.readUInt16LE(local + 26) + view.readUInt16LE(local + 28);
    if (dataOffset + compressedSize > view.length) throw corrupt('an entry that runs past the end of the file');
    const rawName = Buffer.from(view.subarray(offset + 46, offset + 46 + nameLength));
    entries.push({
      rawName,
      name: rawName.toString('utf8'),
      method: view.readUInt16LE(offset + 10),
      flags: view.readUInt16LE(offset + 8),
      declaredSize,
      compressedSize,
      dataOffset,
    });
    offset = next;
  }
  return entries;
}

/**
 * Unpacks the chosen entries within `budget` bytes in all, counting what inflating really
 * produces (the declared sizes are only a first, cheap check): inflation stops at the byte that
 * passes the budget, so a small file that would unpack to gigabytes costs at most the budget.
 * Throws {@link ZipProblem}: TOO_LARGE over the budget, ENCRYPTED, CORRUPT.
 */
export function unpackWithin(bytes: Uint8Array, entries: readonly ZipEntry[], budget: number): { entry: ZipEntry; data: Buffer }[] {
  const declared = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declared > budget) throw new ZipProblem('TOO_LARGE', `declares ${declared} bytes unpacked`);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let remaining = budget;
  return entries.map((entry) => {
    if (entry.flags & 1) throw new ZipProblem('ENCRYPTED', `${entry.name} is encrypted`);
    const packed = view.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    let data: Buffer;
    if (entry.method === 0) {
      if (packed.length > remaining) throw new ZipProblem('TOO_LARGE', `unpacks to more than ${budget} bytes`);
      data = Buffer.from(packed);
    } else if (entry.method === 8) {
      try {
        data = inflateRawSync(packed, { maxOutputLength: Math.max(1, remaining) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new ZipProblem('TOO_LARGE', `unpacks to more than ${budget} bytes`);
        throw new ZipProblem('CORRUPT', `${entry.name}: ${(error as Error).message}`);
      }
    } else throw new ZipProblem('CORRUPT', `${entry.name} uses compression method ${entry.method}`);
    remaining -= data.length;
    return { entry, data };
  });
}

/** A ZIP archive of the given entries stored uncompressed: a reader given it inflates nothing. */
export function storedZip(files: readonly { entry: ZipEntry; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { entry, data } of files) {
    const checksum = crc32(data) >>> 0;
    const flags = entry.flags & 0x0800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(entry.rawName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(DIRECTORY_ENTRY, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(entry.rawName.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, entry.rawName, data);
    directory.push(central, entry.rawName);
    offset += 30 + entry.rawName.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}
