import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isPresenceField } from '../../knowledge/types.js';
import type { Database } from '../../platform/db/prisma.js';

/** One category's label in the shared labels format (`../shared/data/contracts/cuad/labels-*.json`). */
export interface CategoryLabel {
  present: boolean;
  answer: string;
  clauses: string[];
  /** Per clause, its `[start, end]` pieces in the contract's text file. */
  char_spans: [number, number][][];
}

/** One decision as exported beside the labels it yields (never who decided). */
export interface ExportedDecision {
  findingId: string;
  clause: string;
  category: string | null;
  knowledgeId: string;
  version: string;
  message: string;
  confidence: number | null;
  modelStatus: string;
  verdict: 'CONFIRMED' | 'REJECTED';
  reason: string | null;
  decidedAt: string;
  evidence: { start: number; end: number } | null;
  /** The category label this decision yields; null when it yields none (see {@link labelOf}). */
  label: boolean | null;
}

export interface ExportedContract {
  id: string;
  split: 'tenant';
  /** The contract's text file, relative to the labels file. */
  file: string;
  contractId: string;
  bytes: number;
  sha256: string;
  labels: Record<string, CategoryLabel>;
  decisions: ExportedDecision[];
}

export interface LabelsExport {
  meta: {
    source: string;
    tenant: string;
    exportedAt: string;
    label_semantics: string;
    categories: string[];
  };
  contracts: ExportedContract[];
}

/** The finding and verdict a decision concerns, as {@link labelOf} reads them. */
export interface DecidedFinding {
  clause: string;
  category: string | null;
  verdict: 'CONFIRMED' | 'REJECTED';
  evidence: { start: number; end: number } | null;
  /** The review's extracted values (its report's `extracted`). */
  extracted: Record<string, unknown>;
}

/** The part of a review's stored report the labels read: its extracted values. */
const reportSchema = z.object({ extracted: z.record(z.string(), z.unknown()).optional() });

const LABEL_SEMANTICS =
  'Labels come from REVIEWER decisions on review findings only; a category a contract does not list is unlabelled, not absent. ' +
  'A presence rule’s finding (a clause present, or missing) confirmed labels the category as the finding read it, rejected as the opposite. ' +
  'A value rule’s finding (governing law, liability cap, notice period, ...) confirmed labels its category present with the finding’s evidence; ' +
  'rejected it labels nothing (the reading is wrong, the right one is unknown). Decisions that disagree on a category label nothing. ' +
  'char_spans index the contract’s text file exactly as reviewed.';

/** CUAD's normalised answer where the review's extracted values carry one (Governing Law, the renewal notice). */
function answerOf(category: string, extracted: Record<string, unknown>): string {
  if (category === 'Governing Law' && typeof extracted.governingLaw === 'string') return extracted.governingLaw;
  if (category === 'Notice Period to Terminate Renewal' && typeof extracted.autoRenewalNoticeDays === 'number')
    return `${extracted.autoRenewalNoticeDays} days`;
  return '';
}

/**
 * The label one decision yields for its finding's category, or null when it yields none. A presence finding says
 * whether the clause is there (its evidence when present): confirmed, that holds; rejected, the opposite does. A value
 * finding says its category is there: confirmed, it is; rejected, only the value is known to be wrong.
 */
export function labelOf(decided: DecidedFinding, text: string): CategoryLabel | null {
  const { category, evidence } = decided;
  if (!category) return null;
  const spans = (present: boolean): Pick<CategoryLabel, 'clauses' | 'char_spans'> =>
    present && evidence
      ? { clauses: [text.slice(evidence.start, evidence.end)], char_spans: [[[evidence.start, evidence.end]]] }
      : { clauses: [], char_spans: [] };
  if (isPresenceField(decided.clause)) {
    const claimed = evidence !== null;
    const present = decided.verdict === 'CONFIRMED' ? claimed : !claimed;
    const found = present && claimed;
    return { present, answer: present ? 'Yes' : 'No', ...spans(found) };
  }
  if (decided.verdict === 'REJECTED') return null;
  return { present: true, answer: answerOf(category, decided.extracted), ...spans(true) };
}

