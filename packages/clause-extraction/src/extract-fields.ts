import { extractAmounts } from './amounts.js';
import { extractAntiAssignment } from './anti-assignment.js';
import { extractAuditRights } from './audit-rights.js';
import { classifiedChangeOfControl, extractChangeOfControl } from './change-of-control.js';
import { extractExclusivity } from './exclusivity.js';
import { extractInsurance } from './insurance.js';
import { extractIpOwnershipAssignment } from './ip-assignment.js';
import { extractMinimumCommitment } from './minimum-commitment.js';
import { extractUnfairTerms } from './unfair-terms.js';
import { extractWarrantyDuration } from './warranty.js';
import { splitClauses } from './clauses.js';
import { extractConfidentialityYears } from './confidentiality.js';
import { extractGoverningLaw } from './governing-law.js';
import { detectLanguage } from './language.js';
import { extractLiabilityCap } from './liability.js';
import { extractLiquidatedDamages } from './liquidated-damages.js';
import { extractNonCompete } from './non-compete.js';
import { extractParties } from './parties.js';
import { extractPaymentDays } from './payment-days.js';
import { extractPenaltyRate } from './penalty-rate.js';
import { extractAutoRenewal } from './renewal.js';
import { extractTermination } from './termination.js';
import { buildTextView, type TextView } from './text-view.js';
import { judgeContract } from './judgement/judge.js';
import type { ExtractedContract } from './types.js';
import { extractConfidentialityClause } from './confidentiality-clause.js';
import { extractDisputeResolution } from './dispute-resolution.js';
import * as zh from './zh/index.js';
import { loadClassifier } from './clause-classifier.js';

/**
 * Change of Control is the one category whose rules do not carry over to unseen contracts (F1 0.91 on the
 * contracts they were written against, 0.44 on cuad/dev): where they count nothing, a classifier learned from
 * cuad/train (its cross-validated F1 is in its file) may. README "Review quality" has the figures.
 */
const CHANGE_OF_CONTROL_CLASSIFIER = loadClassifier('change-of-control');

/**
 * Extracts the typed fields of a contract, deterministically and offline: the `parse` node of
 * the review pipeline under the `rules` provider. Every rule works on the text alone, so
 * instructions written into a contract ("ignore previous instructions ...") change nothing.
 * Chinese and English rules both run on every text, which also covers mixed-language contracts.
 */
export function extractFields(text: string): ExtractedContract {
  const { contract, view } = extractRuleFields(text);
  return judgeContract(contract, view);
}

/**
 * The rules' fields alone, before the learned models judge them, with the text view they read: the trainer fits
 * the models on these, and {@link extractFields} hands them to `judgeContract`.
 */
export function extractRuleFields(text: string): { contract: Omit<ExtractedContract, 'judgements'>; view: TextView } {
  const clauses = splitClauses(text);
  const view = buildTextView(text, clauses);
  const termination = extractTermination(view);
  const contract: Omit<ExtractedContract, 'judgements'> = {
    language: detectLanguage(text),
    clauses,
    parties: extractParties(view),
    amounts: extractAmounts(view),
    penaltyRate: extractPenaltyRate(view),
    liquidatedDamages: extractLiquidatedDamages(view) ?? zh.extractChineseLiquidatedDamages(view),
    paymentDays: extractPaymentDays(view),
    terminationNoticeDays: termination.terminationNoticeDays,
    terminationForConvenience: termination.terminationForConvenience,
    governingLaw: extractGoverningLaw(view),
    disputeResolution: extractDisputeResolution(view),
    liabilityCap: extractLiabilityCap(view),
    autoRenewal: extractAutoRenewal(view),
    confidentialityYears: extractConfidentialityYears(view) ?? zh.extractChineseConfidentialityYears(view),
    confidentiality: extractConfidentialityClause(view),
    nonCompete: extractNonCompete(view) ?? zh.extractChineseNonCompete(view),
    exclusivity: extractExclusivity(view) ?? zh.extractChineseExclusivity(view),
    insurance: extractInsurance(view) ?? zh.extractChineseInsurance(view),
    auditRights: extractAuditRights(view) ?? zh.extractChineseAuditRights(view),
    changeOfControl:
      extractChangeOfControl(view) ??
      zh.extractChineseChangeOfControl(view) ??
      classifiedChangeOfControl(view, CHANGE_OF_CONTROL_CLASSIFIER),
    antiAssignment: extractAntiAssignment(view) ?? zh.extractChineseAntiAssignment(view),
    ipOwnershipAssignment: extractIpOwnershipAssignment(view) ?? zh.extractChineseIpAssignment(view),
    minimumCommitment: extractMinimumCommitment(view) ?? zh.extractChineseMinimumCommitment(view),
    warrantyDuration: extractWarrantyDuration(view),
    unfairTerms: extractUnfairTerms(view),
  };
  return { contract, view };
}

/** The flat values a contract yields for checks by a caller (a knowledge constraint names one of these). */
export type ContractValueField =
  | 'penaltyRate'
  | 'paymentDays'
  | 'terminationNoticeDays'
  | 'liabilityCapAmount'
  | 'governingLaw'
  | 'confidentialityYears'
  | 'autoRenewalNoticeDays'
  | 'warrantyDurationDays';

/**
 * The extracted values that knowledge constraints can name, flat: `penaltyRate` in percent,
 * day counts, the liability cap amount (when a sum is stated, carve-outs or not), the governing-law
 * jurisdiction, confidentiality in years (`Infinity` when perpetual, so `>=` checks pass) and the
 * notice to stop an automatic renewal and the warranty period in days. Fields the contract lacks
 * are left out; clause presence (`insurance`, ...) is read by the compliance check itself.
 */
export function constraintValues(contract: ExtractedContract): Partial<Record<ContractValueField, number | string>> {
  const values: Partial<Record<ContractValueField, number | string>> = {};
  if (contract.penaltyRate) values.penaltyRate = contract.penaltyRate.percent;
  if (contract.paymentDays) values.paymentDays = contract.paymentDays.days;
  if (contract.terminationNoticeDays) values.terminationNoticeDays = contract.terminationNoticeDays.days;
  if (contract.liabilityCap && contract.liabilityCap.amount !== null) values.liabilityCapAmount = contract.liabilityCap.amount;
  if (contract.governingLaw) values.governingLaw = contract.governingLaw.jurisdiction;
  const confidentiality = contract.confidentialityYears;
  if (confidentiality?.years != null) values.confidentialityYears = confidentiality.years;
  else if (confidentiality?.perpetual) values.confidentialityYears = Number.POSITIVE_INFINITY;
  if (contract.autoRenewal?.noticeDays != null) values.autoRenewalNoticeDays = contract.autoRenewal.noticeDays;
  if (contract.warrantyDuration?.days != null) values.warrantyDurationDays = contract.warrantyDuration.days;
  return values;
}
