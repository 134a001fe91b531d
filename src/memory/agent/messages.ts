import type { BaseMessage } from '@langchain/core/messages';
import type { ChatTurnMessage } from '../context-window.js';

/** Text of a message's content, whatever its shape. */
export function messageText(message: BaseMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}

/** User and assistant messages as plain turns (other kinds are not part of a conversation here). */
export function toTurns(messages: readonly BaseMessage[]): ChatTurnMessage[] {
  const turns: ChatTurnMessage[] = [];
  for (const message of messages) {
    const type = message.getType();
    if (type === 'human') turns.push({ role: 'user', content: messageText(message) });
    else if (type === 'ai') turns.push({ role: 'assistant', content: messageText(message) });
  }
  return turns;
}
