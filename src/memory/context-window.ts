import { estimateTokens } from '../platform/llm/token-estimate.js';

export interface ChatTurnMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ContextWindowInput {
  facts: readonly { category: string; key: string; value: unknown }[];
  summary: string;
  /** The thread's messages, oldest first; the last one is the user's new message. */
  messages: readonly ChatTurnMessage[];
  /** Prompt token budget. */
  budget: number;
  /** Earlier turns (user + assistant pairs) to include at most. */
  recentTurns: number;
}

export interface ContextWindow {
  system: string;
  turns: ChatTurnMessage[];
  promptTokens: number;
  factsUsed: number;
  summaryLength: number;
  turnsIncluded: number;
}

/** Tokens chat formats add per message (role, separators), as OpenAI documents for cl100k models. */
const MESSAGE_OVERHEAD = 3;
const REPLY_PRIMING = 3;

export const CHAT_PREAMBLE =
  'You are Suanni, a support assistant. Answer in the language the user writes in. ' +
  'Use the facts and the conversation summary below; if you do not know something, say so plainly.';

const renderFacts = (facts: ContextWindowInput['facts']) =>
  facts.length === 0
    ? ''
    : `Known facts about the user:\n${facts.map((fact) => `- ${fact.category}.${fact.key}: ${typeof fact.value === 'string' ? fact.value : JSON.stringify(fact.value)}`).join('\n')}`;

/**
 * Renders the prompt for one turn as a view, never an accumulation: facts first (always, they are
 * the long-term memory), then the running summary (its newest part when space is short), then
 * as many of the last `recentTurns` turns as fit, newest first. Tokens are counted with
 * cl100k_base (js-tiktoken); the new user message is always included.
 */
export async function renderContextWindow(input: ContextWindowInput): Promise<ContextWindow> {
  const factsBlock = renderFacts(input.facts);
  const current = input.messages.at(-1);
  const currentTokens = current ? (await estimateTokens(current.content)) + MESSAGE_OVERHEAD : 0;
  const fixed = [CHAT_PREAMBLE, factsBlock].filter(Boolean).join('\n\n');
  let used = (await estimateTokens(fixed)) + MESSAGE_OVERHEAD + REPLY_PRIMING + currentTokens;

  let summary = input.summary;
  if (summary) {
    const header = '\n\nConversation so far (summary):\n';
    let summaryTokens = await estimateTokens(header + summary);
    while (summary && used + summaryTokens > input.budget) {
      // Keep the newest part of the summary: drop its oldest quarter until it fits.
      summary = summary.slice(Math.ceil(summary.length / 4));
      summaryTokens = summary ? await estimateTokens(header + summary) : 0;
    }
    if (summary) used += summaryTokens;
  }

  const earlier = input.messages.slice(0, -1).slice(-input.recentTurns * 2);
  const included: ChatTurnMessage[] = [];
  for (let index = earlier.length - 1; index >= 0; index -= 1) {
    const message = earlier[index]!;
    const tokens = (await estimateTokens(message.content)) + MESSAGE_OVERHEAD;
    if (used + tokens > input.budget) break;
    used += tokens;
    included.unshift(message);
  }
  // A window never starts with an assistant message cut off from its question.
  while (included[0]?.role === 'assistant') {
    used -= (await estimateTokens(included[0].content)) + MESSAGE_OVERHEAD;
    included.shift();
  }
  const system = summary ? `${fixed}\n\nConversation so far (summary):\n${summary}` : fixed;
  return {
    system,
    turns: current ? [...included, current] : included,
    promptTokens: used,
    factsUsed: input.facts.length,
    summaryLength: summary.length,
    turnsIncluded: included.filter((message) => message.role === 'user').length,
  };
}
