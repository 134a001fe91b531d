/**
 * The Levenshtein distance of two strings (insertions, deletions, substitutions), used to suggest
 * the name a user most likely meant: a misspelled command or setting.
 */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The known name nearest to `name`, when it is near enough to be a slip (at most a third of its
 * length away, at least 2 edits allowed); otherwise undefined. Ties go to the earlier known name.
 */
export function nearestName(name: string, known: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  if (!best) return undefined;
  return best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}
