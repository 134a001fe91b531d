/**
 * The retrieval sanitizer (DESIGN §5): drop what is not in force → keep the latest version per
 * knowledgeId → summarize CLAUSE knowledge (≤ 50 characters, no hedges, every number verbatim);
 * METADATA passes unchanged. Pure: no I/O besides the optional summarizer the caller passes in.
 */
import type { KnowledgeDegradedReason, KnowledgeRecord, SanitizedKnowledge } from '../types.js';
import { selectCurrentVersions, type KnowledgeView } from './current-versions.js';
import { sanitizeSourceIdentifier } from './source-identifier.js';
import { CLAUSE_SUMMARY_MAX_LENGTH, checkSummary, hedgeFreeClause, summarizeClause, type SummaryFault } from './summarize-clause.js';

/**
 * An optional model-backed clause summarizer. It receives the clause with hedges already
 * removed, must answer within `maxLength` characters, and should stop work when `signal` aborts
 * (on timeout). Its answer is only used when it passes every check (see `sanitizeKnowledge`).
 */
export type ClauseSummarizer = (text: string, options: { maxLength: number; signal: AbortSignal }) => Promise<string>;

/**
 * Why an item was marked degraded (`SanitizedKnowledge.degradedReason`, `DegradedEvent.reason`).
 * From the model summarizer: `timeout`, `error` (threw, rejected or answered something other
 * than a string), and the checks its answer failed (`empty`, `too-long`, `hedge`,
 * `lost-number`, and the meaning checks below). From the deterministic summarizer, whose item
 * then carries the hedge-free clause itself (cut only after its last number or meaning word):
 * `numbers-do-not-fit` (the numbers alone exceed the limit) and the meaning checks:
 * `lost-negation`, `lost-exception`, `lost-condition`, `lost-modality` (no summary within the
 * limit kept every negation, exception, condition and modal verb of the clause) and their
 * `added-*` counterparts (a summary would have gained one).
 */
export type DegradedReason = KnowledgeDegradedReason;

/** Reported once per degraded item; carries identifiers only, never clause text. */
export interface DegradedEvent {
  knowledgeId: string;
  version: string;
  reason: DegradedReason;
}

/** Options of the deterministic sanitizer: the point of view (see `KnowledgeView`). */
export type SanitizeKnowledgeSyncOptions = KnowledgeView;

export interface SanitizeKnowledgeOptions extends KnowledgeView {
  /** Summarizes clauses that need shortening; without it the deterministic summarizer is used. */
  summarizer?: ClauseSummarizer;
  /** How long one summarizer call may take before the deterministic summary replaces it. Default 2000. */
  timeoutMs?: number;
  /** Summarizer calls in flight at once. Default 4. */
  concurrency?: number;
  /** Told about each degraded item, e.g. to count fallbacks on a span. */
  onDegraded?: (event: DegradedEvent) => void;
  /**
   * Deterministic results already made, by record object: a caller that sanitizes the same cached
   * records for every review (the knowledge in force for a batch) summarizes each clause once.
   * Model summaries are never kept here.
   */
  deterministicResults?: WeakMap<KnowledgeRecord, SanitizedKnowledge>;
}

const DEFAULT_TIMEOUT_MS = 2000;
const DEFAULT_CONCURRENCY = 4;
/** setTimeout fires at once for delays beyond 2^31 - 1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function toSanitized(record: KnowledgeRecord, content: string, degradedReason: DegradedReason | null): SanitizedKnowledge {
  return {
    id: record.id,
    knowledgeId: record.knowledgeId,
    version: record.version,
    content,
    source: sanitizeSourceIdentifier(record.source),
    kind: record.kind,
    // A copy: callers must not be able to change the stored record through the result.
    constraint: record.constraint === null ? null : { ...record.constraint },
    degraded: degradedReason !== null,
    degradedReason,
  };
}

function sanitizeDeterministically(
  record: KnowledgeRecord,
  onDegraded?: (event: DegradedEvent) => void,
  results?: WeakMap<KnowledgeRecord, SanitizedKnowledge>,
): SanitizedKnowledge {
  let sanitized = results?.get(record);
  if (!sanitized) {
    const { summary, degradedReason } =
      record.kind === 'CLAUSE'
        ? summarizeClause(record.content, CLAUSE_SUMMARY_MAX_LENGTH)
        : { summary: record.content, degradedReason: null };
    sanitized = toSanitized(record, summary, degradedReason);
    results?.set(record, sanitized);
  }
  if (sanitized.degradedReason)
    onDegraded?.({ knowledgeId: record.knowledgeId, version: record.version, reason: sanitized.degradedReason });
  // A copy each time: one caller changing its result must not change another's.
  return { ...sanitized, constraint: sanitized.constraint === null ? null : { ...sanitized.constraint } };
}

/**
 * The deterministic sanitizer, for hot paths: items in force in `options` (one per knowledgeId,
 * the highest version; see `selectCurrentVersions`), sorted by knowledgeId. CLAUSE content is
 * summarized by `summarizeClause` (degraded, with the clause itself as content, when no summary
 * within 50 characters keeps its numbers and meaning); METADATA content is returned byte for byte.
 * @throws TypeError for an invalid `asOf`/`knownAt`; Error for a malformed version.
 */
