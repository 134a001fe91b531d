import { randomBytes } from 'node:crypto';
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { AnyReviewNode } from '../agent/contract.js';
import { reviewStateKeys, type ReviewState } from '../agent/state.js';
import type { GraphRunResult } from './result.js';
import type { Metrics } from '../../platform/telemetry/metrics.js';
import { originParent, type TraceOrigin } from '../../platform/telemetry/trace-origin.js';
import { ATTR, errorCodeOf, recordError, traceIdOf, tracer, withSpan } from '../../platform/telemetry/tracing.js';

/** Hooks of one traced review run, see {@link traceReviewRun}. */
export interface ReviewRunTrace {
  /** The real trace id of the run, or a random one when tracing is off (stored as `Review.traceId`). */
  readonly traceId: string;
  /** The review was claimed: its tenant and batch are known. */
  claimed(review: { tenantId: string; userId: string; batchId: string | null }): void;
  succeeded(state: GraphRunResult): void;
  failed(errorCode: string, error: unknown): void;
}

/**
 * Runs one queued review inside a `review.run` span (under its submitting operation, see
 * {@link currentTraceOrigin}) and records the review metrics when it ends.
 */
export async function traceReviewRun(
  reviewId: string,
  origin: TraceOrigin | undefined,
  metrics: Metrics | undefined,
  run: (trace: ReviewRunTrace) => Promise<void>,
): Promise<void> {
  const { parent, links } = originParent(origin);
  const span = tracer().startSpan('review.run', { kind: SpanKind.CONSUMER, attributes: { [ATTR.reviewId]: reviewId }, links }, parent);
  const startedAt = performance.now();
  let outcome: 'SUCCEEDED' | 'FAILED' | null = null;
  let errorCode = 'none';
  let degraded = false;
  const hooks: ReviewRunTrace = {
    traceId: traceIdOf(span) ?? randomBytes(16).toString('hex'),
    claimed(review) {
      span.setAttributes({ [ATTR.tenantId]: review.tenantId, [ATTR.userId]: review.userId });
      if (review.batchId) span.setAttribute(ATTR.batchId, review.batchId);
    },
    succeeded(state) {
      outcome = 'SUCCEEDED';
      degraded = state.degraded;
      const call = state.modelCalls.find((entry) => entry.provider !== 'rules') ?? state.modelCalls[0];
      // No risk level, score, finding count or language: spans are read by the tenant's SREs and
      // ADMINs, and those are owner-only fields of the Review (DESIGN section 7).
      span.setAttributes({
        'suanni.review.status': 'SUCCEEDED',
        'suanni.review.flags': state.flags,
        'suanni.knowledge.versions': state.knowledgeUsed.map((item) => `${item.knowledgeId}@${item.version}`),
        [ATTR.degraded]: state.degraded,
        ...(call ? { 'suanni.model.provider': call.provider, 'suanni.model.name': call.model } : {}),
        'gen_ai.usage.input_tokens': state.modelCalls.reduce((sum, entry) => sum + entry.inputTokens, 0),
        'gen_ai.usage.output_tokens': state.modelCalls.reduce((sum, entry) => sum + entry.outputTokens, 0),
      });
    },
    failed(code, error) {
      outcome = 'FAILED';
      errorCode = code;
      span.setAttribute('suanni.review.status', 'FAILED');
      const details = (error as { details?: { node?: unknown; key?: unknown } } | null)?.details;
      if (typeof details?.node === 'string') span.setAttribute('suanni.node.name', details.node);
      if (typeof details?.key === 'string') span.setAttribute('suanni.state.key', details.key);
      recordError(span, error, code);
    },
  };
  try {
    await context.with(trace.setSpan(parent, span), () => run(hooks));
  } catch (error) {
    hooks.failed(errorCodeOf(error), error);
    throw error;
  } finally {
    span.end();
    if (outcome && metrics) {
      metrics.reviews.inc({ outcome, error_code: errorCode });
      metrics.reviewDuration.observe({ outcome }, (performance.now() - startedAt) / 1000);
      if (degraded) metrics.reviewsDegraded.inc();
    }
  }
}

/**
 * The node counts a span may carry. A node's counts also go to progress events, which only the
 * review's owner receives; spans are read by the tenant's SREs and ADMINs, so they carry only
 * counts of what the Review shows an ADMIN too (flags, knowledge, degradation) or of the input's
 * shape (clauses). Never findings, the risk score, extracted fields or the report's length:
 * a count not listed here stays out of spans.
 */
export const TRACED_NODE_COUNTS: ReadonlySet<string> = new Set(['clauses', 'flags', 'knowledge', 'degraded']);

function nodeAttributes(node: AnyReviewNode, output: Partial<ReviewState>, deps: Parameters<AnyReviewNode['run']>[1]): Attributes {
  const attributes: Attributes = {};
  for (const [name, value] of Object.entries(node.count?.(output) ?? {}))
    if (TRACED_NODE_COUNTS.has(name)) attributes[`suanni.node.count.${name}`] = value;
  const used = output.knowledgeUsed;
  if (used) attributes['suanni.knowledge.versions'] = used.map((item) => `${item.knowledgeId}@${item.version}`);
  // Not the knowledge that findings cite, nor the risk level: that would say what the owner-only findings are.
  const flags = output.flags;
  if (flags) attributes['suanni.review.flags'] = flags;
  const calls = output.modelCalls ?? [];
  const call = calls.at(-1);
  attributes['suanni.model.calls'] = calls.length;
  attributes['suanni.model.provider'] = call?.provider ?? deps.provider.name;
  attributes['suanni.model.name'] = call?.model ?? deps.provider.model;
  attributes['gen_ai.usage.input_tokens'] = calls.reduce((sum, entry) => sum + entry.inputTokens, 0);
  attributes['gen_ai.usage.output_tokens'] = calls.reduce((sum, entry) => sum + entry.outputTokens, 0);
  attributes[ATTR.degraded] = output.degraded === true || calls.some((entry) => entry.degraded);
  return attributes;
}

/**
 * Wraps a node so that its work runs in a `review.node.<name>` span (model and database spans of
 * the node become its children) carrying its reads, writes, dropped state keys, the counts of
 * {@link TRACED_NODE_COUNTS}, the knowledge versions it fetched, provider, model, tokens and
 * whether it degraded.
 * The state contract is still enforced around the wrapped node; an undeclared output key is
 * marked on the span here, before the contract fails the review.
 */
export function traceReviewNode(node: AnyReviewNode): AnyReviewNode {
  const writes = new Set<string>(node.writes);
  const staticAttributes: Attributes = {
    'suanni.node.name': node.name,
    'suanni.node.reads': [...node.reads],
    'suanni.node.writes': [...node.writes],
    'suanni.node.dropped': reviewStateKeys.filter((key) => !node.reads.includes(key)),
  };
  return {
    ...node,
    run: (input, deps, run) =>
      withSpan(`review.node.${node.name}`, staticAttributes, async (span: Span) => {
        const output = await node.run(input, deps, run);
        if (output && typeof output === 'object' && span.isRecording()) {
          span.setAttributes(nodeAttributes(node, output, deps));
          const undeclared = Object.keys(output).filter((key) => !writes.has(key));
          if (undeclared.length > 0) {
            span.setAttribute('suanni.node.undeclared_keys', undeclared);
            span.setAttribute(ATTR.errorCode, 'STATE_CONTRACT_VIOLATION');
            span.setStatus({ code: SpanStatusCode.ERROR, message: 'STATE_CONTRACT_VIOLATION' });
          }
        }
        return output;
      }),
  };
}
