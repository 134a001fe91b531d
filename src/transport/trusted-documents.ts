import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { type GraphQLSchema, parse, validate } from 'graphql';
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import { CLI_OPERATIONS } from '../client/operations.js';

/**
 * `off`: no documents are known, every operation is sent as text; `allow`: a known document runs
 * by its hash and any other document runs as text; `enforce`: only known documents run, by hash.
 */
export type TrustedDocumentsMode = 'off' | 'allow' | 'enforce';

/** Where the console's build leaves the manifest graphql-codegen wrote for it (scripts/build-console.mjs). */
export const CONSOLE_MANIFEST = fileURLToPath(new URL('../../console/dist/persisted-documents.json', import.meta.url));

const SHA256_ID = /^(?:sha256:)?([0-9a-f]{64})$/;

/** The hash a document is known by: lower-case hex SHA-256 of its exact text. */
export function documentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A manifest's documents by hash, and everything wrong with it (empty when it can be trusted). */
export interface ManifestCheck {
  documents: Map<string, string>;
  problems: string[];
}

/**
 * Checks a manifest in graphql-codegen's `persisted-documents.json` format (`{ "<hash>": "<document>" }`,
 * the hash bare hex or `sha256:`-prefixed): every key is the SHA-256 of its document, and every
 * document parses and is valid against the schema.
 */
export function checkManifest(manifest: unknown, schema: GraphQLSchema): ManifestCheck {
  const documents = new Map<string, string>();
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest))
    return { documents, problems: ['the manifest must be a JSON object of "<sha256 hash>": "<document>"'] };
  const problems: string[] = [];
  for (const [key, document] of Object.entries(manifest)) {
    if (typeof document !== 'string') {
      problems.push(`${key}: the document must be a string`);
      continue;
    }
    const hash = SHA256_ID.exec(key)?.[1];
    if (!hash) {
      problems.push(`${key}: not a SHA-256 hash (64 lower-case hex digits, optionally prefixed sha256:)`);
      continue;
    }
    const actual = documentHash(document);
    if (actual !== hash) {
      problems.push(`${key}: hash does not match the document, which hashes to ${actual}`);
      continue;
    }
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(document);
    } catch (error) {
      problems.push(`${key}: does not parse: ${(error as Error).message}`);
      continue;
    }
    const invalid = validate(schema, parsed);
    if (invalid.length > 0) {
      problems.push(...invalid.map((error) => `${key}: invalid against the schema: ${error.message}`));
      continue;
    }
    documents.set(hash, document);
  }
  return { documents, problems };
}

/** Reads and checks one manifest file; throws one error that lists every problem. */
export function loadManifest(file: string, schema: GraphQLSchema): Map<string, string> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`trusted documents manifest ${file}: ${(error as Error).message}`);
  }
  const { documents, problems } = checkManifest(manifest, schema);
  if (problems.length > 0) throw new Error(`trusted documents manifest ${file} is invalid:\n  ${problems.join('\n  ')}`);
  return documents;
}

/**
 * The documents the product's own clients send: the CLI's operations and, when the console is
 * built, the console's manifest. They are trusted in `allow` and `enforce` alike, so both clients
 * work under `enforce` without an operator listing them.
 */
export function builtInDocuments(schema: GraphQLSchema): Map<string, string> {
  const documents = new Map(CLI_OPERATIONS.map((text) => [documentHash(text), text]));
  if (existsSync(CONSOLE_MANIFEST)) for (const [hash, text] of loadManifest(CONSOLE_MANIFEST, schema)) documents.set(hash, text);
  return documents;
}

type ParamsWithDocumentId = GraphQLParams & { documentId?: unknown };

/** The document id of a request: `documentId` (GraphQL over HTTP persisted documents) or Apollo's `persistedQuery` extension. */
function documentIdOf(params: ParamsWithDocumentId, request: Request): string | null {
  let id = params.documentId;
  // Yoga's GET parser keeps only the standard parameters.
  if (id == null && request.method === 'GET') id = new URL(request.url).searchParams.get('documentId');
  if (typeof id === 'string') return id;
  const persisted = (params.extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | undefined)?.persistedQuery;
  return persisted?.version === 1 && typeof persisted.sha256Hash === 'string' ? persisted.sha256Hash : null;
}

/** Request errors of this module, one code each (documented in docs/security.md, "Trusted documents"); nothing ran: HTTP 400. */
function refusal(code: string, message: string) {
  return () => createGraphQLError(message, { extensions: { code, http: { status: 400 } } });
}

/**
 * Trusted documents at the edge: Yoga's persisted-operations plugin over HTTP, and the same
 * plugin's decision for graphql-ws operations, which reach the envelop plugins without Yoga's
 * request pipeline (`resolveSocketOperation`).
 */
export class TrustedDocuments {
  readonly plugin: Plugin;
  private readonly socketRequest = new Request('http://localhost/graphql', { method: 'POST' });

  constructor(
    readonly mode: TrustedDocumentsMode,
    readonly documents: ReadonlyMap<string, string>,
  ) {
    this.plugin = usePersistedOperations({
      allowArbitraryOperations: mode !== 'enforce',
      extractPersistedOperationId: (params, request) => documentIdOf(params, request),
      getPersistedOperation: (id) => {
        const hash = SHA256_ID.exec(id)?.[1];
        return (hash && documents.get(hash)) || null;
      },
      customErrors: {
        persistedQueryOnly: refusal(
          'PERSISTED_QUERY_ONLY',
          'This gateway runs trusted documents only: send the operation by its hash (documentId, or extensions.persistedQuery.sha256Hash), not its text.',
        ),
        notFound: refusal(
          'PERSISTED_QUERY_NOT_FOUND',
          mode === 'off'
            ? 'Trusted documents are off on this gateway: send the operation as text (query).'
            : 'No trusted document has this hash: send the operation as text, or add it to the manifest.',
        ),
        keyNotFound: refusal(
          'BAD_USER_INPUT',
          mode === 'enforce' ? 'Send an operation by its hash (documentId).' : 'Send an operation: query, or documentId.',
        ),
      },
    });
  }

  /**
   * The operation a graphql-ws `subscribe` message stands for, under the same rule as HTTP. The
   * protocol requires `query` to be a string: an empty one with a documentId (or the extension)
   * asks for a trusted document. Throws the same GraphQL errors as over HTTP.
   */
  resolveSocketOperation<P extends { query?: string | null }>(params: P): P {
    let resolved: P = params;
    // Synchronous: the documents are in memory, so the plugin decides before it returns.
    void this.plugin.onParams?.({
      params,
      request: this.socketRequest,
      context: {},
      setParams: (next: GraphQLParams) => {
        resolved = { ...params, ...next };
      },
      // Cast: the plugin's payload also types Yoga's fetch API and params handler, which onParams does not read here.
    } as never);
    return resolved;
  }
}

/** The gateway's trusted documents: none when off, else the built-in clients' and the manifests'. */
export function loadTrustedDocuments(
  options: { mode: TrustedDocumentsMode; manifests: readonly string[] },
  schema: GraphQLSchema,
): TrustedDocuments {
  if (options.mode === 'off') return new TrustedDocuments('off', new Map());
  const documents = builtInDocuments(schema);
  for (const file of options.manifests) for (const [hash, text] of loadManifest(file, schema)) documents.set(hash, text);
  return new TrustedDocuments(options.mode, documents);
}
