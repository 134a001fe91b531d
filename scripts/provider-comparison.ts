import { pino } from 'pino';
import { loadModelProviderConfig } from '../src/platform/llm/config.js';
import { createModelProvider, type ModelProvider } from '../src/platform/llm/provider.js';
import { assistExtraction, type AssistedField } from '../src/review/agent/nodes/model-extraction.js';
import { extractFields } from '@suanni/clause-extraction';
import {
  CUAD_CATEGORIES,
  evaluate,
  predictCuadCategories,
  type EvaluationReport,
  type LabelledContract,
} from '@suanni/clause-extraction/evaluation';
import { formatTable } from '@suanni/clause-extraction/metrics';

/**
 * `npm run eval -- --provider <name>`: the same contracts read by the rules alone and by the rules
 * with model-assisted extraction (review/agent/nodes/model-extraction.ts), scored alike.
 */

/** The provider named on the command line, configured from the usual environment variables. */
export function modelProviderFor(name: string, environment: NodeJS.ProcessEnv = process.env): ModelProvider {
  const config = loadModelProviderConfig({ ...environment, SUANNI_MODEL_PROVIDER: name });
  if (config.provider === 'rules') throw new Error('--provider compares a model with the rules: name deepseek or openai-compatible');
  return createModelProvider(config, { logger: pino({ level: 'silent' }) });
}

/** What the model did over a whole set. */
export interface AssistTally {
  calls: number;
  degraded: number;
  inputTokens: number;
  outputTokens: number;
  added: Partial<Record<AssistedField, number>>;
  disputed: Partial<Record<AssistedField, number>>;
}

export interface ProviderComparison {
  rules: EvaluationReport;
  assisted: EvaluationReport;
  tally: AssistTally;
}

/** Reviews every contract both ways, `concurrency` model calls at a time. */
export async function compareWithProvider(
  contracts: ReadonlyArray<LabelledContract & { text: string }>,
  provider: ModelProvider,
  concurrency = 4,
): Promise<ProviderComparison> {
  const tally: AssistTally = { calls: 0, degraded: 0, inputTokens: 0, outputTokens: 0, added: {}, disputed: {} };
  const rulesCases = contracts.map((contract) => ({ id: contract.id, labels: contract.labels, extracted: extractFields(contract.text) }));
  const assistedCases: Array<{ id: string; labels: LabelledContract['labels']; predictions: ReturnType<typeof predictCuadCategories> }> =
    [];
  let next = 0;
  const work = async () => {
    while (next < rulesCases.length) {
      const item = rulesCases[next++]!;
      const outcome = await assistExtraction(item.extracted, provider);
      if (outcome.call) {
        tally.calls += 1;
        if (outcome.call.degraded) tally.degraded += 1;
        tally.inputTokens += outcome.call.usage.inputTokens;
        tally.outputTokens += outcome.call.usage.outputTokens;
      }
      for (const field of outcome.added) tally.added[field] = (tally.added[field] ?? 0) + 1;
      for (const field of outcome.disputed) tally.disputed[field] = (tally.disputed[field] ?? 0) + 1;
      assistedCases.push({ id: item.id, labels: item.labels, predictions: predictCuadCategories(outcome.contract) });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, work));
  const rules = evaluate(rulesCases.map(({ id, labels, extracted }) => ({ id, labels, predictions: predictCuadCategories(extracted) })));
  // Same order as the rules run, so that miss lists read alike.
  const order = new Map(rulesCases.map((item, index) => [item.id, index]));
  assistedCases.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { rules, assisted: evaluate(assistedCases), tally };
}

/** Per category: F1 of the rules, of rules + model, and the difference; then what the model did. */
export function formatComparison(comparison: ProviderComparison): string {
  const { rules, assisted, tally } = comparison;
  const header = ['category', 'rules P/R', 'rules F1', '+model P/R', '+model F1', 'Δ F1'];
  const rows = CUAD_CATEGORIES.map((category) => {
    const before = rules.categories[category];
    const after = assisted.categories[category];
    const delta = after.f1 - before.f1;
    return [
      category,
      `${before.precision.toFixed(2)}/${before.recall.toFixed(2)}`,
      before.f1.toFixed(3),
      `${after.precision.toFixed(2)}/${after.recall.toFixed(2)}`,
      after.f1.toFixed(3),
      `${delta >= 0 ? '+' : ''}${delta.toFixed(3)}`,
    ];
  });
  const counts = (record: Partial<Record<AssistedField, number>>) =>
    Object.entries(record)
      .map(([field, count]) => `${field} ${count}`)
      .join(', ') || 'none';
  return [
    formatTable(header, rows),
    '',
    `macro F1: rules ${rules.macroF1.toFixed(3)}, rules + model ${assisted.macroF1.toFixed(3)} (${rules.documents} contracts)`,
    `model calls ${tally.calls} (${tally.degraded} fell back), tokens in ${tally.inputTokens} / out ${tally.outputTokens}`,
    `added by the model: ${counts(tally.added)}`,
    `disputed by the model (kept): ${counts(tally.disputed)}`,
  ].join('\n');
}
