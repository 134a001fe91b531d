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
  /** Counts for progress events (numbers only, never content); spans keep only those in `TRACED_NODE_COUNTS` (review/run/tracing.ts). */
  count?(output: Partial<Pick<ReviewState, W>>): Record<string, number>;
}

/**
 * A node as the graph, its tracer and its contract hold it, whatever its reads and writes. Every
 * `ReviewNode<R, W>` is one: its `run` takes a part of the state, which is what it is given (method
 * parameters compare both ways in TypeScript, so no cast is needed to hold typed nodes in one list).
 */
export interface AnyReviewNode {
  name: string;
  description: string;
  reads: readonly ReviewStateKey[];
  writes: readonly ReviewStateKey[];
  run(input: Readonly<Partial<ReviewState>>, deps: ReviewGraphDependencies, run: ReviewRunContext): Promise<Partial<ReviewState>>;
  count?(output: Partial<ReviewState>): Record<string, number>;
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

/** A copy of one field for a node's input (the contract text is immutable, so it is shared). */
function copyField<K extends ReviewStateKey>(state: ReviewState, key: K): ReviewState[K] {
  return key === 'text' ? state[key] : structuredClone(state[key]);
}

function setField<K extends ReviewStateKey>(target: Partial<ReviewState>, key: K, value: ReviewState[K]): void {
  target[key] = value;
}

/** The fields `keys` of the state, copied: all a node is given. */
export function readsOf(state: ReviewState, keys: readonly ReviewStateKey[]): Partial<ReviewState> {
  const input: Partial<ReviewState> = {};
  for (const key of keys) setField(input, key, copyField(state, key));
  return input;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Wraps a node so the contract is enforced at run time: the node sees a copy of its reads
 * only, and its output must use declared keys with values of the declared types.
 */
export function enforceContract(node: AnyReviewNode, deps: ReviewGraphDependencies) {
  const allowed = new Set<string>(node.writes);
  const dropped = reviewStateKeys.filter((key) => !node.reads.includes(key));
  const writesMask: { [K in ReviewStateKey]?: true } = {};
  for (const key of node.writes) writesMask[key] = true;
  const outputSchema = reviewStateSchema.pick(writesMask).partial().strict();
  return async (state: ReviewState, config?: LangGraphRunnableConfig): Promise<Partial<ReviewState>> => {
    const run = runContextOf(config);
    const started = performance.now();
    run.onNodeStart?.(node.name);
    // A structured copy, so a node cannot reach into state it was not given or mutate it.
    const output = await node.run(readsOf(state, node.reads), deps, run);
    // The types say an object of declared keys; a node written in plain JavaScript or cast past them is checked here.
    const returned: unknown = output;
    if (!isPlainObject(returned)) {
      throw new StateContractViolation(node.name, 'output', 'returned something other than an object as');
    }
    for (const key of Object.keys(returned)) {
      if (!allowed.has(key)) throw new StateContractViolation(node.name, key, 'wrote the undeclared key');
    }
    const parsed = outputSchema.safeParse(returned);
    if (!parsed.success) {
      const key = String(parsed.error.issues[0]?.path[0] ?? 'output');
      throw new StateContractViolation(node.name, key, 'wrote a value of the wrong type to');
    }
    run.onNodeEnd?.({
      node: node.name,
      durationMs: performance.now() - started,
      counts: node.count?.(output) ?? {},
      reads: node.reads,
      writes: node.writes,
      dropped,
    });
    return output;
  };
}
