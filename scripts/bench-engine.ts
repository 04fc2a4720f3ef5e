// Engine benchmark on one core (one process, one thread, no workers):
//   1. full bot games — every seat a bot deciding from its own view, read by seat (`inputAt`,
//      equal to `viewFor`'s fields: bot-input.test.ts), its actions through `act` (with
//      validation), phases through `advance` (scripts/bot-game.ts);
//   2. engine only — the same engine calls driven by random legal actions, no views;
//   3. the cost of one viewFor.
// Prints games per second and microseconds per accepted action, by wall clock (the target) and by
// this process's CPU time (steadier on a shared machine), with the load average. A guard, not a
// target (issue 24): ≥ 5,000 complete 9-player bot games per second, median of 3 runs; within it,
// the engine is written for reading, not for speed.
//
// How it runs: `npm run bench:engine` starts under tsx, whose esbuild transform keeps function
// names (`__name` wrappers around every function), which production code (Next.js bundles) does
// not pay. So by default this script bundles itself with esbuild (target node20, no keepNames,
// not minified) and runs the bundle with plain node; `--no-bundle` measures under tsx instead.
//   npm run bench:engine [-- --players 9 --seconds 5 --ruleset classic --roles witch,cupid --sheriff] [--no-bundle]
// `--runs N` runs it N times, each in its own process, and prints the best and the median of the
// first figure (full bot games, or the one loop): compare those, never one run with another.
// Profiling: `--loop bots|engine|views` times one loop only (views: engine only plus, like a bot
// table, the view of every seat that has something to do), and `--cpu-prof DIR` runs the bundle
// under `node --cpu-prof` writing the profile into DIR:
//   npm run bench:engine -- --loop bots --seconds 5 --cpu-prof /tmp/prof
// Instructions (`--instructions`, needs valgrind): a shared machine's load moves the figures above
// by ±20% from one run to the next, which hides a change of a few percent. This counts the CPU
// instructions of full bot games instead (callgrind, ~4 min): the same count, to ~0.01%, for the
// same bundle whatever else the machine runs (an edit anywhere in the bundle, a comment or a path
// included, moves it by up to ~3%: compare changes larger than that). It plays 5,000 and then
// 10,000 games in two processes and prints the difference per game, so start-up and warm-up cancel
// out. Not from game 1,000 on: until about game 5,000 the optimizing compiler is still at work (it
// ran on the main thread here), which added ~130,000 instructions per game to the figure, and a
// change that only moved compilation earlier looked like a 14% gain; from game 5,000 on a game
// costs the same in every window measured (2026-12-02: 440k, 441k, 434k per game for 5–10k,
// 10–15k, 15–20k):
//   npm run bench:engine -- --instructions
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { nextInt, seedRng } from "../lib/game/core/rng";
import { configSchema } from "../lib/game/werewolf/config";
import { werewolf } from "../lib/game/werewolf/mode";
import { concretize } from "../lib/game/werewolf/testing";
import type { LegalAction, WerewolfConfig, WerewolfState } from "../lib/game/werewolf/types";
import { playBotGame } from "./bot-game";
import { intFlag, parseFlags, werewolfOptions, type Flags } from "./cli-args";
import { referenceLine, referenceNs } from "./machine-speed";

const GUARD = 5_000;
const WARM_UP_MS = 1500;
const BUNDLED = "MASOI_BENCH_BUNDLED";

/**
 * A game of random legal actions (engine cost without bot heuristics). With `withViews`, each
 * step first builds the view of every seat that has something to do, as a bot table would.
 */
function randomLegalGame(config: WerewolfConfig, players: string[], seed: number, withViews = false): { actions: number; state: WerewolfState } {
  const start = werewolf.setup(config, players, { now: 0, seed });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const r = seedRng(seed ^ 0x9e3779b9);
  let now = 0;
  let actions = 0;
  for (let i = 0; i < 5000 && state.phase !== "ended"; i++) {
    if (withViews) for (const p of players) if (werewolf.legalActions!(state, p).length > 0) werewolf.viewFor(state, p);
    const p = players[nextInt(r, players.length)];
    const legal = werewolf.legalActions!(state, p) as LegalAction[];
    // A quarter of the time (or when this seat has nothing to do) the phase runs out.
    if (legal.length === 0 || nextInt(r, 4) === 0) {
      now = Math.max(now, state.deadline ?? now);
      state = werewolf.advance(state, { now }).state;
      continue;
    }
    const res = werewolf.act(state, p, concretize(r, legal[nextInt(r, legal.length)]), { now });
    if (res.ok) {
      state = res.value.state;
      actions++;
    }
  }
  return { actions, state };
}

