/**
 * Fits the learned clause models (src/judgement/judgement.json) and their out-of-fold predictions
 * (src/judgement/judgement-oof.json) on cuad/train + cuad/train2 (340 contracts), and nothing else:
 * cuad/dev is never read here.
 *
 * 1. The rules run on every contract; every sentence gets its hashed features (src/judgement/features.ts) and,
 *    per category, whether it overlaps a span CUAD labelled.
 * 2. Five fixed folds by contract (assignFolds). Per fold and category a sentence model is fitted on the other
 *    folds' sentences and scores the fold's sentences: out-of-fold sentence scores for all 340.
 * 3. The document model (rules' verdict, best sentence, the rules' sentence) is a logistic regression on the
 *    out-of-fold sentence evidence of all 340 (Platt calibration); its own out-of-fold probabilities come from the
 *    same folds. (Fitted on train2 alone it was as well calibrated on train2, ECE 0.028 against 0.030, but not on the
 *    340: 0.069 against 0.023; F1 on train2 0.785 against 0.779, within noise.)
 * 4. Per category, on those out-of-fold probabilities: the best-F1 threshold (all 340), then rules or model, whichever
 *    has the better F1 on train2 (the rules were written against train, so only train2 judges them fairly; a tie
 *    keeps the rules), and the operating points.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CUAD_CATEGORIES, type CuadCategory } from '../src/categories.js';
import { extractRuleFields } from '../src/extract-fields.js';
import { viewFeatures } from '../src/judgement/features.js';
import { decide, ruleVerdicts, sentencesCovering } from '../src/judgement/judge.js';
import {
  buildScorer,
  type DocumentEvidence,
  documentEvidence,
  documentProbability,
  type JudgementFile,
  judgementFileSchema,
  scoreSentences,
} from '../src/judgement/model.js';
import {
  assignFolds,
  bestF1Threshold,
  compact,
  f1Of,
  fitSparseLogistic,
  fitStacker,
  isTrainingRow,
  operatingPoints,
} from './judgement-training.js';
import { parseSpanLabels } from './outside-spans.js';
import { contractsDataDir, packageRoot } from './paths.js';

export const FOLDS = 5;
/** One in this many sentences that no label or rule points at is a training row. */
const SAMPLE_RATE = 6;
/** Weights kept per category (the largest): 16 categories of them stay well under 3 MB. */
const KEEP_WEIGHTS = 16_000;
export const SENTENCE_FIT = { l2: 3e-5, minCount: 3, positiveWeight: 0.3, maxIterations: 150 };

export const MODEL_FILE = path.join(packageRoot, 'src/judgement/judgement.json');
export const OOF_FILE = path.join(packageRoot, 'src/judgement/judgement-oof.json');

export interface TrainingContract {
  id: string;
  part: 'train' | 'train2';
  fold: number;
  features: Int32Array[];
  /** Per sentence, a bit per category (CUAD_CATEGORIES order): it overlaps a labelled span. */
  labels: Uint32Array;
  present: boolean[];
  rule: boolean[];
  ruleSentences: number[][];
}

export function loadContracts(): TrainingContract[] {
  const cuad = path.join(contractsDataDir(), 'cuad');
  const contracts: TrainingContract[] = [];
  for (const part of ['train', 'train2'] as const) {
    const labelsFile = path.join(cuad, `labels-${part}.json`);
    if (!existsSync(labelsFile)) throw new Error(`labels file not found: ${labelsFile}`);
    const json = JSON.parse(readFileSync(labelsFile, 'utf8')) as { contracts: Array<{ id: string; file: string }> };
    const spans = parseSpanLabels(json);
    for (const entry of json.contracts) {
      const text = readFileSync(path.join(cuad, entry.file), 'utf8');
      const { contract, view } = extractRuleFields(text);
      const verdicts = ruleVerdicts(contract);
      const bounds = view.sentences.map((sentence) => [
        view.originalOffset[sentence.start] ?? 0,
        (view.originalOffset[Math.max(sentence.start, sentence.end - 1)] ?? 0) + 1,
      ]);
      const labels = new Uint32Array(view.sentences.length);
      const label = spans.get(entry.id) ?? {};
      CUAD_CATEGORIES.forEach((category, bit) => {
        for (const [start, end] of label[category]?.spans ?? []) {
          bounds.forEach(([sentenceStart, sentenceEnd], index) => {
            if (start < sentenceEnd! && sentenceStart! < end) labels[index]! |= 1 << bit;
          });
        }
      });
      contracts.push({
        id: entry.id,
        part,
        fold: 0,
        features: viewFeatures(view),
        labels,
        present: CUAD_CATEGORIES.map((category) => label[category]?.present ?? false),
        rule: CUAD_CATEGORIES.map((category) => verdicts[category].detected),
        ruleSentences: CUAD_CATEGORIES.map((category) => sentencesCovering(view, verdicts[category].evidence)),
      });
    }
  }
  const folds = assignFolds(
    contracts.map((contract) => contract.part),
    FOLDS,
  );
  contracts.forEach((contract, index) => {
    contract.fold = folds[index]!;
  });
  return contracts;
}

