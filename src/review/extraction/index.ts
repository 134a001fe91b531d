/** Deterministic contract field extraction for the review pipeline's `rules` provider. */
export { splitClauses } from './clauses.js';
export { constraintValues, extractFields } from './extract-fields.js';
export { detectLanguage } from './language.js';
export type * from './types.js';
