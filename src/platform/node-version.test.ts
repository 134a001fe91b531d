import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDir } from '../config.js';
import { MINIMUM_NODE_VERSION, unsupportedNodeReason } from './node-version.js';

describe('unsupportedNodeReason', () => {
  it.each(['20.19.0', 'v20.19.0', '20.19.1', '20.20.2', '21.0.0', '22.0.0', '22.12.0', '24.0.0', '24.11.1'])(
    'accepts Node %s',
    (version) => {
      expect(unsupportedNodeReason(version)).toBeNull();
    },
  );

  it.each([
    ['18.20.0', '18.20.0'],
    ['v18.20.8', '18.20.8'],
    ['20.18.9', '20.18.9'],
    ['20.0.0', '20.0.0'],
    ['19.99.99', '19.99.99'],
    ['16.20.2', '16.20.2'],
  ])('refuses Node %s with a message naming both versions', (version, shown) => {
    expect(unsupportedNodeReason(version)).toBe(
      `Suanni needs Node 20.19.0 or newer (Node 22 LTS recommended); this is Node ${shown}. Install a newer Node and run the command again.`,
    );
  });

  it('compares every part numerically against the given minimum', () => {
    expect(unsupportedNodeReason('22.11.9', '22.12.0')).not.toBeNull();
    expect(unsupportedNodeReason('22.12.0', '22.12.0')).toBeNull();
    expect(unsupportedNodeReason('22.12.1', '22.12.0')).toBeNull();
    expect(unsupportedNodeReason('22.9.0', '22.10.0')).not.toBeNull();
    expect(unsupportedNodeReason('23.0.0', '22.12.0')).toBeNull();
  });

  it('refuses what is not a version rather than guessing', () => {
    expect(unsupportedNodeReason('nightly')).toMatch(/^Suanni needs Node 20\.19\.0 or newer/);
  });

  it('matches package.json engines', () => {
    const engines = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')).engines.node as string;
    expect(`>=${MINIMUM_NODE_VERSION}`.replace(/\.0$/, '')).toBe(engines);
  });
});
