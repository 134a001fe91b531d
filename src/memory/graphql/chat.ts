import { builder } from '../../graphql/builder.js';
import { modelBacked } from '../../graphql/rate-limit-plugin.js';
import type { TurnContext } from '../agent/state.js';
import type { RetrievedInWindow } from '../context-window.js';
import type { FactCandidate } from '../rules/fact-candidates.js';
import {
  FACT_SOURCES,
  streamTurn,
  streamTurnEvents,
  type ChatTurnResult,
  type FactView,
  type ThreadView,
  type TurnEvent,
} from '../service.js';

const FactSourceEnum = builder.enumType('FactSource', { values: FACT_SOURCES });

const ProposedFactRef = builder.objectRef<FactCandidate>('ProposedFact').implement({
  description: 'A detail the user stated; it is remembered across sessions once confirmed (confirmFact).',
  fields: (t) => ({
    category: t.exposeString('category'),
    key: t.exposeString('key'),
    value: t.exposeString('value'),
    validFrom: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it became true, when the statement says so ("since March"); else it is valid from the turn.',
      resolve: (fact) => fact.validFrom ?? null,
    }),
    validTo: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it stopped being true (exclusive), when the statement says so ("from 2021 to 2023").',
      resolve: (fact) => fact.validTo ?? null,
    }),
  }),
});

const RetrievedKindEnum = builder.enumType('RetrievedMemoryKind', {
  values: {
    FACT: { description: 'a fact version' },
    TURN: { description: 'an older turn' },
    SUMMARY: { description: 'another thread’s summary' },
  },
});

const RetrievedMemoryRef = builder.objectRef<RetrievedInWindow>('RetrievedMemory').implement({
  description: 'A memory retrieval put into the turn’s context window, and why.',
  fields: (t) => ({
    kind: t.field({ type: RetrievedKindEnum, resolve: (memory) => memory.kind }),
    ref: t.exposeString('ref', {
      description: 'Which memory: category.key@version for a fact, turn:<sessionId>:<messageId>, summary:<sessionId>.',
    }),
    score: t.exposeFloat('score', { description: 'Full-text rank plus trigram similarity against the current message.' }),
    matchedTerms: t.exposeStringList('matchedTerms', { description: 'Words of the current message it matched by full text.' }),
    similarity: t.exposeFloat('similarity', { description: 'pg_trgm word similarity to the current message’s words (0 without pg_trgm).' }),
    tokens: t.exposeInt('tokens', { description: 'Prompt tokens it spends.' }),
  }),
});

const TurnContextRef = builder.objectRef<TurnContext>('TurnContext').implement({
  description: 'How the turn’s context window was built.',
  fields: (t) => ({
    factsUsed: t.exposeInt('factsUsed'),
    summaryLength: t.exposeInt('summaryLength'),
    turnsIncluded: t.exposeInt('turnsIncluded'),
    promptTokens: t.exposeInt('promptTokens'),
    promptTokensSource: t.exposeString('promptTokensSource', { description: 'api (the model’s usage) or estimate (cl100k_base).' }),
    budget: t.exposeInt('budget'),
    degraded: t.exposeBoolean('degraded'),
    degradedReasons: t.exposeStringList('degradedReasons'),
    provider: t.exposeString('provider'),
    model: t.exposeString('model'),
    retrieved: t.field({
      type: [RetrievedMemoryRef],
      description: 'What retrieval put into the window for this message, best first, and why.',
      resolve: (turn) => turn.retrieved ?? [],
    }),
    retrievedTokens: t.int({ description: 'Prompt tokens the retrieved memories spend.', resolve: (turn) => turn.retrievedTokens ?? 0 }),
  }),
});

const ChatTurnRef = builder.objectRef<ChatTurnResult>('ChatTurn').implement({
  fields: (t) => ({
    reply: t.exposeString('reply'),
    proposedFacts: t.field({ type: [ProposedFactRef], resolve: (turn) => turn.proposedFacts }),
    context: t.field({ type: TurnContextRef, resolve: (turn) => turn.context }),
  }),
});

const ChatMessageRef = builder.objectRef<ThreadView['messages'][number]>('ChatMessage').implement({
  fields: (t) => ({
    role: t.exposeString('role'),
    content: t.exposeString('content'),
    createdAt: t.expose('createdAt', { type: 'DateTime', nullable: true }),
  }),
});

const ThreadRef = builder.objectRef<ThreadView>('Thread').implement({
  description: 'The short-term memory of one session: the messages still in the window and the running summary.',
  fields: (t) => ({
    sessionId: t.exposeID('sessionId'),
    threadId: t.exposeString('threadId'),
    summary: t.exposeString('summary'),
    checkpointCount: t.exposeInt('checkpointCount'),
    messages: t.field({
      type: [ChatMessageRef],
      args: { last: t.arg.int({ required: false, defaultValue: 20 }) },
      resolve: (thread, args) => thread.messages.slice(-Math.min(Math.max(args.last ?? 20, 1), 200)),
    }),
  }),
});

