import { END, START, StateGraph, type BaseCheckpointSaver } from '@langchain/langgraph';
import { type AnyReviewNode, enforceContract, type ReviewGraphDependencies } from './contract.js';
import { complianceNode } from './nodes/compliance.js';
import { parseNode } from './nodes/parse.js';
import { reportNode } from './nodes/report.js';
import { retrieveNode } from './nodes/retrieve.js';
import { riskNode } from './nodes/risk.js';
import { ReviewStateAnnotation } from './state.js';
import { traceReviewNode } from '../run/tracing.js';
import { carryRunConfigWithoutRunTrees } from '../../platform/langgraph/run-context.js';

export const REVIEW_GRAPH_NAME = 'contract-review';

/** The nodes in execution order; the graph is a straight line. */
export const REVIEW_NODES: readonly AnyReviewNode[] = [parseNode, retrieveNode, complianceNode, riskNode, reportNode];
export type ReviewNodeName = 'parse' | 'retrieve' | 'compliance' | 'risk' | 'report';

/**
 * The graph's edges, `__start__` and `__end__` included: the builder adds exactly these, and
 * `reviewStateContract` answers them, so the console draws the graph from its definition.
 */
export const REVIEW_EDGES: readonly (readonly [typeof START | ReviewNodeName, ReviewNodeName | typeof END])[] = [
  [START, 'parse'],
  ['parse', 'retrieve'],
  ['retrieve', 'compliance'],
  ['compliance', 'risk'],
  ['risk', 'report'],
  ['report', END],
];

/**
 * The uncompiled review graph. `overrides` replaces nodes by name (`TestOverrides.reviewNodes`);
 * every node, replaced or not, runs in its span (`review.node.<name>`, see ../tracing.ts) under
 * its state contract.
 */
export function createReviewGraphBuilder(deps: ReviewGraphDependencies, overrides: Partial<Record<ReviewNodeName, AnyReviewNode>> = {}) {
  const nodes = REVIEW_NODES.map((node) => traceReviewNode(overrides[node.name as ReviewNodeName] ?? node));
  const [parse, retrieve, compliance, risk, report] = nodes.map((node) => enforceContract(node, deps));
  const graph = new StateGraph(ReviewStateAnnotation)
    .addNode('parse', parse!)
    .addNode('retrieve', retrieve!)
    .addNode('compliance', compliance!)
    .addNode('risk', risk!)
    .addNode('report', report!);
  for (const [from, to] of REVIEW_EDGES) graph.addEdge(from, to);
  return graph;
}

/**
 * Compiles the review graph. Reviews run without a checkpointer (clean state: every run starts
 * fresh and nothing is persisted mid-run); `checkpointer` exists for the benchmark comparison.
 */
export function compileReviewGraph(
  deps: ReviewGraphDependencies,
  options: { overrides?: Partial<Record<ReviewNodeName, AnyReviewNode>>; checkpointer?: BaseCheckpointSaver } = {},
) {
  carryRunConfigWithoutRunTrees();
  const graph = createReviewGraphBuilder(deps, options.overrides).compile({ checkpointer: options.checkpointer, name: REVIEW_GRAPH_NAME });
  return graph;
}

export type CompiledReviewGraph = ReturnType<typeof compileReviewGraph>;
