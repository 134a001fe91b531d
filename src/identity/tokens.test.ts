import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../platform/errors.js';
import {
  assertIssuedInThePast,
  assertLifetimeWithin,
  bearerToken,
  claimsFromPayload,
  CLOCK_TOLERANCE_SECONDS,
  createTokenVerifier,
} from './tokens.js';

describe('claimsFromPayload', () => {
  it('reads subject, tenant and known roles', () => {
    const claims = claimsFromPayload({
      sub: 'alice',
      tenant: 'acme',
      roles: ['ADMIN', 'SRE', 'ADMIN', 'offline_access'],
      exp: 2_000_000_000,
    });
    expect(claims).toMatchObject({ subject: 'alice', tenantKey: 'acme', roles: ['ADMIN', 'SRE'] });
    expect(claims.expiresAt?.toISOString()).toBe('2033-05-18T03:33:20.000Z');
  });

  it('defaults to USER when no known role is present', () => {
    expect(claimsFromPayload({ sub: 'a', tenant: 'acme' }).roles).toEqual(['USER']);
  });

  it.each([
    [{ tenant: 'acme' }, /sub/],
    [{ sub: 'a b', tenant: 'acme' }, /sub/],
    [{ sub: 'alice' }, /tenant/],
    [{ sub: 'alice', tenant: 'ACME Corp' }, /tenant/],
    [{ sub: 'alice', tenant: 'acme', roles: 'ADMIN' }, /roles/],
  ])('rejects %j', (payload, message) => {
    expect(() => claimsFromPayload(payload)).toThrow(message);
    try {
      claimsFromPayload(payload);
    } catch (error) {
      expect((error as AppError).code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('bearerToken', () => {
  it('extracts a bearer token and ignores an absent header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken(undefined)).toBeNull();
  });
  it('rejects other schemes', () => {
    expect(() => bearerToken('Basic YTpi')).toThrow(/Bearer/);
  });
  it('rejects repeated headers joined into one value', () => {
    expect(() => bearerToken('Bearer a.b.c, Bearer d.e.f')).toThrow(/exactly one Authorization header/);
  });
});

describe('assertIssuedInThePast', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const seconds = now.getTime() / 1000;
  it('accepts a token issued now, in the past, within the clock tolerance, or without iat', () => {
    for (const iat of [seconds, seconds - 3600, seconds + CLOCK_TOLERANCE_SECONDS, undefined])
      expect(() => assertIssuedInThePast({ iat }, now)).not.toThrow();
  });
  it('rejects a token issued beyond the clock tolerance in the future as UNAUTHENTICATED', () => {
    expect(() => assertIssuedInThePast({ iat: seconds + CLOCK_TOLERANCE_SECONDS + 1 }, now)).toThrow(/future/);
    try {
      assertIssuedInThePast({ iat: seconds + 600 }, now);
    } catch (error) {
      expect((error as AppError).code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('assertLifetimeWithin', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const seconds = now.getTime() / 1000;
  it('accepts a lifetime (exp - iat) up to the maximum, and one without iat that expires within it from now', () => {
    expect(() => assertLifetimeWithin({ iat: seconds, exp: seconds + 86_400 }, 86_400, now)).not.toThrow();
    expect(() => assertLifetimeWithin({ exp: seconds + 3_600 }, 86_400, now)).not.toThrow();
  });
  it('refuses a longer one as UNAUTHENTICATED, also when issued long ago and still valid', () => {
    for (const payload of [
      { iat: seconds, exp: seconds + 86_401 },
      { iat: seconds - 3650 * 86_400, exp: seconds + 60 },
      { exp: seconds + 86_401 },
    ]) {
      expect(() => assertLifetimeWithin(payload, 86_400, now)).toThrow(/lifetime exceeds the maximum of 86400 seconds/);
      try {
        assertLifetimeWithin(payload, 86_400, now);
      } catch (error) {
        expect((error as AppError).code).toBe('UNAUTHENTICATED');
      }
    }
  });
});

describe('verified token cache', () => {
  const secret = 'unit-test-secret-unit-test-secret-0001';
  const issuer = 'unit-issuer';
  const audience = 'unit-audience';
  /** A clock the verifier and jose both read, starting now. */
  const clock = () => {
    const state = { now: Date.now() };
    return { state, now: () => state.now };
  };
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const sign = (subject: string, issuedAtMs: number, lifetimeSeconds: number, key = secret) =>
    new SignJWT({ tenant: 'acme', roles: ['USER'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(seconds(issuedAtMs))
      .setExpirationTime(seconds(issuedAtMs) + lifetimeSeconds)
      .sign(new TextEncoder().encode(key));
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: AppError) => `${error.code}: ${error.message}`,
    );

  it('still enforces expiry (with the clock tolerance) for a token it holds', async () => {
    const { state, now } = clock();
    const verifier = createTokenVerifier({ secret, issuer, audience, cache: { maxEntries: 10, maxAgeMs: 3_600_000, now } });
    const token = await sign('alice', state.now, 60);
    const expiresAtMs = seconds(state.now) * 1000 + 60_000;
    expect((await verifier.verify(token)).subject).toBe('alice');
    expect(verifier.cachedTokens).toBe(1);
    state.now = expiresAtMs + CLOCK_TOLERANCE_SECONDS * 1000 - 1;
    expect((await verifier.verify(token)).subject).toBe('alice');
    state.now = expiresAtMs + CLOCK_TOLERANCE_SECONDS * 1000;
    expect(await rejection(verifier.verify(token))).toBe('UNAUTHENTICATED: Token has expired.');
    expect(await rejection(verifier.verify(token))).toBe('UNAUTHENTICATED: Token has expired.');
  });

  it('keeps nothing it rejected, and a token differing only in its signature is rejected while the genuine one is held', async () => {
    const { state, now } = clock();
    const verifier = createTokenVerifier({ secret, issuer, audience, cache: { maxEntries: 10, maxAgeMs: 60_000, now } });
    const genuine = await sign('alice', state.now, 600);
    await verifier.verify(genuine);
    const forged = `${genuine.slice(0, genuine.lastIndexOf('.'))}.${(await sign('alice', state.now, 600, 'another-secret-another-secret-0002')).split('.')[2]}`;
    expect(forged).not.toBe(genuine);
    expect(await rejection(verifier.verify(forged))).toBe('UNAUTHENTICATED: Token signature is invalid.');
    expect(await rejection(verifier.verify(forged))).toBe('UNAUTHENTICATED: Token signature is invalid.');
    expect(verifier.cachedTokens).toBe(1);
  });

  it('holds at most its configured number of tokens and verifies the others again', async () => {
    const { state, now } = clock();
    const verifier = createTokenVerifier({ secret, issuer, audience, cache: { maxEntries: 3, maxAgeMs: 60_000, now } });
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => sign(`user-${i}`, state.now, 600)));
    for (const token of tokens) await verifier.verify(token);
    expect(verifier.cachedTokens).toBe(3);
    // An evicted token is verified afresh, with the same result.
    expect((await verifier.verify(tokens[0]!)).subject).toBe('user-0');
    expect(verifier.cachedTokens).toBe(3);
  });

  it('refuses a token that lives longer than the maximum lifetime, and never holds it', async () => {
    const { state, now } = clock();
    const verifier = createTokenVerifier({
      secret,
      issuer,
      audience,
      maxLifetimeSeconds: 86_400,
      cache: { maxEntries: 10, maxAgeMs: 60_000, now },
    });
    expect((await verifier.verify(await sign('alice', state.now, 86_400))).subject).toBe('alice');
    const decade = await sign('mallory', state.now, 3650 * 86_400);
    expect(await rejection(verifier.verify(decade))).toMatch(/^UNAUTHENTICATED: Token lifetime exceeds the maximum/);
    expect(verifier.cachedTokens).toBe(1);
  });

  it('returns claims nobody can change', async () => {
    const { state, now } = clock();
    const verifier = createTokenVerifier({ secret, issuer, audience, cache: { maxEntries: 10, maxAgeMs: 60_000, now } });
    const token = await sign('alice', state.now, 600);
    const claims = await verifier.verify(token);
    expect(() => (claims.roles as string[]).push('ADMIN')).toThrow();
    expect((await verifier.verify(token)).roles).toEqual(['USER']);
  });
});
