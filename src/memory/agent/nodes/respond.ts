import { AIMessage } from '@langchain/core/messages';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { renderContextWindow } from '../../context-window.js';
import { extractFactCandidates } from '../../rules/fact-candidates.js';
import { rulesReply } from '../../rules/identity-answers.js';
import { toTurns } from '../messages.js';
import { chatContextOf } from '../run-context.js';
import type { ChatState } from '../state.js';

/** Facts of the user, read from the store the graph was compiled with (current versions only). */
async function loadFacts(config: LangGraphRunnableConfig, userId: string) {
  if (!config.store) return [];
  const items = await config.store.search([userId], { limit: 200 });
  return items.map((item) => ({
    category: item.namespace[1] ?? 'general',
    key: item.key,
    value: (item.value as { value?: unknown }).value ?? item.value,
  }));
}

/**
 * respond: renders the context window (facts → summary → last K turns, under the budget) and
 * answers. The rules reply answers from that same rendered context; a real model gets the
 * rendered prompt, and the rules reply is its fallback.
 */
export async function respond(state: ChatState, config: LangGraphRunnableConfig): Promise<Partial<ChatState>> {
  const chat = chatContextOf(config);
  const facts = await loadFacts(config, chat.userId);
  const turns = toTurns(state.messages);
  const window = await renderContextWindow({
    facts,
    summary: state.summary,
    messages: turns,
    budget: chat.settings.budget,
    recentTurns: chat.settings.recentTurns,
  });
  const question = turns.at(-1)?.content ?? '';
  const proposed = extractFactCandidates(question);
  const rendered = {
    facts,
    summary: window.summaryLength ? state.summary.slice(state.summary.length - window.summaryLength) : '',
    recentUserMessages: window.turns.filter((turn) => turn.role === 'user').map((turn) => turn.content),
  };
  const result = await chat.provider.text({
    system: window.system,
    user: window.transcript,
    fallback: () => rulesReply(question, rendered, proposed),
    onToken: chat.onToken,
    maxOutputTokens: 600,
  });
  const reply = result.value.trim() || rulesReply(question, rendered, proposed);
  return {
    messages: [new AIMessage(reply)],
    reply,
    turn: {
      factsUsed: window.factsUsed,
      summaryLength: window.summaryLength,
      turnsIncluded: window.turnsIncluded,
      promptTokens: result.usage.source === 'api' ? result.usage.inputTokens : window.promptTokens,
      promptTokensSource: result.usage.source === 'api' ? 'api' : 'estimate',
      budget: chat.settings.budget,
      degraded: result.degraded,
      degradedReasons: result.degraded ? [`model_${result.degradedReason ?? 'error'}`] : [],
      provider: result.provider,
      model: result.model,
    },
  };
}
