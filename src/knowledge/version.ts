import { badUserInput } from '../platform/errors.js';
import { parseVersion, type KnowledgeVersionNumber } from './sanitizer/versions.js';

/** Largest version part the database stores (an INTEGER column); six digits are plenty. */
const MAX_VERSION_PART = 999_999;

/** Parses a client-supplied `major.minor`; anything malformed or out of range is BAD_USER_INPUT. */
export function parseVersionInput(version: string): KnowledgeVersionNumber {
  let parsed: KnowledgeVersionNumber;
  try {
    parsed = parseVersion(version);
  } catch {
    throw badUserInput(`version must be major.minor, like 1.3 (got "${String(version).slice(0, 20)}").`, 'version');
  }
  if (parsed.major > MAX_VERSION_PART || parsed.minor > MAX_VERSION_PART)
    throw badUserInput(`version parts are at most ${MAX_VERSION_PART}.`, 'version');
  return parsed;
}
