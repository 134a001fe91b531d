import { badUserInput } from '../platform/errors.js';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

/** Validates a `first` argument against the page limits. */
export function pageSize(first: number | null | undefined): number {
  const value = first ?? PAGE_SIZE_DEFAULT;
  if (!Number.isInteger(value) || value < 1 || value > PAGE_SIZE_MAX) {
    throw badUserInput(`first must be between 1 and ${PAGE_SIZE_MAX}.`, 'first');
  }
  return value;
}
