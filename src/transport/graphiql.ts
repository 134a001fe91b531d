import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { GraphiQLOptions } from 'graphql-yoga';
import { DEMO_TENANT, DEMO_USERS } from '../demo/seed.js';
import type { Role } from '../identity/principal.js';
import { signDevelopmentToken } from '../identity/tokens.js';

/** Where the web console is served (built by its own module); `/` links to it. */
export const CONSOLE_PATH = '/console';
/** Development only: a demo user's token as JSON (`?user=alice`), for the CLI and scripts. */
export const DEV_TOKEN_PATH = '/dev/token';

export interface DemoToken {
  subject: string;
  tenant: string;
  roles: Role[];
  token: string;
}

/** Signs tokens for the demo tenant's users (`src/demo/seed.ts`); null for anyone else. */
export type DemoTokenSigner = (subject: string) => Promise<DemoToken | null>;

/**
 * The development signer, or undefined where demo tokens must not exist: outside development
 * (production, or where it is not asked for) and when tokens come from an identity provider.
 */
export function demoTokenSigner(options: {
  env: string;
  secret?: string;
  jwksUrl?: string;
  issuer: string;
  audience: string;
}): DemoTokenSigner | undefined {
  const { secret } = options;
  if (options.env !== 'development' || !secret || options.jwksUrl) return undefined;
  return async (subject) => {
    const user = DEMO_USERS.find((candidate) => candidate.subject === subject);
    if (!user) return null;
    const token = await signDevelopmentToken({
      secret,
      issuer: options.issuer,
      audience: options.audience,
      subject,
      tenant: DEMO_TENANT,
      roles: user.roles,
      expiresIn: '12h',
    });
    return { subject, tenant: DEMO_TENANT, roles: user.roles, token };
  };
}

/**
 * Demo tokens are handed only to the machine itself: in development the gateway listens on every
 * interface (HOST 0.0.0.0), and a neighbour on the network must not pick up an ADMIN token.
 */
