// The server's collector pauses over the load's window (`scripts/load/gc-observer.mjs`): young-
// generation scavenges stop the event loop for milliseconds every second or so under load, and a
// stalled loop is where an action's fan-out tail waits (docs/performance.md, "Load").
import { constants } from "node:perf_hooks";
import { percentile } from "./stats";

export interface GcPauses {
  scavenges: number;
  scavengeMs: { p50: number; p95: number; max: number };
  /** Mark-compact and incremental-marking steps (the old generation). */
  majors: number;
  majorMaxMs: number;
  /** Every pause, added up, and as a share of the window. */
  totalMs: number;
  pctOfWindow: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** No scavenge in the window reads as 0 ms, not as a missing figure. */
const pauseAt = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : percentile(sorted, p));

export function summarizeGcPauses(pauses: [kind: number, ms: number][], windowS: number): GcPauses {
  const minor = pauses.filter(([kind]) => kind === constants.NODE_PERFORMANCE_GC_MINOR).map(([, ms]) => ms).sort((a, b) => a - b);
  const major = pauses.filter(([kind]) => kind !== constants.NODE_PERFORMANCE_GC_MINOR && kind !== constants.NODE_PERFORMANCE_GC_WEAKCB).map(([, ms]) => ms);
  const totalMs = pauses.reduce((sum, [, ms]) => sum + ms, 0);
  return {
    scavenges: minor.length,
    scavengeMs: { p50: round(pauseAt(minor, 50)), p95: round(pauseAt(minor, 95)), max: round(minor[minor.length - 1] ?? 0) },
    majors: major.length,
    majorMaxMs: round(Math.max(0, ...major)),
    totalMs: Math.round(totalMs),
    pctOfWindow: windowS > 0 ? Math.round((totalMs / (windowS * 1000)) * 1000) / 10 : NaN,
  };
}

export const gcPausesLine = (g: GcPauses): string =>
  `Server GC pauses (event loop): ${g.scavenges} scavenges, p50 ${g.scavengeMs.p50} / p95 ${g.scavengeMs.p95} / max ${g.scavengeMs.max} ms; ` +
  `${g.majors} old-generation pauses (max ${g.majorMaxMs} ms); ${g.totalMs} ms in all (${g.pctOfWindow}% of the window)\n`;
