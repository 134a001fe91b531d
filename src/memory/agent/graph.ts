import { END, START, StateGraph, type BaseCheckpointSaver, type BaseStore } from '@langchain/langgraph';
import { proposeFacts } from './nodes/propose-facts.js';
import { respond } from './nodes/respond.js';
import { summarize } from './nodes/summarize.js';
import { ChatStateAnnotation } from './state.js';
import { traceChatNode } from './tracing.js';
import { carryRunConfigWithoutRunTrees } from '../../platform/langgraph/run-context.js';

export const CHAT_GRAPH_NAME = 'support-chat';

/** The uncompiled chat graph: respond → propose-facts → summarize, each node in a span. */
export function createChatGraphBuilder() {
  return new StateGraph(ChatStateAnnotation)
    .addNode('respond', traceChatNode('respond', ['messages', 'summary'], respond))
    .addNode('propose-facts', traceChatNode('propose-facts', ['messages'], proposeFacts))
    .addNode('summarize', traceChatNode('summarize', ['messages', 'summary', 'turn'], summarize))
    .addEdge(START, 'respond')
    .addEdge('respond', 'propose-facts')
    .addEdge('propose-facts', 'summarize')
    .addEdge('summarize', END);
}

/** Compiles the chat graph with the thread checkpointer and the caller's fact store injected. */
export function compileChatGraph(options: { checkpointer: BaseCheckpointSaver; store: BaseStore }) {
  carryRunConfigWithoutRunTrees();
  return createChatGraphBuilder().compile({ checkpointer: options.checkpointer, store: options.store, name: CHAT_GRAPH_NAME });
}
