// The load benchmark's thread figures: what it prints about the server's event loop must be what the
// scheduler recorded, or a reader would blame the wrong part of the machine.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { sampleOf, sampleThreads, threadReport, type ThreadTimes } from "./proc-stats";

const times = (entries: [number, number, number][]): Map<number, ThreadTimes> => new Map(entries.map(([tid, runS, waitS]) => [tid, { runS, waitS }]));

describe("threadReport", () => {
  it("takes the busiest process's main thread as the event loop, over the window only", () => {
    // Process 10 (a launcher, nearly idle) and process 20 (the server) with threads 21–23.
    const first = times([
      [10, 1, 0],
      [20, 5, 1],
      [21, 2, 0],
      [22, 1, 0],
      [23, 0, 0],
    ]);
    const last = times([
      [10, 1.1, 0],
      [20, 11, 4],
      [21, 10, 0.5],
      [22, 2, 0],
      [23, 1, 0],
    ]);
    expect(threadReport(first, last, 10, [10, 20])).toEqual({ mainPct: 60, mainWaitingPct: 30, busiestOtherPct: 80, restPct: 21 });
  });

  it("counts a thread that started during the window from zero, and one that ended as nothing", () => {
    const first = times([
      [20, 0, 0],
      [30, 4, 0],
    ]);
    const last = times([
      [20, 2, 1],
      [31, 1, 0],
    ]);
    expect(threadReport(first, last, 4, [20])).toEqual({ mainPct: 50, mainWaitingPct: 25, busiestOtherPct: 25, restPct: 0 });
  });
});

describe.runIf(process.platform === "linux")("sampleThreads", () => {
  it("reads this process's own event loop, which has run", () => {
    const threads = sampleThreads([process.pid]);
    const main = threads.get(process.pid);
    expect(main).toBeDefined();
    expect(main!.runS).toBeGreaterThan(0);
    expect(main!.waitS).toBeGreaterThanOrEqual(0);
  });
});

describe.runIf(process.platform === "linux")("sampleOf", () => {
  // Postgres's backends exit under a benchmark's window; what they used must stay in its figure.
  it("keeps a child's CPU once the child has exited and been waited for", () => {
    const before = sampleOf([process.pid]);
    // Busy until it has used 0.3 s of CPU (however long a busy machine takes to give it), then says how much.
    const script = "let u; do u = process.cpuUsage(); while (u.user + u.system < 3e5); console.log((u.user + u.system) / 1e6);";
    const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    expect(child.status).toBe(0);
    const after = sampleOf([process.pid]);
    // /proc counts in ticks of 10 ms: the child's time may read up to a tick short.
    expect(after.cpuS - before.cpuS).toBeGreaterThanOrEqual(Number(child.stdout) - 0.01);
  });
});
