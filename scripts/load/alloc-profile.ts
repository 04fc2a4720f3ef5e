// What the server allocated over the load's measurement window (`bench:load --alloc-prof DIR`),
// from the sampling heap profile that scripts/load/alloc-sampler.mjs writes: bytes per second, per
// achieved action, and by where the allocating code lives. A server's collector works in
// proportion to what it allocates, so this says whose garbage the collector's time is.

/** Lines the load client prints on stdout at the window's edges (before its report). */
export const WINDOW_OPEN = '{"window":"open"}';
export const WINDOW_CLOSED = '{"window":"closed"}';

/** The part of V8's `SamplingHeapProfile` read here (`HeapProfiler.stopSampling`). */
export interface AllocNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: AllocNode[];
}

export interface AllocSummary {
  /** Bytes sampled over the window (V8 scales each sample to the bytes it stands for). */
  totalBytes: number;
  mbPerS: number;
  kbPerAction: number;
  /** Share of the bytes by where the allocating function lives, largest first. */
  byPlace: { place: string; pct: number }[];
}

/** Where a frame's code lives: the app, a package, Node's own JavaScript, or V8's builtins. */
export function placeOf(url: string): string {
  if (url === "") return "V8 builtins (JSON, strings, arrays, promises)";
  if (url.startsWith("node:")) return "Node (streams, HTTP, async hooks)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.includes("/.next") && url.includes("/chunks/")) return "the app (its server bundle)";
  return "other";
}

export function summarizeAllocations(head: AllocNode, windowS: number, actions: number): AllocSummary {
  const by = new Map<string, number>();
  let total = 0;
  const stack = [head];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.selfSize > 0) {
      total += n.selfSize;
      const place = placeOf(n.callFrame.url);
      by.set(place, (by.get(place) ?? 0) + n.selfSize);
    }
    stack.push(...n.children);
  }
  return {
    totalBytes: total,
    mbPerS: Math.round((total / 1e6 / windowS) * 10) / 10,
    kbPerAction: actions > 0 ? Math.round(total / 1e3 / actions) : NaN,
    byPlace: [...by]
      .sort((a, b) => b[1] - a[1])
      .map(([place, bytes]) => ({ place, pct: total > 0 ? Math.round((bytes / total) * 1000) / 10 : 0 })),
  };
}