type Compacted = ReturnType<typeof compact>;

/** Sentence models for every category, fitted on the training rows of `contracts`. */
export function fitSentenceModels(
  contracts: readonly TrainingContract[],
  options: typeof SENTENCE_FIT = SENTENCE_FIT,
  rate = SAMPLE_RATE,
): Compacted[] {
  const rows: Int32Array[] = [];
  const bits: number[] = [];
  for (const contract of contracts) {
    const ruleSentences = new Set(contract.ruleSentences.flat());
    contract.features.forEach((features, index) => {
      if (!isTrainingRow(contract.id, index, contract.labels[index]! !== 0, ruleSentences.has(index), rate)) return;
      rows.push(features);
      bits.push(contract.labels[index]!);
    });
  }
  return CUAD_CATEGORIES.map((_, bit) => {
    const labels = Uint8Array.from(bits, (value) => (value >>> bit) & 1);
    return compact(fitSparseLogistic(rows, labels, options), KEEP_WEIGHTS);
  });
}

/** Each contract's document evidence per category under the given sentence models. */
export function evidenceUnder(models: readonly Compacted[], contracts: readonly TrainingContract[]): DocumentEvidence[][] {
  const scorer = buildScorer(models.map((model) => ({ bias: model.bias, weights: model.decoded })));
  return contracts.map((contract) => {
    const scores = scoreSentences(scorer, contract.features);
    return CUAD_CATEGORIES.map((_, index) =>
      documentEvidence(scores, CUAD_CATEGORIES.length, index, contract.rule[index]!, contract.ruleSentences[index]!),
    );
  });
}

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

export interface TrainingResult {
  file: JudgementFile;
  oof: OofFile;
}

/** What eval reads to print out-of-fold figures: each contract's fold and every category's out-of-fold probability. */
export interface OofFile {
  folds: number;
  contracts: Array<{ id: string; part: string; fold: number }>;
  probabilities: Record<string, number[]>;
}

