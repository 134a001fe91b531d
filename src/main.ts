// The entry point. ES modules load their whole static import graph before any of it runs, so
// the Node check runs first here and the CLI (Prisma, LangGraph, OpenTelemetry) is loaded after it.
import './require-node.js';

// One `suanni` binary, two halves: client commands talk to a running gateway over its public API
// and load no server module; everything else (start, migrate, token without --url, ...) is the server's.
const [command, ...rest] = process.argv.slice(2);
const clientCommand =
  command === 'review' ||
  command === 'erase' ||
  command === 'traces' ||
  (command === 'token' && rest.some((arg) => arg === '--url' || arg.startsWith('--url=')));
await import(clientCommand ? './client/main.js' : './cli.js');
