/** Kinds of knowledge: clause texts get summarised for agents; metadata passes unchanged. */
export type KnowledgeKind = 'CLAUSE' | 'METADATA';

export type ConstraintOperator = '<=' | '<' | '>=' | '>' | '=' | '!=';

/**
 * A machine-checkable rule attached to a knowledge version, evaluated by the review's rules
 * provider against an extracted contract field, e.g. `{ field: 'penaltyRate', operator: '<=',
 * value: 8, unit: '%' }`. Field names are the keys of `ConstraintField`.
 */
export interface KnowledgeConstraint {
  field: ConstraintField;
  operator: ConstraintOperator;
  value: number | string;
  unit?: string;
}

/** Contract fields a constraint may name (see the clause-extraction package). */
export const CONSTRAINT_FIELDS = [
  'penaltyRate',
  'paymentDays',
  'terminationNoticeDays',
  'liabilityCapAmount',
  'governingLaw',
  'confidentialityYears',
  'autoRenewalNoticeDays',
  'warrantyDurationDays',
  'exclusivity',
  'insurance',
  'auditRights',
  'changeOfControl',
  'antiAssignment',
  'ipOwnershipAssignment',
  'minimumCommitment',
  'unfairTermLevel',
] as const;
export type ConstraintField = (typeof CONSTRAINT_FIELDS)[number];

/**
 * Clause fields whose value is whether the contract has the clause: their constraints compare
 * `present` or `absent` with `=` or `!=` (`insurance = present` asks for an insurance clause,
 * `exclusivity != present` flags any exclusivity).
 */
export const PRESENCE_CONSTRAINT_FIELDS = [
  'exclusivity',
  'insurance',
  'auditRights',
  'changeOfControl',
  'antiAssignment',
  'ipOwnershipAssignment',
  'minimumCommitment',
] as const satisfies readonly ConstraintField[];
export const PRESENCE_VALUES = ['present', 'absent'] as const;

export function isPresenceField(field: string): field is (typeof PRESENCE_CONSTRAINT_FIELDS)[number] {
  return (PRESENCE_CONSTRAINT_FIELDS as readonly string[]).includes(field);
}

/** One stored version of a knowledge item, as the repository returns it. */
export interface KnowledgeRecord {
  /** Row id (UUID) of this version. */
  id: string;
  knowledgeId: string;
  /** `major.minor`, compared numerically (1.10 is newer than 1.9). */
  version: string;
  kind: KnowledgeKind;
  content: string;
  tags: string[];
  constraint: KnowledgeConstraint | null;
  /** A source identifier such as `policy:finance/penalties#3`; never a path or a URL with credentials. */
  source: string;
  validFrom: Date;
  validUntil: Date;
  recordedAt: Date;
  retractedAt: Date | null;
}

/** What the sanitizer hands to agents: no history, no hedges, no stale or duplicate versions. */
export interface SanitizedKnowledge {
  id: string;
  knowledgeId: string;
  version: string;
  content: string;
  source: string;
  kind: KnowledgeKind;
  constraint: KnowledgeConstraint | null;
  /**
   * True when the content is not a faithful summary within 50 characters: the model summary was
   * rejected, or no summary kept the clause's numbers and meaning (negation, exception,
   * condition, modality), so the content is the clause itself.
   */
  degraded: boolean;
  /** Why, when `degraded` (see `DegradedReason` in the sanitizer); null otherwise. */
  degradedReason: KnowledgeDegradedReason | null;
}

type MeaningChange = `${'lost' | 'added'}-${'negation' | 'exception' | 'condition' | 'modality'}`;
/** Machine-readable reasons for a degraded item, documented at the sanitizer's `DegradedReason`. */
export type KnowledgeDegradedReason =
  | 'timeout'
  | 'error'
  | 'empty'
  | 'too-long'
  | 'hedge'
  | 'lost-number'
  | 'numbers-do-not-fit'
  | MeaningChange;
