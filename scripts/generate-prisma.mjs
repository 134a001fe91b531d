// Generates the Prisma client on install, offline.
// `prisma generate` does not use the native schema engine, but the CLI tries to download
// it unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file; any file will do.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;

const result = spawnSync('npx', ['--no-install', 'prisma', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
