/**
 * `npm run eval`: measures the rules extractor on labelled contracts (CUAD-style labels).
 *
 *   npm run eval                                   # cuad/train (working set, with misses) and cuad/dev (figures only)
 *   npm run eval -- --dir <folder> --labels <file> # that pair as the working set, then cuad/dev (repeatable)
 *   npm run eval -- --tos                          # unfair terms of service, sentence level, on tos/dev (develop part with misses, held-out part, all)
 *   npm run eval -- --quiet                        # no miss lists
 *   npm run eval -- --outside-spans                # also every sentence nine presence rules accept in the working set, on or away from CUAD's spans,
 *                                                  # and the labelled clauses none of their sentences reaches
 *   npm run eval -- --spans-report <file>          # the same, with those sentences and clauses written to <file> as JSON for reading
 *   npm run eval -- --provider deepseek            # also rules + model-assisted extraction, side by side (from the gateway's
 *                                                  # `npm run eval`, which brings the model providers)
 *
 * Rules are developed against the working set's misses; dev is the validation set and is only
 * ever printed as figures. Prints a table per set, then ends with one line holding the JSON summary.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  CUAD_CATEGORIES,
  evaluate,
  formatMisses,
  formatReportTable,
  parseCuadLabels,
  predictCuadCategories,
  reportSummary,
  type EvaluationCase,
  type EvaluationReport,
  type LabelledContract,
} from './evaluation.js';
import { evaluateTos, formatTosTable, parseTosLabels, splitTosDocuments, tosSummary } from './tos-evaluation.js';
import { extractFields } from '../src/extract-fields.js';
import { countOutsideSpans, formatSpanTable, parseSpanLabels, type SpanMisses } from './outside-spans.js';
import { contractsDataDir, invocationDir } from './paths.js';

const DATA = contractsDataDir();

const OPTIONS = {
  dir: { type: 'string', multiple: true },
  labels: { type: 'string', multiple: true },
  tos: { type: 'boolean', default: false },
  provider: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  'outside-spans': { type: 'boolean', default: false },
  'spans-report': { type: 'string' },
  // Kept for old habits: misses are now listed for the working set by default.
  verbose: { type: 'boolean', default: false },
} as const;

let values = parseArgs({ args: [], options: OPTIONS }).values;

/** A labelled set with its contracts' texts, as `--provider` receives it. */
export interface LoadedSet {
  name: string;
  contracts: Array<LabelledContract & { text: string }>;
}

/**
 * `--provider <name>`: runs by the caller that owns model providers (the gateway's `npm run eval`);
 * this package has none.
 */
export type ProviderComparisonRunner = (providerName: string, sets: LoadedSet[]) => Promise<void>;

interface LabelledSet {
  name: string;
  directory: string;
  labelsFile: string;
  /** The working set lists the contracts behind each miss; a validation set only shows figures. */
  working: boolean;
}

/** The labelled contracts of a set with their texts; those without a text file are listed apart. */
function loadSet(set: LabelledSet): { contracts: Array<LabelledContract & { text: string }>; missing: string[] } {
  if (!existsSync(set.labelsFile)) throw new Error(`labels file not found: ${set.labelsFile}`);
  if (!existsSync(set.directory)) throw new Error(`contracts folder not found: ${set.directory}`);
  const labelled = parseCuadLabels(JSON.parse(readFileSync(set.labelsFile, 'utf8')));
  const contracts: Array<LabelledContract & { text: string }> = [];
  const missing: string[] = [];
  for (const contract of labelled) {
    // Labels name files relative to themselves ("dev/x.txt"); the folder given wins.
    const candidates = [path.join(set.directory, path.basename(contract.file)), path.resolve(path.dirname(set.labelsFile), contract.file)];
    const file = candidates.find((candidate) => existsSync(candidate));
    if (file) contracts.push({ ...contract, text: readFileSync(file, 'utf8') });
    else missing.push(contract.id);
  }
  if (contracts.length === 0) throw new Error(`none of the ${labelled.length} labelled contracts were found in ${set.directory}`);
  return { contracts, missing };
}

function evaluateSet(set: LabelledSet): { report: EvaluationReport; elapsedMs: number; missing: string[] } {
  const { contracts, missing } = loadSet(set);
  const started = performance.now();
  const cases: EvaluationCase[] = contracts.map((contract) => ({
    id: contract.id,
    labels: contract.labels,
    predictions: predictCuadCategories(extractFields(contract.text)),
  }));
  return { report: evaluate(cases), elapsedMs: performance.now() - started, missing };
}

const DEV_DIRECTORY = path.resolve(DATA, 'cuad/dev');

