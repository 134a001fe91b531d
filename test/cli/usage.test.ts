import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = path.join(import.meta.dirname, '..', '..', 'bin', 'suanni.mjs');

/** Runs the real `suanni` binary with no gateway and no database: usage is answered before either is needed. */
function suanni(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, SUANNI_URL: 'http://127.0.0.1:9/graphql' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('suanni usage', () => {
  it('--help, -h and help print every command on stdout and exit 0', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const { code, stdout, stderr } = await suanni([flag]);
      expect(code, stderr).toBe(0);
      for (const command of ['start', 'migrate', 'token', 'review', 'erase', 'users', 'traces'])
        expect(stdout).toContain(`suanni ${command}`);
    }
  });

  it('an unknown command is named, with the nearest known one, and exits 2', async () => {
    const { code, stdout, stderr } = await suanni(['reveiw', 'contract.pdf']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe('suanni: unknown command "reveiw". Did you mean "review"?');
    const far = await suanni(['deploy']);
    expect(far.code).toBe(2);
    expect(far.stderr.split('\n')[0]).toBe('suanni: unknown command "deploy".');
  });

  it('a server command with --help prints its usage and starts nothing', async () => {
    const { code, stdout } = await suanni(['start', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: suanni start/);
    const migrate = await suanni(['migrate', '-h']);
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toMatch(/^usage: suanni migrate/);
  });

  it('no command prints the usage on stderr and exits 2', async () => {
    const { code, stderr } = await suanni([]);
    expect(code).toBe(2);
    expect(stderr).toContain('usage: suanni <command>');
  });
});
