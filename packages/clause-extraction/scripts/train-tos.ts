/**
 * Fits the terms-of-service models (src/judgement/tos.json) and their out-of-fold probabilities
 * (src/judgement/tos-oof.json) on tos/dev, the only labelled terms of service: five folds by document (in id
 * order, document i in fold i mod 5). Per category, at sentence level: a sentence model on the other folds'
 * sentences, then the calibrated model stacking the rules' verdict on the sentence's logit, its own out-of-fold
 * probabilities from the same folds; the best-F1 threshold out of fold; and rules or model, whichever has the better
 * F1 on the part of tos/dev the rules were not written against (every third document, the held-out part; a tie
 * keeps the rules).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extractRuleFields } from '../src/extract-fields.js';
import { viewFeatures } from '../src/judgement/features.js';
import { buildScorer, type DocumentEvidence, documentProbability, scoreSentences } from '../src/judgement/model.js';
import { ruleTermsBySentence, TOS_MODEL_CATEGORIES, type TosFile, tosFileSchema } from '../src/judgement/tos.js';
import type { UnfairTermLevel } from '../src/types.js';
import { addressesTheReader } from '../src/unfair-terms.js';
import { bestF1Threshold, compact, f1Of, fitSparseLogistic, fitStacker } from './judgement-training.js';
import { contractsDataDir, packageRoot } from './paths.js';
import { locateSpan, originalSentences, overlaps, parseTosLabels, splitTosDocuments, TOS_CATEGORIES } from './tos-evaluation.js';

const FOLDS = 5;
const SENTENCE_FIT = { l2: 3e-5, minCount: 2, positiveWeight: 0.3, maxIterations: 150 };
const KEEP_WEIGHTS = 12_000;
/** The stacker's penalty: its loss is averaged over thousands of sentences, so the CUAD one's 1e-3 would drown the rare categories. */
const STACKER_L2 = 1e-5;
export const TOS_MODEL_FILE = path.join(packageRoot, 'src/judgement/tos.json');
export const TOS_OOF_FILE = path.join(packageRoot, 'src/judgement/tos-oof.json');

interface TosTrainingDocument {
  id: string;
  fold: number;
  heldOut: boolean;
  judged: boolean;
  features: Int32Array[];
  /** Per sentence a bit per category (TOS_MODEL_CATEGORIES order). */
  labels: Uint32Array;
  /** Per category, the sentences the rules found, with their level. */
  rules: Array<Map<number, UnfairTermLevel>>;
  levels: number[][];
}

function loadDocuments(): TosTrainingDocument[] {
  const tos = path.join(contractsDataDir(), 'tos');
  const documents = parseTosLabels(JSON.parse(readFileSync(path.join(tos, 'labels-dev.json'), 'utf8')));
  const { heldOut } = splitTosDocuments(documents);
  const ordered = [...documents].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return ordered.map((document, index) => {
    const text = readFileSync(path.join(tos, 'dev', path.basename(document.file)), 'utf8');
    const { contract, view } = extractRuleFields(text);
    const sentences = originalSentences(view);
    const labels = new Uint32Array(sentences.length);
    const levels = TOS_MODEL_CATEGORIES.map(() => [0, 0, 0, 0]);
    for (const span of document.spans) {
      const category = TOS_CATEGORIES[span.category];
      if (!category) continue;
      const bit = TOS_MODEL_CATEGORIES.indexOf(category);
      levels[bit]![span.level]! += 1;
      const located = locateSpan(text, span);
      sentences.forEach((sentence, at) => {
        if (overlaps(sentence, located)) labels[at]! |= 1 << bit;
      });
    }
    const rules = ruleTermsBySentence(view, contract.unfairTerms);
    return {
      id: document.id,
      fold: index % FOLDS,
      heldOut: heldOut.some((held) => held.id === document.id),
      judged: addressesTheReader(view.text, false),
      features: viewFeatures(view),
      labels,
      rules: TOS_MODEL_CATEGORIES.map((category) => rules.get(category) ?? new Map()),
      levels,
    };
  });
}

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

