// Entry of the client commands (see src/main.ts): no server module is loaded.
import { runClientCommand } from './cli.js';

const [command = '', ...rest] = process.argv.slice(2);
const code = await runClientCommand(command, rest, { stdout: process.stdout, stderr: process.stderr, env: process.env });
process.exitCode = code;
