/** The oldest Node the gateway runs on; package.json `engines.node` says the same (a test compares them). */
export const MINIMUM_NODE_VERSION = '20.19.0';

const parts = (version: string): [number, number, number] | null => {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
};

/**
 * Why `version` (e.g. `process.versions.node`, with or without a leading `v`) cannot run the
 * gateway, or null when it can.
 */
export function unsupportedNodeReason(version: string, minimum: string = MINIMUM_NODE_VERSION): string | null {
  const actual = parts(version);
  const required = parts(minimum);
  if (!required) throw new Error(`not a version: ${minimum}`);
  if (actual && (actual[0] - required[0] || actual[1] - required[1] || actual[2] - required[2]) >= 0) return null;
  return `Suanni needs Node ${minimum} or newer (Node 22 LTS recommended); this is Node ${version.replace(/^v/, '')}. Install a newer Node and run the command again.`;
}
