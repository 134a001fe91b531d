import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppError, type ErrorCode } from '../../platform/errors.js';
import { createLogger } from '../../platform/logger.js';
import {
  documentKind,
  documentProblem,
  extractBytes,
  type ExtractedDocument,
  type ExtractionLimits,
  readUpload,
  type UploadedDocument,
} from './extract.js';

const log = createLogger('document-extractor');

/** A file for an extraction process to read. */
export interface ToExtractionProcess {
  id: number;
  name: string;
  type: string;
  bytes: Uint8Array;
  limits: ExtractionLimits;
}

/** What an extraction process answers: it is ready, or a file's text, or why the file cannot be read. */
export type FromExtractionProcess =
  | { ready: true }
  | { id: number; ok: true; document: ExtractedDocument }
  | { id: number; ok: false; code: ErrorCode; message: string; details: Record<string, unknown> };

/** Settings of the extraction processes (SUANNI_EXTRACT_*). */
export interface ExtractorOptions {
  /** Processes reading files at once; more files wait their turn. */
  processes: number;
  /** A process's resident memory limit (and its V8 heap limit), in MiB: past it, it is killed and the file refused (MEMORY). */
  memoryMb: number;
  /** How long one file may take to read: past it, its process is killed and the file refused (DEADLINE). */
  timeoutMs: number;
  /** Files waiting beyond the running ones; past this, a file is refused at once (UNAVAILABLE). */
  maxWaiting?: number;
  /** How long a second or later process may stay idle before it exits (one stays warm). */
  idleMs?: number;
}

interface Job {
  message: ToExtractionProcess;
  displayName: string;
  field: string;
  resolve(document: ExtractedDocument): void;
  reject(error: unknown): void;
}

interface Reader {
  process: ChildProcess;
  ready: boolean;
  job?: Job;
  /** Set once this side decided to kill it: the reason the job in flight fails with. */
  killedFor?: AppError;
  deadline?: NodeJS.Timeout;
  watchdog?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  /** The end of its standard error, to tell a V8 heap exhaustion from another crash. */
  stderrTail: string;
  /** Its resident memory once ready (readers loaded, no file read yet). */
  readyBytes?: number;
}

/** How often a reading process's resident memory is sampled. */
const WATCH_MS = 50;
/**
 * After a file, a process that kept more than this share of the room between its size when ready
 * and its memory limit is replaced, so that the memory goes back to the system.
 */
const RECYCLE_SHARE = 0.5;

/** The process's entry: through tsx when running from TypeScript sources (development, tests), the compiled file otherwise. */
const entry = (): string =>
  fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './extraction-process-tsx.mjs' : './extraction-process.js', import.meta.url));

/** Resident memory of a process in bytes, from /proc (Linux); undefined where there is none. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads uploaded contract files (PDF, DOCX) in child processes, never on the thread that serves
 * requests: each file within a deadline and a memory limit (its process's resident memory,
 * sampled, and its V8 heap), besides the caps of the file itself (pages, text and unpacked bytes
 * in proportion to its size, see `fileCaps`). A file past its deadline or memory has its process
 * killed, so a hostile file fails alone (BAD_USER_INPUT, reason DEADLINE or MEMORY), its memory
 * returns to the system, and the next file gets a fresh process. Plain text is decoded here (linear
 * in its bounded size). A small pool stays warm so that ordinary uploads pay no start-up.
 */
export class DocumentExtractor {
  private readonly readers: Reader[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Processes that died before they were ready, in a row: the pool stops starting them (a broken install). */
  private failedStarts = 0;

  constructor(private readonly options: ExtractorOptions) {}

  /** Processes running now (tests). */
  get processIds(): number[] {
    return this.readers.flatMap((reader) => (reader.process.pid === undefined ? [] : [reader.process.pid]));
  }

  /** The text of an uploaded file; the same refusals as `extractDocument`, plus DEADLINE and MEMORY. */
  async extract(file: UploadedDocument, limits: ExtractionLimits): Promise<ExtractedDocument> {
    const bytes = await readUpload(file, limits);
    const field = limits.field ?? 'file';
    if (documentKind(file.name, file.type, bytes, field) === 'TEXT') return extractBytes(file.name, file.type, bytes, limits);
    if (this.closed) throw new AppError('UNAVAILABLE', 'The gateway is stopping; send the file again.');
    if (this.waiting.length >= (this.options.maxWaiting ?? 64))
      throw new AppError('UNAVAILABLE', 'Too many files are waiting to be read; send this one again shortly.');
    return new Promise<ExtractedDocument>((resolve, reject) => {
      this.waiting.push({
        message: { id: this.nextId++, name: file.name, type: file.type, bytes, limits },
        displayName: file.name || 'The file',
        field,
        resolve,
        reject,
      });
      this.pump();
    });
  }

  /** Kills every process; files being read or waiting fail with UNAVAILABLE. */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = new AppError('UNAVAILABLE', 'The gateway is stopping; send the file again.');
    for (const job of this.waiting.splice(0)) job.reject(stopping);
    const exits = this.readers.map(
      (reader) =>
        new Promise<void>((resolve) => {
          if (reader.process.exitCode !== null || reader.process.signalCode !== null) return resolve();
          reader.process.once('exit', () => resolve());
          this.kill(reader, stopping);
        }),
    );
    await Promise.all(exits);
  }

  /** Hands waiting files to idle ready processes, starting processes up to the limit. */
  private pump(): void {
    while (this.waiting.length > 0 && !this.closed) {
      const reader = this.readers.find((candidate) => candidate.ready && !candidate.job && !candidate.killedFor);
      if (reader) {
        this.dispatch(reader, this.waiting.shift()!);
        continue;
      }
      const starting = this.readers.some((candidate) => !candidate.ready);
      if (this.readers.length < this.options.processes && !starting) this.spawn();
      return;
    }
  }

