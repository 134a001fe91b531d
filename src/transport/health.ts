import type { IncomingMessage, ServerResponse } from 'node:http';

/** The probes the gateway answers before GraphQL: liveness and readiness (the image's HEALTHCHECK, compose, Kubernetes). */
export const HEALTH_PATH = '/health';
export const READY_PATH = '/ready';

/** Whether a request is a probe (GET or HEAD of /health or /ready, any query string). */
export function isProbeRequest(req: IncomingMessage): boolean {
  const path = req.url?.split('?')[0];
  return (path === HEALTH_PATH || path === READY_PATH) && (req.method === 'GET' || req.method === 'HEAD');
}

/** One dependency the gateway needs to serve: a name and a check that throws when it cannot be used. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<unknown>;
}

/**
 * Answers a probe with a small JSON body: `/health` `{"status":"ok"}` while the process serves;
 * `/ready` `{"status":"ready","checks":{"database":"ok"}}`, or 503 with `"not ready"` and the failed
 * check named (never its error text: a probe is unauthenticated).
 */
export async function serveProbe(req: IncomingMessage, res: ServerResponse, checks: readonly ReadinessCheck[]): Promise<void> {
  let status = 200;
  let body: Record<string, unknown> = { status: 'ok' };
  if (req.url?.split('?')[0] === READY_PATH) {
    const results = await Promise.all(
      checks.map(
        async ({ name, check }) =>
          [
            name,
            await check().then(
              () => 'ok' as const,
              () => 'failed' as const,
            ),
          ] as const,
      ),
    );
    const ready = results.every(([, result]) => result === 'ok');
    status = ready ? 200 : 503;
    body = { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) };
  }
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}