const FactRef = builder.objectRef<FactView>('Fact').implement({
  description: 'One version of a long-term fact about the caller.',
  fields: (t) => ({
    category: t.exposeString('category'),
    key: t.exposeString('key'),
    value: t.field({ type: 'JSON', resolve: (fact) => fact.value }),
    version: t.exposeInt('version'),
    source: t.field({ type: FactSourceEnum, resolve: (fact) => fact.source as (typeof FACT_SOURCES)[number] }),
    sourceTurn: t.exposeString('sourceTurn', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
    supersededAt: t.expose('supersededAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When a newer version replaced it as the current one, or it was forgotten.',
    }),
    validFrom: t.expose('validFrom', { type: 'DateTime', description: 'Valid time: when the fact became true.' }),
    validTo: t.expose('validTo', {
      type: 'DateTime',
      nullable: true,
      description: 'Valid time: when it stopped being true (exclusive); null while it holds. A contradicting statement closes it.',
    }),
    retiredAt: t.expose('retiredAt', {
      type: 'DateTime',
      nullable: true,
      description:
        'When Suanni stopped believing this version (forgotten, or replaced over its whole validity); createdAt is when it was learned.',
    }),
  }),
});

const FactCategoryCountRef = builder.objectRef<{ category: string; count: number }>('FactCategoryCount').implement({
  fields: (t) => ({ category: t.exposeString('category'), count: t.exposeInt('count') }),
});

builder.queryFields((t) => ({
  thread: t.withAuth({ authenticated: true }).field({
    type: ThreadRef,
    description: 'The thread of one of the caller’s sessions.',
    args: { sessionId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => context.services.chat.thread(context.principal, args.sessionId, 200),
  }),
  facts: t.withAuth({ authenticated: true }).field({
    type: [FactRef],
    description:
      'The caller’s current facts; with asOf and/or knownAt, the facts that were true at asOf (default knownAt) as Suanni knew them at knownAt (default now).',
    args: {
      category: t.arg.string({ required: false }),
      asOf: t.arg({ type: 'DateTime', required: false, description: 'Valid time: what was true at this instant.' }),
      knownAt: t.arg({ type: 'DateTime', required: false, description: 'Transaction time: as Suanni knew it at this instant.' }),
    },
    resolve: (_root, args, context) =>
      context.services.chat.facts(context.principal, args.category, { asOf: args.asOf, knownAt: args.knownAt }),
  }),
  factHistory: t.withAuth({ authenticated: true }).field({
    type: [FactRef],
    description: 'Every version of one of the caller’s facts, newest first, with both clocks; with knownAt, as Suanni knew it then.',
    args: {
      category: t.arg.string({ required: true }),
      key: t.arg.string({ required: true }),
      knownAt: t.arg({ type: 'DateTime', required: false, description: 'Transaction time: the history as known at this instant.' }),
    },
    resolve: (_root, args, context) => context.services.chat.factHistory(context.principal, args.category, args.key, args.knownAt),
  }),
  // The role is checked by the service, so that a denied attempt is audited too.
  tenantFactCounts: t.withAuth({ authenticated: true }).field({
    type: [FactCategoryCountRef],
    description: 'Current facts per category in the caller’s tenant (ADMIN); never values.',
    resolve: (_root, _args, context) => context.services.chat.tenantFactCounts(context.principal),
  }),
}));

builder.mutationFields((t) => ({
  sendMessage: t.withAuth({ authenticated: true }).field({
    type: ChatTurnRef,
    description: 'One turn in an open session of the caller.',
    args: { sessionId: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    extensions: modelBacked(),
    resolve: (_root, args, context) => context.services.chat.sendMessage(context.principal, args.sessionId, args.text),
  }),
  confirmFact: t.withAuth({ authenticated: true }).field({
    type: FactRef,
    description: 'Remembers a fact across sessions; a changed value becomes a new version.',
    args: {
      category: t.arg.string({ required: true }),
      key: t.arg.string({ required: true }),
      value: t.arg({ type: 'JSON', required: true }),
      source: t.arg({ type: FactSourceEnum, required: false, defaultValue: 'CONFIRMED' }),
      validFrom: t.arg({ type: 'DateTime', required: false, description: 'When it became true; default now.' }),
      validTo: t.arg({ type: 'DateTime', required: false, description: 'When it stopped being true (exclusive); default open.' }),
    },
    resolve: (_root, args, context) => context.services.chat.confirmFact(context.principal, args),
  }),
  forgetFact: t.withAuth({ authenticated: true }).boolean({
    description: 'Removes a fact from memory (its history stays readable); false when there was none.',
    args: { category: t.arg.string({ required: true }), key: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.chat.forgetFact(context.principal, args.category, args.key),
  }),
}));

/** One event of `replyTurn`. */
const ChatTurnEventRef = builder.objectRef<TurnEvent>('ChatTurnEvent').implement({
  description: 'A piece of the reply as it is produced (`delta`), or, last, the finished turn (`turn`).',
  fields: (t) => ({
    delta: t.string({ nullable: true, resolve: (event) => event.delta ?? null }),
    turn: t.field({ type: ChatTurnRef, nullable: true, resolve: (event) => event.turn ?? null }),
  }),
});

builder.subscriptionFields((t) => ({
  replyTurn: t.withAuth({ authenticated: true }).field({
    type: ChatTurnEventRef,
    description:
      'Runs one turn and streams the reply as it is produced; the last event is the finished turn, with its context budget and proposed facts.',
    args: { sessionId: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    extensions: modelBacked(),
    subscribe: (_root, args, context) => streamTurnEvents(context.services.chat, context.principal, args.sessionId, args.text),
    resolve: (event: TurnEvent) => event,
  }),
  replyStream: t.withAuth({ authenticated: true }).string({
    description: 'Runs one turn and streams the reply text as it is produced, one piece per event.',
    args: { sessionId: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    // A subscription that runs a chat turn: model-backed work, not a read.
    extensions: modelBacked(),
    subscribe: (_root, args, context) => streamTurn(context.services.chat, context.principal, args.sessionId, args.text),
    resolve: (piece: string) => piece,
  }),
}));
