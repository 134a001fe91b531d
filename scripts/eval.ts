/**
 * `npm run eval` at the gateway root: the clause-extraction package's evaluation
 * (packages/clause-extraction/scripts/eval.ts, every flag of it), plus `--provider <name>`, which
 * compares the rules with rules + model-assisted extraction through the gateway's model providers.
 */
import { runEval, type LoadedSet } from '@suanni/clause-extraction/eval';
import { compareWithProvider, formatComparison, modelProviderFor } from './provider-comparison.js';

/** `--provider`: each set read by the rules alone and by rules + model, side by side. */
async function runProviderComparison(name: string, sets: LoadedSet[]): Promise<void> {
  const provider = modelProviderFor(name);
  const summaries: Record<string, { rules: number; assisted: number }> = {};
  for (const set of sets) {
    const comparison = await compareWithProvider(set.contracts, provider);
    console.log(`== ${set.name}: rules against rules + ${provider.name} (${provider.model})\n`);
    console.log(formatComparison(comparison));
    console.log('');
    summaries[set.name.replace(/ \(.*\)$/, '')] = {
      rules: Math.round(comparison.rules.macroF1 * 10_000) / 10_000,
      assisted: Math.round(comparison.assisted.macroF1 * 10_000) / 10_000,
    };
  }
  console.log(JSON.stringify({ provider: provider.name, model: provider.model, macroF1: summaries }));
}

process.exitCode = await runEval(process.argv.slice(2), runProviderComparison);
