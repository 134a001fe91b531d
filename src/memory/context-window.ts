import { estimateTokens } from '../platform/llm/token-estimate.js';
import type { RecalledMemory } from './recall.js';

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
  /** Retrieved memories, best first (see recall.ts). */
  recalled?: readonly RecalledMemory[];
  /** Share of the budget retrieved memories may use at most (0 to 1). */
  recallShare?: number;
}

/** A retrieved memory the window included, and why. */
export interface RetrievedInWindow {
  kind: RecalledMemory['kind'];
  ref: string;
  score: number;
  matchedTerms: string[];
  similarity: number;
  tokens: number;
}

export interface ContextWindow {
  /** The system message: preamble, facts, summary. */
  system: string;
  /** The turns in the window, oldest first; the last one is the user's new message. */
  turns: ChatTurnMessage[];
  /** The user message the model gets: `turns` as one transcript (`renderTranscript`). */
  transcript: string;
  /** cl100k tokens of the prompt that is sent: `system` and `transcript` as two chat messages. */
  promptTokens: number;
  factsUsed: number;
  summaryLength: number;
  turnsIncluded: number;
  /** Retrieved memories in the window, best first. */
  retrieved: RetrievedInWindow[];
  /** Tokens the retrieved block spends. */
  retrievedTokens: number;
}

/** Tokens chat formats add per message (role, separators), as OpenAI documents for cl100k models. */
const MESSAGE_OVERHEAD = 3;
const REPLY_PRIMING = 3;
const SUMMARY_HEADER = '\n\nConversation so far (summary):\n';
const RECALL_HEADER = 'Retrieved from earlier (most relevant first):';

export const CHAT_PREAMBLE =
  'You are Suanni, a support assistant. Answer in the language the user writes in. ' +
  'Use the facts and the conversation summary below; if you do not know something, say so plainly.';

const renderFacts = (facts: ContextWindowInput['facts']) =>
  facts.length === 0
    ? ''
    : `Known facts about the user:\n${facts.map((fact) => `- ${fact.category}.${fact.key}: ${typeof fact.value === 'string' ? fact.value : JSON.stringify(fact.value)}`).join('\n')}`;

/** Share of the budget the facts block may use at most; facts beyond it are left to retrieval. */
export const FACTS_SHARE = 0.4;

/**
 * The facts that fit `maxTokens` as rendered lines, in the order given (the store's newest first).
 * With few facts that is all of them; with thousands, the window keeps a bounded block and
 * retrieval brings the ones the message needs.
 */
export async function fitFacts<T extends ContextWindowInput['facts'][number]>(facts: readonly T[], maxTokens: number): Promise<T[]> {
  const kept: T[] = [];
  let used = 0;
  for (const fact of facts) {
    const tokens = await estimateTokens(`\n${renderFacts([fact]).split('\n')[1]}`);
    if (used + tokens > maxTokens) break;
    used += tokens;
    kept.push(fact);
  }
  return kept;
}

const transcriptLine = (message: ChatTurnMessage) => `${message.role === 'user' ? 'User' : 'Assistant'}: ${message.content}`;

/** The turns as the one user message the model gets, a line per turn: "User: ..." / "Assistant: ...". */
export const renderTranscript = (turns: readonly ChatTurnMessage[]) => turns.map(transcriptLine).join('\n');

/**
 * Renders the prompt for one turn as a view, never an accumulation: facts first (always, they are
 * the long-term memory), then what retrieval found for the current message (best first, at most
 * `recallShare` of the budget, a memory that does not fit is skipped for the next), then the
 * running summary (its newest part when space is short), then as many of the last `recentTurns`
 * turns as fit, newest first. What is budgeted is what is sent:
 * the system message and the transcript (`renderTranscript`), counted with cl100k_base
 * (js-tiktoken). The new user message is always included.
 */
export async function renderContextWindow(input: ContextWindowInput): Promise<ContextWindow> {
  const factsBlock = renderFacts(input.facts);
  const current = input.messages.at(-1);
  const base = [CHAT_PREAMBLE, factsBlock].filter(Boolean).join('\n\n');
  const currentLine = current ? transcriptLine(current) : '';
  const bodyTokens = (await estimateTokens(currentLine)) + 2 * MESSAGE_OVERHEAD + REPLY_PRIMING;

  // Retrieved memories: each line counted with its line break, the header once.
  const retrieved: RetrievedInWindow[] = [];
  const recallLines: string[] = [];
  const recallBudget = Math.floor(input.budget * Math.min(Math.max(input.recallShare ?? 0, 0), 1));
  const baseTokens = bodyTokens + (await estimateTokens(base));
  if (input.recalled && input.recalled.length > 0 && recallBudget > 0) {
    let spent = await estimateTokens(`\n\n${RECALL_HEADER}`);
    for (const memory of input.recalled) {
      const line = `- ${memory.text.replace(/\s+/g, ' ')}`;
      const tokens = await estimateTokens(`\n${line}`);
      if (spent + tokens > recallBudget || baseTokens + spent + tokens > input.budget) continue;
      spent += tokens;
      recallLines.push(line);
      const { kind, ref, score, matchedTerms, similarity } = memory;
      retrieved.push({ kind, ref, score, matchedTerms, similarity, tokens });
    }
  }
  const fixed = recallLines.length > 0 ? `${base}\n\n${RECALL_HEADER}\n${recallLines.join('\n')}` : base;
  const systemWith = (summary: string) => (summary ? `${fixed}${SUMMARY_HEADER}${summary}` : fixed);

  let summary = input.summary;
  while (summary && bodyTokens + (await estimateTokens(systemWith(summary))) > input.budget) {
    // Keep the newest part of the summary: drop its oldest quarter until it fits.
    summary = summary.slice(Math.ceil(summary.length / 4));
  }
  const system = systemWith(summary);
  let used = bodyTokens + (await estimateTokens(system));

  const history = input.messages.slice(0, -1);
  const earlier = history.slice(Math.max(0, history.length - input.recentTurns * 2));
  const included: { message: ChatTurnMessage; tokens: number }[] = [];
  for (let index = earlier.length - 1; index >= 0; index -= 1) {
    const message = earlier[index]!;
    // A line and its line break: exact, as cl100k never merges a line break with the "User" or
    // "Assistant" after it (the tests count the whole rendered prompt to hold this to account).
    const tokens = await estimateTokens(`${transcriptLine(message)}\n`);
    if (used + tokens > input.budget) break;
    used += tokens;
    included.unshift({ message, tokens });
  }
  // A window never starts with an assistant message cut off from its question.
  while (included[0]?.message.role === 'assistant') used -= included.shift()!.tokens;
  const earlierTurns = included.map((turn) => turn.message);
  const turns = current ? [...earlierTurns, current] : earlierTurns;
  return {
    system,
    turns,
    transcript: renderTranscript(turns),
    promptTokens: used,
    factsUsed: input.facts.length,
    summaryLength: summary.length,
    turnsIncluded: earlierTurns.filter((message) => message.role === 'user').length,
    retrieved,
    retrievedTokens: recallLines.length > 0 ? (await estimateTokens(fixed)) - (await estimateTokens(base)) : 0,
  };
}
