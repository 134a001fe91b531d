import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors.js';
import { bearerToken, claimsFromPayload } from './tokens.js';

describe('claimsFromPayload', () => {
  it('reads subject, tenant and known roles', () => {
    const claims = claimsFromPayload({ sub: 'alice', tenant: 'acme', roles: ['ADMIN', 'SRE', 'ADMIN', 'offline_access'], exp: 2_000_000_000 });
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
});
