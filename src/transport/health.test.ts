import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProbeRequest, serveProbe } from './health.js';

describe('probes', () => {
  let server: Server;
  let base: string;
  let databaseUp = true;
  let redis: { reason: string; sinceSeconds: number } | null = null;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (isProbeRequest(req))
        void serveProbe(
          req,
          res,
          [{ name: 'database', check: async () => (databaseUp ? 1 : Promise.reject(new Error('password=secret refused'))) }],
          [{ name: 'redis', degradation: () => redis }],
        );
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
    expect(JSON.parse(text)).toEqual({ status: 'not ready', checks: { database: 'failed', redis: 'ok' } });
    expect(text).not.toContain('secret');
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
    databaseUp = true;
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    expect((await fetch(`${base}/ready`, { method: 'POST' })).status).toBe(404);
  });

  it('/ready stays 200 without an optional dependency, saying degraded with its short reason; 503 wins when a check fails', async () => {
    expect(await (await fetch(`${base}/ready`)).json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    redis = { reason: 'connection refused', sinceSeconds: 12 };
    const degraded = await fetch(`${base}/ready`);
    expect(degraded.status).toBe(200);
    expect(await degraded.json()).toEqual({
      status: 'degraded',
      checks: { database: 'ok', redis: 'degraded' },
      degraded: [{ component: 'redis', reason: 'connection refused', sinceSeconds: 12 }],
    });
    databaseUp = false;
    const down = await fetch(`${base}/ready`);
    expect(down.status).toBe(503);
    expect((await down.json()).status).toBe('not ready');
    databaseUp = true;
    redis = null;
  });
});
