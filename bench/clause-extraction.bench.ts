import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractFields } from '@suanni/clause-extraction';
import { extractRuleFields } from '@suanni/clause-extraction/rules';
import { projectDir } from '../src/config.js';

export const name = 'clause extraction: rules alone vs rules + learned models (time linear in length)';

const TRAIN2 = path.resolve(projectDir, '../shared/data/contracts/cuad/train2');

/** The best of `runs` timings of `work` in ms (the machines are noisy; the minimum is the least disturbed). */
function best(runs: number, work: () => void): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/**
 * The three longest train2 contracts (up to 338 KB) and a 1 MB contract made of them, each read by the rules alone
 * (what extraction was before the learned models) and by extractFields (rules + models), in the same run; and
 * the time per KB at 100 KB, 338 KB and 1 MB, which stays flat when the work is linear in the length.
 */
export async function run(): Promise<Record<string, string | number>> {
  let files: string[] = [];
  try {
    files = readdirSync(TRAIN2)
      .map((file) => path.join(TRAIN2, file))
      .sort((left, right) => statSync(right).size - statSync(left).size || left.localeCompare(right))
      .slice(0, 3);
  } catch {
    return { skipped: `no contracts at ${TRAIN2}` };
  }
  const texts = files.map((file) => readFileSync(file, 'utf8'));
  let megabyte = '';
  while (megabyte.length < 1_000_000) megabyte += `${texts[megabyte.length % 2]}\n\n`;
  megabyte = megabyte.slice(0, 1_000_000);
  const figures: Record<string, string | number> = {};
  extractFields(texts[0]!); // warm-up: the models are read once
  for (const [label, text] of [
    [`${Math.round(texts[0]!.length / 1024)} KB contract`, texts[0]!],
    [`${Math.round(texts[1]!.length / 1024)} KB contract`, texts[1]!],
    ['100 KB (its first part)', texts[0]!.slice(0, 100_000)],
    ['1 MB (contracts joined)', megabyte],
  ] as const) {
    const rules = best(3, () => extractRuleFields(text));
    const judged = best(3, () => extractFields(text));
    figures[`${label}: rules / rules + models (ms)`] =
      `${rules.toFixed(0)} / ${judged.toFixed(0)} (${(judged / rules).toFixed(2)}x; ${(judged / (text.length / 1024)).toFixed(2)} ms per KB)`;
  }
  return figures;
}
