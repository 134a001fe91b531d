import { Annotation } from '@langchain/langgraph';
import { z } from 'zod';
import type { ExtractedContract } from '@suanni/clause-extraction';

export const riskLevels = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type RiskLevel = (typeof riskLevels)[number];

const evidenceSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0), clauseIndex: z.number().int() });

/** Clause positions only: the clause text stays in `text`, never copied into state. */
export const clausePositionSchema = z.object({
  index: z.number().int(),
  heading: z.string().nullable(),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});

export const knowledgeItemSchema = z.object({
  id: z.string(),
  knowledgeId: z.string(),
  version: z.string(),
  content: z.string(),
  source: z.string(),
  kind: z.enum(['CLAUSE', 'METADATA']),
  constraint: z
    .object({ field: z.string(), operator: z.string(), value: z.union([z.number(), z.string()]), unit: z.string().optional() })
    .nullable(),
  degraded: z.boolean(),
});

export const findingSchema = z.object({
  /** The contract field the finding is about (penaltyRate, governingLaw, ...). */
  clause: z.string(),
  clauseIndex: z.number().int().nullable(),
  knowledgeId: z.string(),
  version: z.string(),
  severity: z.enum(riskLevels),
  message: z.string().min(1).max(500),
  evidence: evidenceSchema.nullable(),
  /** Confidence (0..1) that the finding is right: the extraction's calibrated one, or its evidence source's fallback. */
  confidence: z.number().min(0).max(1),
  /** The labelled category (CUAD's name) the finding's field answers, for per-category thresholds; null when none. */
  category: z.string().nullable(),
});
export type Finding = z.infer<typeof findingSchema>;
/** A finding as the rules write it, before its confidence is known. */
export type RuleFinding = Omit<Finding, 'confidence' | 'category'>;

export const reportSchema = z.object({
  summary: z.string(),
  riskLevel: z.enum(riskLevels),
  riskScore: z.number().min(0).max(1),
  findingCounts: z.object({ LOW: z.number().int(), MEDIUM: z.number().int(), HIGH: z.number().int() }),
  extracted: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
  knowledgeUsed: z.array(z.object({ knowledgeId: z.string(), version: z.string() })),
});
export type ReviewReport = z.infer<typeof reportSchema>;

