import { RunnableLambda } from '@langchain/core/runnables';
import { Annotation, END, getConfig, START, StateGraph } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { carryRunConfigWithoutRunTrees } from './run-context.js';

const State = Annotation.Root({ seen: Annotation<string[]>({ reducer: (a, b) => [...a, ...b], default: () => [] }) });

describe('carryRunConfigWithoutRunTrees', () => {
  it('still hands a run’s config to nodes and to runnables nested in them', async () => {
    carryRunConfigWithoutRunTrees({});
    // A nested runnable called without a config gets the node's from AsyncLocalStorage.
    const nested = RunnableLambda.from(async () => String(getConfig().configurable?.tenant));
    const graph = new StateGraph(State)
      .addNode('first', async () => ({ seen: [String(getConfig().configurable?.tenant), await nested.invoke(undefined)] }))
      .addNode('second', async (_state, config) => ({ seen: [String(config.configurable?.tenant)] }))
      .addEdge(START, 'first')
      .addEdge('first', 'second')
      .addEdge('second', END)
      .compile();
    const [a, b] = await Promise.all([
      graph.invoke({}, { configurable: { tenant: 'a' } }),
      graph.invoke({}, { configurable: { tenant: 'b' } }),
    ]);
    expect(a.seen).toEqual(['a', 'a', 'a']);
    expect(b.seen).toEqual(['b', 'b', 'b']);
  });
});
