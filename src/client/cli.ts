import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { GatewayClient, GatewayError } from './gateway.js';
import { ERASURE_PROGRESS, ERASURE_REQUEST, REQUEST_ERASURE, TENANT_USERS, TRACE, TRACES } from './operations.js';
import { toCsv, toJson, toText } from './output.js';
import { collectContracts, reviewFiles } from './review.js';

/**
 * The client half of the `suanni` binary: commands that talk to a running gateway over its public
 * GraphQL API (HTTP, multipart uploads, graphql-ws). The server half is src/cli.ts.
 */

/** One span of a trace, indented by its depth. */
const spanLine = (span: { depth: number; name: string; durationMs: number }) =>
  `${'  '.repeat(span.depth + 1)}${span.name}  ${span.durationMs.toFixed(1)} ms`;

export const CLIENT_COMMANDS = ['review', 'erase', 'users', 'traces'] as const;

const DEFAULT_URL = 'http://localhost:4000/graphql';
const connection = {
  url: { type: 'string' },
  token: { type: 'string' },
} as const;

const USAGE = `usage (client commands, against a running gateway; --url defaults to $SUANNI_URL or ${DEFAULT_URL},
       the token to --token or $SUANNI_TOKEN):
  suanni review <files or folders...> [--batch] [--as-of ISO] [--json | --csv] [--out FILE]
  suanni erase [--user USER]                    erase yourself (returns at once), or (COMPLIANCE) a user of the
                                                tenant by id or by subject (dave), following its steps; exit 0 when verified
  suanni users [SUBJECT] [--json]               the users of your tenant with their ids (ADMIN, COMPLIANCE)
  suanni traces [TRACE_ID] [--review ID] [--batch ID] [--errors] [--name TEXT] [--since ISO] [--first N] [--json]
  suanni token --url URL --user alice           a demo user's token from a development gateway
`;

class UsageError extends Error {}

interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

function clientFor(values: { url?: string; token?: string }, env: NodeJS.ProcessEnv, tokenRequired = true): GatewayClient {
  const token = values.token ?? env.SUANNI_TOKEN;
  if (tokenRequired && !token)
    throw new UsageError('a token is required: --token <jwt> or SUANNI_TOKEN (get one with: suanni token --user alice)');
  return new GatewayClient(values.url ?? env.SUANNI_URL ?? DEFAULT_URL, token);
}

async function review(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...connection,
      batch: { type: 'boolean', default: false },
      'as-of': { type: 'string' },
      json: { type: 'boolean', default: false },
      csv: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError('name at least one file or folder to review');
  if (values.json && values.csv) throw new UsageError('choose one of --json and --csv');
  if (values['as-of'] !== undefined && Number.isNaN(Date.parse(values['as-of'])))
    throw new UsageError(`--as-of must be an ISO 8601 instant such as 2025-06-01T00:00:00Z, not ${values['as-of']}`);
  const contracts = await collectContracts(positionals);
  if (contracts.length === 0) throw new UsageError('no contract files (.pdf, .docx, .txt, .md) found');
  const client = clientFor(values, io.env);
  try {
    const outcomes = await reviewFiles(client, contracts, { batch: values.batch, asOf: values['as-of'], progress: io.stderr });
    const text = values.json ? toJson(outcomes) : values.csv ? toCsv(outcomes) : toText(outcomes);
    if (values.out) await writeFile(values.out, text);
    else io.stdout.write(text);
    return outcomes.every((outcome) => outcome.status === 'SUCCEEDED') ? 0 : 1;
  } finally {
    await client.close();
  }
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TenantUser = { id: string; subject: string; roles: string[]; lastSeenAt: string };

/** `--user` as a user id, or as a subject (the token's `sub`, e.g. dave) looked up in the caller's tenant. */
async function userIdOf(client: GatewayClient, user: string): Promise<string> {
  if (USER_ID.test(user)) return user;
  const { tenantUsers } = await client.request<{ tenantUsers: TenantUser[] }>(TENANT_USERS, { subject: user, first: 2 });
  if (!tenantUsers[0]) throw new GatewayError(`no user with subject "${user}" in your tenant (suanni users lists them)`, 'NOT_FOUND');
  return tenantUsers[0].id;
}

/** `suanni users [SUBJECT]`: who is in the tenant, with the ids `erase --user` and the API take. */
async function users(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...connection, json: { type: 'boolean', default: false }, first: { type: 'string' } },
  });
  const client = clientFor(values, io.env);
  try {
    const { tenantUsers } = await client.request<{ tenantUsers: TenantUser[] }>(TENANT_USERS, {
      subject: positionals[0] ?? null,
      first: values.first ? Number(values.first) : 200,
    });
    if (values.json) io.stdout.write(toJsonLine(tenantUsers));
    else
      io.stdout.write(
        tenantUsers.map((user) => `${user.id}  ${user.subject.padEnd(16)}  ${user.roles.join(',')}`).join('\n') +
          (tenantUsers.length ? '\n' : ''),
      );
    if (positionals[0] && tenantUsers.length === 0) {
      io.stderr.write(`no user with subject "${positionals[0]}" in your tenant\n`);
      return 1;
    }
    return 0;
  } finally {
    await client.close();
  }
}

