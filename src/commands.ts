/**
 * The `suanni` command table, answered by the entry point (src/main.ts) before any server or
 * client module is loaded: `--help`, a bare `suanni`, a misspelled command and `<command> --help`
 * cost no more than Node's own start. Imports nothing heavy (only the pure name matcher).
 */
import { nearestName } from './platform/nearest-name.js';

/** Server commands (src/cli.ts) and client commands (src/client/cli.ts), with one line each. */
export const COMMANDS: Record<string, { side: 'server' | 'client'; usage: string }> = {
  start: { side: 'server', usage: 'start [--role all|gateway|worker]   run the gateway (and worker); see docs/operations.md' },
  worker: { side: 'server', usage: 'worker                              run a worker only (same as start --role worker)' },
  migrate: { side: 'server', usage: 'migrate                             apply database migrations, then exit' },
  'migrate:new': { side: 'server', usage: 'migrate:new <name>                  write a migration from prisma/schema.prisma' },
  token: {
    side: 'server',
    usage:
      'token --user <sub> [--tenant KEY] [--role USER|ADMIN|COMPLIANCE|SRE|REVIEWER ...] [--ttl 12h]\n' +
      '                                      a development token (or with --url URL: a demo token from a gateway)',
  },
  'labels:export': {
    side: 'server',
    usage: "labels:export --tenant KEY [--out DIR]  a tenant's decisions on findings as labels (docs/api.md)",
  },
  'print-schema': { side: 'server', usage: 'print-schema                        write schema.graphql' },
  'manifest:check': { side: 'server', usage: 'manifest:check <file>...            check trusted-document manifests' },
  review: { side: 'client', usage: 'review <files or folders...> [--batch] [--json|--csv]   review contracts (suanni review --help)' },
  erase: { side: 'client', usage: 'erase [--user USER]                 erase yourself, or (COMPLIANCE) a user of the tenant' },
  users: { side: 'client', usage: 'users [NAME]                        the users of your tenant with their ids (ADMIN, COMPLIANCE)' },
  traces: { side: 'client', usage: 'traces [TRACE_ID] [--review ID] ... recent traces (SRE)' },
};

/** The text of `suanni --help`. */
export function usage(): string {
  const lines = Object.values(COMMANDS).map((command) => `  suanni ${command.usage}`);
  return `usage: suanni <command> [options]\n\n${lines.join('\n')}\n\nClient commands talk to a running gateway: --url (or $SUANNI_URL) and --token (or $SUANNI_TOKEN).\nMore: docs/cli.md\n`;
}

/** What the entry point does with a command line before loading anything. */
export type Dispatch = { kind: 'print'; stream: 'stdout' | 'stderr'; text: string; exitCode: 0 | 2 } | { kind: 'server' | 'client' };

const HELP = new Set(['--help', '-h', 'help']);

/** Decides from the arguments alone: help (exit 0), an unknown command (exit 2, with the nearest one), or which half to load. */
export function dispatch(argv: readonly string[]): Dispatch {
  const [command, ...rest] = argv;
  if (command === undefined) return { kind: 'print', stream: 'stderr', text: usage(), exitCode: 2 };
  if (HELP.has(command)) return { kind: 'print', stream: 'stdout', text: usage(), exitCode: 0 };
  const known = COMMANDS[command];
  if (!known) {
    const nearest = nearestName(command, Object.keys(COMMANDS));
    const hint = nearest ? ` Did you mean "${nearest}"?` : '';
    return { kind: 'print', stream: 'stderr', text: `suanni: unknown command "${command}".${hint}\n\n${usage()}`, exitCode: 2 };
  }
  const remote = command === 'token' && rest.some((arg) => arg === '--url' || arg.startsWith('--url='));
  if (known.side === 'client' || remote) return { kind: 'client' };
  // A server command's help must never start the server (or run a migration).
  if (rest.some((arg) => HELP.has(arg))) return { kind: 'print', stream: 'stdout', text: `usage: suanni ${known.usage}\n`, exitCode: 0 };
  return { kind: 'server' };
}
