import { useState } from 'preact/hooks';
import { request, type ApiError } from '../api';
import { VersionTimeline } from '../charts';
import { KnowledgeAsOfQuery, KnowledgeHistoryQuery, PutKnowledgeVersionMutation, RetractKnowledgeVersionMutation } from '../documents';
import { ErrorMessage, Loading, formatTime, formatUntil, toApiError, useLoad } from '../ui';

/** `datetime-local` value (taken as UTC) for an instant. */
function localValue(date: Date): string {
  return date.toISOString().slice(0, 16);
}

/** ADMIN: publishes a new version of an item (a new item, or the next version of one). */
function PublishVersion({ onPublished }: { onPublished(): void }) {
  const [form, setForm] = useState({ knowledgeId: '', version: '', kind: 'CLAUSE', content: '', source: '', validFrom: '', validUntil: '' });
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onInput: (event: Event) => setForm({ ...form, [name]: (event.currentTarget as HTMLInputElement).value }),
  });
  return (
    <section class="card" aria-labelledby="publish-heading">
      <h2 id="publish-heading">Publish a version (ADMIN)</h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          setDone(null);
          try {
            const instant = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : undefined);
            const { putKnowledgeVersion } = await request(PutKnowledgeVersionMutation, {
              input: {
                knowledgeId: form.knowledgeId,
                version: form.version,
                kind: form.kind === 'METADATA' ? 'METADATA' : 'CLAUSE',
                content: form.content,
                source: form.source,
                validFrom: instant(form.validFrom),
                validUntil: instant(form.validUntil),
              },
            });
            setDone(`Published ${putKnowledgeVersion.knowledgeId} v${putKnowledgeVersion.version}.`);
            onPublished();
          } catch (caught) {
            setError(toApiError(caught));
          }
        }}
      >
        <div class="row">
          <label>
            Knowledge id
            <input {...field('knowledgeId')} required />
          </label>
          <label>
            Version
            <input {...field('version')} required placeholder="1.0" />
          </label>
          <label>
            Kind
            <select {...field('kind')}>
              <option value="CLAUSE">CLAUSE</option>
              <option value="METADATA">METADATA</option>
            </select>
          </label>
          <label>
            Source
            <input {...field('source')} required placeholder="policy:legal/payment-terms" />
          </label>
        </div>
        <div class="row">
          <label>
            Valid from (UTC, optional)
            <input type="datetime-local" {...field('validFrom')} />
          </label>
          <label>
            Valid until (UTC, optional)
            <input type="datetime-local" {...field('validUntil')} />
          </label>
        </div>
        <label>
          Content
          <textarea rows={3} {...field('content')} required />
        </label>
        <ErrorMessage error={error} />
        {done ? <p role="status">{done}</p> : null}
        <button type="submit">Publish version</button>
      </form>
    </section>
  );
}

/** ADMIN: withdraws one version (kept, marked retracted; a review as of later no longer cites it). */
function RetractButton({ knowledgeId, version, onRetracted }: { knowledgeId: string; version: string; onRetracted(): void }) {
  const [error, setError] = useState<ApiError | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          try {
            await request(RetractKnowledgeVersionMutation, { knowledgeId, version });
            onRetracted();
          } catch (caught) {
            setError(toApiError(caught));
          }
        }}
      >
        Retract {knowledgeId} v{version}
      </button>
      <ErrorMessage error={error} />
    </>
  );
}

export function KnowledgePage({ canEdit = false }: { canEdit?: boolean }) {
  const [search, setSearch] = useState('');
  const [asOfInput, setAsOfInput] = useState(localValue(new Date()));
  const asOf = new Date(`${asOfInput}:00Z`).toISOString();
  // What a review at that instant would use, and every version of each item for the time axis.
  const loaded = useLoad(async () => {
    const [atInstant, now] = await Promise.all([request(KnowledgeAsOfQuery, { asOf }), request(KnowledgeAsOfQuery, {})]);
    const ids = [...new Set([...atInstant.knowledge, ...now.knowledge].map((item) => item.knowledgeId))].sort();
    const histories = await Promise.all(ids.map((knowledgeId) => request(KnowledgeHistoryQuery, { knowledgeId })));
    return { inForce: atInstant.knowledge, histories: histories.map((h, index) => ({ knowledgeId: ids[index]!, versions: h.knowledgeHistory })) };
  }, [asOf]);
  const inForce = new Map((loaded.data?.inForce ?? []).map((item) => [item.knowledgeId, item.version]));
  return (
    <>
      <h1>Knowledge</h1>
      <form class="card row" onSubmit={(e) => e.preventDefault()}>
        <label>
          As of (UTC)
          <input type="datetime-local" name="asOf" value={asOfInput} onInput={(e) => e.currentTarget.value && setAsOfInput(e.currentTarget.value)} />
        </label>
        <label>
          Search
          <input type="search" name="search" value={search} onInput={(e) => setSearch(e.currentTarget.value)} placeholder="id or content" />
        </label>
        <p class="muted">
          Bars: valid time. Tick: recorded. ✕: retracted. Vertical line: the as-of instant. A review at that instant uses the version marked “in force”.
        </p>
      </form>
      {canEdit ? <PublishVersion onPublished={loaded.reload} /> : null}
      <ErrorMessage error={loaded.error} />
      {loaded.loading && !loaded.data ? <Loading what="knowledge" /> : null}
      {loaded.data?.histories
        .filter(({ knowledgeId, versions }) => {
          const wanted = search.trim().toLowerCase();
          return !wanted || knowledgeId.toLowerCase().includes(wanted) || versions.some((v) => v.content.toLowerCase().includes(wanted));
        })
        .map(({ knowledgeId, versions }) => (
        <section key={knowledgeId} class="card" aria-labelledby={`k-${knowledgeId}`}>
          <h2 id={`k-${knowledgeId}`}>
            {knowledgeId} {inForce.has(knowledgeId) ? <span class="badge status-succeeded">v{inForce.get(knowledgeId)} in force</span> : <span class="badge">none in force</span>}
          </h2>
          <VersionTimeline knowledgeId={knowledgeId} versions={[...versions].reverse()} asOf={asOf} />
          <table>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Valid from</th>
                <th scope="col">Valid until</th>
                <th scope="col">Recorded</th>
                <th scope="col">Retracted</th>
                <th scope="col">Content</th>
                {canEdit ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.id} class={inForce.get(knowledgeId) === v.version ? 'in-force' : undefined}>
                  <td>{v.version}</td>
                  <td>{formatTime(v.validFrom)}</td>
                  <td>{formatUntil(v.validUntil)}</td>
                  <td>{formatTime(v.recordedAt)}</td>
                  <td>{v.retractedAt ? formatTime(v.retractedAt) : '—'}</td>
                  <td>{v.content}</td>
                  {canEdit ? (
                    <td>{v.retractedAt ? null : <RetractButton knowledgeId={knowledgeId} version={v.version} onRetracted={loaded.reload} />}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
