import type { Profiler } from 'node:inspector/promises';

/** Where a sampled frame's self time goes: V8's pseudo frames, native code, a package, a file of `src/`, or a Node module. */
function areaOf(frame: Profiler.ProfileNode['callFrame']): string {
  const { url: file, functionName } = frame;
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)') return functionName;
  if (!file) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1]!;
  if (file.includes('/src/')) return `src/${file.split('/src/')[1]}`;
  return file;
}

/**
 * A V8 CPU profile as self time by area and by function, in lines of the top entries: share of
 * the counted samples and milliseconds per unit of work (`per` units, named `unit`). `skipIdle`
 * leaves the idle samples out of the shares (a process that waits on others).
 */
export function summariseProfile(
  profile: Profiler.Profile,
  options: { per: number; unit: string; skipIdle: boolean; areas: number; functions: number },
): { byArea: string; byFunction: string } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let counted = 0;
  profile.samples!.forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    const delta = profile.timeDeltas![index] ?? 0;
    const area = areaOf(frame);
    if (options.skipIdle && area === '(idle)') return;
    counted += delta;
    byArea.set(area, (byArea.get(area) ?? 0) + delta);
    const fn = `${frame.functionName || '(anonymous)'} ${area}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([key, us]) =>
          `  ${((us / counted) * 100).toFixed(1).padStart(5)} %  ${(us / 1000 / Math.max(options.per, 1)).toFixed(3)} ms/${options.unit}  ${key}`,
      )
      .join('\n');
  return { byArea: top(byArea, options.areas), byFunction: top(byFunction, options.functions) };
}
