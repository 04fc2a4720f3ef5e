// npm run bench:load -- --rooms R --duration S [--rate A] [--time-scale T] [--port P] [--repeat N]
//                      [--rebuild] [--cpu-prof DIR] [--alloc-prof DIR] [--setup-concurrency C] [--json FILE]
// Starts the production build (NEXT_DIST_DIR=.next-load, built if missing) on a fresh embedded
// database — or, when DATABASE_URL is set, on a new database on that server (migrated, dropped
// after) — in its own process, then drives it from a second
// process (scripts/load/client.ts): R rooms × 9 players over HTTP + SSE at A actions/s per room.
// Prints the client's report plus the server's CPU and memory. See docs/performance.md "Load".
// `--repeat N` runs it N times back to back, each on a new server and a new database, and ends with
// the median and range of each figure: on a shared machine one run's p95 can differ from the next
// one's several-fold. `--alloc-prof DIR` samples what the server allocates over the measurement
// window (scripts/load/alloc-sampler.mjs) and prints it per second, per action and by place.
// `--json FILE` also writes every run's result, as one JSON array (scripts/bench-beside-peer.ts reads it).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freshPostgres } from "../lib/db/testing";
import { summarizeAllocations, WINDOW_CLOSED, WINDOW_OPEN, type AllocNode, type AllocSummary } from "./load/alloc-profile";
import { gcPausesLine, summarizeGcPauses, type GcPauses } from "./load/gc-pauses";
import { sample, sampleMachine, sampleNamed, sampleOf, sampleThreads, threadReport, treeOf, type MachineSample, type Sample, type ThreadReport, type ThreadTimes } from "./load/proc-stats";
import { ensureBuild, startServer } from "./load/server";
import { referenceLine, referenceNs } from "./machine-speed";
import { medianRange } from "./load/median-range";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const num = (name: string, fallback: number) => {
  const n = Number(arg(name, String(fallback)));
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};

interface RunOptions {
  rooms: number;
  duration: number;
  rate: number;
  timeScale: number;
  port: number;
  cpuProfDir: string | undefined;
  allocProfDir: string | undefined;
  databaseUrl: string | undefined;
  machineReferenceNs: number;
}

type RunResult = Record<string, unknown> & {
  achievedPct: number;
  fanoutLatencyMs: { p50: number; p95: number; p99: number };
  errorCount: number;
  serverCpuPct: number;
  /** Milliseconds of CPU (the server's, plus Postgres's when it is a separate server) per achieved action. */
  cpuPerActionMs: number;
  serverThreads: ThreadReport | null;
  serverGcPauses: GcPauses;
};

async function main() {
  const rooms = num("rooms", 10);
  const duration = num("duration", 30);
  const rate = num("rate", 2);
  // Phases at 10% of their length: a 30 s night step lasts 3 s, a game a minute or so.
  const timeScale = num("time-scale", 0.1);
  const port = num("port", 3900 + Math.floor(Math.random() * 90));
  const cpuProfDir = arg("cpu-prof");
  const allocProfDir = arg("alloc-prof");
  const databaseUrl = process.env.DATABASE_URL;
  // Before anything else runs on the machine: its speed, to read the figures against.
  const machineReferenceNs = Number(referenceNs().toFixed(2));
  const repeat = num("repeat", 1);
  ensureBuild(root, process.argv.includes("--rebuild"));
  const results: RunResult[] = [];
  for (let i = 0; i < repeat; i++) {
    if (repeat > 1) console.log(`\n[bench] run ${i + 1} of ${repeat}`);
    results.push(await runOnce({ rooms, duration, rate, timeScale, port: port + i, cpuProfDir, allocProfDir, databaseUrl, machineReferenceNs }));
  }
  if (repeat > 1) console.log(`\n${summaryOf(results)}`);
  const json = arg("json");
  if (json) writeFileSync(json, JSON.stringify(results));
}

