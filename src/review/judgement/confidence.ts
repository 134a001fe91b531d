import type { EvidenceSpan, ExtractedContract } from '@suanni/clause-extraction';
import { isPresenceField } from '../../knowledge/types.js';

type Fields = Omit<ExtractedContract, 'clauses'>;

/**
 * Where a finding's evidence comes from, when the extraction gives no calibrated confidence of its own:
 * `rules` a hand-written rule read the field; `classifier` a shipped clause classifier found the clause the
 * rules had not; `model` model-assisted extraction found it, or the configured language model wrote the finding;
 * `absence` the finding rests on a clause that was not found (the extraction's recall, not its precision).
 */
export type EvidenceSource = 'rules' | 'classifier' | 'model' | 'absence';

/**
 * Confidence by evidence source, used until the extraction package gives each field a calibrated `confidence`
 * (docs/review-quality.md "Operating points"). Ordered as the sources' precision on contracts no rule was written
 * against (issue 28): a rule that matched is right most often, a classifier's hit less, a model's least.
 */
export const FALLBACK_CONFIDENCE: Readonly<Record<EvidenceSource, number>> = {
  rules: 0.85,
  classifier: 0.7,
  model: 0.6,
  absence: 0.75,
};

/** The CUAD category (or extra category) a finding's field answers, as the shared labels name it; null when none does. */
export function categoryOf(clause: string, fields: Fields | null): string | null {
  switch (clause) {
    case 'penaltyRate':
      return 'Liquidated Damages';
    case 'liabilityCapAmount':
      return fields?.liabilityCap?.kind === 'uncapped' ? 'Uncapped Liability' : 'Cap on Liability';
    case 'governingLaw':
      return 'Governing Law';
    case 'confidentialityYears':
      return 'Confidentiality';
    case 'autoRenewalNoticeDays':
      return 'Notice Period to Terminate Renewal';
    case 'warrantyDurationDays':
      return 'Warranty Duration';
    case 'exclusivity':
      return 'Exclusivity';
    case 'insurance':
      return 'Insurance';
    case 'auditRights':
      return 'Audit Rights';
    case 'changeOfControl':
      return 'Change of Control';
    case 'antiAssignment':
      return 'Anti-Assignment';
    case 'ipOwnershipAssignment':
      return 'IP Ownership Assignment';
    case 'minimumCommitment':
      return 'Minimum Commitment';
    default:
      return null;
  }
}

/** The extracted field a finding rests on (for an unfair term, the term at the finding's evidence); null when absent. */
function fieldOf(fields: Fields, clause: string, evidence: EvidenceSpan | { start: number } | null): object | null {
  switch (clause) {
    case 'liabilityCapAmount':
      return fields.liabilityCap;
    case 'autoRenewalNoticeDays':
      return fields.autoRenewal;
    case 'warrantyDurationDays':
      return fields.warrantyDuration;
    case 'unfairTermLevel':
      return fields.unfairTerms?.find((term) => term.evidence.start === evidence?.start) ?? null;
    default: {
      const value: unknown = Reflect.get(fields, clause);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
    }
  }
}

/** A calibrated confidence the extraction put on a field, when it did (a number in [0, 1]). */
function ownConfidence(field: object): number | null {
  const value = 'confidence' in field ? field.confidence : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}

/** The evidence source of a field the extraction found. */
function sourceOf(field: object): EvidenceSource {
  const source = 'source' in field ? field.source : undefined;
  return source === 'classifier' ? 'classifier' : source === 'model' ? 'model' : 'rules';
}

/**
 * A finding's confidence: the extracted field's own calibrated `confidence` when the extraction gives one, else the
 * {@link FALLBACK_CONFIDENCE} of its evidence source. `writtenByModel`: the configured language model wrote the
 * finding (its judgement, not the rules', decides it).
 */
export function findingConfidence(
  fields: Fields | null,
  finding: { clause: string; evidence: { start: number } | null },
  writtenByModel = false,
): { confidence: number; source: EvidenceSource } {
  const field = fields ? fieldOf(fields, finding.clause, finding.evidence) : null;
  if (field) {
    const own = ownConfidence(field);
    const source = writtenByModel ? 'model' : sourceOf(field);
    return { confidence: own ?? FALLBACK_CONFIDENCE[source], source };
  }
  // A presence rule's finding on a missing clause rests on the clause not being found.
  const source: EvidenceSource = writtenByModel ? 'model' : isPresenceField(finding.clause) ? 'absence' : 'rules';
  return { confidence: FALLBACK_CONFIDENCE[source], source };
}
