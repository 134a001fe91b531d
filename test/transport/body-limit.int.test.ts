import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir } from '../../src/config.js';
import { startTestApp, type TestApp } from '../testkit/app.js';
import { postMultipart } from '../testkit/multipart.js';

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

/** Writes raw bytes to the server and returns everything it sends back until it closes the socket or goes quiet. */
function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let quiet: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(received);
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      // A kept-alive socket stays open after its answer: stop once nothing more arrives.
      clearTimeout(quiet);
      quiet = setTimeout(finish, 300);
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', reject);
    socket.write(request);
  });
}

// Not anchored to a line start: a pipelined answer follows the previous body, which ends without a newline.
const statusLines = (raw: string) => raw.match(/HTTP\/1\.1 \d{3}/g) ?? [];

// Yoga's own body limiter is off (it piped every body through a counting stream); these pin the
// edge it relies on instead: a Content-Length is required, and no byte past it is read as body.
describe('request bodies are bounded before Yoga reads them', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_MAX_BODY_BYTES: '70000', SUANNI_REVIEW_MAX_TEXT_BYTES: '1000' } });
    token = await app.token('alice');
  });
  afterAll(() => app.stop());

  const head = (path: string, headers: string[]) =>
    [
      `POST ${path} HTTP/1.1`,
      'Host: localhost',
      'Content-Type: application/json',
      `Authorization: Bearer ${token}`,
      ...headers,
      '',
      '',
    ].join('\r\n');
  const CREATE = JSON.stringify({ query: 'mutation { createSession(title: "raw") { id } }' });

  it('a chunked body without Content-Length is refused with 411 and runs nothing', async () => {
    const before = await app.db.session.count();
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    const raw = await rawExchange(app.url, `${head('/graphql', ['Transfer-Encoding: chunked'])}${chunk(CREATE)}0\r\n\r\n`);
    expect(statusLines(raw)).toEqual(['HTTP/1.1 411']);
    expect(raw).toContain('"reason":"MAX_BODY_SIZE"');
    expect(await app.db.session.count()).toBe(before);
  });

  it('a chunked body far over the limit is refused the same way, before it is read', async () => {
    const raw = await rawExchange(
      app.url,
      `${head('/graphql', ['Transfer-Encoding: chunked'])}${'x'.repeat(200_000).length.toString(16)}\r\n${'x'.repeat(200_000)}\r\n0\r\n\r\n`,
    );
    expect(statusLines(raw)[0]).toBe('HTTP/1.1 411');
  });

  it('Content-Length together with Transfer-Encoding (a smuggling attempt) is refused by the HTTP parser and runs nothing', async () => {
    const before = await app.db.session.count();
    const raw = await rawExchange(
      app.url,
      `${head('/graphql', [`Content-Length: ${Buffer.byteLength(CREATE)}`, 'Transfer-Encoding: chunked'])}${CREATE}`,
    );
    expect(statusLines(raw)).toEqual(['HTTP/1.1 400']);
    expect(await app.db.session.count()).toBe(before);
  });

  it('a Content-Length that is not a number is refused by the HTTP parser', async () => {
    const raw = await rawExchange(app.url, `${head('/graphql', ['Content-Length: 12abc'])}${CREATE}`);
    expect(statusLines(raw)).toEqual(['HTTP/1.1 400']);
  });

  it('bytes past Content-Length are not body: they are read as the next request', async () => {
    const declared = JSON.stringify({ query: '{ __typename }' });
    // Right behind the declared bytes, a second request of twice the limit: had the first body run on
    // past its Content-Length, its JSON would not parse and the second request would never be seen.
    const oversized = 'y'.repeat(150_000);
    const raw = await rawExchange(
      app.url,
      `${head('/graphql', [`Content-Length: ${Buffer.byteLength(declared)}`])}${declared}` +
        `${head('/graphql', [`Content-Length: ${oversized.length}`])}${oversized}`,
    );
    expect(statusLines(raw)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 413']);
    expect(raw).toContain('{"data":{"__typename":"Query"}}');
  });

  it('a body over the limit with an honest Content-Length is 413; one under it is answered', async () => {
    const padded = (size: number) => JSON.stringify({ query: `{ __typename }${' '.repeat(size)}` });
    const over = padded(71_000);
    const overRaw = await rawExchange(app.url, `${head('/graphql', [`Content-Length: ${Buffer.byteLength(over)}`])}${over}`);
    expect(statusLines(overRaw)[0]).toBe('HTTP/1.1 413');
    const under = padded(60_000);
    const underRaw = await rawExchange(app.url, `${head('/graphql', [`Content-Length: ${Buffer.byteLength(under)}`])}${under}`);
    expect(statusLines(underRaw)).toEqual(['HTTP/1.1 200']);
  });
});

