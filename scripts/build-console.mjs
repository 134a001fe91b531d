// Builds the web console (console/) into console/dist, which the gateway serves at /console:
// typed documents from schema.graphql (graphql-codegen), then a Vite production build, and the
// console's trusted documents manifest beside it (dist/persisted-documents.json). Runs on
// `npm install` (postinstall) and offline. Without the dev dependencies (an install with
// --omit=dev) there is nothing to build with: it says so and leaves the console unbuilt.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const consoleDir = join(root, 'console');

if (!existsSync(join(root, 'node_modules', 'vite')) || !existsSync(join(root, 'node_modules', '@graphql-codegen', 'cli'))) {
  console.log(
    'console: vite or graphql-codegen is not installed (dev dependencies omitted): the console is not built, /console answers 503',
  );
  process.exit(0);
}

const codegen = spawnSync(
  process.execPath,
  [join(root, 'node_modules', '@graphql-codegen', 'cli', 'esm', 'bin.js'), '--config', 'codegen.ts'],
  {
    cwd: consoleDir,
    stdio: 'inherit',
  },
);
if (codegen.status !== 0) {
  console.error('console: graphql-codegen failed');
  process.exit(codegen.status ?? 1);
}

const { build } = await import('vite');
await build({ configFile: join(consoleDir, 'vite.config.ts'), root: consoleDir });
// The console's operations by hash (graphql-codegen's persisted documents): the gateway trusts them
// at start, so the console works under SUANNI_TRUSTED_DOCUMENTS=enforce.
copyFileSync(join(consoleDir, 'src', 'gql', 'persisted-documents.json'), join(consoleDir, 'dist', 'persisted-documents.json'));
console.log('console: built into console/dist (served at /console)');
