import type { Logger } from 'pino';
import type { z } from 'zod';
import { createLogger } from '../logger.js';
import { createChatModelProvider } from './chat-model-provider.js';
import type { ModelProviderConfig, ModelProviderName } from './config.js';
import { createRulesProvider } from './rules-provider.js';

export type { ModelProviderName } from './config.js';

/** Why a call returned its fallback instead of the model's answer. */
export type DegradedReason = 'timeout' | 'error' | 'invalid_output';

/**
 * Tokens one call used. `api`: reported by the API (`usage`); `estimate`: counted locally with
 * cl100k_base because the API reported nothing (a guard, not a bill); `none`: no model was asked,
 * or no attempt got an answer.
 */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  source: 'api' | 'estimate' | 'none';
}

/** What a model call produced, and how. */
export interface ModelCallResult<T> {
  /** The model's answer, or the fallback's when `degraded`. Never free text in a typed field. */
  value: T;
  provider: ModelProviderName;
  model: string;
  degraded: boolean;
  degradedReason?: DegradedReason;
  usage: ModelUsage;
  /** HTTP attempts made (0 for `rules`). */
  attempts: number;
  durationMs: number;
}

interface ModelRequestBase {
  system: string;
  user: string;
  /** Aborting rejects the call with the signal's reason; no fallback is computed for a caller that left. */
  signal?: AbortSignal;
  /** Upper bound for the answer's length, sent as `max_tokens`. */
  maxOutputTokens?: number;
}

/** A request for a JSON answer that must fit `schema`. */
export interface StructuredRequest<T> extends ModelRequestBase {
  schema: z.ZodType<T>;
  /** The deterministic answer: the `rules` provider's value, and every real provider's fallback. */
  fallback: () => T | Promise<T>;
}

/** A request for free text (a report, a chat reply). */
export interface TextRequest extends ModelRequestBase {
  fallback: () => string | Promise<string>;
  /**
   * Receives the answer piece by piece as it streams. When the call degrades after some pieces
   * arrived, `value` is the fallback and the pieces already delivered must be discarded.
   */
  onToken?: (piece: string) => void;
}

/** One way of answering model requests; see {@link createModelProvider}. */
export interface ModelProvider {
  readonly name: ModelProviderName;
  readonly model: string;
  /**
   * Asks the model for JSON that must parse with `schema`. On timeout, error or output that
   * does not fit, returns `fallback()` marked degraded. Never throws for model failures.
   */
  structured<T>(request: StructuredRequest<T>): Promise<ModelCallResult<T>>;
  /** Free text, with the same timeout, retry and fallback rules; streams to `onToken` when given. */
  text(request: TextRequest): Promise<ModelCallResult<string>>;
}

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