describe('graphql-ws messages are held to the small body limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      env: { SUANNI_MAX_BODY_BYTES: '200000', SUANNI_MAX_SMALL_BODY_BYTES: '80000', SUANNI_REVIEW_MAX_TEXT_BYTES: '10000' },
    });
  });
  afterAll(() => app.stop());

  it('closes a socket whose message is over SUANNI_MAX_SMALL_BODY_BYTES with 1009; one under it is answered', async () => {
    expect(app.deps.config.limits).toMatchObject({ maxBodyBytes: 200_000, maxSmallBodyBytes: 80_000 });
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

describe('a large body only for an authenticated review submission', () => {
  let app: TestApp;
  let token: string;
  const SMALL = 100_000;
  const LARGE = 400_000;
  beforeAll(async () => {
    app = await startTestApp({
      env: { SUANNI_MAX_BODY_BYTES: String(LARGE), SUANNI_MAX_SMALL_BODY_BYTES: String(SMALL), SUANNI_REVIEW_MAX_TEXT_BYTES: '300000' },
    });
    token = await app.token('alice');
  });
  afterAll(() => app.stop());

  const post = (body: string, headers: Record<string, string> = {}, path = '/graphql') =>
    fetch(app.url.replace('/graphql', path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const padded = (query: string, variables: Record<string, unknown>, size: number) =>
    JSON.stringify({ query: `${query}${' '.repeat(Math.max(0, size - query.length))}`, variables });
  const batchOf = (bytes: number) =>
    JSON.stringify({
      query: BATCH,
      variables: {
        inputs: [0, 1].map((index) => ({
          contractId: `large-${index}`,
          title: 'Large',
          text: `Payment within 30 days. ${'x'.repeat(bytes / 2)}`,
        })),
      },
    });
  const refusal = async (response: Response) => {
    const error = ((await response.json()) as { errors: { message: string; extensions: unknown }[] }).errors[0]!;
    return { status: response.status, extensions: error.extensions, message: error.message };
  };

  it('refuses any body over the small limit that is not an authenticated review submission, before running it', async () => {
    const sessions = await app.db.session.count();
    const bodies: [string, string, Record<string, string>, string?][] = [
      ['anonymous', padded('{ __typename }', {}, 150_000), {}],
      ['a bad token', batchOf(150_000), { authorization: 'Bearer not-a-token' }],
      ['authenticated, not a submission', padded('{ me { id } }', {}, 150_000), { authorization: `Bearer ${token}` }],
      [
        'authenticated, a submission beside another mutation',
        padded('mutation { createSession(title: "x") { id } submitReviewBatch(inputs: []) { id } }', {}, 150_000),
        { authorization: `Bearer ${token}` },
      ],
      ['authenticated, another path', batchOf(150_000), { authorization: `Bearer ${token}` }, '/metrics'],
    ];
    for (const [what, body, headers, path] of bodies) {
      const response = await post(body, headers, path);
      expect(await refusal(response), what).toEqual({
        status: 413,
        extensions: { code: 'BAD_USER_INPUT', reason: 'MAX_BODY_SIZE' },
        message: expect.stringMatching(
          new RegExp(
            `exceeds the limit of ${SMALL} bytes; only an authenticated review submission .* up to ${LARGE} bytes.*SUANNI_MAX_SMALL_BODY_BYTES`,
          ),
        ),
      });
    }
    expect(await app.db.session.count()).toBe(sessions);
  });

  it('admits an authenticated batch or upload up to the large limit, and anything up to the small one', async () => {
    const batch = await post(batchOf(150_000), { authorization: `Bearer ${token}` });
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as { data: { submitReviewBatch: { total: number } } }).data.submitReviewBatch.total).toBe(2);
    const upload = await postMultipart(
      app.url,
      {
        query: 'mutation ($input: ReviewInput!) { submitReview(input: $input) { status } }',
        variables: { input: { contractId: 'up', title: 'Up', file: null } },
      },
      { 'variables.input.file': new File([`Payment within 30 days. ${'y'.repeat(150_000)}`], 'large.txt', { type: 'text/plain' }) },
      { token },
    );
    expect(upload.status).toBe(200);
    expect(upload.data).toEqual({ submitReview: { status: 'QUEUED' } });
    const small = await post(padded('{ __typename }', {}, 90_000));
    expect(small.status).toBe(200);
    // Over the large limit: refused naming SUANNI_MAX_BODY_BYTES, as before.
    const over = await refusal(await post(batchOf(LARGE + 10_000), { authorization: `Bearer ${token}` }));
    expect(over.status).toBe(413);
    expect(over.message).toMatch(new RegExp(`exceeds the limit of ${LARGE} bytes; the operator can raise SUANNI_MAX_BODY_BYTES`));
  });
});
