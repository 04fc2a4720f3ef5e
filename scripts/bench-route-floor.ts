// npm run bench:route-floor -- [--rate N] [--seconds S] [--path /api/...] [--cpu-prof DIR] [--rebuild]
// What any API request costs the server before our code does anything: POSTs at a fixed rate to a
// path no route serves (`app/api/[...path]`: the `handle` wrapper's 404, no database), on the
// production build bench:load uses, over keep-alive connections. Prints the server's CPU per
// request and the round trip's p50/p95 — the floor under every request Next.js answers
// (docs/performance.md). `--path /api/games/<uuid>/actions` measures the direct routes' floor
// instead: server.ts answers that path itself (the `handle` wrapper's 401, no session sent).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { intFlag, parseFlags } from "./cli-args";
import { request } from "./load/http";
import { sampleOf, treeOf } from "./load/proc-stats";
import { ensureBuild, startServer } from "./load/server";
import { summary } from "./load/stats";
import { referenceLine, referenceNs } from "./machine-speed";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const flags = parseFlags(process.argv.slice(2));
const rate = intFlag(flags, "rate", 200);
const seconds = intFlag(flags, "seconds", 20);
const target = typeof flags.path === "string" ? flags.path : "/api/no-such-route";
const WARM_UP = 300;

async function main() {
  const machineReferenceNs = Number(referenceNs().toFixed(2));
  ensureBuild(root, flags.rebuild === true);
  const port = 3900 + Math.floor(Math.random() * 90);
  const cpuProfDir = typeof flags["cpu-prof"] === "string" ? path.resolve(flags["cpu-prof"]) : undefined;
  const server = await startServer({ root, port, timeScale: 1, cpuProfDir });
  const latencies: number[] = [];
  let failed = 0;
  // The load client's own request (keep-alive agent, JSON): the same requests bench:load sends.
  const post = async () => {
    const t0 = performance.now();
    try {
      await request(server.base, "POST", target, undefined, {});
      latencies.push(performance.now() - t0);
    } catch {
      failed++;
    }
  };
  try {
    for (let i = 0; i < WARM_UP; i++) await post();
    latencies.length = 0;
    const pids = treeOf(server.child.pid!);
    const before = sampleOf(pids);
    const start = performance.now();
    const inFlight: Promise<void>[] = [];
    // Every 10 ms, whatever the rate says is due by then: an even stream, not bursts per second.
    for (let sent = 0; performance.now() - start < seconds * 1000; ) {
      const due = Math.floor(((performance.now() - start) / 1000) * rate);
      for (; sent < due; sent++) inFlight.push(post());
      await new Promise((res) => setTimeout(res, 10));
    }
    await Promise.all(inFlight);
    const after = sampleOf(pids);
    const elapsedS = (performance.now() - start) / 1000;
    const cpuS = after.cpuS - before.cpuS;
    const lat = summary(latencies);
    const result = {
      path: target,
      rate,
      seconds: Number(elapsedS.toFixed(1)),
      requests: latencies.length,
      failed,
      serverCpuPct: Math.round((cpuS / elapsedS) * 100),
      cpuPerRequestMs: Number(((cpuS * 1000) / latencies.length).toFixed(3)),
      roundTripMs: { p50: lat.p50, p95: lat.p95 },
      machineReferenceNs,
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `\nPOST ${target} at ${rate}/s: server CPU ${result.serverCpuPct}% of one core, ${result.cpuPerRequestMs} ms per request · ` +
        `round trip p50 ${result.roundTripMs.p50} / p95 ${result.roundTripMs.p95} ms · failed ${failed}\n${referenceLine(machineReferenceNs)}`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
