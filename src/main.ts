// The entry point. ES modules load their whole static import graph before any of it runs, so
// the Node check runs first here and the CLI (Prisma, LangGraph, OpenTelemetry) is loaded after it.
import './require-node.js';
import { dispatch } from './commands.js';

// One `suanni` binary, two halves: client commands talk to a running gateway over its public API
// and load no server module; everything else (start, migrate, token without --url, ...) is the server's.
// Help and unknown commands are answered here, before either half is loaded.
const decided = dispatch(process.argv.slice(2));
if (decided.kind === 'print') {
  process[decided.stream].write(decided.text);
  process.exitCode = decided.exitCode;
} else if (decided.kind === 'client') await import('./client/main.js');
else (await import('./cli.js')).runServerCommand(process.argv.slice(2));
