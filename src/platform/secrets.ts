import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

/**
 * A secret kept in a file: read it, or generate one (32 random bytes, base64url) and write it
 * readable by its owner only. Returns whether it was generated, for the caller's log.
 */
export async function readOrCreateSecret(file: string): Promise<{ secret: string; created: boolean }> {
  try {
    return { secret: (await readFile(file, 'utf8')).trim(), created: false };
  } catch {
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
    return { secret, created: true };
  }
}
