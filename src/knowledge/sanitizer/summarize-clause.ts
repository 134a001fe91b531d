/**
 * The deterministic clause summarizer: hedges out, at most `maxLength` characters, every numeric
 * expression verbatim, and the same negations, exceptions, conditions and modal verbs as the
 * clause. Extractive only: it never writes a word the clause does not contain. When no summary
 * within `maxLength` keeps all of that, the clause itself is returned (cut only after its last
 * number or meaning word) with the reason.
 */
import { CONNECTIVES, isTerminalSeparator, tokenizeClause, type TokenizedClause } from './clause-tokens.js';
import { containsHedge, removeHedges } from './hedges.js';
import { compareMeaning, findMeaningMarkers, hasMeaningWord, type MeaningCategory } from './meaning.js';
import { locateNumericExpressions, missingNumericExpressions } from './numeric-expressions.js';

/** The longest clause summary agents receive, in JavaScript string length (UTF-16 code units). */
export const CLAUSE_SUMMARY_MAX_LENGTH = 50;

/** Why a candidate summary cannot stand for its clause. */
export type SummaryFault =
  /** Empty after trimming. */
  | 'empty'
  /** Longer than the limit. */
  | 'too-long'
  /** Contains a hedge. */
  | 'hedge'
  /** Lost a numeric expression of the clause. */
  | 'lost-number'
  /** Lost (or gained) a negation, exception, condition or modal verb of the clause (`compareMeaning`). */
  | `${'lost' | 'added'}-${MeaningCategory}`;

/** Why a deterministic summary is the clause itself rather than a summary within `maxLength`. */
export type SummaryDegradedReason =
  /** The clause's numeric expressions alone exceed `maxLength`. */
  | 'numbers-do-not-fit'
  /**
   * The first shorter candidate's fault: mostly a lost (or gained) meaning word; `hedge` or
   * `lost-number` only if joining words spelt a hedge whose removal failed too.
   */
  | Exclude<SummaryFault, 'empty' | 'too-long'>;

/** A clause summary and whether it had to fall back to the clause itself. */
export interface ClauseSummary {
  summary: string;
  /** Whether the summary contains every numeric expression of the clause (true unless a hedge removal broke one). */
  numbersPreserved: boolean;
  /**
   * Null for a summary within `maxLength` that keeps every number and meaning word. Otherwise why
   * the summary is the hedge-free clause itself, cut only after its last unit (text between
   * clause punctuation) that carries a number or a meaning word, and possibly longer than
   * `maxLength`.
   */
  degradedReason: SummaryDegradedReason | null;
}

const collapseWhitespace = (text: string) => text.replace(/\s+/gu, ' ').trim();

/** The clause as the summarizer sees it: hedges removed, whitespace collapsed. */
export const hedgeFreeClause = (text: string): string => collapseWhitespace(removeHedges(text));

/**
 * Whether `candidate` may stand for `clause` (whose hedge-free text is `cleaned`): non-empty, at
 * most `maxLength`, no hedge, every numeric expression verbatim, and the same negations,
 * exceptions, conditions and modal verbs as the hedge-free clause (`compareMeaning`). The
 * deterministic summarizer and the model summarizer are held to this same check.
 */
export function checkSummary(clause: string, cleaned: string, candidate: string, maxLength: number): SummaryFault | null {
  if (candidate.length === 0) return 'empty';
  if (candidate.length > maxLength) return 'too-long';
  if (containsHedge(candidate)) return 'hedge';
  if (missingNumericExpressions(clause, candidate).length > 0) return 'lost-number';
  const difference = compareMeaning(cleaned, candidate);
  return difference ? `${difference.change}-${difference.category}` : null;
}