export function trainJudgement(log: (line: string) => void = () => {}): TrainingResult {
  let started = performance.now();
  const contracts = loadContracts();
  log(`read and featurised ${contracts.length} contracts in ${Math.round(performance.now() - started)} ms`);
  const oofEvidence: DocumentEvidence[][] = new Array(contracts.length);
  for (let fold = 0; fold < FOLDS; fold += 1) {
    started = performance.now();
    const models = fitSentenceModels(contracts.filter((contract) => contract.fold !== fold));
    const held = contracts.map((contract, index) => ({ contract, index })).filter(({ contract }) => contract.fold === fold);
    const evidence = evidenceUnder(
      models,
      held.map(({ contract }) => contract),
    );
    held.forEach(({ index }, at) => {
      oofEvidence[index] = evidence[at]!;
    });
    log(`fold ${fold + 1}/${FOLDS}: sentence models fitted in ${Math.round(performance.now() - started)} ms`);
  }
  started = performance.now();
  const finalModels = fitSentenceModels(contracts);
  log(`final sentence models fitted in ${Math.round(performance.now() - started)} ms`);

  const train2 = contracts.map((contract, index) => ({ contract, index })).filter(({ contract }) => contract.part === 'train2');
  const all = contracts.map((contract, index) => ({ contract, index }));
  const categories: JudgementFile['categories'] = {};
  const probabilities: Record<string, number[]> = {};
  CUAD_CATEGORIES.forEach((category: CuadCategory, c) => {
    const present = contracts.map((contract) => contract.present[c]!);
    const evidenceOf = (index: number) => oofEvidence[index]![c]!;
    const stacker = fitStacker(
      all.map(({ index }) => evidenceOf(index)),
      present,
    );
    // The document model's own out-of-fold probabilities: each fold by the model fitted on the other folds' evidence.
    const oof = new Array<number>(contracts.length);
    for (let fold = 0; fold < FOLDS; fold += 1) {
      const fitOn = all.filter(({ contract }) => contract.fold !== fold);
      const foldStacker = fitStacker(
        fitOn.map(({ index }) => evidenceOf(index)),
        fitOn.map(({ index }) => present[index]!),
      );
      for (const { contract, index } of all) if (contract.fold === fold) oof[index] = documentProbability(foldStacker, evidenceOf(index));
    }
    const rounded = oof.map(round4);
    probabilities[category] = rounded;
    const { threshold, f1 } = bestF1Threshold(rounded, present);
    const rules = contracts.map((contract) => contract.rule[c]!);
    const onTrain2 = (values: readonly boolean[]) =>
      f1Of(
        train2.map(({ index }) => values[index]!),
        train2.map(({ index }) => present[index]!),
      );
    const modelClaims = rounded.map((probability, index) => decide(category, 'model', rules[index]!, probability, threshold));
    const modelTrain2 = onTrain2(modelClaims);
    const rulesTrain2 = onTrain2(rules);
    const mode = modelTrain2 > rulesTrain2 ? 'model' : 'rules';
    const sentence = finalModels[c]!;
    categories[category] = {
      mode,
      threshold,
      operatingPoints: operatingPoints(rounded, present, threshold),
      sentence: { bias: sentence.bias, scale: sentence.scale, weights: sentence.weights },
      stacker,
      figures: {
        oofF1Model: round4(f1Of(modelClaims, present)),
        oofF1ModelTrain2: round4(modelTrain2),
        f1RulesTrain2: round4(rulesTrain2),
        f1Rules: round4(f1Of(rules, present)),
        bestThresholdF1: round4(f1),
      },
    };
    log(
      `${category}: ${mode} (train2 out of fold: model ${modelTrain2.toFixed(3)}, rules ${rulesTrain2.toFixed(3)}); threshold ${threshold}; document model ${JSON.stringify(stacker)}`,
    );
  });
  const file = judgementFileSchema.parse({
    format: 1,
    trainedOn: `cuad/train + cuad/train2: ${contracts.length} contracts, ${FOLDS} folds by contract (each part dealt round-robin); sentence models on every labelled or rule-pointed sentence and one in ${SAMPLE_RATE} of the others, l2 ${SENTENCE_FIT.l2}, ${KEEP_WEIGHTS} largest weights kept as bytes; document models on the 340's out-of-fold sentence evidence; rules or model chosen per category by train2's out-of-fold F1`,
    hashBits: 20,
    categories,
  });
  return {
    file,
    oof: { folds: FOLDS, contracts: contracts.map(({ id, part, fold }) => ({ id, part, fold })), probabilities },
  };
}

/** Fits and writes (or with `check`, compares with) the shipped files; resolves to the number that differ. */
export function runJudgementTraining(check: boolean, log: (line: string) => void): number {
  const { file, oof } = trainJudgement(log);
  let stale = 0;
  for (const [target, content] of [
    [MODEL_FILE, `${JSON.stringify(file)}\n`],
    [OOF_FILE, `${JSON.stringify(oof)}\n`],
  ] as const) {
    if (check) {
      const same = existsSync(target) && readFileSync(target, 'utf8') === content;
      if (!same) stale += 1;
      log(`${target}: ${same ? 'up to date' : 'differs from a fresh fit'}`);
    } else {
      writeFileSync(target, content);
      log(`${target}: ${Math.round(content.length / 1024)} KB written`);
    }
  }
  return stale;
}
