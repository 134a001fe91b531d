import { AsyncLocalStorageProviderSingleton, _CONTEXT_VARIABLES_KEY } from '@langchain/core/singletons';

/** Where LangChain keeps a runnable's config in its AsyncLocalStorage store (`@langchain/core`, singletons). */
const LC_CHILD_KEY = Symbol.for('lc:child_config');
/** The variables that turn LangSmith tracing on (`isTracingEnabled` of `@langchain/core`). */
const LANGSMITH_TRACING = ['LANGSMITH_TRACING_V2', 'LANGCHAIN_TRACING_V2', 'LANGSMITH_TRACING', 'LANGCHAIN_TRACING'];

type Store = Record<PropertyKey, unknown> | undefined;
interface RunContextProvider {
  getInstance(): { getStore(): Store; run<T>(store: Store, callback: () => T): T };
  runWithConfig<T>(config: { callbacks?: unknown } | undefined, callback: () => T, avoidCreatingRootRunTree?: boolean): T;
}

let installed = false;

/**
 * LangChain runs every runnable (each graph node, each channel write, each branch) inside
 * `runWithConfig`, which builds a callback manager (reading a handful of environment variables)
 * and a langsmith `RunTree` with tracing disabled, only to carry the config to nested runnables
 * through AsyncLocalStorage. That was about a tenth of the CPU of a review. With LangSmith tracing
 * off (none of its variables set when this is installed) and no LangSmith tracer among the
 * callbacks, the config is carried in a plain store instead, which is all that is read from it
 * (`getRunnableConfig`, context variables); otherwise LangChain's own path runs. Tracing stays
 * with OpenTelemetry. Installed once per process; the environment is read then.
 */
export function carryRunConfigWithoutRunTrees(env: NodeJS.ProcessEnv = process.env): void {
  if (installed) return;
  installed = true;
  if (LANGSMITH_TRACING.some((name) => env[name] === 'true')) return;
  // Cast: LangChain exports the singleton typed without runWithConfig, the method replaced here.
  const provider = AsyncLocalStorageProviderSingleton as unknown as RunContextProvider;
  const original = provider.runWithConfig.bind(provider);
  provider.runWithConfig = (config, callback, avoidCreatingRootRunTree) => {
    if (avoidCreatingRootRunTree || hasLangSmithTracer(config?.callbacks)) return original(config, callback, avoidCreatingRootRunTree);
    const storage = provider.getInstance();
    const variables = storage.getStore()?.[_CONTEXT_VARIABLES_KEY];
    const store: Record<PropertyKey, unknown> = { extra: { [LC_CHILD_KEY]: config } };
    if (variables !== undefined) store[_CONTEXT_VARIABLES_KEY] = variables;
    return storage.run(store, callback);
  };
}

/** Callbacks as a list of handlers or a callback manager holding them. */
function hasLangSmithTracer(callbacks: unknown): boolean {
  const handlers = Array.isArray(callbacks) ? callbacks : ((callbacks as { handlers?: unknown[] } | undefined)?.handlers ?? []);
  return handlers.some((handler) => (handler as { name?: string } | null)?.name === 'langchain_tracer');
}
