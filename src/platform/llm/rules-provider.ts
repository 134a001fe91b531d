import type { ModelCallResult, ModelProvider } from './types.js';

/**
 * The offline, deterministic provider (the default). It calls no model: the domain code's
 * `fallback` is the answer, so `rules` results are never degraded and use no tokens.
 */
export function createRulesProvider(): ModelProvider {
  const answer = async <T>(compute: () => T | Promise<T>, signal: AbortSignal | undefined): Promise<ModelCallResult<T>> => {
    signal?.throwIfAborted();
    const startedAt = performance.now();
    const value = await compute();
    return {
      value,
      provider: 'rules',
      model: 'rules',
      degraded: false,
      usage: { inputTokens: 0, outputTokens: 0, source: 'none' },
      attempts: 0,
      durationMs: performance.now() - startedAt,
    };
  };
  return {
    name: 'rules',
    model: 'rules',
    structured: (request) => answer(request.fallback, request.signal),
    async text(request) {
      const result = await answer(request.fallback, request.signal);
      // Streaming consumers get the same contract as with a real model: the text, as one piece.
      if (result.value) request.onToken?.(result.value);
      return result;
    },
  };
}
