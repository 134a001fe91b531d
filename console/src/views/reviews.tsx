import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { request, subscribe, type ApiError } from '../api';
import { ACCEPTED_FILES, contractFromFile } from '../contract-file';
import { ReviewRun } from './review-run';
import {
  BatchProgressSubscription,
  ConfirmFindingMutation,
  BatchReviewsQuery,
  KnowledgeHistoryQuery,
  RejectFindingMutation,
  ReviewQueueQuery,
  CancelReviewMutation,
  ReplayMutation,
  ReviewProgressSubscription,
  ReviewQuery,
  ReviewsQuery,
  SubmitBatchMutation,
  SubmitReviewMutation,
} from '../documents';
import type { ConsoleBatchProgressSubscription, ConsoleReplayMutation, ConsoleReviewProgressSubscription, ConsoleReviewQuery, ReviewInput } from '../gql/graphql';
import { evidenceRuns } from '../highlight';
import {
  ErrorMessage,
  Link,
  Loading,
  RiskBadge,
  StatusBadge,
  formatMs,
  formatTime,
  formatUntil,
  modelLabel,
  navigate,
  toApiError,
  useLoad,
} from '../ui';

type Review = ConsoleReviewQuery['review'];
type ProgressEvent = ConsoleReviewProgressSubscription['reviewProgress'];
type BatchProgress = ConsoleBatchProgressSubscription['reviewBatchProgress'];

const FINISHED = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

function fileStem(name: string): string {
  return name.replace(/\.[^.]+$/, '');
}