interface Timed {
  runs: number;
  units: number;
  ms: number;
  cpuMs: number;
}

function timeLoop(seconds: number, run: (i: number) => number): Timed {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let runs = 0;
  let units = 0;
  while (performance.now() - t0 < seconds * 1000) {
    for (let k = 0; k < 20; k++) units += run(runs++);
  }
  const cpu = process.cpuUsage(cpu0);
  return { runs, units, ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");

const LOOPS = {
  bots: (config: WerewolfConfig, players: string[], seed: number) => playBotGame(config, players, seed).actions,
  engine: (config: WerewolfConfig, players: string[], seed: number) => randomLegalGame(config, players, seed).actions,
  views: (config: WerewolfConfig, players: string[], seed: number) => randomLegalGame(config, players, seed, true).actions,
};
type Loop = keyof typeof LOOPS;
const isLoop = (x: unknown): x is Loop => typeof x === "string" && Object.hasOwn(LOOPS, x);

/** The table the flags describe: room settings and `--players` seats (9 by default). */
function tableOf(flags: Flags): { config: WerewolfConfig; players: string[] } {
  const config = configSchema.parse(werewolfOptions(flags));
  return { config, players: Array.from({ length: intFlag(flags, "players", 9) }, (_, i) => `p${i + 1}`) };
}

function bench(args: string[], how: string): void {
  const flags = parseFlags(args);
  const { config, players } = tableOf(flags);
  const n = players.length;
  const seconds = intFlag(flags, "seconds", 5);
  if (flags.loop !== undefined && !isLoop(flags.loop)) throw new Error(`--loop must be one of ${Object.keys(LOOPS).join(", ")}`);
  const only = isLoop(flags.loop) ? flags.loop : null;
  const label = `${config.ruleset} ${n} players${config.roles.length ? ` (${config.roles.join(",")})` : ""}${config.sheriff ? " sheriff" : ""}`;
  console.log(`bench:engine — ${label}, one core (single thread), ${seconds}s per measurement${only ? `, ${only} loop only` : ""}`);
  console.log(`  ${how}; node ${process.version}; load average at start ${load()}`);
  console.log(`  ${referenceLine(referenceNs())}`);
  const gps = (x: Timed, ms = x.ms) => x.runs / (ms / 1000);
  const usPer = (x: Timed, ms = x.ms) => (ms * 1000) / x.units;
  const row = (x: Timed) =>
    `${gps(x).toFixed(0).padStart(7)} games/s ${usPer(x).toFixed(2).padStart(6)} µs/action   (cpu time: ${gps(x, x.cpuMs).toFixed(0)} games/s, ${usPer(x, x.cpuMs).toFixed(2)} µs/action)`;
  const time = (loop: Loop) => {
    // Warm-up until the optimizing compiler is done with the hot paths (it compiles on a second
    // thread): 500 games were ~25 ms, and the compiler then still used a core for part of the
    // timed window (its CPU time exceeded the wall time), with the games meanwhile on slower code.
    const warm = performance.now();
    for (let i = 0; i < 500 || performance.now() - warm < WARM_UP_MS; i++) LOOPS[loop](config, players, 1_000_000 + i);
    return timeLoop(seconds, (i) => LOOPS[loop](config, players, i));
  };
  if (only) {
    const x = time(only);
    console.log(`${only.padEnd(7)} ${row(x)}   ${(x.units / x.runs).toFixed(1)} actions/game`);
  } else {
    const bots = time("bots");
    const engine = timeLoop(seconds, (i) => LOOPS.engine(config, players, i));
    const mid = playBotGame(config, players, 7).state;
    const views = timeLoop(Math.max(1, seconds / 5), (i) => (werewolf.viewFor(mid, players[i % n]), 1));
    console.log(`full bot games: ${row(bots)}`);
    console.log(`                ${(bots.units / bots.runs).toFixed(1)} actions/game; guard ${GUARD} games/s (wall): ${gps(bots) >= GUARD ? "met" : "NOT met"}`);
    console.log(`engine only:    ${row(engine)}   random legal actions, no views`);
    console.log(`viewFor (game end): ${usPer(views).toFixed(2)} µs/call`);
  }
  console.log(`load average at end ${load()}`);
}

/**
 * `--runs N`: on a shared VM a whole run is either "fast" or uniformly ~1.5× slower (docs/
 * performance.md), so one run says little; N runs in N processes give the best and the median.
 */
function summaryOfRuns(rates: number[]): string {
  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return `${rates.length} runs, first figure of each (games/s): best ${sorted[sorted.length - 1]}, median ${Math.round(median)}  [${rates.join(", ")}]`;
}

/** Bundles this file with esbuild (no keepNames) and runs the bundle with plain node. */
async function runBundled(args: string[]): Promise<number> {
  const profileDir = parseFlags(args)["cpu-prof"];
  if (profileDir === true) throw new Error("--cpu-prof needs a directory");
  const esbuild = await import("esbuild");
  const outfile = join(tmpdir(), `masoi-bench-engine-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [fileURLToPath(import.meta.url)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    keepNames: false,
    minify: false,
    external: ["esbuild"],
    outfile,
    logLevel: "warning",
  });
  const how = `esbuild ${esbuild.version} bundle (target node20, no keepNames) run by plain node`;
  try {
    if (args.includes("--instructions")) {
      await instructions(outfile, args.filter((a) => a !== "--instructions"));
      return 0;
    }
    const profile = profileDir === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", profileDir];
    const runs = intFlag(parseFlags(args), "runs", 1);
    const rates: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = spawnSync(process.execPath, [...profile, outfile, ...args], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", env: { ...process.env, [BUNDLED]: how } });
      process.stdout.write(r.stdout);
      if (r.status !== 0) return r.status ?? 1;
      const m = /^(?:full bot games:|\w+)\s+(\d+) games\/s/m.exec(r.stdout);
      if (m) rates.push(Number(m[1]));
    }
    if (runs > 1) console.log(summaryOfRuns(rates));
    return 0;
  } finally {
    rmSync(outfile, { force: true });
  }
}

/** `--games N`: plays exactly N bot games from seed 0, untimed (what `--instructions` counts). */
function playGames(args: string[]): void {
  const flags = parseFlags(args);
  const { config, players } = tableOf(flags);
  let actions = 0;
  for (let i = 0, n = intFlag(flags, "games", 0); i < n; i++) actions += LOOPS.bots(config, players, i);
  console.log(`actions ${actions}`);
}

/** Instructions of `node <bundle> --games n` under callgrind (valgrind's own summary line). */
function countInstructions(bundle: string, games: number, args: string[]): Promise<number> {
  const valgrind = ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--smc-check=all-non-file"];
  // One thread: the JIT compiles on the main thread, so the count does not depend on scheduling.
  // Fixed hash and random seeds: with V8's random ones, string hashes (maps, records) and so the
  // count differed by ±3% from one run of the same bundle to the next.
  const child = spawn("valgrind", [...valgrind, process.execPath, "--single-threaded", "--hash-seed=1", "--random-seed=1", bundle, ...args, "--games", String(games)], {
    env: { ...process.env, [BUNDLED]: "instructions" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => {
      const m = /Collected : (\d+)/.exec(err);
      if (code === 0 && m) resolve(Number(m[1]));
      else reject(new Error(`valgrind exited with ${code}: ${err.slice(-500)}`));
    }),
  );
}

async function instructions(bundle: string, args: string[]): Promise<void> {
  const probe = spawnSync("valgrind", ["--version"], { encoding: "utf8" });
  if (probe.status !== 0) throw new Error("--instructions needs valgrind (apt-get install -y valgrind)");
  const [few, many] = [5000, 10_000];
  console.log(`bench:engine --instructions — ${probe.stdout.trim()} callgrind, node ${process.version}; ${few} and ${many} full bot games`);
  const [a, b] = await Promise.all([countInstructions(bundle, few, args), countInstructions(bundle, many, args)]);
  console.log(`${Math.round((b - a) / (many - few)).toLocaleString("en")} instructions per full bot game (games ${few + 1}–${many}; ${a.toLocaleString("en")} for the first ${few} with start-up)`);
}

const args = process.argv.slice(2);
if (process.env[BUNDLED] === "instructions") playGames(args);
else if (process.env[BUNDLED]) bench(args, process.env[BUNDLED]);
else if (args.includes("--no-bundle")) bench(args, "run under tsx (esbuild transform with keepNames)");
else process.exitCode = await runBundled(args);
