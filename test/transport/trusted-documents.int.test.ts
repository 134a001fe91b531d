import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient, GatewayError } from '../../src/client/gateway.js';
import { REVIEW_PROGRESS, REVIEW_RESULT } from '../../src/client/operations.js';
import { schema } from '../../src/graphql/schema.js';
import { CONSOLE_MANIFEST, loadTrustedDocuments } from '../../src/transport/trusted-documents.js';
import { startTestApp, type GraphQLResponse, type TestApp } from '../testkit/app.js';

const BIN = path.join(import.meta.dirname, '..', '..', 'bin', 'suanni.mjs');

const ME = 'query TrustedMe { me { subject } }';
const HEARTBEAT = 'subscription TrustedHeartbeat { heartbeat }';
/** Not in any manifest. */
const ARBITRARY = '{ me { subject roles } }';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let folder: string;
let manifestFile: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'suanni-trusted-'));
  manifestFile = path.join(folder, 'persisted-documents.json');
  // graphql-codegen's client preset format: `sha256:`-prefixed keys; bare hex works too.
  await writeFile(manifestFile, JSON.stringify({ [`sha256:${sha256(ME)}`]: ME, [sha256(HEARTBEAT)]: HEARTBEAT }));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** POSTs a raw GraphQL-over-HTTP body (the testkit's `gql` always sends a query). */
async function post(app: TestApp, body: Record<string, unknown>, token: string): Promise<GraphQLResponse> {
  const response = await fetch(app.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, ...((await response.json()) as object) };
}

const byDocumentId = (text: string, prefix = 'sha256:') => ({ documentId: `${prefix}${sha256(text)}` });
const byExtension = (text: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: sha256(text) } } });

/** The first result or error of a graphql-ws operation (payload as sent: may carry a documentId). */
function first(client: Client, payload: Record<string, unknown>) {
  return new Promise<{ data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] }>((resolve) => {
    const dispose = client.subscribe(payload as never, {
      next: (result) => {
        dispose();
        resolve(result as never);
      },
      error: (error) => resolve({ errors: error as never }),
      complete: () => {},
    });
  });
}

