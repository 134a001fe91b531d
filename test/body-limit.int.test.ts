import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir } from '../src/config.js';
import { startTestApp, type TestApp } from './testkit/app.js';

const CUAD_TRAIN = path.resolve(projectDir, '../shared/data/contracts/cuad/train');
const haveCuad = existsSync(CUAD_TRAIN);
if (!haveCuad) console.log(`skipping the CUAD batch test: ${CUAD_TRAIN} is missing`);

const BATCH = 'mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id total } }';

describe('request body limit with the default configuration', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.token('alice');
  });
  afterAll(() => app.stop());

  it.skipIf(!haveCuad)('a batch of 40 real CUAD contracts (1.8 MB) passes the edge and is queued', async () => {
    const files = (await readdir(CUAD_TRAIN))
      .filter((name) => name.endsWith('.txt'))
      .sort()
      .slice(0, 40);
    const inputs = await Promise.all(
      files.map(async (name) => ({
        contractId: name.replace(/\.txt$/, ''),
        title: name,
        text: await readFile(path.join(CUAD_TRAIN, name), 'utf8'),
      })),
    );
    const body = JSON.stringify({ query: BATCH, variables: { inputs } });
    // Over the former 1 MB default, so this batch was refused with 413 before.
    expect(Buffer.byteLength(body)).toBeGreaterThan(1_000_000);
    expect(Buffer.byteLength(body)).toBeLessThan(app.deps.config.limits.maxBodyBytes);
    const response = await app.gql(BATCH, { inputs }, { token });
    expect(response.status).toBe(200);
    expect(response.errors).toBeUndefined();
    expect(response.data!.submitReviewBatch.total).toBe(40);
    expect(await app.db.review.count({ where: { batchId: response.data!.submitReviewBatch.id, status: { not: 'FAILED' } } })).toBe(40);
  });

  it('a body over the limit is 413 with a message naming SUANNI_MAX_BODY_BYTES, and nothing is stored', async () => {
    const limit = app.deps.config.limits.maxBodyBytes;
    const before = await app.db.review.count();
    const inputs = [{ contractId: 'big', title: 'big', text: 'x'.repeat(limit) }];
    const response = await fetch(app.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: BATCH, variables: { inputs } }),
    });
    expect(response.status).toBe(413);
    const error = ((await response.json()) as { errors: { message: string; extensions: unknown }[] }).errors[0]!;
    expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', reason: 'MAX_BODY_SIZE' });
    expect(error.message).toMatch(new RegExp(`exceeds the limit of ${limit} bytes.*SUANNI_MAX_BODY_BYTES`));
    expect(await app.db.review.count()).toBe(before);
  });
});

describe('graphql-ws messages share the body limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_MAX_BODY_BYTES: '80000', SUANNI_REVIEW_MAX_TEXT_BYTES: '10000' } });
  });
  afterAll(() => app.stop());

  it('closes a socket whose message is over SUANNI_MAX_BODY_BYTES with 1009; one under it is answered', async () => {
    expect(app.deps.config.limits.maxBodyBytes).toBe(80_000);
    const token = await app.token('alice');
    const run = (padding: number) =>
      new Promise<{ closed?: number; data?: unknown }>((resolve) => {
        const client = app.ws({ authorization: `Bearer ${token}` }, { onClose: (event) => resolve({ closed: event.code }) });
        client.subscribe(
          { query: 'query ($tags: [String!]) { knowledge(tags: $tags) { id } }', variables: { tags: ['x'.repeat(padding)] } },
          { next: (value) => resolve({ data: value.data }), error: () => {}, complete: () => {} },
        );
      });
    expect(await run(70_000)).toEqual({ data: { knowledge: [] } });
    expect(await run(90_000)).toEqual({ closed: 1009 });
  });
});
