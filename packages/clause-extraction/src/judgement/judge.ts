import { CUAD_CATEGORIES, type CuadCategory } from '../categories.js';
import { evidenceFor, shorten, type TextView } from '../text-view.js';
import type { CategoryJudgement, EvidenceSpan, ExtractedContract } from '../types.js';
import { viewFeatures } from './features.js';
import {
  type CategoryModel,
  documentEvidence,
  documentProbability,
  type JudgementMode,
  type JudgementModels,
  type OperatingPoint,
  scoreSentences,
  shippedModels,
} from './model.js';
import { judgeUnfairTerms, shippedTosModels, type TosModels } from './tos.js';

/** What the rules said about a category: found or not, and where. */
export interface RuleVerdict {
  detected: boolean;
  evidence: EvidenceSpan | null;
}

type Fields = Omit<ExtractedContract, 'judgements'>;

/** The rules' verdict per CUAD category, read off the extracted fields (the same mapping the evaluation scores). */
export function ruleVerdicts(contract: Fields): Record<CuadCategory, RuleVerdict> {
  const renewal = contract.autoRenewal;
  const cap = contract.liabilityCap;
  const verdict = (detected: boolean, evidence: EvidenceSpan | undefined): RuleVerdict => ({
    detected,
    evidence: detected ? (evidence ?? null) : null,
  });
  return {
    'Governing Law': verdict(contract.governingLaw !== null, contract.governingLaw?.evidence),
    'Cap on Liability': verdict(cap?.limited === true, cap?.evidence),
    'Uncapped Liability': verdict(cap?.kind === 'uncapped', cap?.evidence),
    'Liquidated Damages': verdict(contract.liquidatedDamages !== null, contract.liquidatedDamages?.evidence),
    'Termination for Convenience': verdict(contract.terminationForConvenience !== null, contract.terminationForConvenience?.evidence),
    'Renewal Term': verdict(renewal !== null, renewal?.evidence),
    'Notice Period to Terminate Renewal': verdict(
      renewal?.automatic === true && (renewal.noticeDays !== null || renewal.noticeRequired),
      renewal?.evidence,
    ),
    'Non-Compete': verdict(contract.nonCompete !== null, contract.nonCompete?.evidence),
    Exclusivity: verdict(contract.exclusivity !== null, contract.exclusivity?.evidence),
    Insurance: verdict(contract.insurance !== null, contract.insurance?.evidence),
    'Audit Rights': verdict(contract.auditRights !== null, contract.auditRights?.evidence),
    'Change of Control': verdict(contract.changeOfControl !== null, contract.changeOfControl?.evidence),
    'Anti-Assignment': verdict(contract.antiAssignment !== null, contract.antiAssignment?.evidence),
    'IP Ownership Assignment': verdict(contract.ipOwnershipAssignment !== null, contract.ipOwnershipAssignment?.evidence),
    'Minimum Commitment': verdict(contract.minimumCommitment !== null, contract.minimumCommitment?.evidence),
    'Warranty Duration': verdict(contract.warrantyDuration !== null, contract.warrantyDuration?.evidence),
  };
}

/** The sentences of the view an evidence span (original offsets) overlaps. */
export function sentencesCovering(view: TextView, evidence: EvidenceSpan | null): number[] {
  if (!evidence) return [];
  const covering: number[] = [];
  view.sentences.forEach((sentence, index) => {
    const start = view.originalOffset[sentence.start] ?? 0;
    const end = (view.originalOffset[Math.max(sentence.start, sentence.end - 1)] ?? 0) + 1;
    if (start < evidence.end && evidence.start < end) covering.push(index);
  });
  return covering;
}

/**
 * Governing law cannot be added by the model: a finding must name the jurisdiction, which only the rules read.
 * Every other category can be added (with the sentence that decided it) or withdrawn.
 */
export const MODEL_CANNOT_ADD: ReadonlySet<CuadCategory> = new Set(['Governing Law']);

/** A category's verdict: in `rules` mode the rules', in `model` mode the probability against the threshold. */
export function decide(category: CuadCategory, mode: JudgementMode, rule: boolean, probability: number, threshold: number): boolean {
  if (mode === 'rules') return rule;
  const claimed = probability >= threshold;
  return MODEL_CANNOT_ADD.has(category) ? rule && claimed : claimed;
}

