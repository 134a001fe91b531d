import { HumanMessage, SystemMessage, type AIMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatDeepSeek } from '@langchain/deepseek';
import { ChatOpenAICompletions } from '@langchain/openai';
import type { z } from 'zod';
import { traceModelCall } from './model-tracing.js';
import type { Logger } from 'pino';
import { createLogger } from '../logger.js';
import { runWithinBudget, type BudgetOutcome } from './call-budget.js';
import type { ModelProviderConfig } from './config.js';
import { classifyModelFailure } from './failure.js';
import { describeSchemaForPrompt, parseStructuredAnswer } from './json-output.js';
import type { DegradedReason, ModelCallResult, ModelProvider, ModelUsage, StructuredRequest, TextRequest } from './types.js';
import { estimatePromptTokens, estimateTokens } from './token-estimate.js';

const moduleLogger = createLogger('llm');

/** Settings of a provider that calls a chat-completions API. */
export type ChatModelProviderConfig = Extract<ModelProviderConfig, { provider: 'deepseek' | 'openai-compatible' }>;

/** One answer from the API: its text and what it reported about tokens. */
interface ModelAnswer {
  content: string;
  usage?: { inputTokens: number; outputTokens: number };
}

/**
 * A provider over a LangChain chat model: `ChatDeepSeek` for DeepSeek, `ChatOpenAICompletions`
 * for any other OpenAI-compatible endpoint. `ChatOpenAI` is not used because it silently
 * switches to OpenAI's Responses API (`/responses`) for some model names, which
 * OpenAI-compatible servers generally do not offer.
 */
export function createChatModelProvider(config: ChatModelProviderConfig, logger: Logger = moduleLogger): ModelProvider {
  const fields = {
    apiKey: config.apiKey,
    model: config.model,
    // Per HTTP attempt; runWithinBudget bounds the whole call, retries included.
    timeout: config.timeoutMs,
    // Retries are ours (see call-budget.ts); LangChain's would outlive the deadline.
    maxRetries: 0,
    configuration: { baseURL: config.baseUrl },
  };
  const chatModel = config.provider === 'deepseek' ? new ChatDeepSeek(fields) : new ChatOpenAICompletions(fields);

  /** Turns the attempt loop's outcome into a result, computing the fallback when needed. */
  async function settle<T>(
    outcome: BudgetOutcome<ModelAnswer>,
    interpret: (content: string) => T | undefined,
    fallback: () => T | Promise<T>,
    messages: readonly string[],
    startedAt: number,
  ): Promise<ModelCallResult<T>> {
    const base = { provider: config.provider, model: config.model, attempts: outcome.attempts };
    if (outcome.kind === 'ok') {
      const usage = await usageOf(outcome.value, messages);
      const value = interpret(outcome.value.content);
      if (value !== undefined) {
        const durationMs = performance.now() - startedAt;
        logger.debug(
          { provider: config.provider, model: config.model, attempts: outcome.attempts, usage, durationMs },
          'model call answered',
        );
        return { ...base, value, degraded: false, usage, durationMs };
      }
      return degraded('invalid_output', usage);
    }
    return degraded(outcome.kind, { inputTokens: 0, outputTokens: 0, source: 'none' }, outcome.error);

    async function degraded(reason: DegradedReason, usage: ModelUsage, error?: unknown): Promise<ModelCallResult<T>> {
      // No content in logs (prompts, answers and error messages may hold personal data): the
      // kind of failure, status and codes only.
      logger.warn(
        {
          provider: config.provider,
          model: config.model,
          reason,
          ...classifyModelFailure(error, reason),
          attempts: outcome.attempts,
          errorClass: errorClass(error),
        },
        'model call degraded to its fallback',
      );
      const value = await fallback();
      return { ...base, value, degraded: true, degradedReason: reason, usage, durationMs: performance.now() - startedAt };
    }
  }

  const untraced: ModelProvider = {
    name: config.provider,
    model: config.model,

    async structured<T>(request: StructuredRequest<T>): Promise<ModelCallResult<T>> {
      const startedAt = performance.now();
      const system = `${request.system}\n\n${jsonInstruction(request.schema)}`;
      const outcome = await runWithinBudget(
        async (signal) => {
          // json_object makes DeepSeek and OpenAI-style servers emit JSON only; it requires the
          // word "json" in the prompt, which jsonInstruction provides.
          const message = await chatModel.invoke(toMessages(system, request.user), { signal, response_format: { type: 'json_object' } });
          return answerOf(message);
        },
        { timeoutMs: config.timeoutMs, maxRetries: config.maxRetries, signal: request.signal },
      );
      return settle(
        outcome,
        (content) => parseStructuredAnswer(content, request.schema),
        request.fallback,
        [system, request.user],
        startedAt,
      );
    },

    async text(request: TextRequest): Promise<ModelCallResult<string>> {
      const startedAt = performance.now();
      const { onToken } = request;
      let piecesDelivered = false;
      const outcome = await runWithinBudget(
        async (signal) => {
          if (!onToken) return answerOf(await chatModel.invoke(toMessages(request.system, request.user), { signal }));
          let content = '';
          let usage: ModelAnswer['usage'];
          for await (const chunk of await chatModel.stream(toMessages(request.system, request.user), { signal })) {
            // A chunk buffered before the abort took effect must not reach a caller already answered.
            if (signal.aborted) break;
            usage = usageReported(chunk) ?? usage; // the last chunk carries usage when include_usage was asked
            const piece = chunk.text;
            if (!piece) continue;
            content += piece;
            piecesDelivered = true;
            onToken(piece);
          }
          return { content, usage };
        },
        // Once pieces reached the caller a second attempt would repeat them: fall back instead.
        { timeoutMs: config.timeoutMs, maxRetries: config.maxRetries, signal: request.signal, mayRetry: () => !piecesDelivered },
      );
      const nonEmpty = (content: string) => (content.trim() ? content : undefined);
      return settle(outcome, nonEmpty, request.fallback, [request.system, request.user], startedAt);
    },
  };

  // Each call, all its attempts included, is one `model.call` span (no prompt or answer in it).
  const call = (kind: 'structured' | 'text', request: StructuredRequest<unknown> | TextRequest) => ({
    kind,
    provider: config.provider,
    model: config.model,
    streamed: kind === 'text' && Boolean((request as TextRequest).onToken),
    maxOutputTokens: request.maxOutputTokens,
  });
  return {
    name: untraced.name,
    model: untraced.model,
    structured: (request) => traceModelCall(call('structured', request as StructuredRequest<unknown>), () => untraced.structured(request)),
    text: (request) => traceModelCall(call('text', request), () => untraced.text(request)),
  };
}

