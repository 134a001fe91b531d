import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { satisfies } = require('semver') as { satisfies(version: string, range: string): boolean };
const lock = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
};

/**
 * Packages installed on Node 20 although they declare a newer Node: each an exact dependency of a
 * pin the project keeps (see docs/operations.md), and each exercised on Node 20 by the tests.
 */
const ACCEPTED = new Set([
  '@langchain/openai', // exactly 1.5.13 for @langchain/deepseek 1.1.13; declares node >= 22
  'openai', // ^7 for @langchain/openai 1.5.13
  '@prisma/streams-local', // the prisma CLI's (dev) local dev server, never used here
]);

describe('npm install on Node 20 (the machines’ Node, the oldest supported)', () => {
  it('installs no package that refuses Node 20.19 (an EBADENGINE warning), beyond the accepted few', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([where, entry]) => where && entry.engines?.node && !satisfies('20.19.0', entry.engines.node))
      .map(([where, entry]) => `${where.replace(/^.*node_modules\//, '')}@${entry.version} (node ${entry.engines!.node})`);
    expect(refusing.filter((name) => !ACCEPTED.has(name.replace(/@[^@]*$/, '')))).toEqual([]);
  });
});
