import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The package stands alone: text in, fields out. Nothing of the gateway may reach it. */
const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..');
const OWN_DEPENDENCIES = new Set(['zod', 'vitest', '@suanni/clause-extraction']);
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Imports of a file that leave the package: a relative path outside it, or a package it does not declare. */
export function importsLeavingPackage(file: string, text: string): string[] {
  const leaving: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = (match[1] ?? match[2])!;
    if (specifier.startsWith('.')) {
      const resolved = path.resolve(path.dirname(file), specifier);
      if (!resolved.startsWith(`${PACKAGE_ROOT}${path.sep}`)) leaving.push(specifier);
    } else if (!specifier.startsWith('node:')) {
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      if (!OWN_DEPENDENCIES.has(name)) leaving.push(specifier);
    }
  }
  return leaving;
}

describe('the clause-extraction package boundary', () => {
  it('imports nothing outside the package but node built-ins and its declared dependencies', () => {
    // This file's own examples below are strings, not imports.
    const files = sourceFiles(PACKAGE_ROOT).filter((file) => file !== import.meta.filename);
    const offenders = files.flatMap((file) =>
      importsLeavingPackage(file, readFileSync(file, 'utf8')).map((specifier) => `${path.relative(PACKAGE_ROOT, file)}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('flags a relative import out of the package and an undeclared package', () => {
    const file = path.join(PACKAGE_ROOT, 'src/example.ts');
    const text = [
      "import { escapeRegExp } from '../../../src/platform/regexp.js';",
      "import type { ConstraintField } from '../../src/knowledge/types.js';",
      "import { z } from 'zod';",
      "import pino from 'pino';",
      "import { readFileSync } from 'node:fs';",
      "import { splitClauses } from './clauses.js';",
      "const later = await import('../../../src/config.js');",
    ].join('\n');
    expect(importsLeavingPackage(file, text)).toEqual([
      '../../../src/platform/regexp.js',
      '../../src/knowledge/types.js',
      'pino',
      '../../../src/config.js',
    ]);
  });
});
