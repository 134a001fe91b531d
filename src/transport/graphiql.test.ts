import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { demoTokenSigner, directLoopbackRequest, fromLoopback } from './graphiql.js';

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

  it('are handed only to direct loopback requests: no forwarding header, a loopback Host', () => {
    const request = (remoteAddress: string, headers: Record<string, string>) => {
      const socket = new Socket();
      Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
      const message = new IncomingMessage(socket);
      message.headers = headers;
      return message;
    };
    for (const host of ['localhost:4000', '127.0.0.1:4000', '[::1]:4000', 'localhost', '127.0.0.5'])
      expect(directLoopbackRequest(request('127.0.0.1', { host })), host).toBe(true);
    // A same-host reverse proxy connects from loopback: what it adds gives the remote caller away.
    const forwarded: Record<string, string>[] = [
      { host: 'localhost:4000', 'x-forwarded-for': '203.0.113.9' },
      { host: 'localhost:4000', forwarded: 'for=203.0.113.9' },
      { host: 'localhost:4000', 'x-real-ip': '203.0.113.9' },
      { host: 'localhost:4000', 'x-forwarded-host': 'suanni.example' },
      { host: 'localhost:4000', via: '1.1 proxy' },
      { host: 'suanni.example' },
      { host: 'localhost.suanni.example' },
      { host: '127.0.0.1.nip.io' },
      {},
    ];
    for (const headers of forwarded) expect(directLoopbackRequest(request('127.0.0.1', headers)), JSON.stringify(headers)).toBe(false);
    expect(directLoopbackRequest(request('192.168.1.20', { host: 'localhost' }))).toBe(false);
    expect(directLoopbackRequest(undefined)).toBe(false);
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
