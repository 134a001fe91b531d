import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProbeRequest, serveProbe } from './health.js';

describe('probes', () => {
  let server: Server;
  let base: string;
  let databaseUp = true;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (isProbeRequest(req))
        void serveProbe(req, res, [
          { name: 'database', check: async () => (databaseUp ? 1 : Promise.reject(new Error('password=secret refused'))) },
        ]);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('/ready answers 503 naming the failed check, never its error text; /health stays ok', async () => {
    databaseUp = false;
    const ready = await fetch(`${base}/ready`);
    expect(ready.status).toBe(503);
    const text = await ready.text();
    expect(JSON.parse(text)).toEqual({ status: 'not ready', checks: { database: 'failed' } });
    expect(text).not.toContain('secret');
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
    databaseUp = true;
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    expect((await fetch(`${base}/ready`, { method: 'POST' })).status).toBe(404);
  });
});
