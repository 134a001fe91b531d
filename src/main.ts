// The entry point. ES modules load their whole static import graph before any of it runs, so
// the Node check runs first here and the CLI (Prisma, LangGraph, OpenTelemetry) is loaded after it.
import './require-node.js';

await import('./cli.js');
