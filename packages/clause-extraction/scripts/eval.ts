/**
 * `npm run eval`: measures the rules extractor on labelled contracts (CUAD-style labels).
 *
 *   npm run eval                                   # cuad/train (working set, with misses), cuad/train2 and cuad/dev (figures only),
 *                                                  # then the learned models side by side: out of fold (340, and per part),
 *                                                  # in sample, dev, with P@80%R, AUPR, ECE and the targets
 *   npm run eval -- --dir <folder> --labels <file> # that pair as the working set, then cuad/dev (repeatable); each is also a
 *                                                  # column beside the out-of-fold figures
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
import { evaluateTos, formatTosTable, parseTosLabels, splitTosDocuments, type TosDocument, tosSummary } from './tos-evaluation.js';
import { extractRuleFields } from '../src/extract-fields.js';
import { judgeUnfairTerms, shippedTosModels } from '../src/judgement/tos.js';
import { TOS_OOF_FILE } from './train-tos.js';
import { extractFields } from '../src/extract-fields.js';
import { countOutsideSpans, formatSpanTable, parseSpanLabels, type SpanMisses } from './outside-spans.js';
import { contractsDataDir, invocationDir } from './paths.js';
import type { CuadCategory } from '../src/categories.js';
import { type JudgementModels, shippedModels } from '../src/judgement/model.js';
import {
  formatSideBySide,
  type JudgedCase,
  judgeCase,
  probabilityFigures,
  probabilitySummary,
  readOutOfFold,
  targetLines,
} from './judgement-evaluation.js';

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

function evaluateSet(set: LabelledSet): { report: EvaluationReport; elapsedMs: number; missing: string[]; judged: JudgedCase[] } {
  const { contracts, missing } = loadSet(set);
  const models = shippedModels();
  const oof = readOutOfFold();
  const started = performance.now();
  // With models shipped, each contract is judged once by them (in sample) and, if it was a training contract,
  // once more with its out-of-fold probabilities; the in-sample verdict is exactly what extractFields returns.
  const judged = models ? contracts.map((contract) => judgeCase(contract, models, oof?.byId.get(contract.id))) : [];
  const cases: EvaluationCase[] = models
    ? judged.map((entry) => entry.inSample)
    : contracts.map((contract) => ({
        id: contract.id,
        labels: contract.labels,
        predictions: predictCuadCategories(extractFields(contract.text)),
      }));
  return { report: evaluate(cases), elapsedMs: performance.now() - started, missing, judged };
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

/**
 * The 340 contracts the learned models are fitted on: train (the rules' working set, misses listed) and train2
 * (figures only: no rule has read it, which keeps its out-of-fold figures honest about the rules).
 */
const TRAINING_SETS: LabelledSet[] = [
  {
    name: 'train (working set)',
    directory: path.resolve(DATA, 'cuad/train'),
    labelsFile: path.resolve(DATA, 'cuad/labels-train.json'),
    working: true,
  },
  {
    name: 'train2 (training set, figures only)',
    directory: path.resolve(DATA, 'cuad/train2'),
    labelsFile: path.resolve(DATA, 'cuad/labels-train2.json'),
    working: false,
  },
];

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
  if (dirs.length === 0) return [...TRAINING_SETS, dev];
  const given = dirs.map((dir, index) => ({
    name: `${dir} (working set)`,
    directory: path.resolve(invocationDir, dir),
    labelsFile: path.resolve(invocationDir, labels[index]!),
    working: true,
  }));
  return given.some((set) => set.directory === dev.directory) ? given : [...given, dev];
}

/** The training sets the out-of-fold figures need that `sets` does not hold already (absent ones left out). */
function missingTrainingSets(sets: readonly LabelledSet[]): LabelledSet[] {
  return TRAINING_SETS.filter(
    (training) => existsSync(training.labelsFile) && !sets.some((set) => set.directory === training.directory),
  ).map((set) => ({ ...set, working: false }));
}

