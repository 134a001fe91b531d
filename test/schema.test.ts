import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDir } from '../src/config.js';
import { printSchemaSDL } from '../src/graphql/schema.js';

describe('schema.graphql', () => {
  it('matches the schema built from the code (run `npm run schema:print` after changing types)', async () => {
    const committed = await readFile(path.join(projectDir, 'schema.graphql'), 'utf8');
    expect(committed).toBe(printSchemaSDL());
  });
});
