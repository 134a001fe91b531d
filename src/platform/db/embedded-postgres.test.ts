import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isReachableByPostgresUser, resolveDataDir, withDatabase } from './embedded-postgres.js';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

describe('data folder choice', () => {
  const created: string[] = [];
  afterAll(() => Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('SUANNI_DATA_DIR wins', async () => {
    expect(await resolveDataDir('/somewhere/project', '/srv/suanni')).toEqual({ dir: '/srv/suanni', reason: 'SUANNI_DATA_DIR' });
  });

  it('uses <project>/.data when every parent folder is reachable', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'suanni-open-'));
    created.push(parent);
    const project = path.join(parent, 'p');
    await mkdir(project, { mode: 0o755 });
    await import('node:fs/promises').then((fs) => fs.chmod(parent, 0o755));
    expect((await resolveDataDir(project)).dir).toBe(path.join(project, '.data'));
  });

  it.runIf(asRoot)('as root, falls back to the system temp folder when a parent is private (mktemp -d)', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'suanni-private-')); // mode 700, like mktemp -d
    created.push(parent);
    const project = path.join(parent, 'p');
    await mkdir(project, { mode: 0o755 });
    expect(await isReachableByPostgresUser(path.join(project, '.data'))).toBe(false);
    const chosen = await resolveDataDir(project);
    expect(path.dirname(chosen.dir)).toBe(os.tmpdir());
    expect(chosen.reason).toMatch(/not reachable/);
    // The same project always maps to the same folder, so a second start finds its data.
    expect((await resolveDataDir(project)).dir).toBe(chosen.dir);
  });
});

describe('withDatabase', () => {
  it('replaces only the database name', () => {
    expect(withDatabase('postgresql://u:p%40ss@127.0.0.1:5432/postgres?sslmode=disable', 'suanni')).toBe(
      'postgresql://u:p%40ss@127.0.0.1:5432/suanni?sslmode=disable',
    );
  });
});