/**
 * Per category: the calibrated probability, the verdict and the sentences that decided it. Linear in the length of
 * the contract: each sentence's features are read once and scored for every category in one pass.
 */
export function judgeCategories(
  view: TextView,
  rules: Record<CuadCategory, RuleVerdict>,
  models: JudgementModels,
  /** The evaluation's out-of-fold figures replace the shipped model's probability by one from a model that never saw the contract. */
  probabilityOf?: (category: CuadCategory) => number,
  /** The rules decide every category (the confidence is still the model's). */
  rulesDecide = false,
  features: readonly Int32Array[] = viewFeatures(view),
): Record<CuadCategory, CategoryJudgement> {
  const width = models.scorer.categories;
  const scores = scoreSentences(models.scorer, features);
  const judgements = {} as Record<CuadCategory, CategoryJudgement>;
  models.categories.forEach((model: CategoryModel, index) => {
    const rule = rules[model.category];
    const covering = sentencesCovering(view, rule.evidence);
    const evidence = documentEvidence(scores, width, index, rule.detected, covering);
    const probability = probabilityOf ? probabilityOf(model.category) : documentProbability(model.stacker, evidence);
    const mode = rulesDecide ? 'rules' : model.mode;
    const present = decide(model.category, mode, rule.detected, probability, model.threshold);
    const best = view.sentences[evidence.bestSentence];
    // The sentences that decided: the rules' when they found it, else the sentence the model is surest of.
    const decisive: EvidenceSpan[] =
      rule.detected && rule.evidence ? [rule.evidence] : best ? [evidenceFor(view, best.start, best.end)] : [];
    judgements[model.category] = {
      present,
      confidence: round(present ? probability : 1 - probability),
      probability: round(probability),
      source: mode,
      rules: rule.detected,
      evidence: decisive,
    };
  });
  return judgements;
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;

/**
 * Applies the verdicts to the fields: a field the model withdraws is removed (or narrowed: a cap that is not
 * uncapped), one it adds carries the decisive sentence and `source: 'classifier'`, and every field of a
 * category carries its `confidence` (the probability that it is right).
 */
export function applyJudgements(contract: Fields, view: TextView, judgements: Record<CuadCategory, CategoryJudgement>): Fields {
  const result: Fields = { ...contract };
  const added = (category: CuadCategory): EvidenceSpan | null => {
    const judgement = judgements[category];
    return judgement.present && !judgement.rules ? (judgement.evidence[0] ?? null) : null;
  };
  const withdrawn = (category: CuadCategory): boolean => judgements[category].rules && !judgements[category].present;
  const confidence = (category: CuadCategory): number => judgements[category].confidence;

  const presence = [
    ['liquidatedDamages', 'Liquidated Damages'],
    ['terminationForConvenience', 'Termination for Convenience'],
    ['nonCompete', 'Non-Compete'],
    ['exclusivity', 'Exclusivity'],
    ['insurance', 'Insurance'],
    ['auditRights', 'Audit Rights'],
    ['changeOfControl', 'Change of Control'],
    ['antiAssignment', 'Anti-Assignment'],
    ['ipOwnershipAssignment', 'IP Ownership Assignment'],
    ['minimumCommitment', 'Minimum Commitment'],
  ] as const;
  for (const [field, category] of presence) {
    const found = result[field];
    const at = added(category);
    if (found && withdrawn(category)) result[field] = null;
    else if (found) result[field] = { ...found, confidence: confidence(category) };
    else if (at) result[field] = { present: true, evidence: at, source: 'classifier', confidence: confidence(category) };
  }

  if (result.governingLaw) {
    result.governingLaw = withdrawn('Governing Law') ? null : { ...result.governingLaw, confidence: confidence('Governing Law') };
  }

  let cap = result.liabilityCap;
  const capAt = added('Cap on Liability');
  const uncappedAt = added('Uncapped Liability');
  if (cap && withdrawn('Cap on Liability')) cap = { ...cap, limited: false };
  if (cap && withdrawn('Uncapped Liability')) cap = { ...cap, kind: 'capped' };
  if (!cap && (capAt || uncappedAt)) {
    const at = (capAt ?? uncappedAt)!;
    cap = {
      kind: 'capped',
      limited: false,
      amount: null,
      currency: null,
      description: shorten(contract.liabilityCap?.description ?? view.original.slice(at.start, at.end)),
      evidence: at,
      source: 'classifier',
    };
  }
  if (cap && capAt) cap = { ...cap, limited: true };
  if (cap && uncappedAt) cap = { ...cap, kind: 'uncapped' };
  // A capped field that limits nothing says nothing.
  if (cap && cap.kind === 'capped' && !cap.limited) cap = null;
  if (cap) cap = { ...cap, confidence: confidence(cap.kind === 'uncapped' ? 'Uncapped Liability' : 'Cap on Liability') };
  result.liabilityCap = cap;

  let renewal = result.autoRenewal;
  if (renewal && withdrawn('Renewal Term')) renewal = null;
  const renewalAt = added('Renewal Term');
  const noticeAt = added('Notice Period to Terminate Renewal');
  if (!renewal && (renewalAt || noticeAt)) {
    renewal = {
      renews: true,
      automatic: false,
      renewalTerm: null,
      noticeDays: null,
      noticeRequired: false,
      evidence: (renewalAt ?? noticeAt)!,
      source: 'classifier',
    };
  }
  if (renewal && withdrawn('Notice Period to Terminate Renewal')) renewal = { ...renewal, noticeDays: null, noticeRequired: false };
  if (renewal && noticeAt) renewal = { ...renewal, automatic: true, noticeRequired: true };
  if (renewal) renewal = { ...renewal, confidence: confidence('Renewal Term') };
  result.autoRenewal = renewal;

  const warranty = result.warrantyDuration;
  const warrantyAt = added('Warranty Duration');
  if (warranty && withdrawn('Warranty Duration')) result.warrantyDuration = null;
  else if (warranty) result.warrantyDuration = { ...warranty, confidence: confidence('Warranty Duration') };
  else if (warrantyAt)
    result.warrantyDuration = {
      duration: null,
      days: null,
      evidence: warrantyAt,
      source: 'classifier',
      confidence: confidence('Warranty Duration'),
    };
  return result;
}

/** The rules' fields judged by the learned models (unchanged, with `judgements` null, when no models are shipped). */
export function judgeContract(
  contract: Fields,
  view: TextView,
  models: JudgementModels | null = shippedModels(),
  tosModels: TosModels | null = shippedTosModels(),
): ExtractedContract {
  if (!models) return { ...contract, judgements: null };
  // Each sentence is featurised once, for the CUAD and the terms-of-service models alike.
  const features = viewFeatures(view);
  // The models learned English (CUAD): on Chinese drafting their words mean nothing, so the rules decide there.
  const judgements = judgeCategories(view, ruleVerdicts(contract), models, undefined, contract.language === 'zh', features);
  const judged = applyJudgements(contract, view, judgements);
  const unfairTerms = tosModels ? judgeUnfairTerms(view, contract.unfairTerms, features, tosModels) : contract.unfairTerms;
  return { ...judged, unfairTerms, judgements };
}

/**
 * The confidence a claimed finding of each category needs to stand without a person at an operating point
 * (precision-first: the lowest confidence at which out-of-fold precision reached 0.9; recall-first: the
 * highest at which recall stayed at 0.95). Empty when no models are shipped.
 */
export function operatingThresholds(
  point: OperatingPoint,
  models: JudgementModels | null = shippedModels(),
): Partial<Record<CuadCategory, number>> {
  if (!models) return {};
  return Object.fromEntries(models.categories.map((model) => [model.category, model.operatingPoints[point]]));
}

/**
 * Every category's thresholds at both operating points, `{ [category]: { 'precision-first', 'recall-first' } }`
 * (the shape the gateway reads as the package's `OPERATING_POINTS`); empty when no models are shipped.
 */
export function operatingPointThresholds(
  models: JudgementModels | null = shippedModels(),
): Partial<Record<CuadCategory, Record<OperatingPoint, number>>> {
  if (!models) return {};
  return Object.fromEntries(models.categories.map((model) => [model.category, { ...model.operatingPoints }]));
}

/** Whether a claimed finding should go to a person at an operating point: its confidence is under the category's threshold. */
export function needsReview(
  category: CuadCategory,
  confidence: number,
  point: OperatingPoint,
  models: JudgementModels | null = shippedModels(),
): boolean {
  const threshold = operatingThresholds(point, models)[category];
  return threshold !== undefined && confidence < threshold;
}

export { CUAD_CATEGORIES };
