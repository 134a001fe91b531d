/**
 * Imported first by the entry point, which loads the CLI only afterwards, so this refuses an
 * unsupported Node before Prisma or anything else heavy is loaded (which would fail later, obscurely).
 * Only the pure check is imported here, so nothing else runs first.
 */
import { unsupportedNodeReason } from './platform/node-version.js';

const reason = unsupportedNodeReason(process.versions.node);
if (reason) {
  process.stderr.write(`${reason}\n`);
  process.exit(1);
}
