// The load benchmark's collector figures: the observer must record the server's real pauses over
// the window only, and the summary must tell scavenges from old-generation work.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { constants } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { gcPausesLine, summarizeGcPauses } from "./gc-pauses";

const { NODE_PERFORMANCE_GC_MINOR: MINOR, NODE_PERFORMANCE_GC_MAJOR: MAJOR, NODE_PERFORMANCE_GC_WEAKCB: WEAKCB } = constants;

describe("summarizeGcPauses", () => {
  it("splits scavenges from old-generation pauses and adds every pause up against the window", () => {
    const pauses: [number, number][] = [...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((ms): [number, number] => [MINOR, ms]), [MAJOR, 20], [WEAKCB, 0.5]];
    const g = summarizeGcPauses(pauses, 10);
    expect(g).toEqual({ scavenges: 10, scavengeMs: { p50: 5, p95: 10, max: 10 }, majors: 1, majorMaxMs: 20, totalMs: 76, pctOfWindow: 0.8 });
    expect(gcPausesLine(g)).toContain("10 scavenges, p50 5 / p95 10 / max 10 ms");
  });

  it("reads an empty window as no pauses", () => {
    expect(summarizeGcPauses([], 30)).toMatchObject({ scavenges: 0, scavengeMs: { p50: 0, p95: 0, max: 0 }, majors: 0, totalMs: 0, pctOfWindow: 0 });
  });
});

/** The pauses gc-observer.mjs records in a Node process running `script`. */
function observe(script: string): [number, number][] {
  const dir = mkdtempSync(path.join(tmpdir(), "gc-observer-"));
  const file = path.join(dir, "pauses.json");
  try {
    const observer = path.resolve("scripts/load/gc-observer.mjs");
    const r = spawnSync(process.execPath, ["--expose-gc", "--import", `file://${observer}`, "-e", script], { env: { ...process.env, MASOI_GC_FILE: file }, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(readFileSync(file, "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CHURN = `const churn = () => { let keep; for (let i = 0; i < 3e5; i++) keep = { i, s: "x" + i }; return keep; };`;
const SIGNAL = `process.kill(process.pid, "SIGUSR2")`;

describe("gc-observer.mjs", () => {
  it("records the collections between its two signals", () => {
    const g = summarizeGcPauses(
      observe(`${CHURN} ${SIGNAL};
        setTimeout(() => {
          churn(); churn(); globalThis.gc();
          setTimeout(() => ${SIGNAL}, 50);
          setTimeout(() => undefined, 300); // alive until the signal is handled
        }, 50);`),
      1,
    );
    expect(g.scavenges).toBeGreaterThan(0);
    expect(g.majors).toBeGreaterThan(0);
    expect(g.totalMs).toBeGreaterThan(0);
  });

  it("and none from before the window", () => {
    const pauses = observe(`${CHURN} churn(); churn(); globalThis.gc();
      setTimeout(() => {
        ${SIGNAL};
        setTimeout(() => ${SIGNAL}, 50);
        setTimeout(() => undefined, 300);
      }, 50);`);
    expect(pauses).toEqual([]);
  });
});
