import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors.js';
import { assertIssuedInThePast, bearerToken, claimsFromPayload, CLOCK_TOLERANCE_SECONDS } from './tokens.js';

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
