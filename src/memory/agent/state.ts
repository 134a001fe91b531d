import { Annotation, MessagesAnnotation } from '@langchain/langgraph';
import type { RetrievedInWindow } from '../context-window.js';
import type { FactCandidate } from '../rules/fact-candidates.js';

/** What one turn reports about its context window (no content, numbers and flags only). */
export interface TurnContext {
  factsUsed: number;
  summaryLength: number;
  turnsIncluded: number;
  promptTokens: number;
  promptTokensSource: 'api' | 'estimate';
  budget: number;
  degraded: boolean;
  degradedReasons: string[];
  provider: string;
  model: string;
  /** What retrieval put into the window for this message, best first, and why (refs, scores, matched words). */
  retrieved: RetrievedInWindow[];
  retrievedTokens: number;
}

/**
 * Thread state of a conversation, checkpointed under the derived thread id. `messages` and the
 * running `summary` are the short-term memory; the rest are the outputs of the latest turn.
 * Long-term facts are not here: they live in the store and are rendered into each turn.
 */
export const ChatStateAnnotation = Annotation.Root({
  ...MessagesAnnotation.spec,
  /** The running summary of messages trimmed from the window. */
  summary: Annotation<string>({ reducer: (_current, update) => update, default: () => '' }),
  /** The latest reply. */
  reply: Annotation<string>({ reducer: (_current, update) => update, default: () => '' }),
  /** Facts the latest user message stated, proposed for confirmation. */
  proposedFacts: Annotation<FactCandidate[]>({ reducer: (_current, update) => update, default: () => [] }),
  /** How the latest turn's context was built. */
  turn: Annotation<TurnContext | null>({
    reducer: (current, update) => (update === null ? current : { ...(current ?? ({} as TurnContext)), ...update }),
    default: () => null,
  }),
});

export type ChatState = typeof ChatStateAnnotation.State;
