/**
 * Which stored versions are in force at an instant: the first two steps of the sanitizer
 * (drop expired, keep the latest version per knowledgeId).
 */
import type { KnowledgeRecord } from '../types.js';
import { compareParsedVersions, parseVersion, type KnowledgeVersionNumber } from './versions.js';

/**
 * The point of view for selecting knowledge.
 *
 * - `asOf` (valid time): a version is in force when `validFrom <= asOf < validUntil`.
 * - `knownAt` (transaction time, optional): what the knowledge base knew at that instant. Without
 *   it, any retracted version is dropped, whatever `asOf` is: a retraction says the version should
 *   never have been used, and `asOf` is about when rules apply, not about when we learnt of them.
 *   With it, a version counts only when `recordedAt <= knownAt` and it was not yet retracted
 *   (`retractedAt` null or later than `knownAt`), which reproduces what an earlier run saw.
 */
export interface KnowledgeView {
  asOf: Date;
  knownAt?: Date;
}

function assertInstant(value: unknown, name: string): asserts value is Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new TypeError(`${name} must be a valid Date`);
}

/** Checks a view's instants. @throws TypeError when `asOf` or a given `knownAt` is not a valid Date. */
export function assertKnowledgeView(view: KnowledgeView): void {
  assertInstant(view?.asOf, 'asOf');
  if (view.knownAt !== undefined) assertInstant(view.knownAt, 'knownAt');
}

/** Whether `record` is in force in `view` (see `KnowledgeView`); bounds: inclusive `validFrom`, exclusive `validUntil`. */
export function isInForce(record: KnowledgeRecord, view: KnowledgeView): boolean {
  const asOf = view.asOf.getTime();
  if (!(record.validFrom.getTime() <= asOf && asOf < record.validUntil.getTime())) return false;
  if (view.knownAt === undefined) return record.retractedAt === null;
  const knownAt = view.knownAt.getTime();
  return record.recordedAt.getTime() <= knownAt && (record.retractedAt === null || record.retractedAt.getTime() > knownAt);
}

/** Code-unit order: unlike `localeCompare`, the same on every machine and locale. */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * For each knowledgeId, the highest version in force in `view`, sorted by knowledgeId. A version
 * that is not in force never hides an older one that is. Two rows with the same version (the
 * database forbids it) resolve to the later `recordedAt`, then the larger `id`, so the result
 * never depends on input order.
 * @throws Error when any record's version is malformed (checked for every record, so that
 *   bad data fails whatever `asOf` is); TypeError for an invalid view.
 */
export function selectCurrentVersions(records: readonly KnowledgeRecord[], view: KnowledgeView): KnowledgeRecord[] {
  assertKnowledgeView(view);
  const latest = new Map<string, { record: KnowledgeRecord; version: KnowledgeVersionNumber }>();
  for (const record of records) {
    const version = parseVersion(record.version);
    if (!isInForce(record, view)) continue;
    const current = latest.get(record.knowledgeId);
    if (!current || isNewer(record, version, current.record, current.version)) latest.set(record.knowledgeId, { record, version });
  }
  return [...latest.values()].map((entry) => entry.record).sort((a, b) => compareIds(a.knowledgeId, b.knowledgeId));
}

function isNewer(
  record: KnowledgeRecord,
  version: KnowledgeVersionNumber,
  other: KnowledgeRecord,
  otherVersion: KnowledgeVersionNumber,
): boolean {
  const byVersion = compareParsedVersions(version, otherVersion);
  if (byVersion !== 0) return byVersion > 0;
  const byRecordedAt = record.recordedAt.getTime() - other.recordedAt.getTime();
  if (byRecordedAt !== 0) return byRecordedAt > 0;
  return compareIds(record.id, other.id) > 0;
}
