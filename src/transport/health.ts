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
 * A dependency the gateway serves without, degraded (with REDIS_URL: Redis): null while it is
 * fine, else why not, in words safe for an unauthenticated probe (no address, no error text).
 */
export interface OptionalDependency {
  name: string;
  degradation(): { reason: string; sinceSeconds: number } | null;
}

/**
 * Answers a probe with a small JSON body: `/health` `{"status":"ok"}` while the process serves;
 * `/ready` `{"status":"ready","checks":{"database":"ok"}}`, or 503 with `"not ready"` and the failed
 * check named (never its error text: a probe is unauthenticated). An optional dependency that is
 * down leaves the gateway ready but `"degraded"` (still 200), naming it with a short reason:
 * `{"status":"degraded","checks":{"database":"ok","redis":"degraded"},"degraded":[{"component":"redis",
 * "reason":"connection refused","sinceSeconds":12}]}`.
 */
export async function serveProbe(
  req: IncomingMessage,
  res: ServerResponse,
  checks: readonly ReadinessCheck[],
  optional: readonly OptionalDependency[] = [],
): Promise<void> {
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
    const degraded = optional.flatMap(({ name, degradation }) => {
      const state = degradation();
      return state ? [{ component: name, ...state }] : [];
    });
    const states = optional.map(({ name }) => [name, degraded.some((entry) => entry.component === name) ? 'degraded' : 'ok'] as const);
    status = ready ? 200 : 503;
    body = {
      status: !ready ? 'not ready' : degraded.length > 0 ? 'degraded' : 'ready',
      checks: Object.fromEntries([...results, ...states]),
      ...(degraded.length > 0 ? { degraded } : {}),
    };
  }
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}
