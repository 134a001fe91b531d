// graphql-codegen (client preset): typed documents for the console from the printed schema.
// Run by scripts/build-console.mjs before Vite; the output (src/gql/) is generated, not committed.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: '../schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'src/gql/': {
      preset: 'client',
      config: {
        // Documents as plain strings: no `graphql` runtime in the browser bundle.
        documentMode: 'string',
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTime: 'string', JSON: 'unknown', File: 'File' },
      },
      // The console's trusted documents: src/gql/persisted-documents.json (hash -> document), which
      // the gateway trusts at start, and a hash on every document, which api.ts sends as documentId.
      // SHA-256 named explicitly: the default differs between codegen lines (sha1 in some), and the gateway takes SHA-256 only.
      presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: 'sha256' } },
    },
  },
};

export default config;
