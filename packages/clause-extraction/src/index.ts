/**
 * Deterministic contract field extraction: text in, fields with evidence out. Imports nothing of
 * the gateway, so it can be evaluated, trained and benchmarked alone (README.md).
 */
export { CUAD_CATEGORIES, type CuadCategory } from './categories.js';
export { splitClauses } from './clauses.js';
export { type ContractValueField, constraintValues, extractFields } from './extract-fields.js';
export { needsReview, operatingThresholds } from './judgement/judge.js';
export { OPERATING_POINTS, type OperatingPoint } from './judgement/model.js';
export { detectLanguage } from './language.js';
export type * from './types.js';