function runCuad(): void {
  const summaries: Record<string, ReturnType<typeof reportSummary>> = {};
  const models = shippedModels();
  const sets = cuadSets();
  const judgedBySet = new Map<LabelledSet, { report: EvaluationReport; judged: JudgedCase[] }>();
  for (const set of [...sets, ...(models ? missingTrainingSets(sets) : [])]) {
    const extra = !sets.includes(set);
    const { report, elapsedMs, missing, judged } = evaluateSet(set);
    judgedBySet.set(set, { report, judged });
    if (extra) {
      console.log(
        `(${set.name}: ${report.documents} contracts read for the out-of-fold figures, macro F1 in sample ${report.macroF1.toFixed(3)})\n`,
      );
      continue;
    }
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
  const judgement = models ? judgementFigures(models, judgedBySet) : null;
  console.log(JSON.stringify({ categories: CUAD_CATEGORIES.length, sets: summaries, ...(judgement ?? {}) }));
}

/**
 * The learned models' figures side by side: out of fold over the 340 (and by part), in sample, dev and any extra
 * set, with P@80%R, AUPR and calibration; returns the JSON keys they add to the summary.
 */
function judgementFigures(
  models: JudgementModels,
  judgedBySet: Map<LabelledSet, { report: EvaluationReport; judged: JudgedCase[] }>,
): Record<string, unknown> | null {
  const training = [...judgedBySet].filter(([set]) => TRAINING_SETS.some((known) => known.directory === set.directory));
  const held = training.flatMap(([, { judged }]) => judged).filter((entry) => entry.outOfFold !== null);
  if (held.length === 0) {
    console.log('(no out-of-fold predictions: run `npm run train` to fit the learned models)');
    return null;
  }
  const report = (entries: readonly JudgedCase[], pick: (entry: JudgedCase) => EvaluationCase) => evaluate(entries.map(pick));
  const part = (name: string) => held.filter((entry) => entry.part === name);
  const outOfFold = report(held, (entry) => entry.outOfFold!);
  const outOfFoldTrain = report(part('train'), (entry) => entry.outOfFold!);
  const outOfFoldTrain2 = report(part('train2'), (entry) => entry.outOfFold!);
  const inSample = report(held, (entry) => entry.inSample);
  const probabilities = (entries: readonly JudgedCase[], pick: (entry: JudgedCase) => Record<CuadCategory, number>) =>
    probabilityFigures(entries.map((entry) => ({ labels: entry.inSample.labels, probabilities: pick(entry) })));
  const oofFigures = probabilities(held, (entry) => entry.outOfFoldProbabilities!);
  const oofTrain2Figures = probabilities(part('train2'), (entry) => entry.outOfFoldProbabilities!);
  const oofTrainFigures = probabilities(part('train'), (entry) => entry.outOfFoldProbabilities!);
  const others = [...judgedBySet].filter(([set]) => !training.some(([known]) => known === set));
  const devEntry = others.find(([set]) => set.directory === DEV_DIRECTORY);
  const columns = [
    { name: `oof ${held.length}`, report: outOfFold },
    { name: 'oof train', report: outOfFoldTrain },
    { name: 'oof train2', report: outOfFoldTrain2 },
    { name: `in-sample ${held.length}`, report: inSample },
    ...others.map(([set, { report: setReport }]) => ({
      name: set.directory === DEV_DIRECTORY ? 'dev' : path.basename(set.directory),
      report: setReport,
    })),
  ];
  console.log(
    `== learned models: F1 out of fold (${held.length} contracts, folds by contract; train is where the rules were written, train2 no rule read), in sample, dev and extra sets\n`,
  );
  console.log(formatSideBySide(columns, oofFigures, models));
  console.log(
    `\nexpected calibration error of the out-of-fold probabilities (10 bins, 16 categories pooled): ${oofFigures.ece.toFixed(3)} (train ${oofTrainFigures.ece.toFixed(3)}, train2 ${oofTrain2Figures.ece.toFixed(3)})`,
  );
  const lowest = CUAD_CATEGORIES.map((category) => ({ category, f1: outOfFold.categories[category].f1 })).sort(
    (left, right) => left.f1 - right.f1,
  )[0]!;
  const devMacroF1 = devEntry ? devEntry[1].report.macroF1 : null;
  console.log(
    `\ntargets:\n${targetLines({
      oofMacroF1: outOfFold.macroF1,
      oofLowest: lowest,
      inSampleMacroF1: inSample.macroF1,
      devMacroF1,
      ece: oofFigures.ece,
    })
      .map((line) => `  ${line}`)
      .join('\n')}\n`,
  );
  const devFigures = devEntry
    ? probabilityFigures(devEntry[1].judged.map((entry) => ({ labels: entry.inSample.labels, probabilities: entry.inSampleProbabilities })))
    : null;
  return {
    outOfFold: {
      all: { ...reportSummary(outOfFold), ...probabilitySummary(oofFigures) },
      train: { ...reportSummary(outOfFoldTrain), ...probabilitySummary(oofTrainFigures) },
      train2: { ...reportSummary(outOfFoldTrain2), ...probabilitySummary(oofTrain2Figures) },
    },
    inSample: reportSummary(inSample),
    ...(devFigures ? { devProbabilities: probabilitySummary(devFigures) } : {}),
    modes: Object.fromEntries(models.categories.map((model) => [model.category, model.mode])),
  };
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
  const outOfFold = tosOutOfFold(documents, develop, heldOut);
  console.log(JSON.stringify({ held_out: heldOut.map((document) => document.id), sets: summaries, ...(outOfFold ? { outOfFold } : {}) }));
}

/**
 * The terms-of-service models out of fold: every document's sentences judged with probabilities from the models of
 * the folds that did not hold it (src/judgement/tos-oof.json), all 30 and by part; null when none are shipped.
 */
function tosOutOfFold<T extends { id: string; text: string; spans: TosDocument['spans']; file: string }>(
  documents: readonly T[],
  develop: readonly T[],
  heldOut: readonly T[],
): Record<string, ReturnType<typeof tosSummary>> | null {
  const models = shippedTosModels();
  if (!models || !existsSync(TOS_OOF_FILE)) return null;
  const oof = JSON.parse(readFileSync(TOS_OOF_FILE, 'utf8')) as Record<string, Array<[number, number, number]>>;
  const judged = new Map(
    documents.map((document) => {
      const { contract, view } = extractRuleFields(document.text);
      const probabilities = new Map(
        (oof[document.id] ?? []).map(([sentence, category, probability]) => [`${sentence}:${category}`, probability]),
      );
      const predicted =
        judgeUnfairTerms(
          view,
          contract.unfairTerms,
          [],
          models,
          (sentence, category) => probabilities.get(`${sentence}:${category}`) ?? 0,
        ) ?? [];
      return [document.id, { ...document, predicted }];
    }),
  );
  const summaries: Record<string, ReturnType<typeof tosSummary>> = {};
  for (const [name, part] of [
    ['all', documents],
    ['develop', develop],
    ['held-out', heldOut],
  ] as const) {
    const report = evaluateTos(part.map((document) => judged.get(document.id)!));
    console.log(`== terms-of-service models out of fold (folds by document), ${name}: ${report.documents} documents\n`);
    console.log(formatTosTable(report));
    console.log('');
    summaries[name] = tosSummary(report);
  }
  console.log(
    `target: out-of-fold macro F1 over all ${documents.length} >= 0.75: ${summaries.all!.macroF1.toFixed(3)} (${summaries.all!.macroF1 >= 0.75 ? 'met' : 'NOT met'})\n`,
  );
  return summaries;
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