/** `--outside-spans`: where the sentences each presence rule accepts fall against CUAD's labelled spans. */
function outsideSpans(set: LabelledSet): string {
  const spans = parseSpanLabels(JSON.parse(readFileSync(set.labelsFile, 'utf8')));
  const contracts = loadSet(set).contracts.map((contract) => ({
    id: contract.id,
    text: contract.text,
    labels: spans.get(contract.id) ?? {},
  }));
  const misses: Record<string, SpanMisses> = {};
  const table = formatSpanTable(countOutsideSpans(contracts, undefined, misses));
  const reportFile = values['spans-report'];
  if (reportFile) writeFileSync(reportFile, `${JSON.stringify(misses, null, 1)}\n`);
  return `sentences accepted (${set.name}): on CUAD's spans, outside them in positive contracts, in negative contracts; labelled clauses no accepted sentence reaches\n${table}${reportFile ? `\n(sentences and clauses written to ${reportFile})` : ''}`;
}

function cuadSets(): LabelledSet[] {
  const dirs = values.dir ?? [];
  const labels = values.labels ?? [];
  if (dirs.length !== labels.length) throw new Error('give --dir and --labels in pairs');
  const dev: LabelledSet = {
    name: 'dev (validation)',
    directory: DEV_DIRECTORY,
    labelsFile: path.resolve(DATA, 'cuad/labels-dev.json'),
    working: false,
  };
  if (dirs.length === 0) {
    return [
      {
        name: 'train (working set)',
        directory: path.resolve(DATA, 'cuad/train'),
        labelsFile: path.resolve(DATA, 'cuad/labels-train.json'),
        working: true,
      },
      dev,
    ];
  }
  const given = dirs.map((dir, index) => ({
    name: `${dir} (working set)`,
    directory: path.resolve(invocationDir, dir),
    labelsFile: path.resolve(invocationDir, labels[index]!),
    working: true,
  }));
  return given.some((set) => set.directory === dev.directory) ? given : [...given, dev];
}

function runCuad(): void {
  const summaries: Record<string, ReturnType<typeof reportSummary>> = {};
  for (const set of cuadSets()) {
    const { report, elapsedMs, missing } = evaluateSet(set);
    console.log(
      `== ${set.name}: ${path.relative(invocationDir, set.directory)} (${report.documents} reviewed in ${Math.round(elapsedMs)} ms), labels ${path.relative(invocationDir, set.labelsFile)}`,
    );
    if (missing.length > 0) console.log(`skipped ${missing.length} labelled contracts without a text file: ${missing.join(', ')}`);
    console.log('');
    console.log(formatReportTable(report));
    if (set.working && !values.quiet) console.log(`\nmisses (${set.name}):\n${formatMisses(report)}`);
    // Sentence-level output reads the texts closely, so it is for the working set only, never the validation set.
    if ((values['outside-spans'] || values['spans-report']) && set.working && set.directory !== DEV_DIRECTORY)
      console.log(`\n${outsideSpans(set)}`);
    console.log('');
    summaries[set.name.replace(/ \(.*\)$/, '')] = reportSummary(report);
  }
  console.log(JSON.stringify({ categories: CUAD_CATEGORIES.length, sets: summaries }));
}

function runTos(): void {
  const directory = path.resolve(DATA, 'tos/dev');
  const labelsFile = path.resolve(DATA, 'tos/labels-dev.json');
  const started = performance.now();
  const documents = parseTosLabels(JSON.parse(readFileSync(labelsFile, 'utf8'))).map((document) => {
    const text = readFileSync(path.join(directory, path.basename(document.file)), 'utf8');
    return { ...document, text, predicted: extractFields(text).unfairTerms ?? [] };
  });
  const elapsedMs = Math.round(performance.now() - started);
  const { develop, heldOut } = splitTosDocuments(documents);
  const summaries: Record<string, ReturnType<typeof tosSummary>> = {};
  const parts = [
    { name: 'develop', title: 'tos/dev develop part (two thirds, misses listed)', documents: develop, working: true },
    { name: 'held-out', title: 'tos/dev held-out part (every third document, figures only)', documents: heldOut, working: false },
    { name: 'all', title: 'tos/dev, all documents', documents, working: false },
  ];
  for (const part of parts) {
    const report = evaluateTos(part.documents);
    console.log(
      `== ${part.title}: ${report.documents} documents, ${report.sentences} sentences${part.name === 'all' ? ` in ${elapsedMs} ms` : ''}\n`,
    );
    console.log(formatTosTable(report));
    if (part.working && !values.quiet) console.log(`\nmisses (develop part):\n${report.misses.join('\n')}`);
    console.log('');
    summaries[part.name] = tosSummary(report);
  }
  console.log(JSON.stringify({ held_out: heldOut.map((document) => document.id), sets: summaries }));
}

/** Runs the evaluation the arguments ask for; resolves to the process exit code. */
export async function runEval(argv: string[], compareWithProvider?: ProviderComparisonRunner): Promise<number> {
  try {
    values = parseArgs({ args: argv, options: OPTIONS }).values;
    if (values.tos) runTos();
    else if (values.provider) {
      if (!compareWithProvider) throw new Error('--provider needs the model providers: run `npm run eval` at the gateway root');
      await compareWithProvider(
        values.provider,
        cuadSets().map((set) => ({ name: set.name, contracts: loadSet(set).contracts })),
      );
    } else runCuad();
    return 0;
  } catch (error) {
    console.error(`eval: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runEval(process.argv.slice(2));
}
