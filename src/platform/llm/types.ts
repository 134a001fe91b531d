import type { ModelProviderName } from './config.js';
import type { z } from 'zod';

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
