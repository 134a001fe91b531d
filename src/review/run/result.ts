import type { ReviewState } from '../agent/state.js';

/** The state keys a run gives back: what the review's result, its trace and a replay read. */
export const GRAPH_RUN_RESULT_KEYS = [
  'reviewId',
  'findings',
  'language',
  'riskLevel',
  'riskScore',
  'reviewReport',
  'reportText',
  'knowledgeUsed',
  'flags',
  'degraded',
  'modelCalls',
] as const satisfies readonly (keyof ReviewState)[];

/**
 * What a run gives back. The contract's text, clauses, extracted fields and knowledge texts stay
 * where they are (a thread would copy them back).
 */
export type GraphRunResult = Pick<ReviewState, (typeof GRAPH_RUN_RESULT_KEYS)[number]>;

/** The result part of a final state. */
export function graphRunResult(state: ReviewState): GraphRunResult {
  return Object.fromEntries(GRAPH_RUN_RESULT_KEYS.map((key) => [key, state[key]])) as GraphRunResult;
}
