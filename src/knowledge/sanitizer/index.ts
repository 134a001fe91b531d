/** The retrieval sanitizer: pure functions from stored knowledge versions to what agents see. */
export {
  sanitizeKnowledge,
  sanitizeKnowledgeSync,
  type ClauseSummarizer,
  type DegradedEvent,
  type DegradedReason,
  type SanitizeKnowledgeOptions,
  type SanitizeKnowledgeSyncOptions,
} from './sanitize-knowledge.js';
export {
  summarizeClause,
  checkSummary,
  hedgeFreeClause,
  CLAUSE_SUMMARY_MAX_LENGTH,
  type ClauseSummary,
  type SummaryDegradedReason,
  type SummaryFault,
} from './summarize-clause.js';
export {
  compareMeaning,
  findMeaningMarkers,
  hasMeaningWord,
  ENGLISH_MEANING_TERMS,
  MEANING_CATEGORIES,
  type MeaningCategory,
  type MeaningDifference,
  type MeaningMarker,
  type MeaningSense,
} from './meaning.js';
export {
  APPROXIMATION_QUALIFIERS,
  CHINESE_HEDGES,
  ENGLISH_HEDGES,
  HEDGES,
  HEDGE_EXEMPT_TERMS,
  containsHedge,
  findHedges,
  removeHedges,
  type HedgeMatch,
} from './hedges.js';
export { extractNumericExpressions, locateNumericExpressions, missingNumericExpressions, type NumericSpan } from './numeric-expressions.js';
export { compareVersions, compareParsedVersions, parseVersion, type KnowledgeVersionNumber } from './versions.js';
export { isInForce, selectCurrentVersions, assertKnowledgeView, type KnowledgeView } from './current-versions.js';
export { sanitizeSourceIdentifier } from './source-identifier.js';
