import { useState } from 'preact/hooks';
import { request } from '../api';
import { ReviewGraphQuery, TraceQuery } from '../documents';
import type { ConsoleReviewQuery } from '../gql/graphql';
import { ErrorMessage, formatMs, useLoad } from '../ui';

type Review = ConsoleReviewQuery['review'];

const START = '__start__';
const END = '__end__';

/** What the stored review holds of a state field a node wrote (the owner's own view of it); null: kept in the run only. */
function storedValue(review: Review, field: string): string | null {
  switch (field) {
    case 'language':
      return review.language ?? '—';
    case 'flags':
      return review.flags.length ? review.flags.join(', ') : 'none';
    case 'degraded':
      return String(review.degraded);
    case 'findings':
      return `${review.findings.length} finding${review.findings.length === 1 ? '' : 's'}`;
    case 'knowledgeUsed':
      return review.knowledgeUsed.map((item) => `${item.knowledgeId}@${item.version}`).join(', ') || 'none';
    case 'riskScore':
      return review.riskScore === null || review.riskScore === undefined ? '—' : String(review.riskScore);
    case 'riskLevel':
      return review.riskLevel ?? '—';
    case 'text':
      return review.text ? `${review.text.length} characters` : '—';
    case 'title':
      return review.title;
    case 'asOf':
      return review.asOf;
    default:
      return null;
  }
}

/**
 * The review graph drawn from its definition (`reviewStateContract`: nodes and edges), and for this
 * run each node's inputs and outputs as its state contract names them, with what the stored review
 * holds of them; with the trace (ADMIN, SRE), each node's time and error from its span.
 */
export function ReviewRun({ review, seesTraces }: { review: Review; seesTraces: boolean }) {
  const graph = useLoad(() => request(ReviewGraphQuery), []);
  const trace = useLoad(
    () => (seesTraces && review.traceId ? request(TraceQuery, { id: review.traceId }).catch(() => null) : Promise.resolve(null)),
    [review.traceId, seesTraces],
  );
  const [selected, setSelected] = useState<string | null>(null);
  const contract = graph.data?.reviewStateContract;
  if (!contract) return <ErrorMessage error={graph.error} />;
  // Nodes in the order the edges reach them from the entry.
  const order: string[] = [];
  for (let at = START; ; ) {
    const next = contract.edges.find((edge) => edge.from === at)?.to;
    if (!next || next === END || order.includes(next)) break;
    order.push(next);
    at = next;
  }
  const spans = new Map(
    (trace.data?.trace.spans ?? [])
      .filter((span) => span.name.startsWith('review.node.'))
      .map((span) => [span.name.slice('review.node.'.length), span]),
  );
  const failedAt = review.status === 'FAILED' ? ([...spans].find(([, span]) => span.status.code === 'ERROR')?.[0] ?? null) : null;
  const stateOf = (name: string) =>
    failedAt === name || spans.get(name)?.status.code === 'ERROR'
      ? 'failed'
      : review.status === 'SUCCEEDED' || spans.has(name)
        ? 'done'
        : 'not run';
  const width = 130;
  const gap = 40;
  const total = 60 + order.length * (width + gap) + 40;
  const current = contract.nodes.find((node) => node.name === (selected ?? order[0]));
  return (
    <section class="card" aria-labelledby="run-heading">
      <h2 id="run-heading">Run</h2>
      <svg class="run-graph" viewBox={`0 0 ${total} 80`} role="img" aria-label={`Review graph: ${order.join(' → ')}`}>
        <circle cx="20" cy="40" r="8" class="run-terminal" />
        {order.map((name, index) => {
          const x = 60 + index * (width + gap);
          return <line key={`edge-${name}`} x1={index === 0 ? 28 : x - gap} y1="40" x2={x} y2="40" class="run-edge" />;
        })}
        <line x1={60 + order.length * (width + gap) - gap} y1="40" x2={total - 28} y2="40" class="run-edge" />
        <circle cx={total - 20} cy="40" r="8" class="run-terminal" />
        {order.map((name, index) => (
          <g key={name} class={`run-node run-node-${stateOf(name).replace(' ', '-')}`} transform={`translate(${60 + index * (width + gap)},18)`}>
            <rect width={width} height="44" rx="6" />
            <text x={width / 2} y="27" text-anchor="middle">
              {name}
            </text>
          </g>
        ))}
      </svg>
      <div class="row" role="group" aria-label="Nodes">
        {order.map((name) => (
          <button key={name} type="button" aria-pressed={(selected ?? order[0]) === name} onClick={() => setSelected(name)}>
            {name}: {stateOf(name)}
            {spans.get(name) ? ` (${formatMs(spans.get(name)!.durationMs)})` : ''}
          </button>
        ))}
      </div>
      {current ? (
        <div class="run-node-detail">
          <h3>{current.name}</h3>
          <p>{current.description}</p>
          {spans.get(current.name) ? (
            <p>
              Time {formatMs(spans.get(current.name)!.durationMs)}
              {spans.get(current.name)!.status.code === 'ERROR' ? `; error: ${spans.get(current.name)!.status.message ?? ''}` : ''}
            </p>
          ) : (
            <p class="muted">{seesTraces ? 'No span of this node in the trace buffer.' : 'Times and errors per node are in the trace (ADMIN, SRE).'}</p>
          )}
          {failedAt === current.name && review.error ? (
            <p class="error">
              {review.error.code}: {review.error.message}
            </p>
          ) : null}
          <table aria-label={`Inputs and outputs of ${current.name}`}>
            <thead>
              <tr>
                <th scope="col">Direction</th>
                <th scope="col">State field</th>
                <th scope="col">In the stored review</th>
              </tr>
            </thead>
            <tbody>
              {[...current.reads.map((field) => ['reads', field] as const), ...current.writes.map((field) => ['writes', field] as const)].map(
                ([direction, field]) => (
                  <tr key={`${direction}-${field}`}>
                    <td>{direction}</td>
                    <th scope="row">{field}</th>
                    <td>{storedValue(review, field) ?? <span class="muted">kept in the run only</span>}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
