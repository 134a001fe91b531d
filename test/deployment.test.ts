import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMANDS } from '../src/commands.js';
import { loadConfig, projectDir } from '../src/config.js';
import { migrationsDir, schemaPath } from '../src/platform/db/migrations.js';
import { CONSOLE_DIST } from '../src/transport/console-static.js';
import { CONSOLE_MANIFEST } from '../src/transport/trusted-documents.js';

/**
 * The deployment files cannot be run here (no container engine); this keeps them consistent
 * with the code: every command is a CLI command with a valid role run from the build (dist/),
 * every variable is one the app reads and its value passes the configuration check, the image's
 * runtime stage holds every file the app reads at run time and nothing needs a dev dependency.
 */
const read = (file: string) => readFileSync(path.join(projectDir, file), 'utf8');

/** Runtime sources (not tests, not generated) under a folder, by path relative to the project. */
function runtimeSources(dir: string): string[] {
  return readdirSync(path.join(projectDir, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(projectDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
}

/** Every source file's text, to check that a variable name is read somewhere. */
function sourceText(dir = path.join(projectDir, 'src')): string {
  return readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((file) => !file.includes(`${path.sep}generated`))
    .map((file) => (statSync(file).isDirectory() ? sourceText(file) : file.endsWith('.ts') ? readFileSync(file, 'utf8') : ''))
    .join('\n');
}

function checkCommand(argv: string[]): { command: string; role: string } {
  // The build of src/main.ts (scripts/build.mjs keeps the layout), not TypeScript through tsx.
  expect(argv.slice(0, 2)).toEqual(['node', 'dist/main.js']);
  expect(existsSync(path.join(projectDir, 'src', 'main.ts'))).toBe(true);
  const command = argv[2]!;
  expect(Object.keys(COMMANDS)).toContain(command);
  expect(COMMANDS[command]!.side).toBe('server');
  const roleAt = argv.indexOf('--role');
  const role = command === 'worker' ? 'worker' : command === 'migrate' ? 'migrate' : roleAt >= 0 ? argv[roleAt + 1]! : 'all';
  expect(['gateway', 'worker', 'all', 'migrate']).toContain(role);
  return { command, role };
}

/** The Dockerfile's stages: name and instructions (continuation lines joined). */
function dockerStages(): { name: string; lines: string[] }[] {
  const lines = read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));
  const stages: { name: string; lines: string[] }[] = [];
  for (const line of lines) {
    const from = /^FROM \S+(?: AS (\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1] ?? '', lines: [] });
    else stages.at(-1)!.lines.push(line);
  }
  return stages;
}

