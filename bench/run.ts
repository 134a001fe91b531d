// `npm run bench`: runs every bench/*.bench.ts (or those named as arguments) and prints figures.
// Benchmarks compare against a baseline measured in the same run: these machines are noisy.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectDir } from '../src/config.js';

interface Benchmark {
  name: string;
  run(): Promise<Record<string, string | number>>;
}

const benchDir = path.join(projectDir, 'bench');
const filter = process.argv.slice(2);
const files = (await readdir(benchDir))
  .filter((file) => file.endsWith('.bench.ts') && (filter.length === 0 || filter.some((f) => file.includes(f))))
  .sort();

for (const file of files) {
  const benchmark = (await import(pathToFileURL(path.join(benchDir, file)).href)) as Benchmark;
  process.stdout.write(`\n## ${benchmark.name} (${file})\n`);
  const started = Date.now();
  const figures = await benchmark.run();
  for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(44)} ${value}\n`);
  process.stdout.write(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}
process.exit(0);
