import type { SanitizedKnowledge } from '../knowledge/types.js';
import type { NodeReport, ReviewRunContext } from './agent/contract.js';
import type { CompiledReviewGraph } from './agent/graph.js';
import type { ReviewState } from './agent/state.js';

/** Thrown at a node boundary of a cancelled review; ends its run without a result. */
export class ReviewCancelled extends Error {
  constructor() {
    super('The review was cancelled.');
    this.name = 'ReviewCancelled';
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

/** The process-side services of one run: knowledge comes from here, progress goes here. */
export interface GraphRunHooks {
  retrieveKnowledge: ReviewRunContext['retrieveKnowledge'];
  onNode(kind: 'start' | 'end', report: NodeReport | string): void;
  /** Aborted when the review's owner cancels it: the run stops at its next node boundary. */
  signal?: AbortSignal;
}

/**
 * Runs the review graph: in this thread ({@link InProcessGraph}) or on graph threads
 * (graph-threads.ts). Either way a run starts from a fresh state and ends with the graph's state,
 * a {@link ReviewCancelled}, or the error the run failed with.
 */
export interface ReviewGraphExecutor {
  run(review: GraphRunInput, pinned: ReviewState['pinnedKnowledge'], hooks: GraphRunHooks): Promise<ReviewState>;
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

/** The graph in the calling thread: for tests that replace nodes or inject a provider, and `SUANNI_REVIEW_THREADS=0`. */
export class InProcessGraph implements ReviewGraphExecutor {
  constructor(private readonly graph: CompiledReviewGraph) {}

  async run(review: GraphRunInput, pinned: ReviewState['pinnedKnowledge'], hooks: GraphRunHooks): Promise<ReviewState> {
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
        hooks.onNode('end', report);
      },
    };
    return (await this.graph.invoke(graphInput(review, pinned) as never, { configurable: { review: context } })) as unknown as ReviewState;
  }

  async close(): Promise<void> {}
}
