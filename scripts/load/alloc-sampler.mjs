// Preloaded into the server by `bench:load --alloc-prof DIR` (`node --import`): V8's sampling heap
// profiler over the load's measurement window, counting every sampled allocation — also the ones
// the collector has already freed, which a plain `--heap-prof` drops (it keeps live objects only,
// and a server's garbage is what its collector spends on). SIGUSR2 starts it, the next SIGUSR2
// writes the profile to DIR/alloc-<pid>.json (bench-load.ts sends both, at the window's edges).
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.MASOI_ALLOC_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let on = false;
  process.on("SIGUSR2", () => {
    if (!on) {
      on = true;
      session.post("HeapProfiler.startSampling", {
        samplingInterval: 32768,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      return;
    }
    on = false;
    session.post("HeapProfiler.stopSampling", (error, result) => {
      if (error) process.stderr.write(`alloc-sampler: ${error.message}\n`);
      else writeFileSync(join(dir, `alloc-${process.pid}.json`), JSON.stringify(result.profile));
    });
  });
}