/**
 * Summarizes a clause in at most `maxLength` characters:
 * 1. removes hedges (`removeHedges`) and collapses whitespace; if that fits, it is the summary;
 * 2. otherwise tries, in order, and takes the first that passes `checkSummary`:
 *    a. the clause units (text between `，`, `;`, `。` ...) that carry numbers, then whole units
 *       nearest to them while they fit;
 *    b. every numeric expression plus the words that matter most around them: limits,
 *       negations and modal verbs (不超过, at least, not, shall), the unit's subject, then words
 *       by closeness to a number, preferring the words before it, then the function words
 *       between two kept words (without numbers: the clause's beginning, cut after a word);
 *    c. the clause cut after its last unit carrying a number or a meaning word;
 *    a candidate in which joining words spelt a hedge (可|以…能 -> 可能) is tried again
 *    without it;
 * 3. if none passes, returns the hedge-free clause cut after its last unit carrying a number or
 *    a meaning word (never before a negation, exception or condition), with `degradedReason`:
 *    the first candidate's fault, or `numbers-do-not-fit` when the numbers alone are too long.
 * Deterministic: the same text always gives the same summary.
 * @throws RangeError when `maxLength` is not a positive integer.
 */
export function summarizeClause(text: string, maxLength: number = CLAUSE_SUMMARY_MAX_LENGTH): ClauseSummary {
  if (!Number.isSafeInteger(maxLength) || maxLength < 1) throw new RangeError('maxLength must be a positive integer');
  const cleaned = hedgeFreeClause(text);
  const result = (summary: string, degradedReason: SummaryDegradedReason | null): ClauseSummary => ({
    summary,
    numbersPreserved: missingNumericExpressions(text, summary).length === 0,
    degradedReason,
  });
  if (cleaned.length <= maxLength) return result(cleaned, null);

  let firstFault: SummaryDegradedReason | null = null;
  /** The candidate (or, if joining words spelt a hedge in it, the same without the hedge) when it passes. */
  const accepted = (candidate: string): string | null => {
    for (const variant of containsHedge(candidate) ? [candidate, collapseWhitespace(removeHedges(candidate))] : [candidate]) {
      const fault = checkSummary(text, cleaned, variant, maxLength);
      if (fault === null) return variant;
      if (fault !== 'empty' && fault !== 'too-long') firstFault ??= fault;
    }
    return null;
  };
  for (const candidate of shorten(tokenizeClause(cleaned), maxLength)) {
    if (candidate === null) return result(meaningfulPrefix(cleaned), firstFault ?? 'numbers-do-not-fit');
    const summary = accepted(candidate);
    if (summary !== null) return result(summary, null);
    // The next candidate keeps a subset of this one's words: what this one lost, it loses too.
    const fault = firstFault as SummaryDegradedReason | null; // set inside `accepted`
    if (fault?.startsWith('lost-') && fault !== 'lost-number') break;
  }
  const prefix = meaningfulPrefix(cleaned);
  const summary = accepted(prefix);
  if (summary !== null) return result(summary, null);
  // Without a recorded fault every candidate was too long: only numbers that do not fit do that.
  return result(prefix, firstFault ?? 'numbers-do-not-fit');
}

const UNIT_END = /[，、；。！？,;:!?]|\.(?=\s|$)/gu;

/**
 * The hedge-free clause cut after the unit holding its last number or meaning word, so that
 * nothing that governs the kept text (a later "unless", 除非, "if") is cut away: the whole
 * clause when its last unit has one.
 */
function meaningfulPrefix(cleaned: string): string {
  const numbers = locateNumericExpressions(cleaned);
  const lastEnd = Math.max(0, ...findMeaningMarkers(cleaned).map((marker) => marker.end), ...numbers.map((span) => span.end));
  UNIT_END.lastIndex = lastEnd;
  const end = UNIT_END.exec(cleaned);
  if (!end) return cleaned;
  const cut = cleaned.slice(0, end.index + (isTerminalSeparator(end[0]) ? 1 : 0)).trimEnd();
  // A cut that leaves a hedge behind ("may" without what followed) is no better than the clause.
  return containsHedge(cut) ? cleaned : cut;
}

const WIDE = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
const HAN = /\p{Script=Han}/u;
const LATIN_LETTER = /[A-Za-z]/;
/**
 * Two kept tokens that were not neighbours: Latin words need a space, Chinese does not, and a
 * Latin word next to a Han character gets one (`1,000,000.00 元 USD 150,000`, not `元USD`).
 */