export function trainTos(log: (line: string) => void): { file: TosFile; oof: Record<string, Array<[number, number, number]>> } {
  const documents = loadDocuments();
  const logits: Float64Array[] = new Array(documents.length);
  const width = TOS_MODEL_CATEGORIES.length;
  const fit = (training: readonly TosTrainingDocument[]) => {
    const rows = training.flatMap((document) => document.features);
    const bits = training.flatMap((document) => Array.from(document.labels));
    return TOS_MODEL_CATEGORIES.map((_, bit) =>
      compact(
        fitSparseLogistic(
          rows,
          Uint8Array.from(bits, (value) => (value >>> bit) & 1),
          SENTENCE_FIT,
        ),
        KEEP_WEIGHTS,
      ),
    );
  };
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const models = fit(documents.filter((document) => document.fold !== fold));
    const scorer = buildScorer(models.map((model) => ({ bias: model.bias, weights: model.decoded })));
    documents.forEach((document, index) => {
      if (document.fold === fold) logits[index] = scoreSentences(scorer, document.features);
    });
  }
  const finalModels = fit(documents);
  log(`terms of service: ${documents.length} documents, sentence models fitted`);
  const evidence = (index: number, sentence: number, category: number): DocumentEvidence => {
    const logit = Math.max(-12, Math.min(12, logits[index]![sentence * width + category]!));
    return { rule: documents[index]!.rules[category]!.has(sentence), best: logit, bestSentence: sentence, ruleSentence: logit };
  };
  const categories: TosFile['categories'] = {};
  const oof: Record<string, Array<[number, number, number]>> = Object.fromEntries(documents.map((document) => [document.id, []]));
  TOS_MODEL_CATEGORIES.forEach((category, c) => {
    const rows: Array<{ document: number; sentence: number }> = [];
    documents.forEach((document, index) => {
      for (let sentence = 0; sentence < document.features.length; sentence += 1) rows.push({ document: index, sentence });
    });
    const present = rows.map(({ document, sentence }) => ((documents[document]!.labels[sentence]! >>> c) & 1) === 1);
    const probabilities = new Array<number>(rows.length);
    for (let fold = 0; fold < FOLDS; fold += 1) {
      const on = rows.map((row, at) => ({ row, at })).filter(({ row }) => documents[row.document]!.fold !== fold);
      const stacker = fitStacker(
        on.map(({ row }) => evidence(row.document, row.sentence, c)),
        on.map(({ at }) => present[at]!),
        STACKER_L2,
      );
      rows.forEach((row, at) => {
        if (documents[row.document]!.fold === fold)
          probabilities[at] = round4(documentProbability(stacker, evidence(row.document, row.sentence, c)));
      });
    }
    const stacker = fitStacker(
      rows.map((row) => evidence(row.document, row.sentence, c)),
      present,
      STACKER_L2,
    );
    // Texts the models do not judge keep the rules' terms, in the figures too.
    const rule = rows.map(({ document, sentence }) => documents[document]!.rules[c]!.has(sentence));
    const judged = rows.map(({ document }) => documents[document]!.judged);
    const { threshold } = bestF1Threshold(
      probabilities.filter((_, at) => judged[at]),
      present.filter((_, at) => judged[at]),
    );
    const model = rows.map((_, at) => (judged[at] ? probabilities[at]! >= threshold : rule[at]!));
    const held = rows.map(({ document }) => documents[document]!.heldOut);
    const onHeld = (claims: readonly boolean[]) =>
      f1Of(
        claims.filter((_, at) => held[at]),
        present.filter((_, at) => held[at]),
      );
    const mode = onHeld(model) > onHeld(rule) ? 'model' : 'rules';
    const counts = documents.reduce((sum, document) => sum.map((value, level) => value + document.levels[c]![level]!), [0, 0, 0, 0]);
    const level = ([1, 2, 3] as const).reduce(
      (best, candidate) => (counts[candidate]! > counts[best]! ? candidate : best),
      2 as UnfairTermLevel,
    );
    const sentence = finalModels[c]!;
    categories[category] = {
      mode,
      threshold,
      level,
      sentence: { bias: sentence.bias, scale: sentence.scale, weights: sentence.weights },
      stacker,
      figures: {
        oofF1Model: round4(f1Of(model, present)),
        f1Rules: round4(f1Of(rule, present)),
        oofF1ModelHeldOut: round4(onHeld(model)),
        f1RulesHeldOut: round4(onHeld(rule)),
      },
    };
    rows.forEach(({ document, sentence }, at) => {
      // Every threshold tried is at least 0.05, so lower probabilities never decide anything.
      if (probabilities[at]! >= 0.05) oof[documents[document]!.id]!.push([sentence, c, probabilities[at]!]);
    });
    log(
      `${category}: ${mode} (out of fold F1 model ${f1Of(model, present).toFixed(3)}, rules ${f1Of(rule, present).toFixed(3)}; held-out part model ${onHeld(model).toFixed(3)}, rules ${onHeld(rule).toFixed(3)}); threshold ${threshold}`,
    );
  });
  const file = tosFileSchema.parse({
    format: 1,
    trainedOn: `tos/dev: ${documents.length} documents, ${FOLDS} folds by document (id order, i mod ${FOLDS}), every sentence a row; sentence models l2 ${SENTENCE_FIT.l2}, document models l2 ${STACKER_L2}, ${KEEP_WEIGHTS} largest weights as bytes; rules or model chosen per category by the held-out part's out-of-fold F1`,
    categories,
  });
  return { file, oof };
}

/** Fits and writes (or compares) the terms-of-service files; resolves to the number that differ. */
export function runTosTraining(check: boolean, log: (line: string) => void): number {
  if (!existsSync(path.join(contractsDataDir(), 'tos/labels-dev.json'))) {
    log('terms of service: skipped, tos/labels-dev.json is not here');
    return 0;
  }
  const { file, oof } = trainTos(log);
  let stale = 0;
  for (const [target, content] of [
    [TOS_MODEL_FILE, `${JSON.stringify(file)}\n`],
    [TOS_OOF_FILE, `${JSON.stringify(oof)}\n`],
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
