import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's own folder (classifier weights are written under its `src/classifiers/`). */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where the command was run: `--dir` and `--labels` are read relative to it, and printed paths are
 * relative to it. npm runs a workspace script inside the package and says where it was called in INIT_CWD.
 */
export const invocationDir = process.env.INIT_CWD ?? process.cwd();

/**
 * The shared labelled contracts (`cuad/`, `tos/`): `CLAUSE_DATA_DIR` when set, else the first
 * `shared/data/contracts` beside an ancestor of the package (the team workspace keeps it next to the checkout).
 */
export function contractsDataDir(): string {
  if (process.env.CLAUSE_DATA_DIR) return path.resolve(invocationDir, process.env.CLAUSE_DATA_DIR);
  for (let dir = packageRoot; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared/data/contracts');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return path.resolve(packageRoot, '../../../shared/data/contracts');
  }
}