function needsSpace(left: string, right: string): boolean {
  const a = left.at(-1)!;
  const b = right[0]!;
  return (!WIDE.test(a) && !WIDE.test(b)) || (HAN.test(a) && LATIN_LETTER.test(b)) || (LATIN_LETTER.test(a) && HAN.test(b));
}

/** Which tokens are kept, and what they render to. */
class Selection {
  readonly kept: boolean[];

  constructor(private readonly clause: TokenizedClause) {
    // Stryker disable next-line ArrowFunction: equivalent, undefined is as unkept as false
    this.kept = clause.tokens.map(() => false);
  }

  private join(previousIndex: number, index: number): string {
    const { tokens, units } = this.clause;
    const previous = tokens[previousIndex]!;
    const token = tokens[index]!;
    if (previous.unit === token.unit) {
      if (index === previousIndex + 1) return token.spaceBefore ? ' ' : '';
      return needsSpace(previous.text, token.text) ? ' ' : '';
    }
    const unit = units[previous.unit]!;
    return unit.separator + (unit.spaceAfter || needsSpace(unit.separator, token.text) ? ' ' : '');
  }

  /** The closing punctuation, when the last kept token ends a sentence-final unit. */
  private terminal(lastIndex: number): string {
    const token = this.clause.tokens[lastIndex]!;
    const unit = this.clause.units[token.unit]!;
    return unit.end === lastIndex + 1 && isTerminalSeparator(unit.separator) ? unit.separator : '';
  }

  /** The rendered length, optionally as if `extra` tokens were kept too. */
  length(extra: readonly number[], withTerminal: boolean): number {
    let length = 0;
    let previous = -1;
    for (let index = 0; index < this.kept.length; index++) {
      if (!this.kept[index] && !extra.includes(index)) continue;
      length += this.clause.tokens[index]!.text.length + (previous >= 0 ? this.join(previous, index).length : 0);
      previous = index;
    }
    return previous >= 0 && withTerminal ? length + this.terminal(previous).length : length;
  }

  render(withTerminal: boolean): string {
    let text = '';
    let previous = -1;
    for (let index = 0; index < this.kept.length; index++) {
      if (!this.kept[index]) continue;
      text += (previous >= 0 ? this.join(previous, index) : '') + this.clause.tokens[index]!.text;
      previous = index;
    }
    return previous >= 0 && withTerminal ? text + this.terminal(previous) : text;
  }

  /**
   * Keeps `indices` when the result still fits in `maxLength` (with room for the closing
   * punctuation when `withTerminal`); tells whether it did.
   */
  tryKeep(indices: readonly number[], maxLength: number, withTerminal = false): boolean {
    if (this.length(indices, withTerminal) > maxLength) return false;
    for (const index of indices) this.kept[index] = true;
    return true;
  }

  /** The summary text, with the closing punctuation when there is room for it. */
  finish(maxLength: number): string {
    // Stryker disable next-line ArrayDeclaration: equivalent, an array of strings holds no token index
    return this.render(this.length([], true) <= maxLength);
  }
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, offset) => from + offset);

/**
 * The shorter candidates, best-reading first: whole number-carrying units (when they fit), then
 * numbers with the words that matter most; `null` when even the numbers alone do not fit. A
 * clause without numbers gives its beginning, cut after a whole word.
 */
