/**
 * The rules alone, before the learned models judge them (`@suanni/clause-extraction/rules`): for benchmarks that
 * compare the two, and for whoever needs the rules' own verdict.
 */
export { extractRuleFields } from './extract-fields.js';
export { ruleVerdicts } from './judgement/judge.js';
