import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { ModelProvider } from '../../platform/llm/provider.js';
import type { ChatTurnMessage } from '../context-window.js';
import type { RecalledMemory } from '../recall.js';
import type { FactStore } from '../store/fact-store.js';

export interface ChatSettings {
  /** Prompt token budget of one turn. */
  budget: number;
  /** Earlier turns rendered at most. */
  recentTurns: number;
  /** Messages in the thread above which older ones are summarized away. */
  summarizeAbove: number;
  /** Write explicitly stated facts without waiting for confirmation. */
  autoConfirmFacts: boolean;
  /** Memories retrieved per turn at most (0: retrieval off). */
  recallLimit?: number;
  /** Share of the budget retrieved memories may use at most. */
  recallShare?: number;
}

/** Per-turn services a chat node uses, passed through LangGraph's `configurable`. */
export interface ChatRunContext {
  provider: ModelProvider;
  settings: ChatSettings;
  userId: string;
  /** `${sessionId}#${turn}`: where a fact came from. */
  sourceTurn: string;
  onToken?: (piece: string) => void;
  /**
   * Retrieves memories for the current message, excluding the messages still in the thread state
   * and the current facts the window renders anyway; absent when retrieval is off.
   */
  recall?: (text: string, exclude: { messageIds: string[]; renderedFacts: Set<string> }) => Promise<RecalledMemory[]>;
  /** The store the graph was compiled with, when it is ours: writes that carry a validity. */
  factStore?: FactStore;
  /** Merges trimmed messages into the summary; may throw, then the turn degrades to trimming. */
  summarize(previous: string, trimmed: readonly ChatTurnMessage[]): Promise<string>;
}

export function chatContextOf(config: LangGraphRunnableConfig | undefined): ChatRunContext {
  const context = config?.configurable?.chat as ChatRunContext | undefined;
  if (!context) throw new Error('a chat turn needs configurable.chat');
  return context;
}
