/**
 * `npm run train` (root: `npm run train:classifier`): fits everything this package ships from the shared labelled
 * contracts, deterministically: the rules' clause classifiers (cuad/train, scripts/train-clause-classifier.ts),
 * then the learned judgement models (cuad/train + cuad/train2, scripts/train-judgement.ts) and the terms-of-service
 * models (tos/dev, folds by document, scripts/train-tos.ts). cuad/dev is never read.
 *
 *   npm run train              # fit and write the shipped files
 *   npm run train -- --check   # fit and compare with the shipped files (exit 1 when one differs; CI runs this)
 *
 * Without the shared data (a checkout elsewhere) it says so in one line and exits 0.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runClassifierTraining } from './train-clause-classifier.js';
import { runJudgementTraining } from './train-judgement.js';
import { runTosTraining } from './train-tos.js';
import { contractsDataDir } from './paths.js';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const cuad = path.join(contractsDataDir(), 'cuad');
if (!existsSync(path.join(cuad, 'labels-train.json')) || !existsSync(path.join(cuad, 'labels-train2.json'))) {
  console.log(`train: skipped, the labelled contracts are not here (${cuad})`);
} else {
  const started = performance.now();
  let stale = runClassifierTraining(values.check);
  stale += runJudgementTraining(values.check, (line) => console.log(line));
  stale += runTosTraining(values.check, (line) => console.log(line));
  console.log(`train: ${Math.round((performance.now() - started) / 1000)} s`);
  if (stale > 0) process.exitCode = 1;
}
