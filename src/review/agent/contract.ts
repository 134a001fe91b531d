import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { AppError } from '../../platform/errors.js';
import type { ModelProvider } from '../../platform/llm/provider.js';
import type { SanitizedKnowledge } from '../../knowledge/types.js';
import { reviewStateKeys, reviewStateSchema, type ReviewState, type ReviewStateKey } from './state.js';

/** Raised when a node writes outside its contract; fails that review only. */
export class StateContractViolation extends AppError {
  constructor(node: string, key: string, reason: string) {
    super('STATE_CONTRACT_VIOLATION', `Node "${node}" ${reason} "${key}".`, { node, key });
    this.name = 'StateContractViolation';
  }
}

/** What a node reports when it finishes, for progress events and spans. */
export interface NodeReport {
  node: string;
  durationMs: number;
  counts: Record<string, number>;
  reads: readonly string[];
  writes: readonly string[];
  /** State fields that existed but the node was not given. */
  dropped: readonly string[];
}

/** Per-run services a node may use, passed through LangGraph's `configurable`. */
export interface ReviewRunContext {
  /** Knowledge for the given contract fields as of `asOf`, or exactly the pinned versions. */
  retrieveKnowledge(request: {
    asOf: Date;
    fields: readonly string[];
    pinned: ReviewState['pinnedKnowledge'];
  }): Promise<SanitizedKnowledge[]>;
  onNodeStart?(node: string): void;
  onNodeEnd?(report: NodeReport): void;
}

/** Process-wide dependencies of the graph. */
export interface ReviewGraphDependencies {
  provider: ModelProvider;
  /**
   * `assist`: the parse node sends candidate clauses to the configured model to find clause kinds
   * the rules missed (SUANNI_MODEL_EXTRACTION); `off` (the default): no contract text leaves.
   */
  modelExtraction?: 'off' | 'assist';
}

/**
 * One node of the review graph: the fields it may read, the fields it may write, and its work.
 * The node receives only its reads; any other output key is a STATE_CONTRACT_VIOLATION.
 */
export interface ReviewNode<R extends ReviewStateKey = ReviewStateKey, W extends ReviewStateKey = ReviewStateKey> {
  name: string;
  description: string;
  reads: readonly R[];
  writes: readonly W[];
  run(input: Readonly<Pick<ReviewState, R>>, deps: ReviewGraphDependencies, run: ReviewRunContext): Promise<Partial<Pick<ReviewState, W>>>;
  /** Counts for progress events (numbers only, never content); spans keep only those in `TRACED_NODE_COUNTS` (review/tracing.ts). */
  count?(output: Partial<Pick<ReviewState, W>>): Record<string, number>;
}

/** Declares a node with its types checked against its reads and writes. */
export function defineNode<R extends ReviewStateKey, W extends ReviewStateKey>(node: ReviewNode<R, W>): ReviewNode<R, W> {
  return node;
}

export function runContextOf(config: LangGraphRunnableConfig | undefined): ReviewRunContext {
  const context = config?.configurable?.review as ReviewRunContext | undefined;
  if (!context) throw new Error('a review run needs configurable.review');
  return context;
}

/**
 * Wraps a node so the contract is enforced at run time: the node sees a copy of its reads
 * only, and its output must use declared keys with values of the declared types.
 */
export function enforceContract(node: ReviewNode, deps: ReviewGraphDependencies) {
  const allowed = new Set<string>(node.writes);
  const dropped = reviewStateKeys.filter((key) => !node.reads.includes(key));
  const outputSchema = reviewStateSchema
    .pick(Object.fromEntries(node.writes.map((key) => [key, true])) as never)
    .partial()
    .strict();
  return async (state: ReviewState, config?: LangGraphRunnableConfig): Promise<Partial<ReviewState>> => {
    const run = runContextOf(config);
    const started = performance.now();
    run.onNodeStart?.(node.name);
    // A structured copy, so a node cannot reach into state it was not given or mutate it.
    const input = Object.fromEntries(node.reads.map((key) => [key, key === 'text' ? state.text : structuredClone(state[key])]));
    const output = (await node.run(input as never, deps, run)) as Record<string, unknown>;
    if (output === null || typeof output !== 'object' || Array.isArray(output)) {
      throw new StateContractViolation(node.name, 'output', 'returned something other than an object as');
    }
    for (const key of Object.keys(output)) {
      if (!allowed.has(key)) throw new StateContractViolation(node.name, key, 'wrote the undeclared key');
    }
    const parsed = outputSchema.safeParse(output);
    if (!parsed.success) {
      const key = String(parsed.error.issues[0]?.path[0] ?? 'output');
      throw new StateContractViolation(node.name, key, 'wrote a value of the wrong type to');
    }
    run.onNodeEnd?.({
      node: node.name,
      durationMs: performance.now() - started,
      counts: node.count?.(output as never) ?? {},
      reads: node.reads,
      writes: node.writes,
      dropped,
    });
    return output as Partial<ReviewState>;
  };
}
