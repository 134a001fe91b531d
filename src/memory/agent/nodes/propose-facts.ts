import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { extractFactCandidates } from '../../rules/fact-candidates.js';
import { toTurns } from '../messages.js';
import { chatContextOf } from '../run-context.js';
import type { ChatState } from '../state.js';

/**
 * propose-facts: details the user stated about themselves in this turn become proposals; they are
 * written to the store only when confirmed, or at once when auto-confirmation is configured.
 */
export async function proposeFacts(state: ChatState, config: LangGraphRunnableConfig): Promise<Partial<ChatState>> {
  const chat = chatContextOf(config);
  const lastUser = toTurns(state.messages)
    .filter((turn) => turn.role === 'user')
    .at(-1);
  const proposedFacts = lastUser ? extractFactCandidates(lastUser.content) : [];
  if (chat.settings.autoConfirmFacts && config.store) {
    for (const fact of proposedFacts) await config.store.put([chat.userId, fact.category], fact.key, { value: fact.value });
  }
  return { proposedFacts };
}
