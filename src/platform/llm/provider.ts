import type { Logger } from 'pino';
import { createLogger } from '../logger.js';
import { createChatModelProvider } from './chat-model-provider.js';
import type { ModelProviderConfig } from './config.js';
import { createRulesProvider } from './rules-provider.js';

import type { ModelProvider } from './types.js';

export type { ModelProviderName } from './config.js';
export type * from './types.js';

/**
 * Builds the provider the configuration names: `rules` answers with each request's
 * deterministic fallback and never touches the network; `deepseek` and `openai-compatible`
 * call a chat-completions API through LangChain.
 */
export function createModelProvider(config: ModelProviderConfig, options: { logger?: Logger } = {}): ModelProvider {
  const logger = options.logger ?? createLogger('llm');
  logger.info(describeModelProvider(config), 'model provider');
  return config.provider === 'rules' ? createRulesProvider() : createChatModelProvider(config, logger);
}

/** What operators need to know about the active provider: never the API key, only the base URL's host. */
export function describeModelProvider(config: ModelProviderConfig): Record<string, unknown> {
  if (config.provider === 'rules') return { provider: 'rules' };
  let baseUrlHost: string | undefined;
  try {
    baseUrlHost = new URL(config.baseUrl).host;
  } catch {
    baseUrlHost = undefined;
  }
  return { provider: config.provider, model: config.model, baseUrlHost, timeoutMs: config.timeoutMs, maxRetries: config.maxRetries };
}
