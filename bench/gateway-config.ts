import { type Config, loadConfig } from '../src/config.js';

/** The signing secret of the gateway benches' tokens. */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret';

/**
 * The gateway as production runs it, for benches that load it hard: rate limits stay on (their
 * cost is part of every request) but high enough never to refuse the load, and the session quota
 * fits the tens of thousands of sessions that rounds of createSession add to one tenant.
 */
export function benchGatewayConfig(): Config {
  const unrefused = Object.fromEntries(
    ['READS', 'WRITES'].flatMap((operationClass) =>
      ['USER', 'TENANT'].flatMap((scope) => [
        [`SUANNI_RATE_LIMIT_${operationClass}_PER_${scope}`, '1000000000'],
        [`SUANNI_RATE_LIMIT_${operationClass}_PER_${scope}_CEILING`, '1000000000'],
      ]),
    ),
  );
  return {
    ...loadConfig({
      NODE_ENV: 'production',
      AUTH_JWT_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'error',
      SUANNI_QUOTA_SESSIONS: '10000000',
      ...unrefused,
    }),
    host: '127.0.0.1',
    port: 0,
  };
}
