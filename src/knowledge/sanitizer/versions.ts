/** Knowledge versions are `major.minor`, compared numerically: 1.10 is newer than 1.9. */

/** A parsed `major.minor` version. */
export interface KnowledgeVersionNumber {
  major: number;
  minor: number;
}

// No leading zeros: "1.01" and "1.1" would otherwise be two spellings of one version.
const VERSION_PATTERN = /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/;

/**
 * Parses `major.minor` (non-negative integers without leading zeros, e.g. `1.10`).
 * @throws Error for anything else: `1`, `1.2.3`, `v1.2`, `1.02`, ` 1.2`, numbers beyond 2^53.
 */
export function parseVersion(version: string): KnowledgeVersionNumber {
  const match = typeof version === 'string' ? VERSION_PATTERN.exec(version) : null;
  const major = match ? Number(match[1]) : NaN;
  const minor = match ? Number(match[2]) : NaN;
  if (!Number.isSafeInteger(major) || !Number.isSafeInteger(minor)) {
    const shown = String(version).slice(0, 40);
    throw new Error(`Invalid knowledge version "${shown}": expected major.minor such as 1.10`);
  }
  return { major, minor };
}

/** Orders parsed versions: negative when `a` is older than `b`, positive when newer, 0 when equal. */
export function compareParsedVersions(a: KnowledgeVersionNumber, b: KnowledgeVersionNumber): number {
  return a.major !== b.major ? a.major - b.major : a.minor - b.minor;
}

/**
 * Compares two `major.minor` versions numerically: negative when `a` is older than `b`, positive
 * when newer, 0 when equal (`compareVersions('1.10', '1.9') > 0`). Usable as a sort comparator.
 * @throws Error when either version is malformed (see `parseVersion`).
 */
export function compareVersions(a: string, b: string): number {
  return compareParsedVersions(parseVersion(a), parseVersion(b));
}
