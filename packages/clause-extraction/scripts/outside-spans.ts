/**
 * `npm run eval -- --outside-spans`: every sentence a presence rule accepts in the working set, sorted
 * by where it falls. A rule reports only its first hit, so document-level F1 hides the sentences it
 * would also accept; those that fall away from CUAD's labelled spans (in positive contracts) or in
 * contracts without the clause are mentions the rule mistakes for the clause, and they are what turns
 * into false positives on unseen contracts. Working set only: a validation set stays figures-only.
 */
import { z } from 'zod';
import { extractAntiAssignment } from '../src/anti-assignment.js';
import { extractAuditRights } from '../src/audit-rights.js';
import { extractChangeOfControl } from '../src/change-of-control.js';
import { splitClauses } from '../src/clauses.js';
import { extractExclusivity } from '../src/exclusivity.js';
import { extractInsurance } from '../src/insurance.js';
import { extractIpOwnershipAssignment } from '../src/ip-assignment.js';
import { extractLiquidatedDamages } from '../src/liquidated-damages.js';
import { extractMinimumCommitment } from '../src/minimum-commitment.js';
import { extractNonCompete } from '../src/non-compete.js';
import { buildTextView, type TextView } from '../src/text-view.js';
import type { PresenceField } from '../src/types.js';
import { formatTable } from './metrics.js';

export type PresenceRule = (view: TextView) => PresenceField | null;

/** The rules measured, by CUAD category. */
export const SPAN_RULES: Record<string, PresenceRule> = {
  Insurance: extractInsurance,
  Exclusivity: extractExclusivity,
  'Audit Rights': extractAuditRights,
  'Minimum Commitment': extractMinimumCommitment,
  'Non-Compete': extractNonCompete,
  'Change of Control': extractChangeOfControl,
  'Anti-Assignment': extractAntiAssignment,
  'IP Ownership Assignment': extractIpOwnershipAssignment,
  'Liquidated Damages': extractLiquidatedDamages,
};

/** A sentence in original offsets, `[start, end)`. */
export interface AcceptedSentence {
  start: number;
  end: number;
  text: string;
}

/** Guards against a rule that keeps answering on a blanked sentence. */
const MAX_HITS = 400;

/**
 * Every sentence `rule` accepts in `text`: after each hit its sentence is blanked and the rule runs
 * again, so neighbours keep their context (a heading still reads the sentence under it).
 */
export function acceptedSentences(text: string, rule: PresenceRule): AcceptedSentence[] {
  const view = buildTextView(text, splitClauses(text));
  const sentences = view.sentences.slice();
  const blanked: TextView = { ...view, sentences };
  const accepted: AcceptedSentence[] = [];
  for (let round = 0; round < MAX_HITS; round += 1) {
    const hit = rule(blanked);
    if (hit === null) break;
    const index = sentences.findIndex((sentence) => sentence.text !== '' && view.originalOffset[sentence.start] === hit.evidence.start);
    if (index < 0) break;
    const sentence = view.sentences[index]!;
    accepted.push({
      start: view.originalOffset[sentence.start]!,
      end: view.originalOffset[Math.max(sentence.start, sentence.end - 1)]! + 1,
      text: sentence.text,
    });
    sentences[index] = { ...sentence, text: '' };
  }
  return accepted;
}

/** One contract's labels for this measurement: whether the clause is there and where CUAD marked it. */
export interface SpanLabel {
  present: boolean;
  spans: Array<[number, number]>;
  /** The same spans grouped by labelled clause (a clause may be cut into several pieces). */
  clauses?: Array<Array<[number, number]>>;
}

const spanLabelsSchema = z.object({
  contracts: z.array(
    z.object({
      id: z.string(),
      labels: z.record(
        z.string(),
        z.object({ present: z.boolean(), char_spans: z.array(z.array(z.tuple([z.number(), z.number()]).nullable())).optional() }),
      ),
    }),
  ),
});

function spanLabel(present: boolean, pieces: Array<Array<[number, number] | null>>): SpanLabel {
  // A piece may be missing (null) where the source could not place it.
  const clauses = pieces
    .map((clause) => clause.filter((span): span is [number, number] => span !== null))
    .filter((clause) => clause.length > 0);
  return { present, spans: clauses.flat(), clauses };
}

