// Engine benchmark on one core (this process, no workers):
//   1. full bot games — every seat a bot deciding from its own view (viewFor + chooseAction);
//   2. engine only — the same engine calls driven by random legal actions, no views;
//   3. the cost of one viewFor.
// Prints games per second and microseconds per accepted action. Target: ≥ 20,000 complete
// 9-player bot games per second.
//   npm run bench:engine [-- --players 9 --seconds 5 --ruleset classic --roles witch,cupid --sheriff]
import { nextInt, seedRng } from "../lib/game/core/rng";
import { configSchema } from "../lib/game/werewolf/config";
import { factsOf, legalActions } from "../lib/game/werewolf/legal";
import { werewolf } from "../lib/game/werewolf/mode";
import { concretize } from "../lib/game/werewolf/testing";
import type { WerewolfConfig, WerewolfState } from "../lib/game/werewolf/types";
import { playBotGame } from "./bot-game";
import { intFlag, parseFlags, werewolfOptions } from "./cli-args";

const TARGET = 20_000;

/** A game of random legal actions (engine cost without views or bot heuristics). */
function randomLegalGame(config: WerewolfConfig, players: string[], seed: number): { actions: number; state: WerewolfState } {
  const start = werewolf.setup(config, players, { now: 0, seed });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const r = seedRng(seed ^ 0x9e3779b9);
  let now = 0;
  let actions = 0;
  for (let i = 0; i < 5000 && state.phase !== "ended"; i++) {
    const p = players[nextInt(r, players.length)];
    const legal = legalActions(factsOf(state, p));
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

function timeLoop(seconds: number, run: (i: number) => number): { runs: number; units: number; ms: number } {
  const t0 = performance.now();
  let runs = 0;
  let units = 0;
  while (performance.now() - t0 < seconds * 1000) {
    for (let k = 0; k < 20; k++) units += run(runs++);
  }
  return { runs, units, ms: performance.now() - t0 };
}

function main(): void {
  const flags = parseFlags(process.argv.slice(2));
  const config = configSchema.parse(werewolfOptions(flags));
  const n = intFlag(flags, "players", 9);
  const seconds = intFlag(flags, "seconds", 5);
  const players = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  // Warm-up so the JIT has compiled the hot paths before timing.
  for (let i = 0; i < 200; i++) playBotGame(config, players, 1_000_000 + i);

  const bots = timeLoop(seconds, (i) => playBotGame(config, players, i).actions);
  const engine = timeLoop(seconds, (i) => randomLegalGame(config, players, i).actions);
  const mid = playBotGame(config, players, 7).state;
  const views = timeLoop(Math.max(1, seconds / 5), (i) => (werewolf.viewFor(mid, players[i % n]), 1));

  const gps = (x: { runs: number; ms: number }) => x.runs / (x.ms / 1000);
  const usPer = (x: { units: number; ms: number }) => (x.ms * 1000) / x.units;
  const label = `${config.ruleset} ${n} players${config.roles.length ? ` (${config.roles.join(",")})` : ""}${config.sheriff ? " sheriff" : ""}`;
  console.log(`bench:engine — ${label}, one core, ${seconds}s per measurement`);
  console.log(`full bot games:     ${gps(bots).toFixed(0).padStart(8)} games/s   ${usPer(bots).toFixed(2).padStart(7)} µs/action   (${(bots.units / bots.runs).toFixed(1)} actions/game, target ${TARGET} games/s: ${gps(bots) >= TARGET ? "met" : "NOT met"})`);
  console.log(`engine only:        ${gps(engine).toFixed(0).padStart(8)} games/s   ${usPer(engine).toFixed(2).padStart(7)} µs/action   (random legal actions, no views)`);
  console.log(`viewFor (game end): ${usPer(views).toFixed(2).padStart(8)} µs/call`);
}

main();
