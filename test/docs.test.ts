import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

/**
 * The documentation keeps up with the code: every environment variable `src/` reads is in
 * docs/operations.md, and every relative link of the README, the changelog and docs/ leads to a
 * file (and, for `#anchor`, to a heading) that exists. Reads files only; no database.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^(?:PORT|HOST)$/;

function runtimeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : runtimeFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every key `loadConfig` looks up in the environment it is given (both zod schemas, computed names too). */
function variablesReadByConfig(): Set<string> {
  const read = new Set<string>();
  const environment = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get: (_target, key) => {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
    },
  );
  loadConfig(environment);
  return new Set([...read].filter((name) => ENV_NAME.test(name)));
}

/**
 * Variables read anywhere in `src/` by name: `process.env.X`, `env.X`, `environment['X']`; and in a
 * module that reads `env[someName]`, the variable names it lists as string literals.
 */
function variablesReadBySource(): Map<string, string> {
  const found = new Map<string, string>();
  const direct = /\b(?:process\.env|env|environment)(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g;
  for (const file of runtimeFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const where = path.relative(ROOT, file);
    for (const match of text.matchAll(direct)) found.set((match[1] ?? match[2])!, where);
    if (/\b(?:process\.env|env|environment)\[\s*[a-z]/.test(text))
      for (const match of text.matchAll(/['"]([A-Z][A-Z0-9_]*)['"]/g)) if (ENV_NAME.test(match[1]!)) found.set(match[1]!, where);
  }
  return found;
}

/** `A_{X,Y}_B` → `A_X_B`, `A_Y_B` (one level of braces, repeated). */
function expandBraces(name: string): string[] {
  const match = /\{([^{}]*)\}/.exec(name);
  if (!match) return [name];
  return match[1]!
    .split(',')
    .flatMap((choice) => expandBraces(name.slice(0, match.index) + choice.trim() + name.slice(match.index + match[0].length)));
}

/** Names in the first cell of the table rows of a page: a variable counts as documented only with its meaning beside it. */
function documentedVariables(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    const row = /^\s*\|([^|]*)\|/.exec(line);
    if (!row) continue;
    for (const span of row[1]!.matchAll(/`([^`]+)`/g))
      for (const name of expandBraces(span[1]!)) if (ENV_NAME.test(name.trim())) names.add(name.trim());
  }
  return names;
}

/** Markdown without fenced code blocks and inline code spans, so that examples are not read as links or headings. */
function prose(markdown: string): string {
  return markdown.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\s*\2[^\n]*$/gm, '').replace(/`+[^`\n]*`+/g, '');
}

/** GitHub's heading anchors (github-slugger over the heading's text), with `-1`, `-2` for repeats; and explicit `<a id>`s. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\s*\2[^\n]*$/gm, '');
  for (const line of withoutFences.split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const text = heading[1]!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
      const base = text
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const html of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(html[1]!);
  }
  return anchors;
}

/** Problems with the relative links of one markdown file: a target outside `root`, missing, or a missing heading. */
function brokenLinks(root: string, file: string): string[] {
  const text = prose(readFileSync(file, 'utf8'));
  const targets = [
    ...[...text.matchAll(/!?\[(?:[^\]]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!),
  ];
  const problems: string[] = [];
  const where = path.relative(root, file);
  for (const target of targets) {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) continue; // absolute: https:, mailto:, ...
    const [pathPart = '', anchor] = target.split('#', 2);
    const resolved = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
    const inside = path.relative(root, resolved);
    if (inside.startsWith('..') || path.isAbsolute(inside)) problems.push(`${where}: ${target} leaves the repository`);
    else if (!existsSync(resolved)) problems.push(`${where}: ${target} does not exist`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor)))
      problems.push(`${where}: ${target} names no heading of ${path.relative(root, resolved)}`);
  }
  return problems;
}

const DOC_FILES = [
  path.join(ROOT, 'README.md'),
  path.join(ROOT, 'CHANGELOG.md'),
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(ROOT, 'docs', name)),
];

describe('documentation', () => {
  const fromConfig = variablesReadByConfig();
  const fromSource = variablesReadBySource();

  it('finds the variables the code reads (the check cannot pass on an empty set)', () => {
    for (const name of ['DATABASE_URL', 'SUANNI_RATE_LIMIT_MODEL_PER_TENANT_CEILING', 'DEEPSEEK_API_KEY', 'OTEL_SERVICE_NAME'])
      expect(fromConfig).toContain(name);
    for (const name of ['LOG_LEVEL', 'SUANNI_TOKEN', 'SUANNI_URL', 'LANGSMITH_TRACING']) expect([...fromSource.keys()]).toContain(name);
  });

  it('documents in docs/operations.md every environment variable src/ reads', () => {
    const documented = documentedVariables(readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8'));
    const missing = [
      ...[...fromConfig].filter((name) => !documented.has(name)).map((name) => `${name} (src/config.ts)`),
      ...[...fromSource].filter(([name]) => !documented.has(name) && !fromConfig.has(name)).map(([name, file]) => `${name} (${file})`),
    ];
    expect(missing).toEqual([]);
  });

  it('has no broken relative links in README.md, CHANGELOG.md and docs/', () => {
    expect(DOC_FILES.length).toBeGreaterThan(5);
    expect(DOC_FILES.flatMap((file) => brokenLinks(ROOT, file))).toEqual([]);
  });

  it('reports a missing file, a missing heading and a link out of the repository', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'suanni-docs-'));
    try {
      mkdirSync(path.join(root, 'docs'));
      writeFileSync(path.join(root, 'docs/a.md'), '# Page A\n\n## Running `more` than one (process)\n\n## Twice\n\n## Twice\n');
      writeFileSync(
        path.join(root, 'README.md'),
        [
          '[ok](docs/a.md) [ok](docs/a.md#running-more-than-one-process) [ok](docs/a.md#twice-1) [ok](#top)',
          '<a id="top"></a> [web](https://example.com) `[code](nowhere.md)`',
          '```',
          '[fenced](nowhere.md)',
          '```',
          '[gone](docs/b.md) [no heading](docs/a.md#running) [out](../outside.md)',
          '[ref]: docs/missing.md',
        ].join('\n'),
      );
      expect(brokenLinks(root, path.join(root, 'README.md'))).toEqual([
        'README.md: docs/b.md does not exist',
        'README.md: docs/a.md#running names no heading of docs/a.md',
        'README.md: ../outside.md leaves the repository',
        'README.md: docs/missing.md does not exist',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads documented variables from the first column of tables, braces expanded', () => {
    const documented = documentedVariables(
      ['| variable | meaning |', '| --- | --- |', '| `A_{X,Y}_B` / `PORT` | `NOT_THIS_ONE` |', 'Prose `PROSE_ONLY`.'].join('\n'),
    );
    expect([...documented].sort()).toEqual(['A_X_B', 'A_Y_B', 'PORT']);
  });
});