/** The median and range of each headline figure over the runs. */
function summaryOf(results: RunResult[]): string {
  const of = (f: (r: RunResult) => number) => results.map(f);
  const waiting = results.map((r) => r.serverThreads?.mainWaitingPct).filter((x): x is number => x !== undefined);
  return (
    `${results.length} runs, median (min–max): achieved ${medianRange(of((r) => r.achievedPct), "%")} · fan-out p50 ${medianRange(of((r) => r.fanoutLatencyMs.p50), " ms")} · ` +
    `p95 ${medianRange(of((r) => r.fanoutLatencyMs.p95), " ms")} · p99 ${medianRange(of((r) => r.fanoutLatencyMs.p99), " ms")} · server CPU ${medianRange(of((r) => r.serverCpuPct), "%")}` +
    ` · CPU per achieved action ${medianRange(of((r) => r.cpuPerActionMs), " ms")}` +
    (waiting.length === results.length ? ` · event loop waiting for a CPU ${medianRange(waiting, "%")}` : "") +
    ` · GC pauses ${medianRange(of((r) => r.serverGcPauses.totalMs), " ms")}` +
    ` · errors ${results.reduce((n, r) => n + r.errorCount, 0)} in all`
  );
}

/** One run on a new database of its own: runs compare only if none starts with another's tables. */
async function runOnce(options: RunOptions): Promise<RunResult> {
  if (!options.databaseUrl) return runOn(options);
  const scratch = await freshPostgres(options.databaseUrl);
  try {
    const url = new URL(options.databaseUrl);
    url.pathname = `/${scratch.database}`;
    return await runOn({ ...options, databaseUrl: url.toString() });
  } finally {
    await scratch.close();
  }
}

