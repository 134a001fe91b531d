import { useState } from 'preact/hooks';
import { request } from '../api';
import { VersionTimeline } from '../charts';
import { KnowledgeAsOfQuery, KnowledgeHistoryQuery } from '../documents';
import { ErrorMessage, Loading, formatTime, formatUntil, useLoad } from '../ui';

/** `datetime-local` value (taken as UTC) for an instant. */
function localValue(date: Date): string {
  return date.toISOString().slice(0, 16);
}

export function KnowledgePage() {
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
        <p class="muted">
          Bars: valid time. Tick: recorded. ✕: retracted. Vertical line: the as-of instant. A review at that instant uses the version marked “in force”.
        </p>
      </form>
      <ErrorMessage error={loaded.error} />
      {loaded.loading && !loaded.data ? <Loading what="knowledge" /> : null}
      {loaded.data?.histories.map(({ knowledgeId, versions }) => (
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
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
