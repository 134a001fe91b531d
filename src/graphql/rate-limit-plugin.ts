import {
  type DocumentNode,
  type FragmentDefinitionNode,
  getOperationAST,
  type GraphQLObjectType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Principal } from '../identity/principal.js';
import { AppError } from '../platform/errors.js';
import type { ClassCosts, OperationClass, RateDecision, RateRefusal } from '../platform/rate-limit/limits.js';
import { appErrorToGraphQL } from './errors.js';

/** How a root field is charged, when not by its operation type (queries and subscriptions: reads; mutations: writes). */
interface RootFieldRate {
  operationClass: OperationClass;
  /** A list argument whose length is the field's cost (a batch); otherwise the field costs 1. */
  costArgument?: string;
}

/**
 * Field extension of a root field that runs a model: charged to the `model` class, by the length
 * of `costArgument` when given (`t.field({ ..., extensions: modelBacked('inputs') })`).
 */
export const modelBacked = (costArgument?: string) => ({ rateLimit: { operationClass: 'model', costArgument } satisfies RootFieldRate });

type RootRates = Map<string, RootFieldRate>;
const ratesBySchema = new WeakMap<GraphQLSchema, Record<'query' | 'mutation' | 'subscription', RootRates>>();

function rootRates(schema: GraphQLSchema) {
  let rates = ratesBySchema.get(schema);
  if (!rates) {
    const of = (type: GraphQLObjectType | null | undefined, fallback: OperationClass): RootRates =>
      new Map(
        Object.values(type?.getFields() ?? {}).map((field) => [
          field.name,
          (field.extensions as { rateLimit?: RootFieldRate }).rateLimit ?? { operationClass: fallback },
        ]),
      );
    rates = {
      query: of(schema.getQueryType(), 'reads'),
      mutation: of(schema.getMutationType(), 'writes'),
      subscription: of(schema.getSubscriptionType(), 'reads'),
    };
    ratesBySchema.set(schema, rates);
  }
  return rates;
}

/** Costs of documents whose cost depends on nothing but the document (Yoga reuses parsed documents). */
const costsByDocument = new WeakMap<DocumentNode, ClassCosts>();

/**
 * What an operation costs, by class: each root field 1 in its class (model-backed fields in
 * `model`, other mutation fields in `writes`, query and subscription fields in `reads`), a batch
 * field the length of its list. Fields inside fragments on the root type count the same.
 * Null when the document names no runnable operation (execution refuses it anyway).
 */
export function operationCosts(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
  variables?: Readonly<Record<string, unknown>> | null,
): ClassCosts | null {
  const cached = costsByDocument.get(document);
  if (cached) return cached;
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const rates = rootRates(schema)[operation.operation];
  const costs: ClassCosts = { reads: 0, writes: 0, model: 0 };
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operations = 0;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    else if (definition.kind === Kind.OPERATION_DEFINITION) operations++;
  }
  // With one operation the name cannot pick another: the cost is the document's, unless a variable sets it.
  let fixed = operations === 1;
  const seen = new Set<string>();
  const walk = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value)) {
          seen.add(fragment.name.value);
          walk(fragment.selectionSet);
        }
      } else {
        const rate = rates.get(selection.name.value) ?? { operationClass: defaultClass(operation) };
        let cost = 1;
        if (rate.costArgument) {
          const argument = selection.arguments?.find((candidate) => candidate.name.value === rate.costArgument);
          if (argument?.value.kind === Kind.LIST) cost = argument.value.values.length;
          else if (argument?.value.kind === Kind.VARIABLE) {
            fixed = false;
            const value = variables?.[argument.value.name.value];
            if (Array.isArray(value)) cost = value.length;
          }
        }
        costs[rate.operationClass] += cost;
      }
    }
  };
  walk(operation.selectionSet);
  if (fixed) costsByDocument.set(document, costs);
  return costs;
}

const defaultClass = (operation: OperationDefinitionNode): OperationClass => (operation.operation === 'mutation' ? 'writes' : 'reads');

/** Seconds a client should wait, as `Retry-After` and `extensions.retryAfter` say it: at least 1. */
export const retryAfterSeconds = (milliseconds: number) => Math.max(1, Math.ceil(milliseconds / 1000));

/** The RATE_LIMITED error of a refusal; `extensions.limit` names the limit as `setTenantRateLimits` does. */
export function rateLimitedError(refusal: RateRefusal): AppError {
  const limitName = `${refusal.operationClass}Per${refusal.scope === 'user' ? 'User' : 'Tenant'}`;
  const per = `${refusal.limit} ${refusal.operationClass} operations per ${refusal.periodMs / 1000} s ${refusal.scope === 'user' ? 'per user' : 'for the tenant'}`;
  const details = {
    reason: refusal.reason,
    limit: limitName,
    max: refusal.limit,
    periodSeconds: refusal.periodMs / 1000,
    operationClass: refusal.operationClass,
    scope: refusal.scope,
    cost: refusal.cost,
  };
  if (refusal.retryAfterMs === null)
    return new AppError('RATE_LIMITED', `This operation costs ${refusal.cost}, more than the limit of ${per}: split it.`, details);
  const retryAfter = retryAfterSeconds(refusal.retryAfterMs);
  return new AppError('RATE_LIMITED', `Rate limit of ${per} reached; retry in ${retryAfter} s.`, { ...details, retryAfter });
}

interface RateLimitContext<S> {
  principal?: Principal | null;
  services?: { rateLimits: { consume(principal: Principal, costs: ClassCosts): RateDecision | Promise<RateDecision> } };
  /** graphql-ws operations: their socket. */
  socket?: S;
}

/**
 * Charges every operation of an authenticated caller to their rate limits (user and tenant, by
 * class) before it runs, over HTTP, SSE and graphql-ws alike; a refused operation does not run
 * and its result is one RATE_LIMITED error (HTTP 429 with Retry-After). Anonymous operations are
 * not charged (they reach nothing but the public fields). `onSocketRefusal` hears of every refusal
 * on a graphql-ws socket (the flood guard).
 */
export function useRateLimits<S>(options: { onSocketRefusal?: (socket: S) => void } = {}): Plugin<RateLimitContext<S>> {
  const charge = (
    args: {
      schema: GraphQLSchema;
      document: DocumentNode;
      operationName?: string | null;
      variableValues?: unknown;
      contextValue: RateLimitContext<S>;
    },
    refuse: (result: { errors: ReturnType<typeof appErrorToGraphQL>[] }) => void,
  ): void | Promise<void> => {
    const { principal, services, socket } = args.contextValue;
    if (!principal || !services) return;
    const costs = operationCosts(args.schema, args.document, args.operationName, args.variableValues as Record<string, unknown>);
    if (!costs) return;
    const settle = (decision: RateDecision) => {
      if (decision.allowed) return;
      refuse({ errors: [appErrorToGraphQL(rateLimitedError(decision))] });
      if (socket) options.onSocketRefusal?.(socket);
    };
    const decision = services.rateLimits.consume(principal, costs);
    if (decision instanceof Promise) return decision.then(settle);
    settle(decision);
  };
  return {
    onExecute: ({ args, setResultAndStopExecution }) => charge(args, setResultAndStopExecution),
    onSubscribe: ({ args, setResultAndStopExecution }) => charge(args, setResultAndStopExecution),
  };
}
