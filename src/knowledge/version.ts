import { badUserInput } from '../platform/errors.js';

/** A `major.minor` knowledge version split into its numeric parts. */
export interface ParsedVersion {
  major: number;
  minor: number;
}

const versionPattern = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

/** Parses `major.minor`; anything else (1, 1.2.3, 01.2, v1.2) is BAD_USER_INPUT. */
export function parseVersion(version: string): ParsedVersion {
  const match = versionPattern.exec(version);
  if (!match) throw badUserInput(`version must be major.minor, like 1.3 (got "${version.slice(0, 20)}").`, 'version');
  return { major: Number(match[1]), minor: Number(match[2]) };
}

/** Orders versions numerically: 1.9 < 1.10 < 2.0. Negative when `a` is older. */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  return left.major - right.major || left.minor - right.minor;
}
