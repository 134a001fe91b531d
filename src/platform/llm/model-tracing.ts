import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ModelCallResult } from './types.js';
import { recordError, tracer } from '../telemetry/tracing.js';

/**
 * Runs one model call (all its attempts) in a `model.call` CLIENT span with the GenAI
 * attributes: `gen_ai.operation.name`, `gen_ai.system` (provider), `gen_ai.request.model`,
 * `gen_ai.usage.input_tokens` / `output_tokens`, and Suanni's `suanni.model.kind` (structured or
 * text), `suanni.model.streamed`, `suanni.model.attempts`, `suanni.model.usage_source`,
 * `suanni.degraded` and `suanni.model.degraded_reason`. Never the prompt or the answer.
 */
export async function traceModelCall<T>(
  call: { kind: 'structured' | 'text'; provider: string; model: string; streamed?: boolean; maxOutputTokens?: number },
  run: () => Promise<ModelCallResult<T>>,
): Promise<ModelCallResult<T>> {
  const parent = context.active();
  const span = tracer().startSpan(
    'model.call',
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.system': call.provider,
        'gen_ai.request.model': call.model,
        'suanni.model.kind': call.kind,
        'suanni.model.streamed': call.streamed ?? false,
        ...(call.maxOutputTokens ? { 'gen_ai.request.max_tokens': call.maxOutputTokens } : {}),
      },
    },
    parent,
  );
  try {
    const result = await context.with(trace.setSpan(parent, span), run);
    span.setAttributes({
      'gen_ai.usage.input_tokens': result.usage.inputTokens,
      'gen_ai.usage.output_tokens': result.usage.outputTokens,
      'suanni.model.usage_source': result.usage.source,
      'suanni.model.attempts': result.attempts,
      'suanni.degraded': result.degraded,
      ...(result.degradedReason ? { 'suanni.model.degraded_reason': result.degradedReason } : {}),
    });
    if (result.degraded) span.setStatus({ code: SpanStatusCode.ERROR, message: `degraded: ${result.degradedReason ?? 'unknown'}` });
    return result;
  } catch (error) {
    // A caller that left (abort) is the only way a call rejects.
    recordError(
      span,
      error,
      error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError') ? 'ABORTED' : 'INTERNAL',
    );
    throw error;
  } finally {
    span.end();
  }
}