  private spawn(): void {
    const child = fork(entry(), [], {
      execArgv: [`--max-old-space-size=${this.options.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    const reader: Reader = { process: child, ready: false, stderrTail: '' };
    this.readers.push(reader);
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      reader.stderrTail = (reader.stderrTail + chunk.toString('utf8')).slice(-4096);
    });
    child.on('message', (message: FromExtractionProcess) => this.receive(reader, message));
    child.on('error', (error) => log.error({ err: error }, 'an extraction process failed'));
    child.on('exit', (code, signal) => this.exited(reader, code, signal));
    this.setIdle(reader);
  }

  private dispatch(reader: Reader, job: Job): void {
    clearTimeout(reader.idle);
    reader.job = job;
    // A file in flight keeps the gateway's process alive; an idle reader does not.
    reader.process.channel?.ref();
    reader.deadline = setTimeout(() => {
      this.kill(
        reader,
        documentProblem(
          'DEADLINE',
          `${job.displayName} took longer than ${this.options.timeoutMs / 1000} s to read and was stopped (SUANNI_EXTRACT_TIMEOUT_SECONDS).`,
          job.field,
        ),
      );
    }, this.options.timeoutMs);
    const limit = this.options.memoryMb * 1024 * 1024;
    reader.watchdog = setInterval(() => {
      const resident = residentBytes(reader.process.pid);
      if (resident !== undefined && resident > limit) {
        this.kill(
          reader,
          documentProblem(
            'MEMORY',
            `${job.displayName} needed more than ${this.options.memoryMb} MB to read and was stopped (SUANNI_EXTRACT_MEMORY_MB).`,
            job.field,
          ),
        );
      }
    }, WATCH_MS);
    reader.watchdog.unref();
    reader.process.send(job.message, (error) => {
      if (error) this.kill(reader, new AppError('INTERNAL', 'The file could not be handed to its reader.'));
    });
  }

  private receive(reader: Reader, message: FromExtractionProcess): void {
    if ('ready' in message) {
      reader.ready = true;
      reader.readyBytes = residentBytes(reader.process.pid);
      this.failedStarts = 0;
      this.pump();
      return;
    }
    const job = reader.job;
    if (!job || job.message.id !== message.id || reader.killedFor) return;
    this.release(reader);
    if (message.ok) job.resolve(message.document);
    else job.reject(new AppError(message.code, message.message, message.details));
    // A reader left holding much memory (a large file, or garbage its heap keeps) is replaced, so that memory returns.
    const resident = residentBytes(reader.process.pid);
    const fresh = reader.readyBytes ?? 0;
    if (resident !== undefined && resident > fresh + (this.options.memoryMb * 1024 * 1024 - fresh) * RECYCLE_SHARE) this.kill(reader);
    else this.setIdle(reader);
    this.pump();
  }

  /** Ends a reader; the job in flight (if any) fails with `reason`. */
  private kill(reader: Reader, reason?: AppError): void {
    if (reader.killedFor) return;
    reader.killedFor = reason ?? new AppError('INTERNAL', 'The file reader was replaced.');
    const job = reader.job;
    this.release(reader);
    if (job && reason) {
      const details = reason.details as { reason?: string };
      if (details.reason === 'DEADLINE' || details.reason === 'MEMORY')
        log.warn({ reason: details.reason, bytes: job.message.bytes.length }, 'a file was stopped while being read');
      job.reject(reason);
    }
    reader.process.kill('SIGKILL');
  }

  /** Clears a reader's job and its timers. */
  private release(reader: Reader): void {
    clearTimeout(reader.deadline);
    clearInterval(reader.watchdog);
    reader.job = undefined;
    reader.process.channel?.unref();
  }

  private setIdle(reader: Reader): void {
    clearTimeout(reader.idle);
    reader.process.channel?.unref();
    reader.idle = setTimeout(() => {
      if (!reader.job && this.readers.filter((other) => !other.killedFor).length > 1) this.kill(reader);
    }, this.options.idleMs ?? 60_000);
    reader.idle.unref();
  }

  private exited(reader: Reader, code: number | null, signal: NodeJS.Signals | null): void {
    clearTimeout(reader.idle);
    const index = this.readers.indexOf(reader);
    if (index >= 0) this.readers.splice(index, 1);
    const job = reader.job;
    this.release(reader);
    if (!reader.ready && !reader.killedFor) {
      this.failedStarts++;
      log.error({ code, signal, stderr: reader.stderrTail.slice(-1000) }, 'an extraction process stopped before it was ready');
      // Each start that fails costs a second or more: after three in a row the files waiting fail instead.
      if (this.failedStarts >= 3)
        for (const waiting of this.waiting.splice(0)) waiting.reject(new AppError('INTERNAL', 'The document readers cannot start.'));
    }
    if (job && !reader.killedFor) {
      const outOfMemory = signal === 'SIGABRT' || code === 134 || /heap out of memory|Allocation failed/i.test(reader.stderrTail);
      job.reject(
        outOfMemory
          ? documentProblem(
              'MEMORY',
              `${job.displayName} needed more than ${this.options.memoryMb} MB to read and was stopped (SUANNI_EXTRACT_MEMORY_MB).`,
              job.field,
            )
          : new AppError('INTERNAL', `The reader of ${job.displayName} stopped (exit code ${code ?? signal}).`),
      );
    }
    if (!this.closed) this.pump();
  }
}
