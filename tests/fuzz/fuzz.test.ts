// The fuzzer against the live production server: ≥ 10,000 malformed, out-of-phase, wrong-player
// and oversized requests → zero 5xx, zero invariant violations, zero writes from refused batches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzServerOptions, runFuzz } from "../../scripts/fuzz";
import { ensureBuild } from "../support/server";
import { startApp, type AppServer } from "../faults/support/server";

let server: AppServer;

beforeAll(async () => {
  await ensureBuild();
  server = await startApp(fuzzServerOptions);
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("fuzzer", () => {
  it("P-1, P-2, P-4, P-6, S-CHAT-5: 10,000 hostile requests — no 5xx, no invariant broken, no write from a refused request", async () => {
    const report = await runFuzz({ url: server.url, requests: 10_000, seed: 424242 });
    expect(report.requests).toBeGreaterThanOrEqual(10_000);
    expect(report.serverErrors).toEqual([]);
    expect(report.violations).toEqual([]);
    expect(report.writesFromRefused).toEqual([]);
    // The comparison must actually have happened on most batches.
    expect(report.refusedBatchesChecked).toBeGreaterThan(20);
    for (const kind of ["malformed", "out-of-phase", "wrong-player", "oversized"]) expect(report.byKind[kind]).toBeGreaterThan(1000);
    // Issue 28: out-of-range cursors and text no database can hold were sent, and refused as such.
    expect(report.byCode.BAD_CURSOR).toBeGreaterThan(0);
    expect(report.byCode.BAD_TEXT).toBeGreaterThan(0);
    // The requests (~1–2 min), then the game played out to its end (up to 3 min, scripts/fuzz.ts).
  }, 360_000);
});
