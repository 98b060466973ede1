import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One function's share of the samples taken while the server was busy. */
export interface HotFunction {
  name: string;
  /** Time in the function itself, as a share of busy time. */
  selfShare: number;
  /** Time in the function and what it called, as a share of busy time. */
  totalShare: number;
}

/**
 * Reads the `.cpuprofile` that `node --cpu-prof` wrote into `dir` and ranks functions by self
 * time. Idle time (waiting for the next request or for the thread pool) is left out of the
 * denominator and reported apart, so shares describe where the busy CPU went.
 */
export function hotFunctions(dir: string, top: number): { functions: HotFunction[]; idleShare: number } {
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfTime = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
    total += delta;
  });
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let idle = 0;
  for (const [id, time] of selfTime) {
    const label = labelOf(byId.get(id)!);
    if (label === "(idle)") {
      idle += time;
      continue;
    }
    self.set(label, (self.get(label) ?? 0) + time);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = labelOf(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + time);
    }
  }
  const busy = total - idle || 1;
  const functions = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, time]) => ({
      name,
      selfShare: time / busy,
      totalShare: (inclusive.get(name) ?? time) / busy,
    }));
  return { functions, idleShare: total ? idle / total : 0 };
}

function labelOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (!url) return functionName || "(anonymous)";
  const file = url
    .replace(/^file:\/\//, "")
    .split("/")
    .slice(-2)
    .join("/");
  return `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
}