/** Waits (up to 10 s) for a file the server writes at the window's end (the sampler's once V8 hands the profile over). */
async function readWhenWritten<T>(file: string): Promise<T> {
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((res) => setTimeout(res, 100));
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

async function runOn({ rooms, duration, rate, timeScale, port, cpuProfDir, allocProfDir, databaseUrl, machineReferenceNs }: RunOptions): Promise<RunResult> {
  const allocDir = allocProfDir && path.resolve(allocProfDir);
  if (allocDir) mkdirSync(allocDir, { recursive: true });
  const gcFile = path.join(mkdtempSync(path.join(tmpdir(), "masoi-gc-")), "pauses.json");
  const server = await startServer({ root, port, timeScale, databaseUrl, cpuProfDir: cpuProfDir && path.resolve(cpuProfDir), allocProfDir: allocDir, gcFile });
  const pid = server.child.pid!;
  // Each second: the server, the load client, Postgres (when it is a separate server) and the
  // machine, so a report shows where both cores went (the client shares them with the server).
  // And the server's threads: how much its event loop ran, and how long it waited for a CPU.
  const samples: {
    server: Sample;
    /** The server's process tree this second, read once for its CPU, memory and threads. */
    pids: number[];
    threads: Map<number, ThreadTimes>;
    client: Sample;
    postgres: Sample | null;
    machine: MachineSample;
  }[] = [];
  let sampling: ReturnType<typeof setInterval> | undefined;
  try {
    const options = {
      base: server.base.toString(),
      rooms,
      duration,
      rate,
      setupConcurrency: num("setup-concurrency", 20),
      seed: num("seed", 1),
    };
    const client = spawn(process.execPath, ["--max-old-space-size=4096", "--import", "tsx", path.join(root, "scripts/load/client.ts"), JSON.stringify(options)], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    let edges = 0;
    client.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      // The GC observer and the sampler (--alloc-prof) start and stop on SIGUSR2, at the window's
      // edges: one signal per marker line, counted over everything read so far (a chunk may end
      // inside a line).
      const seen = out.split("\n").filter((line) => line === WINDOW_OPEN || line === WINDOW_CLOSED).length;
      for (; edges < seen; edges++) process.kill(pid, "SIGUSR2");
    });
    // Sampled every second; the report keeps the measurement window only (after setup).
    sampling = setInterval(
      () => {
        const pids = treeOf(pid);
        samples.push({
          server: sampleOf(pids),
          pids,
          threads: sampleThreads(pids),
          client: sample(client.pid!),
          postgres: databaseUrl ? sampleNamed("postgres") : null,
          machine: sampleMachine(),
        });
      },
      1000,
    );
    const code = await new Promise<number>((res) => client.on("exit", (c) => res(c ?? 1)));
    if (code !== 0) throw new Error(`load client exited with ${code}`);
    const report = JSON.parse(out.trim().split("\n").pop()!);
    // Keep the samples of the measurement window: the last windowS seconds before the drain.
    const window = samples.slice(-Math.round(report.windowS) - 3, -3);
    const first = window[0];
    const last = window[window.length - 1];
    const seconds = first && last && last.machine.at > first.machine.at ? (last.machine.at - first.machine.at) / 1000 : NaN;
    const pct = (cpuS: (s: (typeof samples)[number]) => number) => (first && last ? Math.round(((cpuS(last) - cpuS(first)) / seconds) * 100) : NaN);
    const cpuPct = pct((s) => s.server.cpuS);
    const rssMb = Math.round(Math.max(...window.map((s) => s.server.rssMb)));
    // % of one core; the machine's figures are over all its cores (2 here: 200% is everything).
    const cpu = {
      serverPct: cpuPct,
      clientPct: pct((s) => s.client.cpuS),
      postgresPct: databaseUrl ? pct((s) => s.postgres?.cpuS ?? 0) : null,
      machineBusyPct: pct((s) => s.machine.busyS),
      machineStealPct: pct((s) => s.machine.stealS),
    };
    const threads = first && last ? threadReport(first.threads, last.threads, seconds, last.pids) : null;
    const allocations: AllocSummary | null = allocDir
      ? summarizeAllocations((await readWhenWritten<{ head: AllocNode }>(path.join(allocDir, `alloc-${pid}.json`))).head, report.windowS, report.achievedPerS * report.windowS)
      : null;
    const gc = summarizeGcPauses(await readWhenWritten<[number, number][]>(gcFile), report.windowS);
    rmSync(path.dirname(gcFile), { recursive: true, force: true });
    // On PGlite the database runs inside the server's process, so its CPU is already counted.
    const cpuPerActionMs = Number((((cpu.serverPct + (cpu.postgresPct ?? 0)) * 10) / report.achievedPerS).toFixed(2));
    const result: RunResult = {
      database: databaseUrl ? "postgres" : "pglite (embedded)",
      rate,
      timeScale,
      ...report,
      serverCpuPct: cpuPct,
      cpuPerActionMs,
      serverRssMaxMb: rssMb,
      cpu,
      serverThreads: threads,
      serverGcPauses: gc,
      ...(allocations ? { serverAllocations: allocations } : {}),
      machineReferenceNs,
    };
    console.log(JSON.stringify(result, null, 2));
    const lat = result.fanoutLatencyMs;
    console.log(
      `\n${result.database} · ${result.mode} · rooms ${result.rooms} · aim ${result.offeredPerS}/s · turns ${result.turnsPerS}/s · achieved ${result.achievedPerS}/s (${result.achievedPct}%) · ` +
        `fan-out latency p50 ${lat.p50} / p95 ${lat.p95} / p99 ${lat.p99} ms · server CPU ${cpuPct}% · RSS ${rssMb} MB · errors ${result.errorCount}\n` +
        `CPU (% of one core): server ${cpu.serverPct}, load client ${cpu.clientPct}${cpu.postgresPct === null ? "" : `, postgres ${cpu.postgresPct}`}; ` +
        `machine busy ${cpu.machineBusyPct} of ${cpus().length * 100}, stolen by the hypervisor ${cpu.machineStealPct}; ` +
        `CPU per achieved action ${cpuPerActionMs} ms (server${cpu.postgresPct === null ? "" : " + postgres"})\n` +
        (threads
          ? `Server threads (% of one core): event loop ${threads.mainPct} running + ${threads.mainWaitingPct} waiting for a CPU; ` +
            `busiest other thread ${threads.busiestOtherPct}; the rest ${threads.restPct}\n`
          : "") +
        gcPausesLine(gc) +
        (allocations
          ? `Server allocations: ${allocations.mbPerS} MB/s, ${allocations.kbPerAction} KB per achieved action; by place: ` +
            `${allocations.byPlace.slice(0, 6).map((p) => `${p.place} ${p.pct}%`).join(", ")}\n`
          : "") +
        referenceLine(machineReferenceNs),
    );
    return result;
  } finally {
    if (sampling) clearInterval(sampling);
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
