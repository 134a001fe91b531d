import { AIMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import type { BaseStore, LangGraphRunnableConfig } from '@langchain/langgraph';
import { FACTS_SHARE, fitFacts, renderContextWindow } from '../../context-window.js';
import { extractFactCandidates } from '../../rules/fact-candidates.js';
import { rulesReply } from '../../rules/identity-answers.js';
import { toTurns } from '../messages.js';
import { type ChatRunContext, type ChatSettings, chatContextOf } from '../run-context.js';
import type { ChatState } from '../state.js';

/** Facts of the user, read from the store the graph was compiled with (current versions only). */
async function loadFacts(store: BaseStore | undefined, userId: string) {
  if (!store) return [];
  const items = await store.search([userId], { limit: 200 });
  return items.map((item) => ({
    category: item.namespace[1] ?? 'general',
    key: item.key,
    value: (item.value as { value?: unknown }).value ?? item.value,
  }));
}

/**
 * Builds one turn's context window: the user's current facts, what retrieval finds for the
 * current message (the thread's messages and the rendered facts excluded), and the window over
 * them. The respond node and the memory benchmark build it with this one function.
 */
export async function buildTurnWindow(input: {
  store: BaseStore | undefined;
  userId: string;
  settings: ChatSettings;
  recall: ChatRunContext['recall'];
  summary: string;
  messages: readonly BaseMessage[];
}) {
  const facts = await fitFacts(await loadFacts(input.store, input.userId), Math.floor(input.settings.budget * FACTS_SHARE));
  const turns = toTurns(input.messages);
  const question = turns.at(-1)?.content ?? '';
  const recalled = input.recall
    ? await input.recall(question, {
        messageIds: input.messages.flatMap((message) => (message.id ? [message.id] : [])),
        renderedFacts: new Set(facts.map((fact) => `${fact.category}.${fact.key}`)),
      })
    : [];
  const window = await renderContextWindow({
    facts,
    summary: input.summary,
    messages: turns,
    budget: input.settings.budget,
    recentTurns: input.settings.recentTurns,
    recalled,
    recallShare: input.settings.recallShare ?? 0,
  });
  return { facts, question, window };
}

/**
 * respond: renders the context window (facts → summary → last K turns, under the budget) and
 * answers. The rules reply answers from that same rendered context; a real model gets the
 * rendered prompt, and the rules reply is its fallback.
 */
export async function respond(state: ChatState, config: LangGraphRunnableConfig): Promise<Partial<ChatState>> {
  const chat = chatContextOf(config);
  const { facts, question, window } = await buildTurnWindow({
    store: config.store,
    userId: chat.userId,
    settings: chat.settings,
    recall: chat.recall,
    summary: state.summary,
    messages: state.messages,
  });
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
      retrieved: window.retrieved,
      retrievedTokens: window.retrievedTokens,
    },
  };
}
