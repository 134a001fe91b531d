import { RemoveMessage } from '@langchain/core/messages';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { toTurns } from '../messages.js';
import { chatContextOf } from '../run-context.js';
import type { ChatState } from '../state.js';

/**
 * summarize: when the thread holds more than `summarizeAbove` messages, everything but the last
 * K turns leaves the state through RemoveMessage (never by overwriting `messages`) and is merged
 * into the running summary. Facts live in the store, so summarizing never drops one. When the
 * summarizer fails, the turn degrades to trimming and says so.
 */
export async function summarize(state: ChatState, config: LangGraphRunnableConfig): Promise<Partial<ChatState>> {
  const chat = chatContextOf(config);
  if (state.messages.length <= chat.settings.summarizeAbove) return {};
  const keep = chat.settings.recentTurns * 2;
  const trimmed = state.messages.slice(0, Math.max(state.messages.length - keep, 0));
  const removals = trimmed.filter((message) => message.id).map((message) => new RemoveMessage({ id: message.id! }));
  try {
    const summary = await chat.summarize(state.summary, toTurns(trimmed));
    return { messages: removals, summary };
  } catch {
    const degradedReasons = [...(state.turn?.degradedReasons ?? []), 'summarizer_failed_trimmed'];
    return { messages: removals, turn: { ...state.turn!, degraded: true, degradedReasons } };
  }
}
