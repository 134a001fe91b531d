// What reading contract files in child processes costs an ordinary upload, against reading them on
// the request thread as before, in the same run: per file, and the CPU the gateway's own process spends.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDocx, makeTextPdf, CUAD_FOLDER } from '../test/testkit/documents.js';
import { englishContract } from '../test/fixtures/contracts.js';
import { extractDocument, type ExtractionLimits } from '../src/review/documents/extract.js';
import { DocumentExtractor } from '../src/review/documents/extractor.js';
import { flateStreamsWithin } from '../src/review/documents/pdf-streams.js';
import { storedZip, unpackWithin, zipEntries } from '../src/review/documents/zip.js';

export const name = 'contract file extraction: child processes against the request thread';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const limits: ExtractionLimits = { maxBytes: 10_000_000, maxTextBytes: 1_000_000, maxPages: 2_000, field: 'input.file' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function contractText(): Promise<string> {
  // A long CUAD contract (117 KB, 19 pages as PDF) when the data set is here, the synthetic one otherwise.
  try {
    return await readFile(path.join(CUAD_FOLDER, 'cuad_00ec4b0315.txt'), 'utf8');
  } catch {
    return englishContract({ payDays: 30, penalty: 5, notice: 10, years: 1 }).repeat(40);
  }
}

interface Figures {
  p50: number;
  p95: number;
  /** CPU this process spent per read (a reader process's CPU is its own). */
  cpu: number;
}

/** Times one read and the CPU this process spent on it. */
async function once(read: () => Promise<unknown>): Promise<{ ms: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await read();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

/** Two ways of reading, round by round in alternating order (this machine's load drifts; neighbours compare). */
async function compare(first: () => Promise<unknown>, second: () => Promise<unknown>, rounds = ROUNDS): Promise<[Figures, Figures]> {
  const samples: { ms: number; cpu: number }[][] = [[], []];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) samples[which]!.push(await once(which === 0 ? first : second));
  }
  const figures = (values: { ms: number; cpu: number }[]): Figures => ({
    p50: percentile(
      values.map((value) => value.ms),
      50,
    ),
    p95: percentile(
      values.map((value) => value.ms),
      95,
    ),
    cpu: values.reduce((sum, value) => sum + value.cpu, 0) / values.length,
  });
  return [figures(samples[0]!), figures(samples[1]!)];
}

/** Times `rounds` reads one after another. */
async function measure(read: () => Promise<unknown>, rounds = ROUNDS): Promise<Figures> {
  const [figures] = await compare(read, read, rounds);
  return figures;
}

export async function run(): Promise<Record<string, string | number>> {
  const text = await contractText();
  const files = {
    'PDF, 1 page': new File([Buffer.from(await makeTextPdf(englishContract({ payDays: 30, penalty: 5, notice: 10, years: 1 })))], 'a.pdf'),
    'PDF, long contract': new File([Buffer.from(await makeTextPdf(text))], 'b.pdf'),
    'DOCX, long contract': new File([Buffer.from(await makeDocx(text))], 'c.docx'),
  };
  const figures: Record<string, string | number> = {};
  const pool = new DocumentExtractor({ processes: 2, memoryMb: 512, timeoutMs: 30_000 });
  const cold = performance.now();
  await pool.extract(files['PDF, 1 page'], limits);
  figures['reader process start and first file'] = ms(performance.now() - cold);
  for (const [label, file] of Object.entries(files)) {
    // Warm both ways first (module loading, JIT).
    for (let index = 0; index < 3; index++) {
      await extractDocument(file, limits);
      await pool.extract(file, limits);
    }
    const [inThread, inProcess] = await compare(
      () => extractDocument(file, limits),
      () => pool.extract(file, limits),
    );
    figures[`${label} (${file.size} B): request thread p50 / p95`] = `${ms(inThread.p50)} / ${ms(inThread.p95)}`;
    figures[`${label}: reader process p50 / p95`] = `${ms(inProcess.p50)} / ${ms(inProcess.p95)}`;
    figures[`${label}: cost per file (p50)`] = ms(inProcess.p50 - inThread.p50);
    figures[`${label}: CPU of the serving process per file, before / now`] = `${ms(inThread.cpu)} / ${ms(inProcess.cpu)}`;
  }
  // What the new caps cost by themselves (included in both columns above).
  const pdf = new Uint8Array(await files['PDF, long contract'].arrayBuffer());
  const scan = await measure(() => flateStreamsWithin(pdf, 40 * pdf.length), ROUNDS * 3);
  figures["caps: counting a long PDF's inflated streams p50"] = ms(scan.p50);
  const docx = new Uint8Array(await files['DOCX, long contract'].arrayBuffer());
  const unpack = await measure(async () => storedZip(unpackWithin(docx, zipEntries(docx), 20 * docx.length)), ROUNDS * 3);
  figures['caps: unpacking a long DOCX within its budget p50'] = ms(unpack.p50);
  await pool.close();
  return figures;
}
