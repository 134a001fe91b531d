import { request as httpRequest } from 'node:http';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testkit/app.js';

const origin = (app: TestApp) => new URL(app.url).origin;
const page = (url: string) => fetch(url, { headers: { accept: 'text/html' } });

/**
 * What the markup loads: src and href of tags, and url() in styles. Inline script bodies are left
 * out: GraphiQL's bundle is inlined and holds markup-like strings of its own (`<img src="${x}">`).
 */
function references(html: string): string[] {
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1</script>');
  const attributes = [...markup.matchAll(/<[a-z]+\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']*)["']/gi)].map((match) => match[1]!);
  const styles = [...markup.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/gi)].map((match) => match[1]!);
  return [...attributes, ...styles];
}

describe('GraphiQL served by the gateway, offline', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { NODE_ENV: 'development', SUANNI_DEMO_DATA: 'false' } });
  });
  afterAll(() => app.stop());

  it('serves the page and everything it references from the gateway itself', async () => {
    const response = await page(app.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    // The GraphiQL bundle is in the page (Yoga's default page would load it from unpkg instead).
    expect(html).toContain('YogaGraphiQL.renderYogaGraphiQL');
    expect(html).not.toMatch(/unpkg\.com|jsdelivr|cdnjs/);
    const refs = references(html);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const url = new URL(ref, app.url);
      if (url.protocol === 'data:') continue;
      expect(url.origin, ref).toBe(origin(app));
      expect((await fetch(url)).status, ref).toBe(200);
    }
  });

  it('opens with a default query that says how to send the Authorization header, and the headers editor shown', async () => {
    const html = await (await page(app.url)).text();
    const options = JSON.parse(
      /renderYogaGraphiQL\(\s*window\.document\.querySelector\('#root'\),\s*(\{.*\}),\s*\);/s.exec(html)![1]!,
    ) as Record<string, string>;
    expect(options.defaultQuery).toContain('{"Authorization": "Bearer <token>"}');
    expect(options.defaultQuery).toContain('npm run -s token -- --user alice');
    expect(options.defaultEditorToolsVisibility).toBe('headers');
    expect(options.headers).toBe('{}');
  });

  it('in development lets the page pick a demo user, whose token then works', async () => {
    const html = await (await page(app.url)).text();
    expect(html).toContain('<label for="suanni-demo-as">Demo user (development)</label>');
    expect(html).toContain('<option value="carol">carol (ADMIN, COMPLIANCE)</option>');
    const asCarol = await (await page(`${app.url}?as=carol`)).text();
    const options = JSON.parse(
      /renderYogaGraphiQL\(\s*window\.document\.querySelector\('#root'\),\s*(\{.*\}),\s*\);/s.exec(asCarol)![1]!,
    ) as { headers: string };
    const token = (JSON.parse(options.headers) as { Authorization: string }).Authorization.replace(/^Bearer /, '');
    expect(decodeJwt(token)).toMatchObject({ sub: 'carol', tenant: 'acme', roles: ['ADMIN', 'COMPLIANCE'] });
    const me = await app.gql('{ me { subject roles } }', {}, { token });
    expect(me.errors).toBeUndefined();
    expect(me.data!.me).toEqual({ subject: 'carol', roles: ['ADMIN', 'COMPLIANCE'] });
    // Not a demo user: the page stays without a token.
    const asMallory = await (await page(`${app.url}?as=mallory`)).text();
    expect(asMallory).toContain('"headers":"{}"');
  });

  it('hands a demo user token as JSON at /dev/token, and refuses other subjects', async () => {
    const response = await fetch(`${origin(app)}/dev/token?user=alice`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { subject: string; tenant: string; roles: string[]; token: string };
    expect(body).toMatchObject({ subject: 'alice', tenant: 'acme', roles: ['USER'] });
    expect(decodeJwt(body.token)).toMatchObject({ sub: 'alice', tenant: 'acme' });
    const unknown = await fetch(`${origin(app)}/dev/token?user=mallory`);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
      'user must be one of the demo users: alice, bob, carol, sam.',
    );
  });

  it('refuses /dev/token and ?as= to a loopback connection that carries forwarding headers or a Host that is not loopback', async () => {
    const { port } = new URL(app.url);
    /** A GET from this machine with exactly these headers (fetch would set Host itself). */
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, path, headers: { accept: 'text/html', ...headers } }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.end();
      });
    expect((await get('/dev/token?user=carol', { host: `localhost:${port}` })).status).toBe(200);
    // What a reverse proxy on the same host adds gives away the remote caller.
    const proxied: Record<string, string>[] = [
      { host: `localhost:${port}`, 'x-forwarded-for': '203.0.113.9' },
      { host: `localhost:${port}`, forwarded: 'for=203.0.113.9;proto=https' },
      { host: `localhost:${port}`, 'x-real-ip': '203.0.113.9' },
      { host: 'suanni.example.com' },
    ];
    for (const headers of proxied) {
      expect((await get('/dev/token?user=carol', headers)).status, JSON.stringify(headers)).toBe(404);
      const asCarol = await get('/graphql?as=carol', headers);
      expect(asCarol.status).toBe(200);
      expect(asCarol.body).toContain('"headers":"{}"');
    }
  });

  it('answers / with links to GraphiQL and the console instead of a 404', async () => {
    const response = await fetch(`${origin(app)}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<a href="/graphql">GraphiQL</a>');
    expect(html).toContain('<a href="/console">Console</a>');
  });
});

describe('outside development', () => {
  it('in production: no GraphiQL, no demo tokens, / still links to the console', async () => {
    const app = await startTestApp({ env: { NODE_ENV: 'production', SUANNI_ERASURE_HASH_KEY: 'k'.repeat(32) } });
    try {
      const graphiql = await page(app.url);
      expect(await graphiql.text()).not.toContain('YogaGraphiQL');
      expect((await fetch(`${origin(app)}/dev/token?user=carol`)).status).toBe(404);
      const landing = await (await fetch(`${origin(app)}/`)).text();
      expect(landing).toContain('<a href="/console">Console</a>');
      expect(landing).not.toContain('GraphiQL');
    } finally {
      await app.stop();
    }
  });

  it('in tests and other non-development runs: GraphiQL without the demo-user picker, /dev/token is 404', async () => {
    const app = await startTestApp();
    try {
      const html = await (await page(app.url)).text();
      expect(html).toContain('YogaGraphiQL.renderYogaGraphiQL');
      expect(html).not.toContain('suanni-demo-user');
      expect((await page(`${app.url}?as=carol`)).status).toBe(200);
      expect(await (await page(`${app.url}?as=carol`)).text()).toContain('"headers":"{}"');
      expect((await fetch(`${origin(app)}/dev/token?user=carol`)).status).toBe(404);
    } finally {
      await app.stop();
    }
  });
});
