/**
 * `npm run eval`: measures the rules extractor on labelled contracts (CUAD-style labels).
 *
 *   npm run eval                                   # cuad/dev with labels-dev.json
 *   npm run eval -- --dir <folder> --labels <file> # any folder labelled the same way
 *   npm run eval -- --verbose                      # also list misses per category
 *
 * Prints a table, then ends with one line holding the JSON summary.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  CUAD_CATEGORIES,
  evaluate,
  formatReportTable,
  parseCuadLabels,
  predictCuadCategories,
  reportSummary,
  type EvaluationCase,
} from '../src/review/extraction/evaluation.js';
import { extractFields } from '../src/review/extraction/extract-fields.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/contracts/cuad/dev' },
    labels: { type: 'string', default: '../shared/data/contracts/cuad/labels-dev.json' },
    verbose: { type: 'boolean', default: false },
  },
});

/** Reviews every labelled contract found and prints the report; the summary JSON is the last line. */
function main(): void {
  const directory = path.resolve(projectRoot, values.dir);
  const labelsFile = path.resolve(projectRoot, values.labels);
  if (!existsSync(labelsFile)) throw new Error(`labels file not found: ${labelsFile}`);
  if (!existsSync(directory)) throw new Error(`contracts folder not found: ${directory}`);

  const contracts = parseCuadLabels(JSON.parse(readFileSync(labelsFile, 'utf8')));
  const cases: EvaluationCase[] = [];
  const missing: string[] = [];
  const started = performance.now();
  for (const contract of contracts) {
    // Labels name files relative to themselves ("dev/x.txt"); the folder given wins.
    const candidates = [path.join(directory, path.basename(contract.file)), path.resolve(path.dirname(labelsFile), contract.file)];
    const file = candidates.find((candidate) => existsSync(candidate));
    if (!file) {
      missing.push(contract.id);
      continue;
    }
    const extracted = extractFields(readFileSync(file, 'utf8'));
    cases.push({ id: contract.id, labels: contract.labels, predictions: predictCuadCategories(extracted) });
  }
  const elapsedMs = performance.now() - started;
  if (cases.length === 0) throw new Error(`none of the ${contracts.length} labelled contracts were found in ${directory}`);

  const report = evaluate(cases);
  console.log(`contracts: ${path.relative(projectRoot, directory) || '.'} (${cases.length} reviewed in ${Math.round(elapsedMs)} ms)`);
  console.log(`labels:    ${path.relative(projectRoot, labelsFile)}`);
  if (missing.length > 0) console.log(`skipped ${missing.length} labelled contracts without a text file: ${missing.join(', ')}`);
  console.log('');
  console.log(formatReportTable(report));
  if (values.verbose) {
    for (const category of CUAD_CATEGORIES) {
      const metrics = report.categories[category];
      console.log(`\n${category}`);
      console.log(`  false positives: ${metrics.falsePositiveIds.join(', ') || '-'}`);
      console.log(`  false negatives: ${metrics.falseNegativeIds.join(', ') || '-'}`);
      for (const wrong of metrics.answers?.wrong ?? []) {
        console.log(`  answer ${wrong.id}: expected ${JSON.stringify(wrong.expected)}, got ${JSON.stringify(wrong.predicted)}`);
      }
    }
  }
  console.log('');
  console.log(JSON.stringify(reportSummary(report)));
}

try {
  main();
} catch (error) {
  console.error(`eval: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
