// Engine profiling driver (one core): full werewolf games with cheap random legal choices, through
// the public mode interface only. Three loops:
//   engine — random seat, `legalActions`, a random legal action, timeouts a quarter of the time;
//   views  — the same plus, like a bot table, `viewFor` of every seat that has something to do;
//   bots   — whole bot games (scripts/bot-game.ts), what `npm run bench:engine` measures first.
// Prints games/s and µs per accepted action. Profile with:
//   npx tsx --cpu-prof --cpu-prof-dir=/tmp/prof scripts/profile-engine.ts --seconds 5 --players 9 --loop engine
// (without --loop it runs all three; CPU-time rates are steadier than wall time on a shared machine).
import { nextInt, seedRng, type RngState } from "../lib/game/core/rng";
import { configSchema } from "../lib/game/werewolf/config";
import { werewolf } from "../lib/game/werewolf/mode";
import { concretize } from "../lib/game/werewolf/testing";
import type { LegalAction, WerewolfConfig } from "../lib/game/werewolf/types";
import { playBotGame } from "./bot-game";
import { intFlag, parseFlags, werewolfOptions } from "./cli-args";

interface Played {
  actions: number;
  views: number;
}

function playGame(config: WerewolfConfig, players: string[], seed: number, withViews: boolean): Played {
  const start = werewolf.setup(config, players, { now: 0, seed });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value.state;
  const r: RngState = seedRng(seed ^ 0x9e3779b9);
  let now = 0;
  let actions = 0;
  let views = 0;
  for (let i = 0; i < 5000 && state.phase !== "ended"; i++) {
    if (withViews) {
      for (const p of players) {
        if (werewolf.legalActions!(state, p).length === 0) continue;
        views += werewolf.viewFor(state, p).legal.length > 0 ? 1 : 0;
      }
    }
    const p = players[nextInt(r, players.length)];
    const legal = werewolf.legalActions!(state, p) as LegalAction[];
    if (legal.length === 0 || nextInt(r, 4) === 0) {
      now = Math.max(now, state.deadline ?? now);
      state = werewolf.advance(state, { now }).state;
      continue;
    }
    const res = werewolf.act(state, p, concretize(r, legal[nextInt(r, legal.length)]), { now });
    if (!res.ok) throw new Error(`legal action refused: ${res.error.code}`);
    state = res.value.state;
    actions++;
    // A second passes per action (chat stays under its rate limit), never past the deadline.
    if (state.deadline !== null) now = Math.max(now, Math.min(now + 1000, state.deadline - 1));
  }
  if (state.phase !== "ended") throw new Error(`game ${seed} did not end`);
  return { actions, views };
}

function main(): void {
  const flags = parseFlags(process.argv.slice(2));
  const config = configSchema.parse(werewolfOptions(flags));
  const n = intFlag(flags, "players", 9);
  const seconds = intFlag(flags, "seconds", 5);
  const loops = typeof flags.loop === "string" ? [flags.loop] : ["engine", "views", "bots"];
  const players = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  for (const loop of loops) {
    const withViews = loop === "views";
    const run = (seed: number): Played =>
      loop === "bots" ? { actions: playBotGame(config, players, seed).actions, views: 0 } : playGame(config, players, seed, withViews);
    for (let i = 0; i < 500; i++) run(1_000_000 + i);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let games = 0;
    let actions = 0;
    let views = 0;
    while (performance.now() - t0 < seconds * 1000) {
      for (let k = 0; k < 50; k++) {
        const g = run(games++);
        actions += g.actions;
        views += g.views;
      }
    }
    const ms = performance.now() - t0;
    // CPU time as well as wall time: on a shared machine the wall clock also counts other work.
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const rate = (t: number) => `${(games / (t / 1000)).toFixed(0).padStart(7)} games/s ${((t * 1000) / actions).toFixed(2).padStart(6)} µs/action`;
    console.log(
      `${loop.padEnd(6)} wall ${rate(ms)} | cpu ${rate(cpuMs)}  ` +
        `(${(actions / games).toFixed(1)} actions/game${withViews ? `, ${(views / games).toFixed(1)} views/game` : ""})`,
    );
  }
}

main();
