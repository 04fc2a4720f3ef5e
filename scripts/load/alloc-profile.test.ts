// The load benchmark's allocation figures: the sampler must count garbage the collector already
// freed (that is the collector's work), and the summary must attribute bytes to where the code lives.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { placeOf, summarizeAllocations, type AllocNode } from "./alloc-profile";

const node = (url: string, selfSize: number, children: AllocNode[] = []): AllocNode => ({ callFrame: { functionName: "f", url }, selfSize, children });

describe("summarizeAllocations", () => {
  it("adds every node's own bytes and splits them by place, per second and per action", () => {
    const app = "file:///srv/.next-load/server/chunks/lib_server_games_act_ts_1._.js";
    const tree = node("", 0, [
      node("node:internal/async_hooks", 4_000_000, [node(app, 3_000_000, [node("file:///srv/node_modules/postgres/src/connection.js", 2_000_000)])]),
      node("file:///srv/node_modules/next/dist/server/base-server.js", 1_000_000, [node("", 10_000_000)]),
    ]);
    const s = summarizeAllocations(tree, 10, 200);
    expect(s.totalBytes).toBe(20_000_000);
    expect(s.mbPerS).toBe(2);
    expect(s.kbPerAction).toBe(100);
    expect(s.byPlace).toEqual([
      { place: "V8 builtins (JSON, strings, arrays, promises)", pct: 50 },
      { place: "Node (streams, HTTP, async hooks)", pct: 20 },
      { place: "the app (its server bundle)", pct: 15 },
      { place: "postgres", pct: 10 },
      { place: "next", pct: 5 },
    ]);
  });

  it("names scoped packages whole", () => {
    expect(placeOf("file:///srv/node_modules/@electric-sql/pglite/dist/index.js")).toBe("@electric-sql/pglite");
  });
});

describe("alloc-sampler.mjs", () => {
  it("records, between two SIGUSR2, allocations the collector has already freed", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "masoi-alloc-"));
    try {
      // ~80 MB of short-lived arrays between the two signals: far more than survives any scavenge.
      const program = `
        process.kill(process.pid, "SIGUSR2");
        setTimeout(() => {
          const keep = [];
          for (let i = 0; i < 200000; i++) { const a = new Array(50).fill(i); if (i % 100000 === 0) keep.push(a); }
          globalThis.kept = keep.length;
          process.kill(process.pid, "SIGUSR2");
          setTimeout(() => {}, 500);
        }, 100);`;
      const sampler = path.join(__dirname, "alloc-sampler.mjs");
      const r = spawnSync(process.execPath, ["--import", sampler, "-e", program], { env: { ...process.env, MASOI_ALLOC_PROF_DIR: dir }, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      const file = path.join(dir, `alloc-${r.pid}.json`);
      const s = summarizeAllocations((JSON.parse(readFileSync(file, "utf8")) as { head: AllocNode }).head, 1, 1);
      expect(s.totalBytes).toBeGreaterThan(40_000_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