export function sanitizeKnowledgeSync(records: readonly KnowledgeRecord[], options: SanitizeKnowledgeSyncOptions): SanitizedKnowledge[] {
  return selectCurrentVersions(records, options).map((record) => sanitizeDeterministically(record));
}

/**
 * The sanitizer with an optional model summarizer. Like `sanitizeKnowledgeSync`, except that a
 * CLAUSE whose hedge-free text is longer than 50 characters is given to `summarizer`. Its answer
 * (trimmed, whitespace collapsed) is used when it passes the deterministic summarizer's own
 * check (`checkSummary`): non-empty, at most 50 characters, free of hedges, every numeric
 * expression verbatim, and the same negations, exceptions, conditions and modal verbs. On timeout, error or any
 * failed check the deterministic summary is used and the item is marked `degraded`. A clause
 * that already fits once hedges are removed is never sent: its own words are the best summary.
 * The summarizer must not be trusted to honour `signal`: a call that never settles is abandoned
 * at the timeout.
 * @throws TypeError for an invalid `asOf`/`knownAt`; RangeError for a bad `timeoutMs` or
 *   `concurrency`; Error for a malformed version. Summarizer failures never throw.
 */
export async function sanitizeKnowledge(
  records: readonly KnowledgeRecord[],
  options: SanitizeKnowledgeOptions,
): Promise<SanitizedKnowledge[]> {
  const { summarizer, timeoutMs = DEFAULT_TIMEOUT_MS, concurrency = DEFAULT_CONCURRENCY, onDegraded, deterministicResults } = options;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) throw new RangeError(`timeoutMs must be between 1 and ${MAX_TIMEOUT_MS}`);
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  const current = selectCurrentVersions(records, options);
  if (!summarizer) return current.map((record) => sanitizeDeterministically(record, onDegraded, deterministicResults));

  // Stryker disable next-line ArrayDeclaration: equivalent, every index is assigned below
  const results: SanitizedKnowledge[] = new Array(current.length);
  const pending: number[] = [];
  current.forEach((record, index) => {
    if (record.kind === 'CLAUSE' && hedgeFreeClause(record.content).length > CLAUSE_SUMMARY_MAX_LENGTH) pending.push(index);
    else results[index] = sanitizeDeterministically(record, onDegraded, deterministicResults);
  });

  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const index = pending[next++]!;
      results[index] = await summarizeWithModel(current[index]!, summarizer, timeoutMs, onDegraded);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, worker));
  return results;
}

type ModelOutcome = { ok: true; summary: string } | { ok: false; reason: DegradedReason };

async function summarizeWithModel(
  record: KnowledgeRecord,
  summarizer: ClauseSummarizer,
  timeoutMs: number,
  onDegraded?: (event: DegradedEvent) => void,
): Promise<SanitizedKnowledge> {
  const outcome = await callSummarizer(record.content, summarizer, timeoutMs);
  if (outcome.ok) return toSanitized(record, outcome.summary, null);
  onDegraded?.({ knowledgeId: record.knowledgeId, version: record.version, reason: outcome.reason });
  // The same fallback as the deterministic path; the model's failure is the reason reported.
  const fallback = summarizeClause(record.content, CLAUSE_SUMMARY_MAX_LENGTH);
  return toSanitized(record, fallback.summary, outcome.reason);
}

async function callSummarizer(clause: string, summarizer: ClauseSummarizer, timeoutMs: number): Promise<ModelOutcome> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<ModelOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException(`summarizer timed out after ${timeoutMs} ms`, 'TimeoutError'));
      resolve({ ok: false, reason: 'timeout' });
    }, timeoutMs);
  });
  const input = hedgeFreeClause(clause);
  const answered = (async (): Promise<ModelOutcome> => {
    try {
      const output = await summarizer(input, { maxLength: CLAUSE_SUMMARY_MAX_LENGTH, signal: controller.signal });
      return typeof output === 'string' ? checkModelSummary(clause, input, output) : { ok: false, reason: 'error' };
    } catch {
      return { ok: false, reason: 'error' };
    }
  })();
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** A model summary (trimmed, whitespace collapsed) must pass the deterministic summarizer's own check. */
function checkModelSummary(clause: string, cleaned: string, output: string): ModelOutcome {
  const summary = output.replace(/\s+/gu, ' ').trim();
  const fault: SummaryFault | null = checkSummary(clause, cleaned, summary, CLAUSE_SUMMARY_MAX_LENGTH);
  return fault === null ? { ok: true, summary } : { ok: false, reason: fault };
}
