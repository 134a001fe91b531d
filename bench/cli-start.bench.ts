// How long `suanni --help` and `suanni token` take from the built JavaScript (dist/, the image and
// production) and from the TypeScript sources (tsx, development), against `node -e 0` as baseline
// in the same run. Targets (issue 30): --help under 1 s, token under 2 s. Builds dist/ first when
// it is missing (`npm run build -- --no-console`).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectDir } from '../src/config.js';

export const name = 'CLI start-up: --help and token, built and from sources';

const ROUNDS = 5;

/** Median wall time of running `node <args>` ROUNDS times, in ms. */
function median(args: string[], env: NodeJS.ProcessEnv): number {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { cwd: projectDir, env, stdio: ['ignore', 'ignore', 'pipe'] });
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

export async function run(): Promise<Record<string, string | number>> {
  if (!existsSync(path.join(projectDir, 'dist', 'main.js')))
    execFileSync(process.execPath, ['scripts/build.mjs', '--no-console'], { cwd: projectDir, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suanni-cli-bench-'));
  const env = { ...process.env, SUANNI_DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' };
  try {
    const figures: Record<string, string | number> = {};
    const baseline = median(['-e', '0'], env);
    figures['node -e 0 (baseline), median ms'] = baseline.toFixed(0);
    for (const [label, entry] of [
      ['dist', ['dist/main.js']],
      ['tsx', ['--import', 'tsx', 'src/main.ts']],
    ] as const) {
      const help = median([...entry, '--help'], env);
      const token = median([...entry, 'token', '--user', 'alice'], env);
      figures[`${label}: suanni --help, median ms`] = `${help.toFixed(0)} (${(help / baseline).toFixed(1)}x baseline; target < 1000)`;
      figures[`${label}: suanni token, median ms`] = `${token.toFixed(0)} (${(token / baseline).toFixed(1)}x baseline; target < 2000)`;
    }
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
