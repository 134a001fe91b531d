import type { Tiktoken } from 'js-tiktoken/lite';

/**
 * Tokens OpenAI's chat format adds around each message (role and separators), per OpenAI's
 * cookbook for cl100k models, plus the tokens that prime the reply.
 */
const tokensPerMessage = 3;
const tokensPerReplyPriming = 3;

let encoder: Promise<Tiktoken> | undefined;

/** Loaded on first use: the cl100k_base table is about 1 MB and most processes run `rules`. */
function loadEncoder(): Promise<Tiktoken> {
  encoder ??= Promise.all([import('js-tiktoken/lite'), import('js-tiktoken/ranks/cl100k_base')]).then(
    ([{ Tiktoken }, ranks]) => new Tiktoken(ranks.default),
  );
  return encoder;
}

/**
 * Counts `text` with cl100k_base, offline. DeepSeek and most open models use other tokenizers,
 * so this is an estimate: use it as a guard (budgets, missing `usage`), never as the bill.
 */
export async function estimateTokens(text: string): Promise<number> {
  if (!text) return 0;
  // 'all': text that happens to contain `<|endoftext|>` counts it instead of throwing.
  return (await loadEncoder()).encode(text, 'all').length;
}

/** Estimated prompt tokens of a chat request made of the given messages' contents. */
export async function estimatePromptTokens(messageContents: readonly string[]): Promise<number> {
  const counts = await Promise.all(messageContents.map(estimateTokens));
  return counts.reduce((sum, count) => sum + count + tokensPerMessage, tokensPerReplyPriming);
}
