import type { SanitizedKnowledge } from '../../knowledge/types.js';
import type { NodeReport, ReviewRunContext } from '../agent/contract.js';
import type { CompiledReviewGraph } from '../agent/graph.js';
import type { ReviewState } from '../agent/state.js';
import { type GraphRunResult, graphRunResult } from './result.js';

/** Thrown at a node boundary of a cancelled review; ends its run without a result. */
export class ReviewCancelled extends Error {
  constructor() {
    super('The review was cancelled.');
    this.name = 'ReviewCancelled';
  }
}

/** A run still in flight when its executor was closed (SIGTERM after the drain's grace period): its review is given back. */
export class GraphRunInterrupted extends Error {
  constructor() {
    super('The review graph stopped before the run finished (the process is stopping).');
    this.name = 'GraphRunInterrupted';
  }
}

/** What one run of the review graph reads. */
export interface GraphRunInput {
  id: string;
  tenantId: string;
  contractId: string;
  title: string;
  text: string;
  asOf: Date;
}

/** What a node's end reports to progress events. */
export type NodeProgress = Pick<NodeReport, 'node' | 'durationMs' | 'counts'>;

/** The process-side services of one run: knowledge comes from here, progress goes here. */
export interface GraphRunHooks {
  retrieveKnowledge: ReviewRunContext['retrieveKnowledge'];
  onNode(kind: 'start' | 'end', report: NodeProgress | string): void;
  /** Aborted when the review's owner cancels it: the run stops at its next node boundary. */
  signal?: AbortSignal;
}

/**
 * Runs the review graph: in this thread ({@link InProcessGraph}) or on graph threads
 * (graph-threads.ts). Either way a run starts from a fresh state and ends with the graph's state,
 * a {@link ReviewCancelled}, or the error the run failed with.
 */
export interface ReviewGraphExecutor {
  /** Makes the executor ready to run (a worker takes jobs only once it can run them). */
  start(): Promise<void>;
  run(review: GraphRunInput, pinned: ReviewState['pinnedKnowledge'], hooks: GraphRunHooks): Promise<GraphRunResult>;
  close(): Promise<void>;
}

/** The graph's input state of a review. */
export function graphInput(review: GraphRunInput, pinned: ReviewState['pinnedKnowledge']) {
  return {
    reviewId: review.id,
    contractId: review.contractId,
    title: review.title,
    text: review.text,
    asOf: review.asOf,
    pinnedKnowledge: pinned,
  };
}

/** The graph in the calling thread: with replaced nodes or an injected provider, and with `SUANNI_REVIEW_THREADS=0`. */
export class InProcessGraph implements ReviewGraphExecutor {
  constructor(private readonly graph: CompiledReviewGraph) {}

  async run(review: GraphRunInput, pinned: ReviewState['pinnedKnowledge'], hooks: GraphRunHooks): Promise<GraphRunResult> {
    const boundary = () => {
      if (hooks.signal?.aborted) throw new ReviewCancelled();
    };
    const context: ReviewRunContext = {
      retrieveKnowledge: (request): Promise<SanitizedKnowledge[]> => hooks.retrieveKnowledge(request),
      onNodeStart: (node) => {
        boundary();
        hooks.onNode('start', node);
      },
      onNodeEnd: (report) => {
        boundary();
        hooks.onNode('end', { node: report.node, durationMs: report.durationMs, counts: report.counts });
      },
    };
    const state = await this.graph.invoke(graphInput(review, pinned), {
      configurable: { review: context },
    });
    return graphRunResult(state);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}
