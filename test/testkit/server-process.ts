// The entry of the server processes the multi-process tests start (test/testkit/processes.ts): the
// product's `start`, with the fault injections the test asked for composed here, in the testkit.
import '../../src/require-node.js';
import { parseArgs } from 'node:util';
import { start } from '../../src/cli.js';
import type { ProcessRole } from '../../src/config.js';
import { faultOverrides } from './fault-environment.js';

const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
const role = values.role as ProcessRole;
try {
  await start(role, faultOverrides(process.env));
} catch (error) {
  process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