export function fromLoopback(req: IncomingMessage | undefined): boolean {
  const address = req?.socket.remoteAddress ?? '';
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** Headers a proxy adds: a request carrying one came from somewhere else, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/** `localhost`, `127.x.x.x` or `[::1]`, with or without a port. */
function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Whether a request comes straight from this machine: a loopback socket is not enough, since a
 * reverse proxy on the same host also connects from loopback. So it must also carry no forwarding
 * header (Forwarded, X-Forwarded-*, X-Real-IP, Via) and name a loopback Host. Demo tokens are
 * given to such requests only.
 */
export function directLoopbackRequest(req: IncomingMessage | undefined): boolean {
  if (!req || !fromLoopback(req)) return false;
  if (FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  return isLoopbackHost(req.headers.host);
}

const DEFAULT_QUERY = `# Suanni gateway. Most fields need a token: open the Headers tab below and send
#   {"Authorization": "Bearer <token>"}
# Get one with:  npm run -s token -- --user alice
# (in development, the "Demo user" picker at the bottom right fills the header for you).
{
  me {
    id
    subject
    roles
    sessions { id title threadId createdAt }
  }
}
`;

/** GraphiQL's options for one page request; `?as=<demo user>` (development, loopback) fills the Authorization header. */
export async function graphiqlOptions(
  request: Request,
  req: IncomingMessage | undefined,
  signer: DemoTokenSigner | undefined,
): Promise<GraphiQLOptions & { query?: string }> {
  const options: GraphiQLOptions & { query?: string } = {
    title: 'Suanni gateway',
    defaultQuery: DEFAULT_QUERY,
    // No placeholder token: it would be sent as is and fail every request, introspection included.
    headers: '{}',
    defaultEditorToolsVisibility: 'headers',
  };
  const as = new URL(request.url).searchParams.get('as');
  if (as && signer && directLoopbackRequest(req)) {
    const demo = await signer(as);
    if (demo) {
      const headers = JSON.stringify({ Authorization: `Bearer ${demo.token}` }, null, 2);
      // GraphiQL restores the tabs it stored and opens a new tab for `headers` with the page's
      // `query`: without one that tab is empty (Run: "Syntax Error: Unexpected <EOF>"). So the tab
      // gets a query naming the demo user, and `defaultHeaders` carries the token into a restored
      // tab of that query (GraphiQL keeps no headers of its own in storage).
      options.headers = headers;
      options.defaultHeaders = headers;
      options.query = `# Signed in as the demo user ${demo.subject} (${demo.roles.join(', ')})\n${DEFAULT_QUERY.replace(/^(#[^\n]*\n)+/, '')}`;
    }
  }
  return options;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * GraphiQL from `@graphql-yoga/render-graphiql`: scripts, styles and editor workers are inlined
 * from the package, so the page loads with no network. In development a small form picks a demo
 * user (a plain GET back to this page with `?as=`), no script of ours involved.
 */
export function renderGatewayGraphiQL(options: (GraphiQLOptions & { query?: string }) | undefined, demoUsers: boolean): string {
  const page = renderGraphiQL(options);
  if (!demoUsers) return page;
  // The user whose token the page carries stays chosen in the picker.
  const current = /^# Signed in as the demo user (\S+)/.exec(options?.query ?? '')?.[1];
  const choices = [
    `<option value=""${current ? '' : ' selected'}>no token</option>`,
    ...DEMO_USERS.map(
      ({ subject, roles }) =>
        `<option value="${escapeHtml(subject)}"${subject === current ? ' selected' : ''}>${escapeHtml(subject)} (${roles.join(', ')})</option>`,
    ),
  ].join('');
  const pickerStyle = [
    'position:fixed;right:12px;bottom:12px;z-index:1000',
    'background:#fff;color:#111;border:1px solid #888;border-radius:6px;padding:6px 8px;font:13px system-ui,sans-serif',
  ].join(';');
  const picker = `<form id="suanni-demo-user" method="get" style="${pickerStyle}">
  <label for="suanni-demo-as">Demo user (development)</label>
  <select id="suanni-demo-as" name="as">${choices}</select>
  <button type="submit">Use token</button>
</form>`;
  return page.replace('<div id="root"></div>', `<div id="root"></div>\n${picker}`);
}

/** `/`: what this server offers, instead of an empty 404. */
export function serveLanding(res: ServerResponse, options: { graphiql: boolean; graphqlPath: string }): void {
  const links = [
    options.graphiql
      ? `<li><a href="${options.graphqlPath}">GraphiQL</a>: explore and run the API (development)</li>`
      : `<li>GraphQL endpoint: <code>${options.graphqlPath}</code></li>`,
    `<li><a href="${CONSOLE_PATH}">Console</a>: reviews, knowledge, conversations, traces, erasure</li>`,
    '<li><a href="/health">/health</a>, <a href="/ready">/ready</a>, <a href="/metrics">/metrics</a></li>',
  ];
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Suanni gateway</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>Suanni gateway</h1>
<ul>${links.join('\n')}</ul>
</body></html>
`);
}

/**
 * `GET /dev/token?user=alice`: a demo user's token; `GET /dev/token`: the demo users (development,
 * direct loopback requests only: see {@link directLoopbackRequest}); 404 everywhere else.
 */
export async function serveDevToken(req: IncomingMessage, res: ServerResponse, signer: DemoTokenSigner | undefined): Promise<void> {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (!signer || !directLoopbackRequest(req)) {
    reply(404, { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] });
    return;
  }
  const subject = new URL(req.url ?? '/', 'http://localhost').searchParams.get('user');
  // Without `user`: who may sign in (the console's development sign-in lists them).
  if (subject === null) {
    reply(200, { users: DEMO_USERS.map(({ subject: name, roles }) => ({ subject: name, roles })) });
    return;
  }
  const demo = await signer(subject);
  if (!demo) {
    reply(400, {
      errors: [
        {
          message: `user must be one of the demo users: ${DEMO_USERS.map((user) => user.subject).join(', ')}.`,
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
    return;
  }
  reply(200, demo);
}
