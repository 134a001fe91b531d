#!/usr/bin/env node
// The `suanni` command (package.json "bin"; `npm start`, `npm run token` and `npm run migrate` go
// through it too). Production runs the built JavaScript (dist/, `npm run build`); development runs
// the TypeScript sources through tsx, or dist/ when it was built after every source changed (so a
// stale build never runs in place of the code being edited).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'main.js');
const sourceDirs = [path.join(root, 'src'), path.join(root, 'packages', 'clause-extraction', 'src')];

/** Whether dist/ was built after the last change to any source it was built from. */
function builtAfterSources() {
  const builtAt = statSync(built).mtimeMs;
  for (const dir of sourceDirs) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
      if (entry.isFile() && statSync(path.join(entry.parentPath, entry.name)).mtimeMs > builtAt) return false;
  }
  return true;
}

const production = process.env.NODE_ENV === 'production';
if (existsSync(built) && (production || !existsSync(path.join(root, 'src', 'main.ts')) || builtAfterSources())) {
  await import(built);
} else if (production) {
  process.stderr.write('NODE_ENV=production runs the built JavaScript, and dist/ is missing: run `npm run build` first\n');
  process.exitCode = 1;
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