/** A REVIEWER's queue: the tenant's reviews with findings that need a person. */
function ReviewQueue() {
  const queue = useLoad(() => request(ReviewQueueQuery, { first: 50 }), []);
  const nodes = queue.data?.reviews.nodes ?? [];
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading">Needs review</h2>
      <ErrorMessage error={queue.error} />
      {queue.data && nodes.length === 0 ? <p class="muted">No finding of the tenant needs a reviewer.</p> : null}
      <ul>
        {nodes.map((review) => (
          <li key={review.id}>
            <Link to={`/reviews/${review.id}`}>{review.title}</Link> ({review.contractId}):{' '}
            {review.findings.filter((finding) => finding.status === 'NEEDS_REVIEW').length} finding(s) to decide
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ReviewsPage({ roles = [] }: { roles?: string[] }) {
  const list = useLoad(() => request(ReviewsQuery, { first: 50 }), []);
  const [batchId, setBatchId] = useState<string | null>(null);
  return (
    <>
      <h1>Reviews</h1>
      {roles.includes('REVIEWER') ? <ReviewQueue /> : null}
      <SubmitForm onBatch={setBatchId} />
      {batchId ? <BatchProgressPanel batchId={batchId} onDone={list.reload} /> : null}
      <section aria-labelledby="reviews-list-heading">
        <h2 id="reviews-list-heading">Your reviews</h2>
        <ErrorMessage error={list.error} />
        {list.loading && !list.data ? <Loading what="reviews" /> : null}
        {list.data && list.data.reviews.nodes.length === 0 ? <p class="muted">No reviews yet.</p> : null}
        {list.data && list.data.reviews.nodes.length > 0 ? (
          <table>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Contract</th>
                <th scope="col">Status</th>
                <th scope="col">Risk</th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {list.data.reviews.nodes.map((review) => (
                <tr key={review.id}>
                  <td>
                    <Link to={`/reviews/${review.id}`}>{review.title}</Link>
                  </td>
                  <td>{review.contractId}</td>
                  <td>
                    <StatusBadge status={review.status} />
                  </td>
                  <td>
                    <RiskBadge level={review.riskLevel} /> {review.riskScore ?? ''}
                  </td>
                  <td>{formatTime(review.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </section>
    </>
  );
}

function SubmitForm({ onBatch }: { onBatch(batchId: string): void }) {
  const [title, setTitle] = useState('');
  const [contractId, setContractId] = useState('');
  const [text, setText] = useState('');
  const [asOf, setAsOf] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function submit(event: Event) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      // datetime-local has no zone: the field is labelled UTC and read as such.
      const at = asOf ? new Date(`${asOf}:00Z`).toISOString() : undefined;
      if (files.length > 1) {
        const inputs: ReviewInput[] = [];
        for (const file of files) inputs.push({ title: fileStem(file.name), contractId: fileStem(file.name), asOf: at, ...(await contractFromFile(file)) });
        const { submitReviewBatch } = await request(SubmitBatchMutation, { inputs });
        setFiles([]);
        if (fileInput.current) fileInput.current.value = '';
        onBatch(submitReviewBatch.id);
        return;
      }
      const file = files[0];
      const input: ReviewInput = file
        ? { title: title || fileStem(file.name), contractId: contractId || fileStem(file.name), asOf: at, ...(await contractFromFile(file)) }
        : { title, contractId, asOf: at, text };
      const { submitReview } = await request(SubmitReviewMutation, { input });
      navigate(`/reviews/${submitReview.id}`);
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="submit-heading" class="card">
      <h2 id="submit-heading">Submit a contract</h2>
      <form onSubmit={submit}>
        <div class="row">
          <label>
            Title
            <input name="title" value={title} onInput={(e) => setTitle(e.currentTarget.value)} required={files.length === 0} maxLength={200} />
          </label>
          <label>
            Contract id
            <input name="contractId" value={contractId} onInput={(e) => setContractId(e.currentTarget.value)} required={files.length === 0} />
          </label>
          <label>
            Knowledge as of (optional, UTC)
            <input name="asOf" type="datetime-local" value={asOf} onInput={(e) => setAsOf(e.currentTarget.value)} />
          </label>
        </div>
        <label>
          Contract text
          <textarea name="text" rows={8} value={text} onInput={(e) => setText(e.currentTarget.value)} required={files.length === 0} placeholder="Paste the contract here" />
        </label>
        <label>
          Or upload files (PDF, DOCX, TXT, Markdown). Several files make a batch.
          <input ref={fileInput} name="files" type="file" multiple accept={ACCEPTED_FILES} onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])} />
        </label>
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Submitting…' : files.length > 1 ? `Submit batch of ${files.length}` : 'Submit review'}
        </button>
      </form>
    </section>
  );
}

function BatchProgressPanel({ batchId, onDone }: { batchId: string; onDone(): void }) {
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [failures, setFailures] = useState<{ id: string; title: string; error: string }[]>([]);
  useEffect(
    () =>
      subscribe(BatchProgressSubscription, { batchId }, {
        next: (data) => setProgress(data.reviewBatchProgress),
        error: setError,
        complete: async () => {
          onDone();
          // "1 failed" names the file: the batch's failed members, with their reasons.
          try {
            const { reviewBatch } = await request(BatchReviewsQuery, { id: batchId });
            setFailures(
              reviewBatch.reviews
                .filter((review) => review.status === 'FAILED')
                .map((review) => ({ id: review.id, title: review.title, error: review.error ? `${review.error.code}: ${review.error.message}` : '' })),
            );
          } catch (caught) {
            setError(toApiError(caught));
          }
        },
      }),
    [batchId],
  );
  return (
    <section class="card" aria-labelledby="batch-heading">
      <h2 id="batch-heading">Batch {batchId.slice(0, 8)}</h2>
      <ErrorMessage error={error} />
      {progress ? (
        <>
          <progress max={progress.total} value={progress.completed} aria-label="Batch progress" />
          <p role="status">
            {progress.completed} of {progress.total} done: {progress.succeeded} succeeded, {progress.failed} failed
          </p>
          {failures.length > 0 ? (
            <ul aria-label="Failed files">
              {failures.map((failure) => (
                <li key={failure.id}>
                  <Link to={`/reviews/${failure.id}`}>{failure.title}</Link>: {failure.error}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <Loading what="batch progress" />
      )}
    </section>
  );
}

export function ReviewPage({ id, roles }: { id: string; roles: string[] }) {
  const loaded = useLoad(() => request(ReviewQuery, { id }), [id]);
  const loadedReview = loaded.data?.review;
  // The status as the progress subscription reports it, until the finished review is reloaded.
  const [liveStatus, setLiveStatus] = useState<string | null>(null);
  useEffect(() => setLiveStatus(null), [loadedReview]);
  const review = loadedReview && liveStatus ? ({ ...loadedReview, status: liveStatus } as Review) : loadedReview;
  const running = loadedReview && !FINISHED.has(loadedReview.status);
  return (
    <>
      <p>
        <Link to="/reviews">← All reviews</Link>
      </p>
      <ErrorMessage error={loaded.error} />
      {!review && !loaded.error ? <Loading what="the review" /> : null}
      {review ? (
        <>
          <h1>{review.title}</h1>
          <ReviewSummary review={review} roles={roles} />
          {running ? <LiveProgress reviewId={review.id} onStatus={setLiveStatus} onFinished={loaded.reload} /> : null}
          {running && !FINISHED.has(review.status) ? <CancelReview reviewId={review.id} onCancelled={loaded.reload} /> : null}
          {loadedReview?.status === 'SUCCEEDED' ? <ReviewResult review={review} mayDecide={roles.includes('REVIEWER')} onDecided={loaded.reload} /> : null}
          {loadedReview?.status === 'SUCCEEDED' ? <Replay reviewId={review.id} /> : null}
          {FINISHED.has(review.status) ? <ReviewRun review={review} seesTraces={roles.includes('SRE') || roles.includes('ADMIN')} /> : null}
        </>
      ) : null}
    </>
  );
}

function ReviewSummary({ review, roles }: { review: Review; roles: string[] }) {
  const seesTraces = roles.includes('SRE') || roles.includes('ADMIN');
  return (
    <dl class="facts-grid">
      <dt>Status</dt>
      <dd>
        <StatusBadge status={review.status} />
      </dd>
      <dt>Risk</dt>
      <dd>
        <RiskBadge level={review.riskLevel} /> {review.riskScore ?? ''}
      </dd>
      <dt>Contract</dt>
      <dd>{review.contractId}</dd>
      <dt>Knowledge as of</dt>
      <dd>{formatTime(review.asOf)}</dd>
      <dt>Submitted</dt>
      <dd>{formatTime(review.createdAt)}</dd>
      <dt>Finished</dt>
      <dd>{formatTime(review.finishedAt)}</dd>
      <dt>Model</dt>
      <dd>
        {review.provider ? modelLabel(review.provider, review.model ?? '') : '—'} {review.degraded ? '(degraded: rules fallback)' : ''}
      </dd>
      {review.flags.length > 0 ? (
        <>
          <dt>Flags</dt>
          <dd>{review.flags.join(', ')}</dd>
        </>
      ) : null}
      {review.error ? (
        <>
          <dt>Error</dt>
          <dd class="error">
            {review.error.code}: {review.error.message}
          </dd>
        </>
      ) : null}
      <dt>Trace</dt>
      <dd>{review.traceId ? seesTraces ? <Link to={`/sre/traces/${review.traceId}`}>Open trace {review.traceId.slice(0, 12)}…</Link> : <code>{review.traceId}</code> : '—'}</dd>
    </dl>
  );
}

function LiveProgress({ reviewId, onStatus, onFinished }: { reviewId: string; onStatus(status: string): void; onFinished(): void }) {
  const [events, setEvents] = useState<ProgressEvent[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    setEvents([]);
    return subscribe(ReviewProgressSubscription, { reviewId }, {
      next: (data) => {
        setEvents((previous) => [...previous, data.reviewProgress]);
        onStatus(data.reviewProgress.status);
        if (data.reviewProgress.kind === 'STATUS' && FINISHED.has(data.reviewProgress.status)) onFinished();
      },
      error: setError,
      complete: onFinished,
    });
  }, [reviewId]);
  const nodes = new Map<string, { state: string; durationMs?: number | null; errorCode?: string | null }>();
  for (const event of events) {
    if (!event.node) continue;
    if (event.kind === 'NODE_STARTED') nodes.set(event.node, { state: 'running' });
    if (event.kind === 'NODE_FINISHED') nodes.set(event.node, { state: event.errorCode ? 'failed' : 'done', durationMs: event.durationMs, errorCode: event.errorCode });
  }
  const last = events[events.length - 1];
  return (
    <section class="card" aria-labelledby="progress-heading">
      <h2 id="progress-heading">Live progress</h2>
      <ErrorMessage error={error} />
      <p role="status">{last ? `Status ${last.status}${last.node ? `, node ${last.node}` : ''}` : 'Waiting for the first event…'}</p>
      <ol class="steps">
        {[...nodes].map(([name, node]) => (
          <li key={name} class={`step step-${node.state}`}>
            <span class="step-name">{name}</span> <span>{node.state}</span> {node.durationMs !== undefined ? <span class="muted">{formatMs(node.durationMs)}</span> : null}
            {node.errorCode ? <span class="error"> {node.errorCode}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

interface Citation {
  validFrom: string;
  validUntil: string;
  retractedAt?: string | null;
}

function useCitations(review: Review): Map<string, Citation> {
  const ids = useMemo(() => [...new Set([...review.findings.map((f) => f.knowledgeId), ...review.knowledgeUsed.map((k) => k.knowledgeId)])].sort(), [review]);
  const loaded = useLoad(
    async () => {
      const histories = await Promise.all(ids.map((knowledgeId) => request(KnowledgeHistoryQuery, { knowledgeId }).catch(() => null)));
      const citations = new Map<string, Citation>();
      for (const history of histories) for (const v of history?.knowledgeHistory ?? []) citations.set(`${v.knowledgeId}@${v.version}`, v);
      return citations;
    },
    [ids.join(',')],
  );
  return loaded.data ?? new Map();
}

/** A REVIEWER's confirm and reject buttons for one undecided finding (a rejection asks why). */
function DecideFinding({ findingId, onDecided }: { findingId: string; onDecided: () => void }) {
  const { busy, error, run } = useAction();
  const [reason, setReason] = useState('');
  return (
    <div class="decide">
      <button type="button" disabled={busy} onClick={() => run(async () => void (await request(ConfirmFindingMutation, { id: findingId }), onDecided()))}>
        Confirm
      </button>{' '}
      <label>
        Reason <input value={reason} maxLength={2000} onInput={(event) => setReason((event.target as HTMLInputElement).value)} />
      </label>{' '}
      <button
        type="button"
        disabled={busy || reason.trim() === ''}
        onClick={() => run(async () => void (await request(RejectFindingMutation, { id: findingId, reason }), onDecided()))}
      >
        Reject
      </button>
      <ErrorMessage error={error} />
    </div>
  );
}

function ReviewResult({ review, mayDecide, onDecided }: { review: Review; mayDecide: boolean; onDecided: () => void }) {
  const citations = useCitations(review);
  const text = review.text ?? '';
  const runs = useMemo(
    () =>
      evidenceRuns(
        text,
        review.findings.flatMap((finding, index) => (finding.evidence ? [{ start: finding.evidence.start, end: finding.evidence.end, finding: index }] : [])),
      ),
    [text, review.findings],
  );
  const firstRunOf = (index: number) => runs.find((run) => run.findings.includes(index));
  return (
    <div class="result">
      <section aria-labelledby="findings-heading">
        <h2 id="findings-heading">Findings ({review.findings.length})</h2>
        {review.findings.length === 0 ? <p>No findings: the contract meets every rule that applied.</p> : null}
        <ol class="findings">
          {review.findings.map((finding, index) => {
            const citation = citations.get(`${finding.knowledgeId}@${finding.version}`);
            const run = firstRunOf(index);
            return (
              <li key={index} class={`finding severity-${finding.severity.toLowerCase()}`}>
                <p>
                  <RiskBadge level={finding.severity} /> <strong>{finding.clause}</strong>: {finding.message}
                </p>
                <p class="muted">
                  {finding.status === 'NEEDS_REVIEW' ? <strong>Needs review</strong> : finding.status.toLowerCase().replace('_', ' ')} · confidence{' '}
                  {finding.confidence.toFixed(2)}
                  {finding.threshold !== null && finding.threshold !== undefined ? ` (threshold ${finding.threshold.toFixed(2)})` : ''}
                  {finding.decision
                    ? ` · model: ${finding.modelStatus.toLowerCase().replace('_', ' ')}, decided ${formatTime(finding.decision.decidedAt)}${finding.decision.reason ? `: ${finding.decision.reason}` : ''}`
                    : ''}
                </p>
                {mayDecide && !finding.decision ? <DecideFinding findingId={finding.id} onDecided={onDecided} /> : null}
                <p class="muted">
                  Cites {finding.knowledgeId} v{finding.version}
                  {citation ? `, valid ${formatTime(citation.validFrom)} to ${formatUntil(citation.validUntil)}${citation.retractedAt ? `, retracted ${formatTime(citation.retractedAt)}` : ''}` : ''}
                </p>
                {run ? (
                  <a href={`#evidence-${run.start}`} class="evidence-link">
                    Show evidence
                  </a>
                ) : (
                  <span class="muted">No evidence span</span>
                )}
              </li>
            );
          })}
        </ol>
        <h3>Knowledge used</h3>
        <ul>
          {review.knowledgeUsed.map((k) => {
            const citation = citations.get(`${k.knowledgeId}@${k.version}`);
            return (
              <li key={`${k.knowledgeId}@${k.version}`}>
                {k.knowledgeId} v{k.version}
                {citation ? <span class="muted"> (valid {formatTime(citation.validFrom)} to {formatUntil(citation.validUntil)})</span> : null}
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="contract-heading">
        <h2 id="contract-heading">Contract text</h2>
        {text ? (
          <pre class="contract" tabIndex={0} aria-label="Contract text with evidence highlighted">
            {runs.map((run) =>
              run.findings.length > 0 ? (
                <mark
                  key={run.start}
                  id={`evidence-${run.start}`}
                  class="evidence"
                  title={run.findings.map((index) => review.findings[index]?.message).join('\n')}
                >
                  {run.text}
                </mark>
              ) : (
                <span key={run.start}>{run.text}</span>
              ),
            )}
          </pre>
        ) : (
          <p class="muted">The contract text is not available.</p>
        )}
      </section>
    </div>
  );
}

/** Runs one user action at a time: `busy` while it runs, the API error it ended with, if any. */
function useAction(): { busy: boolean; error: ApiError | null; run: (action: () => Promise<void>) => Promise<void> } {
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** Cancels a queued or running review: queued, it never runs; running, it stops at its next node. */
function CancelReview({ reviewId, onCancelled }: { reviewId: string; onCancelled: () => void }) {
  const { busy, error, run } = useAction();
  return (
    <p>
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          run(async () => {
            await request(CancelReviewMutation, { id: reviewId });
            onCancelled();
          })
        }
      >
        {busy ? 'Cancelling…' : 'Cancel review'}
      </button>
      <ErrorMessage error={error} />
    </p>
  );
}

function Replay({ reviewId }: { reviewId: string }) {
  const [result, setResult] = useState<ConsoleReplayMutation['replayReview'] | null>(null);
  const { busy, error, run } = useAction();
  return (
    <section class="card" aria-labelledby="replay-heading">
      <h2 id="replay-heading">Replay</h2>
      <p class="muted">Runs the review again with its as-of instant and exactly the knowledge versions it used.</p>
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          run(async () => {
            setResult((await request(ReplayMutation, { id: reviewId })).replayReview);
          })
        }
      >
        {busy ? 'Replaying…' : 'Replay'}
      </button>
      <ErrorMessage error={error} />
      {result ? (
        result.identical ? (
          <p role="status">Identical to the original result.</p>
        ) : (
          <>
            <p role="status">Differences from the original:</p>
            <ul>
              {result.differences.map((difference) => (
                <li key={difference}>{difference}</li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </section>
  );
}