describe('SUANNI_TRUSTED_DOCUMENTS=enforce', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_TRUSTED_DOCUMENTS: 'enforce', SUANNI_TRUSTED_DOCUMENTS_MANIFEST: manifestFile } });
    token = await app.token('alice');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('runs a manifest operation over HTTP by documentId (prefixed or bare) and by the persisted-query extension', async () => {
    for (const body of [byDocumentId(ME), byDocumentId(ME, ''), byExtension(ME)]) {
      const result = await post(app, body, token);
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ me: { subject: 'alice' } });
    }
    const get = await fetch(`${app.url}?documentId=sha256:${sha256(ME)}`, {
      headers: { accept: 'application/graphql-response+json', authorization: `Bearer ${token}`, 'x-graphql-yoga-csrf': 'test' },
    });
    expect(await get.json()).toEqual({ data: { me: { subject: 'alice' } } });
  });

  it('refuses an arbitrary document with PERSISTED_QUERY_ONLY, also when it comes with a known id', async () => {
    for (const body of [{ query: ARBITRARY }, { query: ARBITRARY, ...byDocumentId(ME) }, { query: ME }]) {
      const result = await post(app, body, token);
      expect(result.data).toBeUndefined();
      expect(result.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_ONLY']);
      expect(result.errors?.[0]?.message).toMatch(/trusted documents only/);
      expect(result.status).toBe(400);
    }
  });

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND and a request with neither with BAD_USER_INPUT', async () => {
    const unknown = await post(app, byDocumentId(ARBITRARY), token);
    expect(unknown.data).toBeUndefined();
    expect(unknown.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
    expect(unknown.status).toBe(400);
    const malformed = await post(app, { documentId: 'sha256:not-a-hash' }, token);
    expect(malformed.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
    const neither = await post(app, { variables: {} }, token);
    expect(neither.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_USER_INPUT']);
  });

  it('runs a manifest subscription over graphql-ws by documentId and by the extension, refuses arbitrary text, and the socket stays usable', async () => {
    const client = app.ws({ authorization: `Bearer ${token}` });
    const refused = await first(client, { query: ARBITRARY });
    expect(refused.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_ONLY']);
    const unknown = await first(client, { query: '', ...byDocumentId(ARBITRARY) });
    expect(unknown.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
    for (const payload of [
      { query: '', ...byDocumentId(HEARTBEAT) },
      { query: '', ...byExtension(HEARTBEAT) },
    ]) {
      const result = await first(client, payload);
      expect(result.errors).toBeUndefined();
      expect(new Date((result.data as { heartbeat: string }).heartbeat).getTime()).not.toBeNaN();
    }
    // Over graphql-ws, too, a query or mutation from the manifest runs.
    const me = await first(client, { query: '', ...byDocumentId(ME) });
    expect(me).toEqual({ data: { me: { subject: 'alice' } } });
  });

  it("trusts the product's own clients: the CLI's operations over HTTP and graphql-ws, and the console's", async () => {
    const cli = new GatewayClient(app.url, token);
    try {
      // Had the CLI sent the text, enforce would refuse it with PERSISTED_QUERY_ONLY; it ran, and found nothing.
      const missing = await cli.request(REVIEW_RESULT, { id: randomUUID() }).catch((error: unknown) => error);
      expect(missing instanceof GatewayError ? missing.code : missing).not.toMatch(/^PERSISTED_QUERY/);
      const events = cli.subscribe(REVIEW_PROGRESS, { reviewId: randomUUID() });
      const progress = await events.next().catch((error: unknown) => error);
      expect(progress).toBeInstanceOf(GatewayError);
      expect((progress as GatewayError).code).not.toMatch(/^PERSISTED_QUERY|NETWORK/);
    } finally {
      await cli.close();
    }
    // The console's manifest, written by its build (graphql-codegen's persisted documents).
    expect(existsSync(CONSOLE_MANIFEST)).toBe(true);
    const consoleManifest = JSON.parse(readFileSync(CONSOLE_MANIFEST, 'utf8')) as Record<string, string>;
    const [consoleMe] = Object.entries(consoleManifest).find(([, text]) => text.startsWith('query ConsoleMe ')) ?? [];
    const result = await post(app, { documentId: consoleMe }, token);
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({ me: { subject: 'alice', tenant: { key: app.tenant } } });
  });
});

describe('SUANNI_TRUSTED_DOCUMENTS=allow (the default)', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_TRUSTED_DOCUMENTS_MANIFEST: manifestFile } });
    token = await app.token('bob');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('is the default', () => {
    expect(app.deps.config.trustedDocuments.mode).toBe('allow');
  });

  it('runs manifest operations by hash and arbitrary documents by text, over HTTP and graphql-ws', async () => {
    expect((await post(app, byDocumentId(ME), token)).data).toEqual({ me: { subject: 'bob' } });
    expect((await post(app, byExtension(ME), token)).data).toEqual({ me: { subject: 'bob' } });
    expect((await post(app, { query: ARBITRARY }, token)).data).toEqual({ me: { subject: 'bob', roles: ['USER'] } });
    const unknown = await post(app, byDocumentId(ARBITRARY), token);
    expect(unknown.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);

    const client = app.ws({ authorization: `Bearer ${token}` });
    expect(await first(client, { query: ARBITRARY })).toEqual({ data: { me: { subject: 'bob', roles: ['USER'] } } });
    expect(await first(client, { query: '', ...byDocumentId(ME) })).toEqual({ data: { me: { subject: 'bob' } } });
    const unknownWs = await first(client, { query: '', ...byDocumentId(ARBITRARY) });
    expect(unknownWs.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
  });
});

describe('SUANNI_TRUSTED_DOCUMENTS=off', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_TRUSTED_DOCUMENTS: 'off', SUANNI_TRUSTED_DOCUMENTS_MANIFEST: manifestFile } });
    token = await app.token('carol');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('ignores a documentId: the text runs, and an id alone finds nothing (HTTP and graphql-ws)', async () => {
    // The id names the ME document; the text is another: the text is what runs.
    expect((await post(app, { query: ARBITRARY, ...byDocumentId(ME) }, token)).data).toEqual({ me: { subject: 'carol', roles: ['USER'] } });
    const alone = await post(app, byDocumentId(ME), token);
    expect(alone.data).toBeUndefined();
    expect(alone.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);

    const client = app.ws({ authorization: `Bearer ${token}` });
    expect(await first(client, { query: ARBITRARY, ...byDocumentId(ME) })).toEqual({ data: { me: { subject: 'carol', roles: ['USER'] } } });
    const aloneWs = await first(client, { query: '', ...byDocumentId(ME) });
    expect(aloneWs.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
  });

  it('the CLI client falls back to sending text when the gateway does not know its documents', async () => {
    const cli = new GatewayClient(app.url, token);
    try {
      const missing = await cli.request(REVIEW_RESULT, { id: randomUUID() }).catch((error: unknown) => error);
      expect(missing instanceof GatewayError ? missing.code : missing).not.toMatch(/^PERSISTED_QUERY/);
      const progress = await cli
        .subscribe(REVIEW_PROGRESS, { reviewId: randomUUID() })
        .next()
        .catch((error: unknown) => error);
      expect((progress as GatewayError).code).not.toMatch(/^PERSISTED_QUERY|NETWORK/);
    } finally {
      await cli.close();
    }
  });
});

