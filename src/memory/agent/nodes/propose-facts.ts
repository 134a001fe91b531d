import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { extractFactCandidates } from '../../rules/fact-candidates.js';
import { toTurns } from '../messages.js';
import { chatContextOf } from '../run-context.js';
import type { ChatState } from '../state.js';

/** When the user's latest message was sent (for "since March"), else now. */
function sentAt(state: ChatState): Date {
  const message = state.messages.findLast((item) => item.getType() === 'human');
  const stamp = message?.additional_kwargs?.sentAt;
  const instant = typeof stamp === 'string' ? new Date(stamp) : null;
  return instant && !Number.isNaN(instant.getTime()) ? instant : new Date();
}

/**
 * propose-facts: details the user stated about themselves in this turn become proposals; they are
 * written to the store only when confirmed, or at once when auto-confirmation is configured.
 */
export async function proposeFacts(state: ChatState, config: LangGraphRunnableConfig): Promise<Partial<ChatState>> {
  const chat = chatContextOf(config);
  const lastUser = toTurns(state.messages)
    .filter((turn) => turn.role === 'user')
    .at(-1);
  const proposedFacts = lastUser ? extractFactCandidates(lastUser.content, sentAt(state)) : [];
  const store = config.store;
  if (chat.settings.autoConfirmFacts && store) {
    for (const fact of proposedFacts) {
      const namespace = [chat.userId, fact.category];
      // Our store keeps the statement's validity (LangGraph hands nodes a batching wrapper of the
      // store, so it comes through the run context); any other BaseStore gets the plain value.
      if (chat.factStore) await chat.factStore.putFact(namespace, fact.key, { value: fact.value }, fact);
      else await store.put(namespace, fact.key, { value: fact.value });
    }
  }
  return { proposedFacts };
}