function toMessages(system: string, user: string): BaseMessage[] {
  return [new SystemMessage(system), new HumanMessage(user)];
}

function jsonInstruction(schema: z.ZodType): string {
  const jsonSchema = describeSchemaForPrompt(schema);
  return [
    'Answer with exactly one JSON object and nothing else: no prose, no Markdown fences.',
    jsonSchema ? `The object must match this JSON Schema: ${jsonSchema}` : undefined,
  ]
    .filter(Boolean)
    .join('\n');
}

function answerOf(message: AIMessage | AIMessageChunk): ModelAnswer {
  return { content: message.text, usage: usageReported(message) };
}

/**
 * Token counts the API reported, if any. LangChain fills `usage_metadata` from the response's
 * `usage` but leaves counts out (and may still add empty detail objects) when there was none.
 */
function usageReported(message: AIMessage | AIMessageChunk): ModelAnswer['usage'] {
  const metadata = message.usage_metadata as { input_tokens?: unknown; output_tokens?: unknown } | undefined;
  const input = metadata?.input_tokens;
  const output = metadata?.output_tokens;
  if (typeof input !== 'number' && typeof output !== 'number') return undefined;
  return { inputTokens: typeof input === 'number' ? input : 0, outputTokens: typeof output === 'number' ? output : 0 };
}

/** The API's figures when it sent them; otherwise a local cl100k estimate, marked as such. */
async function usageOf(answer: ModelAnswer, messages: readonly string[]): Promise<ModelUsage> {
  if (answer.usage) return { ...answer.usage, source: 'api' };
  const [inputTokens, outputTokens] = await Promise.all([estimatePromptTokens(messages), estimateTokens(answer.content)]);
  return { inputTokens, outputTokens, source: 'estimate' };
}

/** `APIConnectionError`, `AuthenticationError`, ...: the OpenAI SDK names all of them `Error`. */
function errorClass(error: unknown): string | undefined {
  return error instanceof Error ? error.constructor.name : undefined;
}
