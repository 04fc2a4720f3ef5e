// Preloaded into the server by `bench:load` (`node --import`): the collector's pauses of the
// server's main thread over the load's measurement window, as Node's `gc` performance entries give
// them. The first SIGUSR2 starts the record, the next writes it to MASOI_GC_FILE (bench-load.ts
// sends both, at the window's edges, as it does for the allocation sampler).
import { PerformanceObserver } from "node:perf_hooks";
import { writeFileSync } from "node:fs";

const file = process.env.MASOI_GC_FILE;
if (file) {
  let on = false;
  /** [kind, pause in ms] of each collection in the window (kind: perf_hooks' NODE_PERFORMANCE_GC_*). */
  let pauses = [];
  new PerformanceObserver((list) => {
    if (on) for (const e of list.getEntries()) pauses.push([e.detail?.kind ?? 0, e.duration]);
  }).observe({ entryTypes: ["gc"] });
  process.on("SIGUSR2", () => {
    on = !on;
    if (on) pauses = [];
    else writeFileSync(file, JSON.stringify(pauses));
  });
}
