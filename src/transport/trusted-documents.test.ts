import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkManifest, documentHash, TrustedDocuments } from './trusted-documents.js';

const schema = buildSchema('type Query { hello: String }');
const HELLO = 'query Hello { hello }';
const OTHER = '{ hello }';

describe('checkManifest', () => {
  it('accepts sha256:-prefixed and bare keys, keyed by bare hex', () => {
    const { documents, problems } = checkManifest({ [`sha256:${documentHash(HELLO)}`]: HELLO, [documentHash(OTHER)]: OTHER }, schema);
    expect(problems).toEqual([]);
    expect([...documents]).toEqual([
      [documentHash(HELLO), HELLO],
      [documentHash(OTHER), OTHER],
    ]);
  });

  it('refuses what is not a map of hash to document, upper-case hex, and documents that are not strings', () => {
    for (const manifest of [null, [HELLO], 'x', 3])
      expect(checkManifest(manifest, schema).problems).toEqual(['the manifest must be a JSON object of "<sha256 hash>": "<document>"']);
    const upper = documentHash(HELLO).toUpperCase();
    expect(checkManifest({ [upper]: HELLO, [documentHash(OTHER)]: { query: OTHER } }, schema)).toEqual({
      documents: new Map(),
      problems: [
        `${upper}: not a SHA-256 hash (64 lower-case hex digits, optionally prefixed sha256:)`,
        `${documentHash(OTHER)}: the document must be a string`,
      ],
    });
  });

  it('keeps the valid documents of a manifest with problems, and lists every validation error', () => {
    const invalid = 'query Two { a b }';
    const { documents, problems } = checkManifest({ [documentHash(HELLO)]: HELLO, [documentHash(invalid)]: invalid }, schema);
    expect([...documents.keys()]).toEqual([documentHash(HELLO)]);
    expect(problems).toEqual([
      `${documentHash(invalid)}: invalid against the schema: Cannot query field "a" on type "Query".`,
      `${documentHash(invalid)}: invalid against the schema: Cannot query field "b" on type "Query".`,
    ]);
  });
});

describe('TrustedDocuments.resolveSocketOperation (graphql-ws)', () => {
  const documents = new Map([[documentHash(HELLO), HELLO]]);
  const byId = { query: '', documentId: `sha256:${documentHash(HELLO)}`, variables: { a: 1 } };
  const codeOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as { extensions?: { code?: string } }).extensions?.code;
    }
    return 'ran';
  };

  it('enforce: a known hash becomes its document (variables kept); text is refused', () => {
    const trusted = new TrustedDocuments('enforce', documents);
    expect(trusted.resolveSocketOperation(byId)).toMatchObject({ query: HELLO, variables: { a: 1 } });
    expect(
      trusted.resolveSocketOperation({ query: '', extensions: { persistedQuery: { version: 1, sha256Hash: documentHash(HELLO) } } }),
    ).toMatchObject({ query: HELLO });
    expect(codeOf(() => trusted.resolveSocketOperation({ query: OTHER }))).toBe('PERSISTED_QUERY_ONLY');
    expect(codeOf(() => trusted.resolveSocketOperation({ query: '', documentId: documentHash(OTHER) }))).toBe('PERSISTED_QUERY_NOT_FOUND');
    // An extension of another version is no id at all.
    expect(
      codeOf(() => trusted.resolveSocketOperation({ query: '', extensions: { persistedQuery: { version: 2, sha256Hash: 'x' } } })),
    ).toBe('BAD_USER_INPUT');
  });

  it('allow runs text as sent; off looks nothing up', () => {
    expect(new TrustedDocuments('allow', documents).resolveSocketOperation({ query: OTHER })).toEqual({ query: OTHER });
    const off = new TrustedDocuments('off', new Map());
    expect(off.resolveSocketOperation({ query: OTHER, documentId: byId.documentId })).toEqual({
      query: OTHER,
      documentId: byId.documentId,
    });
    expect(codeOf(() => off.resolveSocketOperation(byId))).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});
