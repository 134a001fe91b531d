// `npm run build`: the JavaScript production runs. The server and CLI (src/, the generated Prisma
// client included) are transpiled file by file into dist/ with the same layout, so every path a
// module finds from its own location (the project folder, console/dist, prisma/migrations, the
// review graph's worker thread) resolves the same from dist/ as from src/. The workspace package
// @suanni/clause-extraction goes to packages/clause-extraction/dist with its classifier weights
// beside it, and dist/ imports it by relative path (its package exports name the TypeScript
// sources that tsx and vitest use). Then the console's static bundle (scripts/build-console.mjs).
// Type checking is not part of it (`npm run typecheck`).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { readFile } from 'node:fs/promises';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = '@suanni/clause-extraction';
const packageDist = path.join(root, 'packages', 'clause-extraction', 'dist');

/** Runtime sources under `dir`: .ts files that are not tests. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function transpile(fromDir, toDir, rewrite = (code) => code) {
  rmSync(toDir, { recursive: true, force: true });
  const files = sources(fromDir);
  await Promise.all(
    files.map(async (file) => {
      const out = path.join(toDir, path.relative(fromDir, file)).replace(/\.ts$/, '.js');
      const { code } = await transform(await readFile(file, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        platform: 'node',
        target: 'node20',
        sourcefile: path.relative(root, file),
        sourcemap: 'inline',
      });
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, rewrite(code, out));
    }),
  );
  return files.length;
}

const started = Date.now();
const packageFiles = await transpile(path.join(root, 'packages', 'clause-extraction', 'src'), packageDist);
// Data files beside the package's modules (classifier and judgement weights, read from import.meta.url).
cpSync(path.join(root, 'packages', 'clause-extraction', 'src'), packageDist, {
  recursive: true,
  filter: (source) => !/\.(ts|md)$/.test(source),
});
const toPackage = (out) => {
  const relative = path.relative(path.dirname(out), path.join(packageDist, 'index.js')).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
};
const serverFiles = await transpile(path.join(root, 'src'), path.join(root, 'dist'), (code, out) =>
  code.replaceAll(`"${PACKAGE}"`, JSON.stringify(toPackage(out))),
);
writeFileSync(
  path.join(root, 'dist', 'build-info.json'),
  `${JSON.stringify({ builtAt: new Date().toISOString(), node: process.versions.node, files: serverFiles + packageFiles }, null, 2)}\n`,
);
console.log(
  `build: ${serverFiles} server files into dist/, ${packageFiles} into packages/clause-extraction/dist (${Date.now() - started} ms)`,
);

if (!process.argv.includes('--no-console')) {
  const consoleBuild = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-console.mjs')], { stdio: 'inherit' });
  if (consoleBuild.status !== 0) process.exit(consoleBuild.status ?? 1);
}
