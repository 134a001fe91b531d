import { useId } from 'preact/hooks';

// Lightweight SVG charts. The console draws a handful of bar charts, one waterfall and one time
// axis: a charting library would add more to the bundle than the whole app, and plain SVG keeps
// every value as text a screen reader can reach (each chart also has a <title> and a table-like
// text equivalent through aria-label).

export interface Bar {
  label: string;
  value: number | null;
  /** Shown instead of the number. */
  display?: string;
}

/** Horizontal bars, one per value, scaled to `max` (default: the largest value). */
export function BarChart({ title, bars, max, unit = '' }: { title: string; bars: Bar[]; max?: number; unit?: string }) {
  const top = max ?? Math.max(1, ...bars.map((bar) => bar.value ?? 0));
  const rowHeight = 26;
  const labelWidth = 120;
  const width = 420;
  const height = bars.length * rowHeight + 8;
  const summary = bars.map((bar) => `${bar.label}: ${bar.display ?? (bar.value === null ? 'none' : `${bar.value}${unit}`)}`).join(', ');
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={`${title}: ${summary}`}>
        <title>{title}</title>
        {bars.map((bar, index) => {
          const y = index * rowHeight + 4;
          const length = bar.value === null ? 0 : Math.max(2, ((width - labelWidth - 90) * bar.value) / top);
          return (
            <g key={bar.label}>
              <text x={labelWidth - 8} y={y + 15} text-anchor="end" class="chart-label">
                {bar.label}
              </text>
              <rect x={labelWidth} y={y + 2} width={length} height={rowHeight - 8} class="chart-bar" rx="2" />
              <text x={labelWidth + length + 6} y={y + 15} class="chart-value">
                {bar.display ?? (bar.value === null ? '—' : `${Number.isInteger(bar.value) ? bar.value : bar.value.toFixed(1)}${unit}`)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** A filled bar of `used` out of `total`, split into labelled parts. */
export function MeterBar({ label, parts, total }: { label: string; parts: { label: string; value: number; class: string }[]; total: number }) {
  const id = useId();
  const used = parts.reduce((sum, part) => sum + part.value, 0);
  let offset = 0;
  return (
    <div class="meter">
      <div class="meter-label" id={id}>
        {label}: {used} of {total}
      </div>
      <svg viewBox="0 0 300 18" width="100%" role="img" aria-labelledby={id}>
        <rect x="0" y="0" width="300" height="18" class="meter-track" rx="3" />
        {parts.map((part) => {
          const width = total > 0 ? Math.min(300 - offset, (300 * part.value) / total) : 0;
          const rect = <rect key={part.label} x={offset} y="0" width={Math.max(0, width)} height="18" class={part.class} />;
          offset += width;
          return rect;
        })}
      </svg>
      <ul class="legend">
        {parts.map((part) => (
          <li key={part.label}>
            <span class={`swatch ${part.class}`} aria-hidden="true" /> {part.label}: {part.value}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface WaterfallSpan {
  spanId: string;
  name: string;
  depth: number;
  startTime: string;
  durationMs: number;
  status: { code: string; message?: string | null };
}

/** Spans on a time axis from the trace start: one row each, indented by depth, errors in red. */
export function Waterfall({ spans, selected, onSelect }: { spans: WaterfallSpan[]; selected: string | null; onSelect(spanId: string): void }) {
  if (spans.length === 0) return <p class="muted">No spans.</p>;
  const start = Math.min(...spans.map((span) => Date.parse(span.startTime)));
  const end = Math.max(...spans.map((span) => Date.parse(span.startTime) + span.durationMs));
  const total = Math.max(end - start, 1);
  return (
    <ol class="waterfall" aria-label="Spans on a time axis">
      {spans.map((span) => {
        const left = ((Date.parse(span.startTime) - start) / total) * 100;
        const width = Math.max((span.durationMs / total) * 100, 0.5);
        const error = span.status.code === 'ERROR';
        return (
          <li key={span.spanId}>
            <button
              type="button"
              class={`waterfall-row${selected === span.spanId ? ' selected' : ''}${error ? ' error-row' : ''}`}
              aria-pressed={selected === span.spanId}
              onClick={() => onSelect(span.spanId)}
            >
              <span class="waterfall-name" style={{ paddingLeft: `${span.depth * 14}px` }}>
                {error ? '⚠ ' : ''}
                {span.name}
              </span>
              <span class="waterfall-track" aria-hidden="true">
                <span class={`waterfall-bar${error ? ' bar-error' : ''}`} style={{ left: `${left}%`, width: `${Math.min(width, 100 - left)}%` }} />
              </span>
              <span class="waterfall-duration">{span.durationMs.toFixed(1)} ms</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

export interface TimelineVersion {
  version: string;
  validFrom: string;
  validUntil: string;
  recordedAt: string;
  retractedAt?: string | null;
}

/**
 * One knowledge item's versions: a row per version with its valid time as a bar, its recorded
 * time as a tick, a retraction as a cross, and the as-of instant as a vertical line.
 */
export function VersionTimeline({ knowledgeId, versions, asOf }: { knowledgeId: string; versions: TimelineVersion[]; asOf: string }) {
  const now = Date.now();
  const asOfTime = Date.parse(asOf);
  const times = versions.flatMap((v) => [Date.parse(v.validFrom), Date.parse(v.recordedAt), ...(v.retractedAt ? [Date.parse(v.retractedAt)] : []), Math.min(Date.parse(v.validUntil), now)]);
  times.push(asOfTime, now);
  const min = Math.min(...times);
  const max = Math.max(...times);
  const span = Math.max(max - min, 1);
  const width = 640;
  const left = 60;
  const right = 16;
  const row = 28;
  const height = versions.length * row + 34;
  const x = (time: number) => left + ((Math.min(Math.max(time, min), max) - min) / span) * (width - left - right);
  const label = `${knowledgeId}: ${versions.map((v) => `version ${v.version} valid ${v.validFrom} to ${v.validUntil}, recorded ${v.recordedAt}${v.retractedAt ? `, retracted ${v.retractedAt}` : ''}`).join('; ')}`;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={label} class="timeline">
      <title>{`Versions of ${knowledgeId} on a time axis`}</title>
      {versions.map((v, index) => {
        const y = index * row + 6;
        const from = x(Date.parse(v.validFrom));
        const until = x(Math.min(Date.parse(v.validUntil), max));
        return (
          <g key={v.version}>
            <text x={left - 8} y={y + 14} text-anchor="end" class="chart-label">
              v{v.version}
            </text>
            <rect x={from} y={y + 3} width={Math.max(until - from, 2)} height="14" rx="2" class={v.retractedAt ? 'valid-bar retracted' : 'valid-bar'} />
            <line x1={x(Date.parse(v.recordedAt))} x2={x(Date.parse(v.recordedAt))} y1={y} y2={y + 20} class="recorded-tick" />
            {v.retractedAt ? (
              <text x={x(Date.parse(v.retractedAt))} y={y + 15} text-anchor="middle" class="retracted-mark">
                ✕
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={x(asOfTime)} x2={x(asOfTime)} y1="0" y2={height - 24} class="asof-line" />
      <text x={left} y={height - 6} class="chart-axis">
        {new Date(min).toISOString().slice(0, 10)}
      </text>
      <text x={width - right} y={height - 6} text-anchor="end" class="chart-axis">
        {new Date(max).toISOString().slice(0, 10)}
      </text>
    </svg>
  );
}
