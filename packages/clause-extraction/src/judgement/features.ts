import { LIST_ITEM, leadIn } from '../sentence-rules.js';
import type { Sentence, TextView } from '../text-view.js';

/**
 * Sentence features of the learned clause models, hashed: lower-case words and adjacent word pairs
 * (numbers as `#`), the words of the heading of the clause the sentence sits in, the terms it defines
 * (`"Change of Control" means`), the words of a list item's lead-in, and where it sits in the document.
 * Each feature is a bucket of a 2^20 space (FNV-1a), so the model files hold numbers, not strings.
 */
export const HASH_BITS = 20;
const HASH_MASK = (1 << HASH_BITS) - 1;

/** FNV-1a over UTF-16 code units, folded into the feature space. Exported for tests. */
export function featureHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & HASH_MASK;
}

const TOKEN = /[a-z]+|\d+/g;
/** Words that say nothing alone: left out of the heading and lead-in features (pairs keep them). */
const STOP = new Set(['the', 'of', 'and', 'or', 'to', 'a', 'an', 'in', 'on', 'for', 'by', 'with', 'as', 'at', 'be', 'any', 'this', 'such']);
/** A term the sentence defines: `"Territory"`, `("Change of Control")`, `the "Effective Date"`. */
const DEFINED_TERM = /"([A-Z][A-Za-z-]{0,30}(?:\s(?:[A-Z][A-Za-z-]{0,30}|of|and|or|the|to|for)){0,5})"/g;
/** Sentences longer than this read only their first part (the view already cuts at 1,500 characters). */
const MAX_WORDS = 200;

function words(text: string): string[] {
  const found = text.toLowerCase().match(TOKEN) ?? [];
  const limited = found.length > MAX_WORDS ? found.slice(0, MAX_WORDS) : found;
  return limited.map((word) => (word.charCodeAt(0) <= 57 ? '#' : word));
}

/** The names of a sentence's features before hashing (tests and reading); {@link sentenceFeatures} hashes the same names. */
export function featureNames(text: string, context: FeatureContext): string[] {
  const tokens = words(text);
  const names = new Set<string>(tokens);
  for (let index = 1; index < tokens.length; index += 1) names.add(`${tokens[index - 1]} ${tokens[index]}`);
  for (const name of contextNames(text, context, tokens.length)) names.add(name);
  return [...names];
}

/** Where a sentence sits: the heading of its clause, a list item's lead-in, and its position in the document (0-1). */
export interface FeatureContext {
  heading: string | null;
  leadIn: string;
  position: number;
}

function contextNames(text: string, context: FeatureContext, wordCount: number): string[] {
  const names: string[] = [];
  if (context.heading) for (const word of words(context.heading)) if (word !== '#' && !STOP.has(word)) names.push(`h:${word}`);
  if (context.leadIn) for (const word of words(context.leadIn)) if (word !== '#' && !STOP.has(word)) names.push(`l:${word}`);
  let defines = false;
  for (const match of text.matchAll(DEFINED_TERM)) {
    names.push(`d:${match[1]!.toLowerCase()}`);
    defines = true;
  }
  if (defines) names.push('defines');
  names.push(`p:${Math.min(9, Math.floor(context.position * 10))}`);
  names.push(`n:${Math.min(8, Math.floor(Math.log2(1 + wordCount)))}`);
  return names;
}

/** FNV-1a state after `text`, from `state` (unmasked), so a word pair's hash continues its first word's. */
function fnv(state: number, text: string): number {
  let hash = state;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash;
}
const FNV_START = 0x811c9dc5;
const SPACE_THEN = (state: number) => Math.imul(state ^ 32, 0x01000193);

/**
 * The hashed features of one sentence: the buckets of {@link featureNames}, computed without building the pair
 * strings (a pair's hash continues its first word's), de-duplicated and sorted.
 */
export function sentenceFeatures(text: string, context: FeatureContext): Int32Array {
  const tokens = words(text);
  const buckets: number[] = [];
  let previous = -1;
  let previousState = 0;
  for (const token of tokens) {
    const state = fnv(FNV_START, token);
    buckets.push((state >>> 0) & HASH_MASK);
    if (previous >= 0) buckets.push((fnv(SPACE_THEN(previousState), token) >>> 0) & HASH_MASK);
    previous = 1;
    previousState = state;
  }
  for (const name of contextNames(text, context, tokens.length)) buckets.push(featureHash(name));
  buckets.sort((left, right) => left - right);
  let unique = 0;
  for (let index = 0; index < buckets.length; index += 1)
    if (index === 0 || buckets[index] !== buckets[index - 1]) buckets[unique++] = buckets[index]!;
  return Int32Array.from(buckets.slice(0, unique));
}

/** Hashed, de-duplicated, sorted feature buckets of names. */
export function hashFeatures(names: readonly string[]): Int32Array {
  const buckets = new Set<number>();
  for (const name of names) buckets.add(featureHash(name));
  return Int32Array.from([...buckets].sort((left, right) => left - right));
}

/** For each sentence of the view, the index of the clause it starts in (a linear walk: both are in document order). */
export function sentenceClauses(view: TextView): Int32Array {
  const indexes = new Int32Array(view.sentences.length);
  let clause = 0;
  view.sentences.forEach((sentence, index) => {
    const start = view.originalOffset[sentence.start] ?? 0;
    while (clause + 1 < view.clauses.length && view.clauses[clause + 1]!.start <= start) clause += 1;
    indexes[index] = clause;
  });
  return indexes;
}

/** The hashed features of every sentence of a view, in order: linear in the length of the contract. */
export function viewFeatures(view: TextView): Int32Array[] {
  const clauses = sentenceClauses(view);
  const length = Math.max(1, view.text.length);
  return view.sentences.map((sentence: Sentence, index) =>
    sentenceFeatures(sentence.text, {
      heading: view.clauses[clauses[index]!]?.heading ?? null,
      leadIn: LIST_ITEM.test(sentence.text) ? leadIn(view, index) : '',
      position: sentence.start / length,
    }),
  );
}
