/**
 * Deterministic contract field extraction: text in, fields with evidence out. Imports nothing of
 * the gateway, so it can be evaluated, trained and benchmarked alone (README.md).
 */
export { CUAD_CATEGORIES, type CuadCategory } from './categories.js';
export { splitClauses } from './clauses.js';
export { type ContractValueField, constraintValues, extractFields } from './extract-fields.js';
import { operatingPointThresholds } from './judgement/judge.js';

export { needsReview, operatingPointThresholds, operatingThresholds } from './judgement/judge.js';
export { OPERATING_POINT_NAMES, type OperatingPoint } from './judgement/model.js';
/**
 * The shipped models' per-category thresholds at each operating point: a claimed finding whose confidence is under
 * its category's threshold goes to a person (`{ [category]: { 'precision-first', 'recall-first' } }`).
 */
export const OPERATING_POINTS = operatingPointThresholds();
export { detectLanguage } from './language.js';
export type * from './types.js';