/** A contract's labels from its decisions: one per category, none where decisions disagree. */
export function labelsOf(decisions: readonly DecidedFinding[], text: string): Record<string, CategoryLabel> {
  const byCategory = new Map<string, CategoryLabel | 'conflict'>();
  for (const decided of decisions) {
    const label = labelOf(decided, text);
    if (!label || !decided.category) continue;
    const earlier = byCategory.get(decided.category);
    if (earlier === undefined) byCategory.set(decided.category, label);
    else if (earlier === 'conflict' || earlier.present !== label.present) byCategory.set(decided.category, 'conflict');
    else
      byCategory.set(decided.category, {
        present: earlier.present,
        answer: earlier.answer || label.answer,
        clauses: [...earlier.clauses, ...label.clauses.filter((clause) => !earlier.clauses.includes(clause))],
        char_spans: [
          ...earlier.char_spans,
          ...label.char_spans.filter((span) => !earlier.char_spans.some((other) => JSON.stringify(other) === JSON.stringify(span))),
        ],
      });
  }
  return Object.fromEntries([...byCategory].filter((entry): entry is [string, CategoryLabel] => entry[1] !== 'conflict'));
}

/**
 * A tenant's decisions as labels in the shared format, with the text of each decided contract: only that tenant's
 * reviews and decisions, nothing of who decided. Texts are named `contracts/<review id>.txt` relative to the labels file.
 */
export async function exportTenantLabels(
  db: Database,
  tenantKey: string,
  now = new Date(),
): Promise<{ labels: LabelsExport; texts: { file: string; text: string }[] }> {
  const tenant = await db.tenant.findUnique({ where: { key: tenantKey } });
  if (!tenant) throw new Error(`no tenant ${tenantKey}`);
  const reviews = await db.review.findMany({
    where: { tenantId: tenant.id, findingDecisions: { some: { tenantId: tenant.id } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: { findings: { orderBy: { position: 'asc' }, include: { decision: true } } },
  });
  const contracts: ExportedContract[] = [];
  const texts: { file: string; text: string }[] = [];
  const categories = new Set<string>();
  for (const review of reviews) {
    const extracted = reportSchema.safeParse(review.report).data?.extracted ?? {};
    const decided = review.findings.flatMap((finding) => {
      const decision = finding.decision;
      if (!decision || decision.tenantId !== tenant.id) return [];
      const evidence =
        finding.evidenceStart === null || finding.evidenceEnd === null ? null : { start: finding.evidenceStart, end: finding.evidenceEnd };
      return [
        {
          finding,
          decision,
          input: { clause: finding.clause, category: finding.category, verdict: decision.verdict, evidence, extracted },
        },
      ];
    });
    const file = `contracts/${review.id}.txt`;
    const labels = labelsOf(
      decided.map((entry) => entry.input),
      review.text,
    );
    for (const category of Object.keys(labels)) categories.add(category);
    contracts.push({
      id: review.id,
      split: 'tenant',
      file,
      contractId: review.contractId,
      bytes: Buffer.byteLength(review.text),
      sha256: createHash('sha256').update(review.text).digest('hex'),
      labels,
      decisions: decided.map(({ finding, decision, input }) => ({
        findingId: finding.id,
        clause: finding.clause,
        category: finding.category,
        knowledgeId: finding.knowledgeId,
        version: finding.version,
        message: finding.message,
        confidence: finding.confidence,
        modelStatus: finding.modelStatus,
        verdict: decision.verdict,
        reason: decision.reason,
        decidedAt: decision.decidedAt.toISOString(),
        evidence: input.evidence,
        label: labelOf(input, review.text)?.present ?? null,
      })),
    });
    texts.push({ file, text: review.text });
  }
  return {
    labels: {
      meta: {
        source: 'Suanni review decisions (npm run labels:export)',
        tenant: tenantKey,
        exportedAt: now.toISOString(),
        label_semantics: LABEL_SEMANTICS,
        categories: [...categories].sort(),
      },
      contracts,
    },
    texts,
  };
}
