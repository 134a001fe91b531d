import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testkit/app.js';

describe('GraphQL over HTTP audits (graphql-http serverAudits)', async () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await app.token('auditor');
  });
  afterAll(() => app.stop());

  // The audits are enumerated before the server starts; the URL and headers are read lazily.
  const audits = serverAudits({
    url: () => app.url,
    fetchFn: (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      headers.set('x-graphql-yoga-csrf', '1');
      return fetch(input, { ...init, headers });
    },
  });

  for (const audit of audits) {
    it(`${audit.id} ${audit.name}`, async () => {
      const result = await audit.fn();
      if (result.status === 'error') {
        throw new Error(`${result.reason}\n${JSON.stringify((result as { response?: unknown }).response ?? null).slice(0, 400)}`);
      }
      // SHOULD and MAY audits may warn; a MUST audit never does.
      if (audit.name.startsWith('MUST')) expect(result.status).toBe('ok');
    });
  }
});