async function erase(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args, options: { ...connection, user: { type: 'string' } } });
  const client = clientFor(values, io.env);
  try {
    const userId = values.user ? await userIdOf(client, values.user) : null;
    type Job = {
      id: string;
      status: string;
      steps: { name: string; status: string; countBefore: number | null; countAfter: number | null }[];
      verification: { allZero: boolean } | null;
    };
    const { requestErasure } = await client.request<{ requestErasure: Job }>(REQUEST_ERASURE, { userId });
    io.stderr.write(`erasure ${requestErasure.id}: ${requestErasure.status}\n`);
    if (!values.user) {
      // Erasing yourself ends your own access: the gateway closes your sockets and refuses your token.
      io.stderr.write('your own erasure runs in the background; once it completes, this token is refused\n');
      io.stdout.write(toJsonLine(requestErasure));
      return 0;
    }
    let status = requestErasure.status;
    if (status !== 'COMPLETED' && status !== 'FAILED') {
      for await (const { erasureProgress } of client.subscribe<{ erasureProgress: { status: string; step: string | null } }>(
        ERASURE_PROGRESS,
        { id: requestErasure.id },
      )) {
        if (erasureProgress.step) io.stderr.write(`  step ${erasureProgress.step} done\n`);
        status = erasureProgress.status;
        if (status === 'COMPLETED' || status === 'FAILED') break;
      }
    }
    const { erasureRequest } = await client.request<{ erasureRequest: Job }>(ERASURE_REQUEST, { id: requestErasure.id });
    io.stdout.write(toJsonLine(erasureRequest));
    return erasureRequest.status === 'COMPLETED' && erasureRequest.verification?.allZero ? 0 : 1;
  } finally {
    await client.close();
  }
}

const toJsonLine = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

async function traces(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...connection,
      review: { type: 'string' },
      batch: { type: 'string' },
      errors: { type: 'boolean' },
      name: { type: 'string' },
      since: { type: 'string' },
      first: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const client = clientFor(values, io.env);
  try {
    if (positionals[0]) {
      type Span = { name: string; depth: number; durationMs: number; startTime: string };
      const { trace } = await client.request<{ trace: { traceId: string; rootName: string | null; durationMs: number; spans: Span[] } }>(
        TRACE,
        { id: positionals[0] },
      );
      if (values.json) io.stdout.write(toJsonLine(trace));
      else
        io.stdout.write(
          `${trace.traceId} ${trace.rootName ?? ''} ${trace.durationMs.toFixed(1)} ms\n${trace.spans.map(spanLine).join('\n')}\n`,
        );
      return 0;
    }
    const filter = {
      ...(values.review ? { reviewId: values.review } : {}),
      ...(values.batch ? { batchId: values.batch } : {}),
      ...(values.errors ? { errorsOnly: true } : {}),
      ...(values.name ? { rootName: values.name } : {}),
      ...(values.since ? { since: values.since } : {}),
    };
    type Summary = {
      traceId: string;
      rootName: string | null;
      startTime: string;
      durationMs: number;
      spanCount: number;
      errorCodes: string[];
    };
    const { traces: found } = await client.request<{ traces: Summary[] }>(TRACES, {
      filter,
      first: values.first ? Number(values.first) : 20,
    });
    if (values.json) io.stdout.write(toJsonLine(found));
    else
      io.stdout.write(
        found
          .map(
            (trace) =>
              `${trace.traceId}  ${trace.startTime}  ${trace.durationMs.toFixed(1).padStart(9)} ms  ` +
              `${String(trace.spanCount).padStart(4)} spans  ${trace.rootName ?? ''}` +
              (trace.errorCodes.length ? `  errors: ${trace.errorCodes.join(', ')}` : ''),
          )
          .join('\n') + (found.length ? '\n' : ''),
      );
    return 0;
  } finally {
    await client.close();
  }
}

/** `suanni token --url URL --user alice`: a development gateway's demo token (GET /dev/token). */
async function remoteToken(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args, options: { url: { type: 'string' }, user: { type: 'string' } } });
  if (!values.user) throw new UsageError('usage: suanni token --url URL --user <alice|bob|carol|sam>');
  const endpoint = new URL('/dev/token', values.url ?? io.env.SUANNI_URL ?? DEFAULT_URL);
  endpoint.searchParams.set('user', values.user);
  const response = await fetch(endpoint).catch((error: Error) => {
    throw new GatewayError(
      `cannot reach the gateway at ${endpoint.origin}: ${(error as Error & { cause?: Error }).cause?.message ?? error.message}`,
      'NETWORK',
    );
  });
  if (response.status === 404)
    throw new GatewayError(
      'this gateway hands out no demo tokens (only a development gateway does, to its own machine); use: npm run -s token -- --user <sub>',
      'NOT_FOUND',
    );
  const body = (await response.json()) as { token?: string; errors?: { message: string }[] };
  if (!body.token) throw new GatewayError(body.errors?.[0]?.message ?? `HTTP ${response.status}`, 'BAD_USER_INPUT');
  io.stdout.write(`${body.token}\n`);
  return 0;
}

/** Runs a client command; the exit code is 0 on success, 1 when a review failed or the gateway refused, 2 on bad usage. */
export async function runClientCommand(command: string, args: string[], io: Io): Promise<number> {
  const commands: Record<string, (args: string[], io: Io) => Promise<number>> = { review, erase, users, traces, token: remoteToken };
  const run = commands[command];
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (!run) {
    io.stderr.write(USAGE);
    return 2;
  }
  try {
    return await run(args, io);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof GatewayError && error.code === 'USAGE') ||
      String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
    ) {
      io.stderr.write(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof GatewayError) {
      io.stderr.write(`${error.code}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
