import { useState } from 'preact/hooks';
import { request } from '../api';
import { BarChart, Waterfall } from '../charts';
import { AdminStatsQuery, TraceQuery, TracesQuery } from '../documents';
import type { ConsoleAdminStatsQuery, TraceFilter } from '../gql/graphql';
import { ErrorMessage, Link, Loading, formatMs, formatTime, useLoad } from '../ui';

function filterFromUrl(): TraceFilter {
  const params = new URLSearchParams(location.search);
  const filter: TraceFilter = {};
  for (const key of ['reviewId', 'batchId', 'rootName', 'spanName'] as const) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  if (params.get('errorsOnly') === 'true') filter.errorsOnly = true;
  const min = Number(params.get('minDurationMs'));
  if (min > 0) filter.minDurationMs = min;
  return filter;
}

/** A root span of one of the console's operations (`query ConsoleReviews`, ...). */
const CONSOLE_OPERATION = /\bConsole[A-Z]\w*/;

export function SrePage() {
  const [filter, setFilter] = useState<TraceFilter>(filterFromUrl);
  const [draft, setDraft] = useState<TraceFilter>(filter);
  const [window, setWindow] = useState('1h');
  const traces = useLoad(() => request(TracesQuery, { filter, first: 100 }), [JSON.stringify(filter)]);
  // The console's own operations (named Console...) are hidden unless asked: they are the reader's clicks.
  const [showConsole, setShowConsole] = useState(false);
  // A trace asked for by review, batch or name is shown whatever operation started it.
  const asked = Boolean(filter.reviewId || filter.batchId || filter.rootName);
  const shown = (traces.data?.traces ?? [])
    .filter((trace) => showConsole || asked || !CONSOLE_OPERATION.test(trace.rootName ?? ''))
    .slice(0, 50);
  const stats = useLoad(() => request(AdminStatsQuery, { window }), [window]);
  const text = (key: 'reviewId' | 'batchId' | 'rootName' | 'spanName', label: string) => (
    <label>
      {label}
      <input name={key} value={draft[key] ?? ''} onInput={(e) => setDraft({ ...draft, [key]: e.currentTarget.value || undefined })} />
    </label>
  );
  return (
    <>
      <h1>SRE</h1>
      <section aria-labelledby="stats-heading" class="card">
        <h2 id="stats-heading">Reviews and queue</h2>
        <label>
          Window
          <select value={window} onChange={(e) => setWindow(e.currentTarget.value)}>
            {['15m', '1h', '24h', '7d'].map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
        </label>
        <ErrorMessage error={stats.error} />
        {stats.data ? <StatsCharts stats={stats.data.adminStats} /> : <Loading what="statistics" />}
      </section>
      <section aria-labelledby="traces-heading" class="card">
        <h2 id="traces-heading">Traces</h2>
        <form
          class="row"
          onSubmit={(event) => {
            event.preventDefault();
            setFilter({ ...draft });
          }}
        >
          {text('rootName', 'Root span name')}
          {text('spanName', 'Any span name')}
          {text('reviewId', 'Review id')}
          {text('batchId', 'Batch id')}
          <label>
            Slower than (ms)
            <input
              name="minDurationMs"
              type="number"
              min="0"
              value={draft.minDurationMs ?? ''}
              onInput={(e) => setDraft({ ...draft, minDurationMs: e.currentTarget.value ? Number(e.currentTarget.value) : undefined })}
            />
          </label>
          <label class="inline">
            <input type="checkbox" checked={draft.errorsOnly ?? false} onChange={(e) => setDraft({ ...draft, errorsOnly: e.currentTarget.checked || undefined })} /> Errors only
          </label>
          <button type="submit">Apply filters</button>
        </form>
        <label class="inline">
          <input type="checkbox" checked={showConsole} onChange={(e) => setShowConsole(e.currentTarget.checked)} /> Show the console’s own
          operations
        </label>
        <ErrorMessage error={traces.error} />
        {traces.loading && !traces.data ? <Loading what="traces" /> : null}
        {traces.data && shown.length === 0 ? <p class="muted">No traces match.</p> : null}
        {traces.data && shown.length > 0 ? (
          <table>
            <thead>
              <tr>
                <th scope="col">Root</th>
                <th scope="col">Started</th>
                <th scope="col">Duration</th>
                <th scope="col">Spans</th>
                <th scope="col">Errors</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((trace) => (
                <tr key={trace.traceId}>
                  <td>
                    <Link to={`/sre/traces/${trace.traceId}`}>{trace.rootName ?? trace.traceId}</Link>
                  </td>
                  <td>{formatTime(trace.startTime)}</td>
                  <td>{formatMs(trace.durationMs)}</td>
                  <td>{trace.spanCount}</td>
                  <td>{trace.errorCodes.join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </>
  );
}

function StatsCharts({ stats }: { stats: ConsoleAdminStatsQuery['adminStats'] }) {
  const { reviews, queue, database } = stats;
  const latency = reviews.latencyMs;
  return (
    <div class="charts">
      <BarChart
        title={`Reviews in ${stats.window}`}
        bars={[
          { label: 'succeeded', value: reviews.succeeded },
          { label: 'failed', value: reviews.failed },
          { label: 'success rate', value: reviews.successRate === null || reviews.successRate === undefined ? null : reviews.successRate * 100, display: reviews.successRate == null ? 'none finished' : `${(reviews.successRate * 100).toFixed(1)} %` },
        ]}
        max={Math.max(100, reviews.succeeded, reviews.failed)}
      />
      <BarChart
        title="Review latency percentiles"
        unit=" ms"
        bars={[
          { label: 'p50', value: latency.p50 ?? null },
          { label: 'p90', value: latency.p90 ?? null },
          { label: 'p95', value: latency.p95 ?? null },
          { label: 'p99', value: latency.p99 ?? null },
          { label: 'max', value: latency.max ?? null },
        ]}
      />
      <BarChart
        title="Review queue"
        bars={[
          { label: 'waiting', value: queue.depth },
          { label: 'running', value: queue.running },
          { label: 'concurrency', value: queue.concurrency },
        ]}
      />
      <BarChart title="Database connections" bars={database.connections.map((c) => ({ label: c.state, value: c.count }))} />
    </div>
  );
}

export function TracePage({ id }: { id: string }) {
  const loaded = useLoad(() => request(TraceQuery, { id }), [id]);
  const [selected, setSelected] = useState<string | null>(null);
  const trace = loaded.data?.trace;
  const span = trace?.spans.find((s) => s.spanId === selected) ?? null;
  return (
    <>
      <p>
        <Link to="/sre">← Traces</Link>
      </p>
      <ErrorMessage error={loaded.error} />
      {!trace && !loaded.error ? <Loading what="the trace" /> : null}
      {trace ? (
        <>
          <h1>Trace {trace.rootName ?? ''}</h1>
          <p class="muted">
            <code>{trace.traceId}</code>, {trace.spanCount} spans, {formatMs(trace.durationMs)}, started {formatTime(trace.startTime)}
            {trace.droppedSpans ? `, ${trace.droppedSpans} spans dropped` : ''}
            {trace.errorCodes.length ? `, errors: ${trace.errorCodes.join(', ')}` : ''}
          </p>
          <div class="trace-layout">
            <section aria-labelledby="waterfall-heading" class="card">
              <h2 id="waterfall-heading">Waterfall</h2>
              <Waterfall spans={trace.spans} selected={selected} onSelect={setSelected} />
            </section>
            <aside aria-labelledby="span-heading" class="card">
              <h2 id="span-heading">{span ? span.name : 'Span details'}</h2>
              {span ? (
                <>
                  <p>
                    {span.kind}, {formatMs(span.durationMs)}, status {span.status.code}
                    {span.status.message ? `: ${span.status.message}` : ''}
                  </p>
                  <table>
                    <caption>Attributes</caption>
                    <tbody>
                      {span.attributes.map((attribute) => (
                        <tr key={attribute.key}>
                          <th scope="row">{attribute.key}</th>
                          <td>{typeof attribute.value === 'string' ? attribute.value : JSON.stringify(attribute.value)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {span.events.length > 0 ? (
                    <>
                      <h3>Events</h3>
                      <ul>
                        {span.events.map((event, index) => (
                          <li key={index}>
                            {formatTime(event.time)} {event.name}
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                </>
              ) : (
                <p class="muted">Choose a span in the waterfall.</p>
              )}
            </aside>
          </div>
        </>
      ) : null}
    </>
  );
}
