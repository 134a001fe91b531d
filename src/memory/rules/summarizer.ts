import { extractFactCandidates } from './fact-candidates.js';
import type { ChatTurnMessage } from '../context-window.js';

export const SUMMARY_MAX_CHARS = 900;

/**
 * Merges trimmed messages into the running summary deterministically: details the user stated
 * about themselves are kept as "Known:" lines (newest value wins), and the gist of the exchange
 * keeps its newest part within SUMMARY_MAX_CHARS.
 */
export function mergeIntoSummary(previous: string, trimmed: readonly ChatTurnMessage[]): string {
  const known = knownDetails(previous);
  for (const message of trimmed) {
    if (message.role !== 'user') continue;
    for (const candidate of extractFactCandidates(message.content)) known.set(candidate.key, candidate.value);
  }
  const previousGist = previous
    .replace(/^Known: .*$/m, '')
    .replace(/^Earlier: /m, '')
    .replace(/\s+/g, ' ')
    .trim();
  const gist = trimmed
    .map((message) => `${message.role === 'user' ? 'User' : 'Assistant'}: ${message.content.replace(/\s+/g, ' ').slice(0, 120)}`)
    .join(' | ');
  const knownText = known.size ? `Known: ${[...known].map(([key, value]) => `${key}=${value}`).join('; ')}` : '';
  let earlier = [previousGist, gist].filter(Boolean).join(' | ');
  const room = SUMMARY_MAX_CHARS - knownText.length - 12;
  if (earlier.length > room) earlier = earlier.slice(earlier.length - Math.max(room, 0));
  // Known details go last: a window short of space keeps a summary's newest end.
  return [earlier ? `Earlier: ${earlier}` : '', knownText].filter(Boolean).join('\n');
}

/** The details a summary's "Known:" line holds, by key (name, region, employeeId, ...). */
export function knownDetails(summary: string): Map<string, string> {
  const known = new Map<string, string>();
  for (const pair of /^Known: (.*)$/m.exec(summary)?.[1]?.split('; ') ?? []) {
    const [key, ...value] = pair.split('=');
    if (key && value.length) known.set(key, value.join('='));
  }
  return known;
}
