import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConsoleRequest, serveConsole } from './console-static.js';

describe('isConsoleRequest', () => {
  it('takes /console and paths under it, nothing else', () => {
    expect(isConsoleRequest('/console')).toBe(true);
    expect(isConsoleRequest('/console/')).toBe(true);
    expect(isConsoleRequest('/console/reviews/1?x=1')).toBe(true);
    expect(isConsoleRequest('/consoles')).toBe(false);
    expect(isConsoleRequest('/graphql')).toBe(false);
    expect(isConsoleRequest(undefined)).toBe(false);
  });
});

describe('serveConsole', () => {
  let dir: string;
  let emptyDir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'console-static-'));
    emptyDir = await mkdtemp(join(tmpdir(), 'console-empty-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dir, 'assets', 'index-abc123.css'), 'body{}');
    await writeFile(join(tmpdir(), 'console-static-secret.txt'), 'secret');
    server = createServer((req, res) => void serveConsole(req, res, req.headers['x-empty'] ? emptyDir : dir));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
    await rm(emptyDir, { recursive: true, force: true });
    await rm(join(tmpdir(), 'console-static-secret.txt'), { force: true });
  });

  it('serves index.html at /console and /console/, revalidated, with a same-origin CSP', async () => {
    for (const path of ['/console', '/console/']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("connect-src 'self'");
      expect(await response.text()).toBe('<!doctype html><title>console</title>');
    }
  });

  it('serves hashed assets with their content type, cached as immutable', async () => {
    const js = await fetch(`${base}/console/assets/index-abc123.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await js.text()).toBe('console.log(1)');
    const css = await fetch(`${base}/console/assets/index-abc123.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers client-side routes with index.html (SPA fallback) and a missing file with 404', async () => {
    const route = await fetch(`${base}/console/reviews/8c0a6e1e-0000-4000-8000-000000000000`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>console</title>');
    const missing = await fetch(`${base}/console/assets/gone-123.js`);
    expect(missing.status).toBe(404);
  });

  it('never serves a file outside the build folder, nor index.html for a path that climbs out of it', async () => {
    // Sent as written (fetch would normalise the dot segments away before sending).
    for (const path of [
      '/console/../package.json',
      '/console/%2e%2e/%2e%2e/package.json',
      '/console/x/../../package.json',
      '/console/..',
      '/console/%2E%2e/',
      '/console/%2e%2e/console-static-secret.txt',
      '/console/..%2fconsole-static-secret.txt',
      '/console/assets/%2e%2e/%2e%2e/console-static-secret.txt',
      '/console/assets/..%5c..%5cconsole-static-secret.txt',
      '/console/.env',
    ]) {
      const raw = await rawGet(base, path);
      expect(raw.split('\r\n')[0], path).toBe('HTTP/1.1 404 Not Found');
      expect(raw, path).not.toContain('secret');
      expect(raw, path).not.toContain('<title>console</title>');
    }
    expect((await rawGet(base, '/console/%zz')).split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
  });

  it('answers 304 to a matching If-None-Match and HEAD without a body', async () => {
    const first = await fetch(`${base}/console/assets/index-abc123.js`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${base}/console/assets/index-abc123.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}/console/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String('<!doctype html><title>console</title>'.length));
    expect(await head.text()).toBe('');
  });

  it('refuses other methods with 405 and says when the console is not built (503)', async () => {
    const post = await fetch(`${base}/console/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const unbuilt = await fetch(`${base}/console/`, { headers: { 'x-empty': '1' } });
    expect(unbuilt.status).toBe(503);
    expect(await unbuilt.text()).toContain('npm run build:console');
  });
});

/** A GET sent byte for byte as written, and the whole answer (the server closes the connection). */
function rawGet(base: string, path: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  });
}