function* shorten(clause: TokenizedClause, maxLength: number): Generator<string | null> {
  const { tokens, units } = clause;
  const anchors = range(0, tokens.length).filter((index) => tokens[index]!.kind === 'anchor');
  if (anchors.length === 0) {
    yield keepPrefix(clause, maxLength);
    return;
  }

  const carrierUnits = new Set(anchors.map((index) => tokens[index]!.unit));
  const unitTokens = (unit: number) => range(units[unit]!.first, units[unit]!.end);

  // Whole clause units first: they read best.
  const whole = new Selection(clause);
  if (whole.tryKeep([...carrierUnits].flatMap(unitTokens), maxLength)) {
    const distanceToCarrier = (unit: number) => Math.min(...[...carrierUnits].map((carrier) => Math.abs(carrier - unit)));
    const others = range(0, units.length)
      .filter((unit) => !carrierUnits.has(unit))
      .sort((a, b) => distanceToCarrier(a) - distanceToCarrier(b) || a - b);
    // Extra units only when the summary can still end its sentence properly.
    for (const unit of others) whole.tryKeep(unitTokens(unit), maxLength, true);
    yield whole.finish(maxLength);
  }

  const selection = new Selection(clause);
  // Stryker disable next-line BlockStatement: equivalent, without the early end the fallback is the same clause with the same reason
  if (!selection.tryKeep(anchors, maxLength)) {
    yield null;
    return;
  }
  for (const index of rankCandidates(clause, carrierUnits)) selection.tryKeep([index], maxLength);
  for (const run of glueRuns(clause, carrierUnits)) {
    const before = run[0]! - 1;
    const after = run.at(-1)! + 1;
    if (selection.kept[before] && selection.kept[after] && tokens[before]!.unit === tokens[after]!.unit) selection.tryKeep(run, maxLength);
  }
  yield selection.finish(maxLength);
}

/** Without any number: the beginning of the clause, cut after a whole word. */
function keepPrefix(clause: TokenizedClause, maxLength: number): string {
  const selection = new Selection(clause);
  for (let index = 0; index < clause.tokens.length && selection.tryKeep([index], maxLength); index++);
  // A summary should not end on "the" or "的".
  for (let index = clause.tokens.length - 1; index >= 0; index--) {
    if (!selection.kept[index]) continue;
    if (clause.tokens[index]!.kind !== 'glue') break;
    selection.kept[index] = false;
  }
  return selection.finish(maxLength);
}

const LIMIT_SCORE = 95;
const SUBJECT_SCORE = 92;
/** Context scores fall by 10 per content word away from the nearest number; words before it score 5 more. */
const contextScore = (distance: number, before: boolean) => (before ? 100 : 95) - 10 * distance;

/**
 * Content tokens of the number-carrying units, best first. Glue is left out: it is only worth
 * keeping between two kept tokens.
 */
function rankCandidates(clause: TokenizedClause, carrierUnits: ReadonlySet<number>): number[] {
  const { tokens, units } = clause;
  const scored: Array<{ index: number; score: number; unit: number }> = [];
  for (const unit of carrierUnits) {
    const { first, end } = units[unit]!;
    const content = range(first, end).filter((index) => tokens[index]!.kind !== 'glue');
    const anchorPositions = content.flatMap((index, position) => (tokens[index]!.kind === 'anchor' ? [position] : []));
    const subject = content.find((index) => !CONNECTIVES.has(tokens[index]!.text.toLowerCase()));
    content.forEach((index, position) => {
      const token = tokens[index]!;
      if (token.kind === 'anchor') return;
      const nextAnchor = anchorPositions.find((anchor) => anchor > position);
      const previousAnchor = anchorPositions.findLast((anchor) => anchor < position);
      let score = Math.max(
        nextAnchor === undefined ? -Infinity : contextScore(nextAnchor - position, true),
        previousAnchor === undefined ? -Infinity : contextScore(position - previousAnchor, false),
      );
      // A dropped "not", "shall" or 如 would change the rule, not just shorten it.
      if (token.kind === 'limit' || hasMeaningWord(token.text)) score = Math.max(score, LIMIT_SCORE);
      if (index === subject && anchorPositions[0]! > position) score = Math.max(score, SUBJECT_SCORE);
      scored.push({ index, score, unit });
    });
  }
  return scored.sort((a, b) => b.score - a.score || a.unit - b.unit || a.index - b.index).map((entry) => entry.index);
}

/** Maximal runs of glue tokens inside the number-carrying units, in text order. */
function glueRuns(clause: TokenizedClause, carrierUnits: ReadonlySet<number>): number[][] {
  const runs: number[][] = [];
  for (const unit of [...carrierUnits].sort((a, b) => a - b)) {
    const { first, end } = clause.units[unit]!;
    let run: number[] = [];
    for (let index = first; index < end; index++) {
      if (clause.tokens[index]!.kind === 'glue') {
        run.push(index);
        continue;
      }
      if (run.length > 0 && run[0]! > first) runs.push(run);
      run = [];
    }
  }
  return runs;
}