/** CUAD's labelled character spans by contract id and category (a clause may be cut into several pieces). */
export function parseSpanLabels(json: unknown): Map<string, Record<string, SpanLabel>> {
  const parsed = spanLabelsSchema.parse(json);
  return new Map(
    parsed.contracts.map((contract) => [
      contract.id,
      Object.fromEntries(
        Object.entries(contract.labels).map(([category, label]) => [category, spanLabel(label.present, label.char_spans ?? [])]),
      ),
    ]),
  );
}

export interface SpanCounts {
  /** Accepted sentences that overlap a labelled span of a positive contract. */
  onSpans: number;
  /** Accepted sentences of a positive contract that overlap none of its labelled spans. */
  outsideSpans: number;
  /** Accepted sentences of contracts labelled without the clause. */
  inNegatives: number;
  /** Contracts labelled without the clause where the rule accepts at least one sentence. */
  negativeContracts: number;
  /** Labelled clauses of positive contracts. */
  labelledClauses: number;
  /** Labelled clauses no accepted sentence overlaps: wordings the rule does not read. */
  missedClauses: number;
}

/** The sentences and clauses behind the counts, for reading: `--spans-report <file>`. */
export interface SpanMisses {
  missed: Array<{ contract: string; text: string }>;
  outside: Array<{ contract: string; text: string }>;
  inNegatives: Array<{ contract: string; text: string }>;
}

const overlapsAny = (spans: ReadonlyArray<[number, number]>, sentence: AcceptedSentence): boolean =>
  spans.some(([start, end]) => start < sentence.end && sentence.start < end);

/** Counts, per category, where each accepted sentence falls and which labelled clauses none reaches. */
export function countOutsideSpans(
  contracts: ReadonlyArray<{ id?: string; text: string; labels: Record<string, SpanLabel> }>,
  rules: Record<string, PresenceRule> = SPAN_RULES,
  misses?: Record<string, SpanMisses>,
): Record<string, SpanCounts> {
  const counts: Record<string, SpanCounts> = {};
  for (const [category, rule] of Object.entries(rules)) {
    const total: SpanCounts = { onSpans: 0, outsideSpans: 0, inNegatives: 0, negativeContracts: 0, labelledClauses: 0, missedClauses: 0 };
    const listed: SpanMisses = { missed: [], outside: [], inNegatives: [] };
    for (const contract of contracts) {
      const label = contract.labels[category] ?? { present: false, spans: [] };
      const accepted = acceptedSentences(contract.text, rule);
      const id = contract.id ?? '';
      if (!label.present) {
        total.inNegatives += accepted.length;
        if (accepted.length > 0) total.negativeContracts += 1;
        for (const sentence of accepted) listed.inNegatives.push({ contract: id, text: sentence.text });
        continue;
      }
      for (const sentence of accepted) {
        if (overlapsAny(label.spans, sentence)) total.onSpans += 1;
        else {
          total.outsideSpans += 1;
          listed.outside.push({ contract: id, text: sentence.text });
        }
      }
      for (const clause of label.clauses ?? label.spans.map((span) => [span])) {
        total.labelledClauses += 1;
        if (accepted.some((sentence) => overlapsAny(clause, sentence))) continue;
        total.missedClauses += 1;
        listed.missed.push({ contract: id, text: clause.map(([start, end]) => contract.text.slice(start, end)).join(' … ') });
      }
    }
    counts[category] = total;
    if (misses) misses[category] = listed;
  }
  return counts;
}

export function formatSpanTable(counts: Record<string, SpanCounts>): string {
  return formatTable(
    ['category', 'on spans', 'outside spans', 'in negatives', 'negative contracts', 'labelled clauses', 'clauses missed'],
    Object.entries(counts).map(([category, count]) => [
      category,
      String(count.onSpans),
      String(count.outsideSpans),
      String(count.inNegatives),
      String(count.negativeContracts),
      String(count.labelledClauses),
      String(count.missedClauses),
    ]),
  );
}