/** What the image's runtime stage holds: the destination of every COPY, relative to WORKDIR /app. */
function runtimeFiles(): string[] {
  const runtime = dockerStages().at(-1)!;
  return runtime.lines
    .filter((line) => line.startsWith('COPY '))
    .map((line) => line.split(/\s+/).at(-1)!.replace(/^\.\//, '').replace(/\/$/, ''))
    .map((destination) => (destination === '.' ? '' : destination));
}

const covered = (files: string[], needed: string) => files.some((file) => needed === file || needed.startsWith(`${file}/`) || file === '');

/**
 * The files the app reads at run time, found from its own code: each module that locates a file
 * from its own place (`import.meta.url`) is listed with what it reads. A new such module fails
 * this test until its files are added here and to the image.
 */
const READ_AT_RUN_TIME: Record<string, string[]> = {
  'src/config.ts': ['package.json'], // projectDir; package.json makes dist/*.js ES modules
  'src/platform/db/migrations.ts': [path.relative(projectDir, schemaPath), path.relative(projectDir, migrationsDir)],
  'src/transport/console-static.ts': [path.relative(projectDir, CONSOLE_DIST)],
  'src/transport/trusted-documents.ts': [path.relative(projectDir, CONSOLE_MANIFEST)],
  'src/review/run/graph-thread-pool.ts': ['dist/review/run/graph-thread.js'],
  'src/review/documents/extractor.ts': ['dist/review/documents/extraction-process.js'],
  'packages/clause-extraction/src/clause-classifier.ts': ['packages/clause-extraction/dist/classifiers'],
  'packages/clause-extraction/src/judgement/model.ts': ['packages/clause-extraction/dist/judgement/judgement.json'],
  'packages/clause-extraction/src/judgement/tos.ts': ['packages/clause-extraction/dist/judgement/tos.json'],
};

describe('deployment files', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      {
        build?: unknown;
        image?: string;
        command?: string[];
        environment?: Record<string, string>;
        volumes?: string[];
        depends_on?: Record<string, { condition: string }>;
        healthcheck?: { test?: string[]; disable?: boolean };
      }
    >;
  };
  const source = sourceText();
  const placeholder = (value: string) => value.replace(/\$\{[A-Z_]+:\?[^}]*\}/g, 'x'.repeat(40));
  const appServices = Object.entries(compose.services).filter(([, service]) => service.build);

  it('has a migrate job, two gateways and two workers running built CLI commands, with Redis, TimescaleDB, the collector and Jaeger', () => {
    const roles = appServices.map(([, service]) => checkCommand(service.command!).role).sort();
    expect(roles).toEqual(['gateway', 'gateway', 'migrate', 'worker', 'worker']);
    expect(compose.services.postgres!).toMatchObject({ image: expect.stringMatching(/^timescale\/timescaledb:/) });
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['redis', 'collector', 'jaeger']));
  });

  it('starts services when what they need is healthy: PostgreSQL and Redis checked, the migrate job done before any app process', () => {
    for (const name of ['postgres', 'redis']) expect(compose.services[name]!.healthcheck?.test, name).toBeDefined();
    for (const [name, service] of appServices) {
      const role = checkCommand(service.command!).role;
      expect(service.depends_on?.postgres, name).toEqual({ condition: 'service_healthy' });
      if (role === 'migrate') continue;
      expect(service.depends_on?.redis, name).toEqual({ condition: 'service_healthy' });
      expect(service.depends_on?.migrate, name).toEqual({ condition: 'service_completed_successfully' });
      expect(service.environment?.SUANNI_MIGRATE_ON_START, name).toBe('false');
      // Gateways keep the image's HEALTHCHECK (/ready); a worker serves no HTTP, so it is off there.
      expect(service.healthcheck?.disable ?? false, name).toBe(role === 'worker');
    }
  });

  it('sets only variables the app reads, with values its configuration accepts', () => {
    for (const [name, service] of appServices) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, placeholder(String(value))]),
      );
      for (const key of Object.keys(environment)) expect(source, `${name}: ${key}`).toContain(key);
      const config = loadConfig(environment);
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\//);
      if (checkCommand(service.command!).role === 'migrate') continue;
      expect(config.redisUrl, name).toBe('redis://redis:6379');
      expect(config.telemetry.otlpEndpoint, name).toBe('http://collector:4318');
    }
  });

  it('builds in one stage and runs the build in a slim one: non-root, a /ready health check, production dependencies only', () => {
    const stages = dockerStages();
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
    const [build, runtime] = stages as [(typeof stages)[0], (typeof stages)[0]];
    expect(build.lines).toEqual(expect.arrayContaining([expect.stringMatching(/^RUN npm ci\b/)]));
    expect(build.lines.join('\n')).toMatch(/^RUN npm run build && npm prune --omit=dev\b/m);
    for (const [, from] of build.lines.join('\n').matchAll(/^COPY (?!--from)(\S+)/gm))
      expect(existsSync(path.join(projectDir, from!)), from).toBe(true);
    for (const line of runtime.lines.filter((line) => line.startsWith('COPY '))) expect(line).toMatch(/^COPY --from=build /);
    expect(runtime.lines).toContain('ENV NODE_ENV=production');
    expect(runtime.lines.find((line) => line.startsWith('USER '))).toMatch(/^USER (?!root\b)\S+$/);
    const health = runtime.lines.find((line) => line.startsWith('HEALTHCHECK '))!;
    expect(health).toContain('/ready');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime.lines.join('\n'))![1]!) as string[];
    expect(checkCommand(cmd).role).toBe('all');
    for (const [, key] of read('Dockerfile').matchAll(/^ENV ([A-Z_]+)=/gm)) expect(source).toContain(key);
  });

  it('the image holds every file the app reads at run time', () => {
    const image = runtimeFiles();
    const locating = [...runtimeSources('src'), ...runtimeSources('packages/clause-extraction/src')].filter((file) =>
      readFileSync(path.join(projectDir, file), 'utf8').includes('import.meta.url'),
    );
    expect(locating.sort()).toEqual(Object.keys(READ_AT_RUN_TIME).sort());
    const needed = [
      'dist/main.js',
      'node_modules',
      'schema.graphql',
      'packages/clause-extraction/package.json',
      ...Object.values(READ_AT_RUN_TIME).flat(),
    ];
    for (const file of needed) expect(covered(image, file), `${file} is not copied into the runtime stage`).toBe(true);
    // What dist/ must hold is built from a source (scripts/build.mjs keeps the layout).
    for (const file of needed.filter((name) => name.startsWith('dist/')))
      expect(existsSync(path.join(projectDir, file.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'))), file).toBe(true);
  });

  it('needs no dev dependency at run time: every package the server imports is a production dependency', () => {
    const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const packageOf = (specifier: string) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    const imported = new Set<string>();
    for (const file of runtimeSources('src')) {
      const text = readFileSync(path.join(projectDir, file), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:^import(?!\s+type\b)[^'"]*?from\s+|\bimport\()\s*'([^'.][^']*)'/gm))
        if (!builtins.has(specifier!) && !builtins.has(specifier!.split('/')[0]!)) imported.add(packageOf(specifier!));
    }
    const missing = [...imported].filter((name) => !(name in manifest.dependencies)).sort();
    expect(missing).toEqual([]);
  });

  it('names files that exist', () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const [from] = volume.split(':');
        if (from!.startsWith('.')) expect(existsSync(path.join(projectDir, 'deploy', from!)), volume).toBe(true);
      }
    }
  });
});
