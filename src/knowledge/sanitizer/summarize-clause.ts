/**
 * The deterministic clause summarizer: hedges out, at most `maxLength` characters, every numeric
 * expression verbatim. Extractive only: it never writes a word the clause does not contain.
 */
import { CONNECTIVES, isTerminalSeparator, tokenizeClause, type TokenizedClause } from './clause-tokens.js';
import { containsHedge, removeHedges } from './hedges.js';
import { extractNumericExpressions, missingNumericExpressions } from './numeric-expressions.js';

/** The longest clause summary agents receive, in JavaScript string length (UTF-16 code units). */
export const CLAUSE_SUMMARY_MAX_LENGTH = 50;

/** A clause summary and whether it kept every numeric expression of the clause. */
export interface ClauseSummary {
  summary: string;
  /** False only when the numeric expressions alone do not fit in `maxLength`. */
  numbersPreserved: boolean;
}

const collapseWhitespace = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * Summarizes a clause in at most `maxLength` characters:
 * 1. removes hedges (`removeHedges`) and collapses whitespace; if that fits, it is the summary;
 * 2. otherwise keeps the clause units (text between `，`, `;`, `。` ...) that carry numbers, then
 *    whole units nearest to them while they fit;
 * 3. if the number-carrying units alone are too long, keeps every numeric expression plus the
 *    words that matter most around them: limits and negations (不超过, at least, not), the unit's
 *    subject, then words by closeness to a number, preferring the words before it, then the
 *    function words between two kept words;
 * 4. if even the numeric expressions alone do not fit, keeps as many whole ones as fit (the
 *    shortest first, shown in text order) and reports `numbersPreserved: false`.
 * Deterministic: the same text always gives the same summary.
 * @throws RangeError when `maxLength` is not a positive integer.
 */
export function summarizeClause(text: string, maxLength: number = CLAUSE_SUMMARY_MAX_LENGTH): ClauseSummary {
  if (!Number.isSafeInteger(maxLength) || maxLength < 1) throw new RangeError('maxLength must be a positive integer');
  const cleaned = collapseWhitespace(removeHedges(text));
  let summary = cleaned.length <= maxLength ? cleaned : shorten(cleaned, maxLength);
  // Joining Han fragments can spell a hedge that was not in the text (可|以…能 -> 可能).
  if (containsHedge(summary)) summary = collapseWhitespace(removeHedges(summary));
  return { summary, numbersPreserved: missingNumericExpressions(text, summary).length === 0 };
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
  length(extra: readonly number[] = [], withTerminal = false): number {
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
    return this.render(this.length([], true) <= maxLength);
  }
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, offset) => from + offset);

function shorten(cleaned: string, maxLength: number): string {
  const clause = tokenizeClause(cleaned);
  const { tokens, units } = clause;
  const anchors = range(0, tokens.length).filter((index) => tokens[index]!.kind === 'anchor');
  if (anchors.length === 0) return keepPrefix(clause, maxLength);

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
    return whole.finish(maxLength);
  }

  const selection = new Selection(clause);
  if (!selection.tryKeep(anchors, maxLength)) return keepNumbersOnly(cleaned, maxLength);
  for (const index of rankCandidates(clause, carrierUnits)) selection.tryKeep([index], maxLength);
  for (const run of glueRuns(clause, carrierUnits)) {
    const before = run[0]! - 1;
    const after = run.at(-1)! + 1;
    if (selection.kept[before] && selection.kept[after] && tokens[before]!.unit === tokens[after]!.unit) selection.tryKeep(run, maxLength);
  }
  return selection.finish(maxLength);
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

/**
 * As many distinct whole numeric expressions as fit, separated by spaces: the shortest first
 * (that keeps the most of them), shown in text order.
 */
function keepNumbersOnly(cleaned: string, maxLength: number): string {
  const distinct = [...new Set(extractNumericExpressions(cleaned))];
  const chosen = new Set<string>();
  let length = -1;
  for (const expression of [...distinct].sort((a, b) => a.length - b.length)) {
    if (length + 1 + expression.length > maxLength) break;
    length += 1 + expression.length;
    chosen.add(expression);
  }
  return distinct.filter((expression) => chosen.has(expression)).join(' ');
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
      if (token.kind === 'limit') score = Math.max(score, LIMIT_SCORE);
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
