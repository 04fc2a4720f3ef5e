// Balance simulator: plays N bot games of a setup and prints each side's win rate with a 95%
// Wilson interval, and games per second.
//   npm run simulate -- --ruleset standard --players 9 --games 100000 [--seed 1]
//   npm run simulate -- --ruleset classic --players 10 --roles witch,cupid --sheriff [--tie-revote] [--end-at-parity]
//   --json prints one JSON object instead of the table.
//   npm run simulate -- --mode witch-hunt|card-werewolf --games 3000 [--from N --to M] [--seed 1]: that game's table
//   (scripts/simulate-witch-hunt.ts, scripts/simulate-card-werewolf.ts).
import { configSchema } from "../lib/game/werewolf/config";
import type { Winner } from "../lib/game/werewolf/types";
import { playBotGame } from "./bot-game";
import { main as simulateCardWerewolf } from "./simulate-card-werewolf";
import { main as simulateWitchHunt } from "./simulate-witch-hunt";
import { intFlag, parseFlags, werewolfOptions } from "./cli-args";
import { wilson } from "./wilson";

const SIDES: Winner[] = ["village", "wolves", "lovers", "draw"];

/** Other modes' simulators, by --mode (Werewolf when absent): each reads the same flags its own way. */
const MODES: Record<string, (argv: string[]) => number> = { "witch-hunt": simulateWitchHunt, "card-werewolf": simulateCardWerewolf };

function main(): number {
  const flags = parseFlags(process.argv.slice(2));
  if (typeof flags.mode === "string" && flags.mode !== "werewolf") {
    const run = MODES[flags.mode];
    if (!run) {
      process.stderr.write(`unknown --mode ${flags.mode}: werewolf, ${Object.keys(MODES).join(", ")}\n`);
      return 2;
    }
    return run(process.argv.slice(2));
  }
  const options = werewolfOptions(flags);
  const config = configSchema.safeParse(options);
  if (!config.success) {
    process.stderr.write(`bad options: ${config.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}\n`);
    return 2;
  }
  const n = intFlag(flags, "players", 9);
  const games = intFlag(flags, "games", 1000);
  const seed = intFlag(flags, "seed", 1);
  const players = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  const wins: Record<Winner, number> = { village: 0, wolves: 0, lovers: 0, draw: 0 };
  let actions = 0;
  let refused = 0;
  let days = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const r = playBotGame(config.data, players, (seed + g) >>> 0);
    wins[r.winner]++;
    actions += r.actions;
    refused += r.refused;
    days += r.state.day;
  }
  const seconds = (performance.now() - t0) / 1000;
  const rates = SIDES.map((side) => ({ side, wins: wins[side], rate: wins[side] / games, ci95: wilson(wins[side], games) }));
  const summary = {
    setup: { ...config.data, players: n },
    games,
    seed,
    rates,
    gamesPerSecond: games / seconds,
    actionsPerGame: actions / games,
    daysPerGame: days / games,
    refusedActions: refused,
  };
  if (flags.json) {
    process.stdout.write(JSON.stringify(summary, null, 2) + "\n");
    return 0;
  }
  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  const roles = config.data.roles.length ? ` roles=${config.data.roles.join(",")}` : "";
  const extras = ["sheriff", "tieRevote", "endAtParity"].filter((k) => config.data[k as "sheriff"]).join(",");
  console.log(`${config.data.ruleset} ${n} players${roles}${extras ? ` ${extras}` : ""} — ${games} games (seeds ${seed}..${seed + games - 1})`);
  console.log("side      wins      rate     95% CI (Wilson)");
  for (const r of rates) {
    if (r.side === "lovers" && config.data.ruleset !== "classic") continue;
    console.log(`${r.side.padEnd(9)} ${String(r.wins).padStart(8)}  ${pct(r.rate).padStart(7)}  [${pct(r.ci95.low)}, ${pct(r.ci95.high)}]`);
  }
  console.log(`${summary.gamesPerSecond.toFixed(0)} games/s, ${summary.actionsPerGame.toFixed(1)} actions/game, ${summary.daysPerGame.toFixed(2)} rounds/game, ${refused} refused bot actions`);
  return 0;
}

process.exitCode = main();
