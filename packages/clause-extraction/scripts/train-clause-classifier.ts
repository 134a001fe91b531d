/**
 * The clause classifiers the rules use (src/classifiers/*.json), fitted on cuad/train and nothing else
 * (`npm run train` in this package runs this, then the learned judgement models: scripts/train.ts).
 *
 * For each classifier: candidate sentences (those its pattern matches) are labelled by overlap with CUAD's spans;
 * the regularisation, the weight of labelled sentences and the threshold are the ones with the best contract-level
 * F1 in five-fold cross-validation over the training contracts; the final model is fitted to all of them. The
 * validation set (cuad/dev) is never read here.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ClassifierFile, candidateReadings, classifierFileSchema, sentenceFeatures } from '../src/clause-classifier.js';
import { splitClauses } from '../src/clauses.js';
import { readByRules } from '../src/change-of-control.js';
import { buildTextView, evidenceFor, type Sentence, type TextView } from '../src/text-view.js';
import { bestThreshold, type FitOptions, fitClassifier, outOfFoldScores, type TrainingSentence } from './clause-classifier-training.js';
import { parseSpanLabels } from './outside-spans.js';
import { contractsDataDir, packageRoot } from './paths.js';

const TRAIN = path.join(contractsDataDir(), 'cuad');

interface ClassifierSpec {
  /** File name under src/classifiers/. */
  name: string;
  category: string;
  /** The words a sentence of the clause cannot do without (every labelled train contract has such a sentence). */
  candidates: string;
  /** Sentences as the rules read them (null: ruled out): all the shipped classifier is asked about. */
  readAs: (view: TextView) => (sentence: Sentence, index: number) => string | null;
}

export const CLASSIFIERS: ClassifierSpec[] = [
  {
    name: 'change-of-control',
    category: 'Change of Control',
    candidates: String.raw`merg|control|acqui|consolidat|reorgani|substantially\sall|operation\sof\slaw|ownership|stock|shares|equity|voting|amalgamat|sale\sof`,
    readAs: readByRules,
  },
];

const GRID: FitOptions[] = [1e-5, 1e-4, 1e-3].flatMap((l2) => [0.3, 1].map((positiveWeight) => ({ l2, positiveWeight, minCount: 2 })));
const THRESHOLDS = Array.from({ length: 15 }, (_, index) => Math.round((0.2 + index * 0.05) * 100) / 100);

/** Weights smaller than this are left out of the file: together they move a sentence's score by a few hundredths. */
const MIN_WEIGHT = 0.01;

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function train(spec: ClassifierSpec, contracts: Array<{ text: string; spans: Array<[number, number]>; present: boolean }>): ClassifierFile {
  const candidates = new RegExp(spec.candidates, 'i');
  const sentences: TrainingSentence[] = [];
  contracts.forEach((contract, index) => {
    const view = buildTextView(contract.text, splitClauses(contract.text));
    for (const { sentence, read } of candidateReadings(view, candidates, spec.readAs(view))) {
      const { start, end } = evidenceFor(view, sentence.start, sentence.end);
      sentences.push({
        features: sentenceFeatures(read),
        labelled: contract.spans.some(([spanStart, spanEnd]) => spanStart < end && start < spanEnd),
        contract: index,
      });
    }
  });
  const present = contracts.map((contract) => contract.present);
  let chosen = { options: GRID[0]!, threshold: 0.5, f1: -1 };
  for (const options of GRID) {
    const best = bestThreshold(outOfFoldScores(sentences, contracts.length, options), present, THRESHOLDS);
    console.log(
      `${spec.category}: l2 ${options.l2}, labelled weight ${options.positiveWeight}: CV F1 ${best.f1.toFixed(3)} at ${best.threshold}`,
    );
    if (best.f1 > chosen.f1) chosen = { options, threshold: best.threshold, f1: best.f1 };
  }
  const model = fitClassifier(sentences, chosen.options);
  const weights = Object.fromEntries(
    [...model.weights]
      .map(([feature, weight]) => [feature, round(weight, 4)] as const)
      .filter(([, weight]) => Math.abs(weight) >= MIN_WEIGHT),
  );
  const labelled = sentences.filter((sentence) => sentence.labelled).length;
  return {
    category: spec.category,
    trainedOn: `cuad/train: ${contracts.length} contracts, ${sentences.length} candidate sentences (${labelled} labelled); l2 ${chosen.options.l2}, labelled weight ${chosen.options.positiveWeight}, threshold ${chosen.threshold}, chosen by five-fold contract-level F1`,
    crossValidatedF1: round(chosen.f1, 4),
    candidates: spec.candidates,
    threshold: chosen.threshold,
    bias: round(model.bias, 4),
    weights,
  };
}

/** Fits (or with `check`, compares) every clause classifier; resolves to the number of shipped files that differ. */
export function runClassifierTraining(check: boolean): number {
  const values = { check };
  const labelsFile = path.join(TRAIN, 'labels-train.json');
  if (!existsSync(labelsFile)) throw new Error(`labels file not found: ${labelsFile}`);
  const labelsJson = JSON.parse(readFileSync(labelsFile, 'utf8')) as { contracts: Array<{ id: string; file: string }> };
  const spans = parseSpanLabels(labelsJson);
  let stale = 0;
  for (const spec of CLASSIFIERS) {
    const contracts = labelsJson.contracts.map((contract) => {
      const label = spans.get(contract.id)?.[spec.category];
      return { text: readFileSync(path.join(TRAIN, contract.file), 'utf8'), spans: label?.spans ?? [], present: label?.present ?? false };
    });
    const file = classifierFileSchema.parse(train(spec, contracts));
    const target = path.join(packageRoot, 'src/classifiers', `${spec.name}.json`);
    const text = `${JSON.stringify(file, null, 2)}\n`;
    console.log(
      `${spec.category}: CV F1 ${file.crossValidatedF1}, threshold ${file.threshold}, ${Object.keys(file.weights).length} weights`,
    );
    if (values.check) {
      const same = existsSync(target) && readFileSync(target, 'utf8') === text;
      if (!same) stale += 1;
      console.log(`${target}: ${same ? 'up to date' : 'differs from a fresh fit'}`);
    } else writeFileSync(target, text);
  }
  return stale;
}
