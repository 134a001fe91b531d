import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { demoTokenSigner, fromLoopback } from './graphiql.js';

const from = (remoteAddress: string) => ({ socket: { remoteAddress } }) as unknown as IncomingMessage;
const base = { secret: 's'.repeat(32), issuer: 'i', audience: 'a' };

describe('demo tokens', () => {
  it('are handed only to loopback callers', () => {
    expect([from('127.0.0.1'), from('::1'), from('::ffff:127.0.0.1')].map(fromLoopback)).toEqual([true, true, true]);
    expect([from('192.168.1.20'), from('::ffff:10.0.0.2'), from('127.0.0.2x'), undefined].map(fromLoopback)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('exist only in development with a shared secret', async () => {
    expect(demoTokenSigner({ ...base, env: 'production' })).toBeUndefined();
    expect(demoTokenSigner({ ...base, env: 'test' })).toBeUndefined();
    expect(demoTokenSigner({ ...base, env: 'development', jwksUrl: 'https://idp.example/jwks' })).toBeUndefined();
    expect(demoTokenSigner({ ...base, env: 'development', secret: undefined })).toBeUndefined();
    const signer = demoTokenSigner({ ...base, env: 'development' })!;
    expect(await signer('mallory')).toBeNull();
    expect(await signer('sam')).toMatchObject({ subject: 'sam', tenant: 'acme', roles: ['SRE'] });
  });
});