export const modelCallSchema = z.object({
  node: z.string(),
  provider: z.string(),
  model: z.string(),
  degraded: z.boolean(),
  reason: z.string().nullable(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
});

/**
 * The one shape a review run has (DESIGN section 3). Every field is listed here with its type;
 * there is no `messages`, scratchpad or log. Nodes declare which of these they read and write.
 */
export const reviewStateSchema = z.object({
  /** Input: the review's id, for progress and the access log. */
  reviewId: z.string(),
  /** Input: the caller's contract reference. */
  contractId: z.string(),
  /** Input: the contract's title. */
  title: z.string(),
  /** Input: the contract text. Only `parse` and `compliance` (for evidence) read it. */
  text: z.string(),
  /** Input: the instant whose knowledge applies. */
  asOf: z.date(),
  /** Input: exact knowledge versions to use instead of an as-of lookup (replay). */
  pinnedKnowledge: z.array(z.object({ id: z.string().optional(), knowledgeId: z.string(), version: z.string() })).nullable(),
  /** parse: zh or en. */
  language: z.enum(['zh', 'en']).nullable(),
  /** parse: clause positions in `text`. */
  clauses: z.array(clausePositionSchema),
  /** parse: typed fields extracted from the contract. */
  fields: z.custom<Omit<ExtractedContract, 'clauses'>>((value) => typeof value === 'object' && value !== null).nullable(),
  /** parse: warnings about the input itself, e.g. INSTRUCTION_INJECTION. */
  flags: z.array(z.string()),
  /** retrieve: sanitized knowledge for the clause types found. */
  knowledge: z.array(knowledgeItemSchema),
  /** retrieve: the exact versions this review rests on. */
  knowledgeUsed: z.array(z.object({ id: z.string(), knowledgeId: z.string(), version: z.string() })),
  /** compliance: findings, each citing knowledgeId and version. */
  findings: z.array(findingSchema),
  /** risk: 0..1. */
  riskScore: z.number().min(0).max(1).nullable(),
  /** risk: LOW, MEDIUM or HIGH. */
  riskLevel: z.enum(riskLevels).nullable(),
  /** report: the structured report (a node may not share its name with a channel, hence the key). */
  reviewReport: reportSchema.nullable(),
  /** report: a short text. */
  reportText: z.string().nullable(),
  /** any node: a model fell back to rules (OR-merged). */
  degraded: z.boolean(),
  /** any node: model calls made (appended). */
  modelCalls: z.array(modelCallSchema),
});

export type ReviewState = z.infer<typeof reviewStateSchema>;
export type ReviewStateKey = keyof ReviewState;
export const reviewStateKeys = Object.keys(reviewStateSchema.shape) as ReviewStateKey[];

/** Fields several nodes may write, and how their writes combine; the rest: last write wins. */
const reducers: { [K in ReviewStateKey]?: (current: ReviewState[K], update: ReviewState[K]) => ReviewState[K] } = {
  degraded: (current, update) => current || update,
  modelCalls: (current, update) => [...current, ...update],
};

const defaults: { [K in ReviewStateKey]: () => ReviewState[K] } = {
  reviewId: () => '',
  contractId: () => '',
  title: () => '',
  text: () => '',
  asOf: () => new Date(0),
  pinnedKnowledge: () => null,
  language: () => null,
  clauses: () => [],
  fields: () => null,
  flags: () => [],
  knowledge: () => [],
  knowledgeUsed: () => [],
  findings: () => [],
  riskScore: () => null,
  riskLevel: () => null,
  reviewReport: () => null,
  reportText: () => null,
  degraded: () => false,
  modelCalls: () => [],
};

/** The LangGraph channel of one state field: its reducer (last write wins unless listed above) and default. */
function channel<K extends ReviewStateKey>(key: K) {
  const keepLast = (_current: ReviewState[K], update: ReviewState[K]) => update;
  return Annotation<ReviewState[K]>({ reducer: reducers[key] ?? keepLast, default: defaults[key] });
}

/**
 * LangGraph channels for the review state, one per field of the zod schema above; the mapped type
 * makes a field missing here a compile error, and gives the compiled graph the state's own types.
 */
const channels: { [K in ReviewStateKey]: ReturnType<typeof channel<K>> } = {
  reviewId: channel('reviewId'),
  contractId: channel('contractId'),
  title: channel('title'),
  text: channel('text'),
  asOf: channel('asOf'),
  pinnedKnowledge: channel('pinnedKnowledge'),
  language: channel('language'),
  clauses: channel('clauses'),
  fields: channel('fields'),
  flags: channel('flags'),
  knowledge: channel('knowledge'),
  knowledgeUsed: channel('knowledgeUsed'),
  findings: channel('findings'),
  riskScore: channel('riskScore'),
  riskLevel: channel('riskLevel'),
  reviewReport: channel('reviewReport'),
  reportText: channel('reportText'),
  degraded: channel('degraded'),
  modelCalls: channel('modelCalls'),
};

export const ReviewStateAnnotation = Annotation.Root(channels);

/** The input of one review run; everything else starts from its default. */
export type ReviewInputState = Pick<ReviewState, 'reviewId' | 'contractId' | 'title' | 'text' | 'asOf' | 'pinnedKnowledge'>;

/** A short description of a field's type for `reviewStateContract`. */
export function describeFieldType(key: ReviewStateKey): string {
  const types: Record<ReviewStateKey, string> = {
    reviewId: 'ID',
    contractId: 'String',
    title: 'String',
    text: 'String',
    asOf: 'DateTime',
    pinnedKnowledge: '[{id, knowledgeId, version}] | null',
    language: 'zh | en | null',
    clauses: '[{index, heading, start, end}]',
    fields: 'ExtractedFields | null',
    flags: '[String]',
    knowledge: '[{id, knowledgeId, version, content, source, kind, constraint, degraded}]',
    knowledgeUsed: '[{id, knowledgeId, version}]',
    findings: '[{clause, clauseIndex, knowledgeId, version, severity, message, evidence, confidence, category}]',
    riskScore: 'Float 0..1 | null',
    riskLevel: 'LOW | MEDIUM | HIGH | null',
    reviewReport: 'ReviewReport | null',
    reportText: 'String | null',
    degraded: 'Boolean (OR of all writes)',
    modelCalls: '[{node, provider, model, degraded, reason, inputTokens, outputTokens}] (appended)',
  };
  return types[key];
}
