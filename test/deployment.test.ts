import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, projectDir } from '../src/config.js';

/**
 * The deployment files cannot be run here (no container engine); this keeps them consistent
 * with the code: every command is a CLI command with a valid role, every variable is one the
 * app reads and its value passes the configuration check, every file they name exists.
 */
const read = (file: string) => readFileSync(path.join(projectDir, file), 'utf8');

/** The CLI's commands, as declared in src/cli.ts. */
function cliCommands(): string[] {
  // The table may sit inside a function: its closing brace is indented like its `const`.
  const block = /const commands[^{]*\{([\s\S]*?)\n\s*\};/.exec(read('src/cli.ts'))![1]!;
  return [...block.matchAll(/^\s+'?([a-z:-]+)'?:/gm)].map((match) => match[1]!);
}

/** Every source file's text, to check that a variable name is read somewhere. */
function sourceText(dir = path.join(projectDir, 'src')): string {
  return readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((file) => !file.includes(`${path.sep}generated`))
    .map((file) => (statSync(file).isDirectory() ? sourceText(file) : file.endsWith('.ts') ? readFileSync(file, 'utf8') : ''))
    .join('\n');
}

function checkCommand(argv: string[]): { role: string } {
  expect(argv.slice(0, 4)).toEqual(['node', '--import', 'tsx', 'src/main.ts']);
  expect(existsSync(path.join(projectDir, argv[3]!))).toBe(true);
  const command = argv[4]!;
  expect(cliCommands()).toContain(command);
  const roleAt = argv.indexOf('--role');
  const role = command === 'worker' ? 'worker' : roleAt >= 0 ? argv[roleAt + 1]! : 'all';
  expect(['gateway', 'worker', 'all']).toContain(role);
  return { role };
}

describe('deployment files', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, { build?: unknown; command?: string[]; environment?: Record<string, string>; volumes?: string[] }>;
  };
  const source = sourceText();
  const placeholder = (value: string) => value.replace(/\$\{[A-Z_]+:\?[^}]*\}/g, 'x'.repeat(40));

  it('has two gateways and two workers running real CLI commands, with Redis, TimescaleDB, the collector and Jaeger', () => {
    const app = Object.entries(compose.services).filter(([, service]) => service.build);
    const roles = app.map(([, service]) => checkCommand(service.command!).role).sort();
    expect(roles).toEqual(['gateway', 'gateway', 'worker', 'worker']);
    expect(compose.services.postgres!).toMatchObject({ image: expect.stringMatching(/^timescale\/timescaledb:/) });
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['redis', 'collector', 'jaeger']));
  });

  it('sets only variables the app reads, with values its configuration accepts', () => {
    for (const [name, service] of Object.entries(compose.services).filter(([, service]) => service.build)) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, placeholder(String(value))]),
      );
      for (const key of Object.keys(environment)) expect(source, `${name}: ${key}`).toContain(key);
      const config = loadConfig(environment);
      expect(config.redisUrl, name).toBe('redis://redis:6379');
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\//);
      expect(config.telemetry.otlpEndpoint, name).toBe('http://collector:4318');
    }
  });

  it('names files that exist', () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const [from] = volume.split(':');
        if (from!.startsWith('.')) expect(existsSync(path.join(projectDir, 'deploy', from!)), volume).toBe(true);
      }
    }
    const dockerfile = read('Dockerfile');
    for (const [, from] of dockerfile.matchAll(/^COPY (\S+)/gm)) expect(existsSync(path.join(projectDir, from!)), from).toBe(true);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(checkCommand(cmd).role).toBe('all');
    for (const [, key] of dockerfile.matchAll(/^ENV ([A-Z_]+)=/gm)) expect(source).toContain(key);
  });
});
