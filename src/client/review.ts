import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { GatewayError, type GatewayClient } from './gateway.js';
import type { ReviewOutcome } from './output.js';
import { BATCH_PROGRESS, BATCH_RESULTS, REVIEW_PROGRESS, REVIEW_RESULT, SUBMIT, SUBMIT_BATCH } from './operations.js';
import { ProgressReporter } from './progress.js';

/** What a folder contributes; a file named explicitly is always sent (the gateway judges its type). */
export const CONTRACT_EXTENSIONS = new Set(['.pdf', '.docx', '.txt', '.md', '.markdown']);

export interface ContractFile {
  /** As the user named it (a folder's files: the folder joined with their relative path). */
  path: string;
  /** The review's contractId: the path relative to its folder, in the characters contract ids allow. */
  contractId: string;
}

/** A contractId the gateway accepts (1-128 letters, digits and . _ : / # -), made from a file path. */
export function contractIdFor(relativePath: string): string {
  const id = relativePath
    .split(path.sep)
    .join('/')
    .replace(/[^\p{L}\p{N}._:/#-]+/gu, '-')
    .replace(/^[^\p{L}\p{N}]+/u, '');
  return (id || 'contract').slice(0, 128);
}

/** The contracts named by files and folders (folders: recursively, contract extensions only, sorted). */
export async function collectContracts(targets: readonly string[]): Promise<ContractFile[]> {
  const found: ContractFile[] = [];
  for (const target of targets) {
    const info = await stat(target).catch(() => null);
    if (!info) throw new GatewayError(`${target}: no such file or folder`, 'USAGE');
    if (info.isFile()) {
      found.push({ path: target, contractId: contractIdFor(path.basename(target)) });
      continue;
    }
    const entries = (await readdir(target, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && CONTRACT_EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
      .map((entry) => path.relative(target, path.join(entry.parentPath, entry.name)))
      .sort();
    for (const relative of entries) found.push({ path: path.join(target, relative), contractId: contractIdFor(relative) });
  }
  return found;
}

async function fileOf(contract: ContractFile): Promise<File> {
  return new File([await readFile(contract.path)], path.basename(contract.path));
}

type ReviewResult = Omit<ReviewOutcome, 'file' | 'reviewId'> & { id: string };
const outcomeOf = (contract: ContractFile, review: ReviewResult): ReviewOutcome => ({
  file: contract.path,
  reviewId: review.id,
  status: review.status,
  riskLevel: review.riskLevel,
  riskScore: review.riskScore,
  findings: review.findings,
  error: review.error,
});
const refused = (contract: ContractFile, error: GatewayError): ReviewOutcome => ({
  file: contract.path,
  reviewId: null,
  status: 'FAILED',
  riskLevel: null,
  riskScore: null,
  findings: [],
  error: { code: error.code, message: error.message },
});

export interface ReviewOptions {
  batch: boolean;
  asOf?: string;
  /** Where progress goes (stderr): a bar on a terminal, lines otherwise. */
  progress: NodeJS.WritableStream & { isTTY?: boolean };
  /** Reviews watched at once in single mode (subscriptions on one socket). */
  parallel?: number;
}

/**
 * One review per file: as one batch (`--batch`: one multipart request, progress from
 * `reviewBatchProgress`) or as single reviews (one upload each, progress from `reviewProgress`).
 * A file the gateway refuses (BAD_USER_INPUT) is a FAILED outcome; other errors abort.
 */
export async function reviewFiles(
  client: GatewayClient,
  contracts: readonly ContractFile[],
  options: ReviewOptions,
): Promise<ReviewOutcome[]> {
  const reporter = new ProgressReporter(options.progress);
  const created: string[] = [];
  try {
    return await reviewAndWatch(client, contracts, options, reporter, created);
  } catch (error) {
    // Created reviews keep running on the gateway whatever happened to this client: say so, with their ids.
    if (error instanceof GatewayError && created.length > 0)
      throw new GatewayError(
        `${error.message}\n  created before this, and still running on the gateway: ${created.join(', ')}` +
          '\n  (see them in the console, or with a fresh token: suanni traces --review ID)',
        error.code,
        error.extensions,
      );
    throw error;
  } finally {
    reporter.finish();
  }
}

async function reviewAndWatch(
  client: GatewayClient,
  contracts: readonly ContractFile[],
  options: ReviewOptions,
  reporter: ProgressReporter,
  created: string[],
): Promise<ReviewOutcome[]> {
  const input = (contract: ContractFile) => ({
    contractId: contract.contractId,
    title: path.basename(contract.path),
    file: null,
    ...(options.asOf ? { asOf: options.asOf } : {}),
  });
  if (options.batch) {
    const files: Record<string, File> = {};
    for (const [index, contract] of contracts.entries()) files[`variables.inputs.${index}.file`] = await fileOf(contract);
    const { submitReviewBatch } = await client.request<{ submitReviewBatch: { id: string; total: number } }>(
      SUBMIT_BATCH,
      { inputs: contracts.map(input) },
      files,
    );
    created.push(`batch ${submitReviewBatch.id}`);
    reporter.update({ completed: 0, total: submitReviewBatch.total, failed: 0 });
    for await (const event of client.subscribe<{ reviewBatchProgress: { completed: number; total: number; failed: number } }>(
      BATCH_PROGRESS,
      { batchId: submitReviewBatch.id },
    )) {
      reporter.update(event.reviewBatchProgress);
    }
    const { reviewBatch } = await client.request<{ reviewBatch: { reviews: ReviewResult[] } }>(BATCH_RESULTS, {
      id: submitReviewBatch.id,
    });
    return contracts.map((contract, index) => outcomeOf(contract, reviewBatch.reviews[index]!));
  }

  const outcomes: (ReviewOutcome | null)[] = contracts.map(() => null);
  const submitted: { index: number; id: string }[] = [];
  const state = { completed: 0, total: contracts.length, failed: 0 };
  reporter.update(state);
  for (const [index, contract] of contracts.entries()) {
    try {
      const { submitReview } = await client.request<{ submitReview: { id: string } }>(
        SUBMIT,
        { input: input(contract) },
        { 'variables.input.file': await fileOf(contract) },
      );
      submitted.push({ index, id: submitReview.id });
      created.push(`review ${submitReview.id} (${contract.path})`);
    } catch (error) {
      if (!(error instanceof GatewayError) || error.code !== 'BAD_USER_INPUT') throw error;
      outcomes[index] = refused(contract, error);
      state.completed++;
      state.failed++;
      reporter.update(state);
    }
  }
  const waitFor = async ({ index, id }: { index: number; id: string }) => {
    for await (const { reviewProgress } of client.subscribe<{ reviewProgress: { kind: string; status: string } }>(REVIEW_PROGRESS, {
      reviewId: id,
    })) {
      if (reviewProgress.kind === 'STATUS' && (reviewProgress.status === 'SUCCEEDED' || reviewProgress.status === 'FAILED')) break;
    }
    const { review } = await client.request<{ review: ReviewResult }>(REVIEW_RESULT, { id });
    outcomes[index] = outcomeOf(contracts[index]!, review);
    state.completed++;
    if (review.status !== 'SUCCEEDED') state.failed++;
    reporter.update(state);
  };
  const pending = [...submitted];
  const workers = Array.from({ length: Math.min(options.parallel ?? 8, pending.length) }, async () => {
    for (let next = pending.shift(); next; next = pending.shift()) await waitFor(next);
  });
  await Promise.all(workers);
  return outcomes as ReviewOutcome[];
}
