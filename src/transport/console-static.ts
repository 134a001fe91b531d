import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../platform/logger.js';

const log = createLogger('console-static');

/** Where the web console is served, and where its build (scripts/build-console.mjs) lands. */
export const CONSOLE_PATH = '/console';
export const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Hashed file names under assets/ never change content; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The console talks to its own origin only (HTTP and graphql-ws); nothing from elsewhere. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

export function isConsoleRequest(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0]!;
  return path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(`${text}\n`);
}

async function fileAt(path: string): Promise<{ body: Buffer; etag: string } | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    const body = await readFile(path);
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  } catch {
    return null;
  }
}

/**
 * Serves the built console under /console: files with their content type, hashed assets cached
 * for a year, index.html revalidated, and every other path without a file extension answered
 * with index.html (the app routes on the client). GET and HEAD only. A path with a dot segment
 * (`..`, `.`, percent-encoded or not), a dotfile, a backslash or NUL is 404.
 */
export async function serveConsole(req: IncomingMessage, res: ServerResponse, distDir: string = CONSOLE_DIST): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed', { allow: 'GET, HEAD' });
    return;
  }
  // The path as sent, not as a URL parser normalises it: `/console/../package.json` must not become
  // `/package.json` (whose tail then looked like a client-side route and got index.html).
  const rawPath = (req.url ?? '/').split(/[?#]/)[0]!;
  let segments: string[];
  try {
    segments = decodeURIComponent(rawPath.slice(CONSOLE_PATH.length)).split('/').filter(Boolean);
  } catch {
    sendText(res, 400, 'Bad path');
    return;
  }
  // No dot segments (`.`, `..`, also percent-encoded), no dotfiles, no backslashes or NUL: 404, never a fallback.
  if (segments.some((segment) => segment.startsWith('.') || segment.includes('\\') || segment.includes('\0'))) {
    sendText(res, 404, 'Not found');
    return;
  }
  const relative = segments.join('/');
  const root = resolve(distDir);
  const target = resolve(root, relative);
  if (target !== root && !target.startsWith(root + sep)) {
    sendText(res, 404, 'Not found');
    return;
  }
  const isFileRequest = extname(relative) !== '';
  const file = isFileRequest ? await fileAt(target) : await fileAt(join(root, 'index.html'));
  if (!file) {
    if (isFileRequest) sendText(res, 404, 'Not found');
    else {
      log.warn({ distDir: root }, 'console requested but not built');
      sendText(res, 503, 'The console is not built: run `npm run build:console` (npm install does it).');
    }
    return;
  }
  const type = isFileRequest ? (CONTENT_TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream') : CONTENT_TYPES['.html']!;
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': isFileRequest && relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
    etag: file.etag,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  if (type.startsWith('text/html')) {
    headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
    headers['x-frame-options'] = 'DENY';
  }
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-length'] = String(file.body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : file.body);
}
