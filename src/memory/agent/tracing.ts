import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { Attributes } from '@opentelemetry/api';
import type { ChatState } from './state.js';
import { ATTR, withSpan } from '../../platform/telemetry/tracing.js';

type ChatNode = (state: ChatState, config: LangGraphRunnableConfig) => Promise<Partial<ChatState>>;

/** Numbers, names and flags a chat node's output yields for its span; never message text or fact values. */
function outputAttributes(output: Partial<ChatState>): Attributes {
  const attributes: Attributes = { 'suanni.node.writes': Object.keys(output).sort() };
  if (output.messages) attributes['suanni.node.count.messages'] = output.messages.length;
  if (output.proposedFacts) attributes['suanni.node.count.proposed_facts'] = output.proposedFacts.length;
  if (output.summary !== undefined) attributes['suanni.node.count.summary_chars'] = output.summary.length;
  const turn = output.turn;
  if (turn) {
    attributes['suanni.node.count.facts_used'] = turn.factsUsed;
    attributes['suanni.node.count.turns_included'] = turn.turnsIncluded;
    attributes['suanni.node.count.summary_length'] = turn.summaryLength;
    if (turn.retrieved) {
      attributes['suanni.node.count.retrieved'] = turn.retrieved.length;
      attributes['suanni.chat.retrieved_tokens'] = turn.retrievedTokens;
    }
    attributes['suanni.chat.budget'] = turn.budget;
    attributes['suanni.chat.prompt_tokens'] = turn.promptTokens;
    attributes['suanni.chat.prompt_tokens_source'] = turn.promptTokensSource;
    attributes['suanni.model.provider'] = turn.provider;
    attributes['suanni.model.name'] = turn.model;
    if (turn.promptTokensSource === 'api') attributes['gen_ai.usage.input_tokens'] = turn.promptTokens;
    attributes[ATTR.degraded] = turn.degraded;
    if (turn.degradedReasons.length > 0) attributes['suanni.degraded_reasons'] = turn.degradedReasons;
  }
  return attributes;
}

/**
 * Wraps a chat graph node in a `chat.node.<name>` span (its model and database spans become
 * children) carrying the state keys it reads and writes, counts, provider, model, prompt tokens
 * and whether the turn degraded.
 */
export function traceChatNode(name: string, reads: readonly (keyof ChatState)[], node: ChatNode): ChatNode {
  const staticAttributes: Attributes = { 'suanni.node.name': name, 'suanni.agent': 'chat', 'suanni.node.reads': [...reads] };
  return (state, config) =>
    withSpan(`chat.node.${name}`, staticAttributes, async (span) => {
      const output = await node(state, config);
      if (span.isRecording()) span.setAttributes(outputAttributes(output));
      return output;
    });
}