describe('a manifest that cannot be trusted', () => {
  const write = async (name: string, content: string) => {
    const file = path.join(folder, name);
    await writeFile(file, content);
    return file;
  };

  it('fails the start with a configuration error that names the file and each problem', async () => {
    const wrongHash = await write('wrong-hash.json', JSON.stringify({ [sha256(ARBITRARY)]: ME }));
    const notJson = await write('not-json.json', '{ "a": ');
    const options = (file: string) => ({ mode: 'enforce' as const, manifests: [file] });
    expect(() => loadTrustedDocuments(options(wrongHash), schema)).toThrow(
      `trusted documents manifest ${wrongHash} is invalid:\n  ${sha256(ARBITRARY)}: hash does not match the document, which hashes to ${sha256(ME)}`,
    );
    expect(() => loadTrustedDocuments(options(notJson), schema)).toThrow(new RegExp(`^trusted documents manifest ${notJson}: .*JSON`));
    expect(() => loadTrustedDocuments(options(path.join(folder, 'missing.json')), schema)).toThrow(/ENOENT/);
    // `off` reads no manifest at all.
    expect(loadTrustedDocuments({ mode: 'off', manifests: [notJson] }, schema).documents.size).toBe(0);
  });

  it('`suanni start` exits 1 with that error before it opens a database', { timeout: 120_000 }, async () => {
    const invalid = await write('invalid-operation.json', JSON.stringify({ [sha256('{ nope }')]: '{ nope }' }));
    const { code, stderr } = await run(['start'], {
      SUANNI_TRUSTED_DOCUMENTS: 'enforce',
      SUANNI_TRUSTED_DOCUMENTS_MANIFEST: invalid,
      SUANNI_DATA_DIR: path.join(folder, 'data'),
      DATABASE_URL: '',
      PORT: '0',
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`trusted documents manifest ${invalid} is invalid:`);
    expect(stderr).toContain('invalid against the schema: Cannot query field "nope" on type "Query".');
    expect(existsSync(path.join(folder, 'data'))).toBe(false);
  });

  it('`suanni manifest:check` lists a wrong hash and an invalid operation, and exits 1', { timeout: 120_000 }, async () => {
    const good = await write('good.json', JSON.stringify({ [`sha256:${sha256(ME)}`]: ME }));
    const bad = await write(
      'bad.json',
      JSON.stringify({
        [`sha256:${sha256(ARBITRARY)}`]: ME,
        [sha256('query Nope { me { nope } }')]: 'query Nope { me { nope } }',
        [sha256('query {')]: 'query {',
        'not-a-hash': ME,
        [sha256(HEARTBEAT)]: HEARTBEAT,
      }),
    );
    const { code, stdout } = await run(['manifest:check', good, bad]);
    expect(code).toBe(1);
    expect(stdout.trim().split('\n')).toEqual([
      `${good}: 1 document, all valid`,
      `${bad}: 4 problems`,
      `  sha256:${sha256(ARBITRARY)}: hash does not match the document, which hashes to ${sha256(ME)}`,
      `  ${sha256('query Nope { me { nope } }')}: invalid against the schema: Cannot query field "nope" on type "User".`,
      `  ${sha256('query {')}: does not parse: Syntax Error: Expected Name, found <EOF>.`,
      '  not-a-hash: not a SHA-256 hash (64 lower-case hex digits, optionally prefixed sha256:)',
    ]);
  });
});

/** Runs the real `suanni` binary; resolves with its exit code and output. */
function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, timeout: 110_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
