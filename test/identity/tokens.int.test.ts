import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, startTestApp, TEST_AUDIENCE, TEST_ISSUER, type TestApp } from '../testkit/app.js';

const ME = '{ me { id subject roles tenant { key } } }';

function sign(secret: string, claims: Record<string, unknown>, configure: (jwt: SignJWT) => SignJWT = (jwt) => jwt) {
  return configure(
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('alice')
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h'),
  ).sign(new TextEncoder().encode(secret));
}

describe('token verification (HS256)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const rejected = async (token: string | undefined, reason: RegExp, headers: Record<string, string> = {}) => {
    const response = await app.gql(ME, {}, { token, headers });
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(response.errors?.[0]?.message).toMatch(reason);
    expect(response.data ?? null).toBeNull();
  };

  it('accepts a valid token and provisions tenant and user just in time', async () => {
    const token = await app.token('alice', { roles: ['USER', 'ADMIN'] });
    const response = await app.gql(ME, {}, { token });
    expect(response.errors).toBeUndefined();
    expect(response.data?.me).toMatchObject({ subject: 'alice', roles: ['USER', 'ADMIN'], tenant: { key: app.tenant } });
    const user = await app.db.user.findFirstOrThrow({ where: { subject: 'alice', tenant: { key: app.tenant } } });
    expect(user.id).toBe(response.data?.me.id);
  });

  it('keeps one user per subject and follows role changes of the token', async () => {
    const first = await app.gql(ME, {}, { token: await app.token('dora', { roles: ['USER'] }) });
    app.deps.services.identity.forgetCachedIdentities();
    const second = await app.gql(ME, {}, { token: await app.token('dora', { roles: ['SRE'] }) });
    expect(second.data?.me.id).toBe(first.data?.me.id);
    expect(second.data?.me.roles).toEqual(['SRE']);
    expect(await app.db.user.count({ where: { subject: 'dora' } })).toBe(1);
  });

  it('provisions concurrent first requests of a new user once', async () => {
    const token = await app.token('eve');
    const responses = await Promise.all(Array.from({ length: 8 }, () => app.gql(ME, {}, { token })));
    expect(new Set(responses.map((response) => response.data?.me.id)).size).toBe(1);
    expect(await app.db.user.count({ where: { subject: 'eve' } })).toBe(1);
  });

  it('a token just past exp (inside the clock tolerance) is accepted alike over HTTP and on a socket', async () => {
    const justExpired = await sign(app.secret, { tenant: app.tenant }, (jwt) =>
      jwt.setSubject('late-lena').setExpirationTime(Math.floor(Date.now() / 1000) - 1),
    );
    const overHttp = await app.gql(ME, {}, { token: justExpired });
    expect(overHttp.errors).toBeUndefined();
    let closed: { code: number; reason: string } | undefined;
    const socket = app.ws({ authorization: `Bearer ${justExpired}` }, { onClose: (event) => (closed = event) });
    const { results, error } = await collect<{ me: { subject: string } }>(socket, ME);
    expect(error, closed ? `${closed.code} ${closed.reason}` : undefined).toBeUndefined();
    expect(results[0]?.data?.me.subject).toBe('late-lena');
  });

  it('without a token, fields that need identity are UNAUTHENTICATED', () => rejected(undefined, /Authentication required/));
  it('rejects an expired token', async () =>
    rejected(
      await sign(app.secret, { tenant: app.tenant }, (jwt) => jwt.setExpirationTime(Math.floor(Date.now() / 1000) - 60)),
      /expired/,
    ));
  it('rejects a token that is not yet valid', async () =>
    rejected(
      await sign(app.secret, { tenant: app.tenant }, (jwt) => jwt.setNotBefore(Math.floor(Date.now() / 1000) + 600)),
      /not yet valid/,
    ));
  it('rejects a wrong issuer', async () =>
    rejected(await sign(app.secret, { tenant: app.tenant }, (jwt) => jwt.setIssuer('someone-else')), /issuer/));
  it('rejects a wrong audience', async () =>
    rejected(await sign(app.secret, { tenant: app.tenant }, (jwt) => jwt.setAudience('another-api')), /audience/));
  it('rejects alg none', async () => {
    const unsigned = new UnsecuredJWT({ tenant: app.tenant })
      .setSubject('alice')
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_AUDIENCE)
      .setExpirationTime('1h')
      .encode();
    await rejected(unsigned, /invalid|algorithm/i);
  });
  it('rejects a bad signature', async () =>
    rejected(await sign('another-secret-that-is-long-enough-0123', { tenant: app.tenant }), /signature/));
  it('rejects a token without a tenant claim', async () => rejected(await sign(app.secret, {}), /tenant/));
  it('rejects a token without an expiry', async () => {
    const token = await new SignJWT({ tenant: app.tenant })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('alice')
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_AUDIENCE)
      .sign(new TextEncoder().encode(app.secret));
    await rejected(token, /exp/);
  });
  it('rejects a token that lives longer than AUTH_MAX_TOKEN_LIFETIME_SECONDS (24 h by default), over HTTP and graphql-ws', async () => {
    const decade = await app.token('longlived', { expiresIn: '3650d' });
    await rejected(decade, /lifetime exceeds the maximum of 86400 seconds/);
    // Issued ten years ago and still valid for a minute: its lifetime is what counts.
    const old = await sign(app.secret, { tenant: app.tenant }, (jwt) =>
      jwt.setIssuedAt(Math.floor(Date.now() / 1000) - 3650 * 86_400).setExpirationTime(Math.floor(Date.now() / 1000) + 60),
    );
    await rejected(old, /lifetime exceeds the maximum/);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) => {
      const client = app.ws(
        { authorization: `Bearer ${decade}` },
        { onClose: (event) => resolve({ code: event.code, reason: event.reason }) },
      );
      client.subscribe({ query: '{ me { id } }' }, { next: () => {}, error: () => {}, complete: () => {} });
    });
    expect(closed.code).toBe(4401);
    expect(closed.reason).toMatch(/lifetime exceeds/);
    // A day exactly is accepted.
    const day = await app.gql(ME, {}, { token: await app.token('daylong', { expiresIn: '24h' }) });
    expect(day.errors).toBeUndefined();
  });
  it('rejects a scheme other than Bearer', async () =>
    rejected(undefined, /Bearer/, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }));
  it('rejects a token issued in the future beyond the clock tolerance', async () =>
    rejected(
      await sign(app.secret, { tenant: app.tenant }, (jwt) => jwt.setIssuedAt(Math.floor(Date.now() / 1000) + 600)),
      /issued in the future/,
    ));
  it('rejects two Authorization headers instead of taking the first', async () => {
    const alice = await app.token('alice');
    const mallory = await app.token('mallory');
    // Two header lines on the wire (fetch would join them into one value).
    const response = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const body = JSON.stringify({ query: ME });
      const request = httpRequest(
        app.url,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      request.setHeader('authorization', [`Bearer ${alice}`, `Bearer ${mallory}`]);
      request.on('error', reject);
      request.end(body);
    });
    expect(response.status).toBe(401);
    expect(response.body.data ?? null).toBeNull();
    expect(response.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/exactly one Authorization header/),
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });
  it('rejects repeated Authorization values joined into one header', async () => {
    const headers = new Headers({ 'content-type': 'application/json' });
    headers.append('authorization', `Bearer ${await app.token('alice')}`);
    headers.append('authorization', `Bearer ${await app.token('mallory')}`);
    const response = await fetch(app.url, { method: 'POST', headers, body: JSON.stringify({ query: ME }) });
    const body = await response.json();
    expect(response.status).toBe(401);
    expect(body.errors[0]).toMatchObject({
      message: expect.stringMatching(/exactly one Authorization header/),
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });
  it('answers a bad token with HTTP 401', async () => {
    const response = await app.gql(ME, {}, { token: 'not-a-jwt' });
    expect(response.status).toBe(401);
  });
  it('ignores roles it does not know and defaults to USER', async () => {
    const token = await sign(app.secret, { tenant: app.tenant, roles: ['SUPERUSER'] }, (jwt) => jwt.setSubject('frank'));
    const response = await app.gql(ME, {}, { token });
    expect(response.data?.me.roles).toEqual(['USER']);
  });
});

describe('token verification (JWKS)', () => {
  let app: TestApp;
  let jwksServer: Server;
  let privateKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;
    app = await startTestApp({ env: { AUTH_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json` } });
    // The JWKS setting wins over a shared secret: only asymmetric keys are accepted.
  });
  afterAll(async () => {
    await app.stop();
    jwksServer.close();
  });

  const rsaToken = (kid = 'test-key') =>
    new SignJWT({ tenant: app.tenant, roles: ['USER'] })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject('grace')
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_AUDIENCE)
      .setExpirationTime('1h')
      .sign(privateKey);

  it('accepts a token signed by a key of the JWKS', async () => {
    const response = await app.gql(ME, {}, { token: await rsaToken() });
    expect(response.data?.me.subject).toBe('grace');
  });

  it('rejects an HS256 token when keys come from a JWKS', async () => {
    const response = await app.gql(ME, {}, { token: await app.token('grace') });
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('rejects a token whose key id is not in the JWKS', async () => {
    const response = await app.gql(ME, {}, { token: await rsaToken('unknown-key') });
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
