// npm run bench:beside-peer -- [--rooms R] [--duration S] [--rounds N] [--peer DIR] [--no-pglite] [--rebuild]
// Issue 23's comparison as one command: N rounds (default 3), each the peer — boardgame.io with its
// durable FlatFile store, `DIR/run.sh R S --flatfile` (default DIR ../shared/peers/bgio) — then ours
// on Postgres (when DATABASE_URL is set, as bench:load uses it) and ours on the embedded PGlite,
// interleaved so that each meets the same machine (its speed drifts by half within an hour). Prints
// each run as it ends, then per server the median and range, and issue 23's targets against them:
// only figures of one session compare (docs/performance.md, "Ours beside the peer").
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { intFlag, parseFlags } from "./cli-args";
import { median, medianRange } from "./load/median-range";
import { referenceLine, referenceNs } from "./machine-speed";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** One run's headline figures, whichever server ran. */
interface Figures {
  server: string;
  achievedPct: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU per achieved action (ms): ours with its database's processes, the peer's server alone. */
  cpuMs: number;
  errors: number;
}

/** Runs a command, its output collected; rejects with the output's tail when it fails. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}:\n${out.slice(-2000)}`))));
  });
}

interface PeerResult {
  target_moves_per_s: number;
  moves_per_s: number;
  latency_ms: { p50: number; p95: number; p99: number };
  errors: Record<string, number>;
  server: { cpu_pct: number };
}

async function peerRun(dir: string, rooms: number, duration: number): Promise<Figures> {
  const out = await run("bash", [path.join(dir, "run.sh"), String(rooms), String(duration), "--flatfile"], process.env, dir);
  const line = out.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`the peer printed no RESULT line:\n${out.slice(-2000)}`);
  const r = JSON.parse(line.slice("RESULT ".length)) as PeerResult;
  return {
    server: "boardgame.io, FlatFile",
    achievedPct: Number(((100 * r.moves_per_s) / r.target_moves_per_s).toFixed(1)),
    ...r.latency_ms,
    cpuMs: Number(((r.server.cpu_pct * 10) / r.moves_per_s).toFixed(2)),
    errors: Object.values(r.errors).reduce((a, b) => a + b, 0),
  };
}

interface LoadResult {
  achievedPct: number;
  fanoutLatencyMs: { p50: number; p95: number; p99: number };
  cpuPerActionMs: number;
  errorCount: number;
}

async function oursRun(databaseUrl: string | undefined, rooms: number, duration: number, rebuild: boolean): Promise<Figures> {
  const dir = mkdtempSync(path.join(tmpdir(), "masoi-beside-"));
  const json = path.join(dir, "result.json");
  const env = { ...process.env };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  try {
    const args = ["--import", "tsx", path.join(root, "scripts/bench-load.ts"), "--rooms", String(rooms), "--duration", String(duration), "--json", json];
    await run(process.execPath, rebuild ? [...args, "--rebuild"] : args, env, root);
    const [r] = JSON.parse(readFileSync(json, "utf8")) as LoadResult[];
    return {
      server: databaseUrl ? "ours, Postgres" : "ours, embedded PGlite",
      achievedPct: r.achievedPct,
      ...r.fanoutLatencyMs,
      cpuMs: r.cpuPerActionMs,
      errors: r.errorCount,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const line = (f: Figures) =>
  `${f.server.padEnd(24)} achieved ${f.achievedPct}% · fan-out p50 ${f.p50} / p95 ${f.p95} / p99 ${f.p99} ms · CPU per action ${f.cpuMs} ms · errors ${f.errors}`;

/** Issue 23's targets for one of our servers, against its runs and the peer's of the same rounds. */
function verdict(ours: Figures[], peer: Figures[], rooms: number): string {
  const [minPct, maxP95] = rooms <= 100 ? [99, 50] : [95, 250];
  const count = (ok: (f: Figures, i: number) => boolean) => `${ours.filter(ok).length} of ${ours.length} runs`;
  const parts = [
    `≥ ${minPct}% achieved with p95 ≤ ${maxP95} ms: ${count((f) => f.achievedPct >= minPct && f.p95 <= maxP95)}`,
    `p95 ≤ the peer's of its round: ${count((f, i) => f.p95 <= peer[i].p95)} (median ${median(ours.map((f) => f.p95))} against ${median(peer.map((f) => f.p95))} ms)`,
    ...(rooms === 100 ? [`CPU per action ≤ 3 ms: ${count((f) => f.cpuMs <= 3)}`] : []),
    `errors ${ours.reduce((n, f) => n + f.errors, 0)} in all`,
  ];
  return `${ours[0].server}: ${parts.join(" · ")}`;
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const rooms = intFlag(flags, "rooms", 100);
  const duration = intFlag(flags, "duration", 30);
  const rounds = intFlag(flags, "rounds", 3);
  const peerDir = path.resolve(typeof flags.peer === "string" ? flags.peer : path.join(root, "../shared/peers/bgio"));
  if (!existsSync(path.join(peerDir, "run.sh"))) throw new Error(`no peer at ${peerDir}: pass --peer DIR, the folder of boardgame.io's run.sh`);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const servers: ((rebuild: boolean) => Promise<Figures>)[] = [
    () => peerRun(peerDir, rooms, duration),
    ...(databaseUrl ? [(rebuild: boolean) => oursRun(databaseUrl, rooms, duration, rebuild)] : []),
    ...(flags["no-pglite"] ? [] : [(rebuild: boolean) => oursRun(undefined, rooms, duration, rebuild)]),
  ];
  if (servers.length === 1) throw new Error("nothing of ours to run: set DATABASE_URL, or leave out --no-pglite");
  console.log(`R = ${rooms} rooms × 9, 2 actions/s per room, ${duration} s, ${rounds} rounds: ${servers.length} servers interleaved`);
  console.log(referenceLine(Number(referenceNs().toFixed(2))));
  const runs: Figures[][] = servers.map(() => []);
  let rebuild = flags.rebuild === true;
  for (let round = 1; round <= rounds; round++) {
    for (const [i, server] of servers.entries()) {
      const figures = await server(rebuild && i > 0);
      if (i > 0) rebuild = false;
      runs[i].push(figures);
      console.log(`round ${round} · ${line(figures)}`);
    }
  }
  console.log(`\nMedian (min–max) of ${rounds} runs each:`);
  for (const r of runs) {
    const of = (f: (x: Figures) => number, unit = "") => medianRange(r.map(f), unit);
    console.log(`${r[0].server.padEnd(24)} achieved ${of((f) => f.achievedPct, "%")} · fan-out p50 ${of((f) => f.p50, " ms")} · p95 ${of((f) => f.p95, " ms")} · CPU per action ${of((f) => f.cpuMs, " ms")}`);
  }
  console.log(`\nIssue 23's targets (the peer's CPU is its server's alone; ours adds its database's):`);
  for (const r of runs.slice(1)) console.log(verdict(r, runs[0], rooms));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
