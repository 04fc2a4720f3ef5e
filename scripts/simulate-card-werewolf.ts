// Werewolf card game simulator (issue 26): bot games at each player count, basic and advanced,
// Village win rates with 95% Wilson intervals. `npm run simulate -- --mode card-werewolf --games 2000
// [--from 6 --to 12] [--seed 1]` (scripts/simulate.ts hands the flags here), or
// `npx tsx scripts/simulate-card-werewolf.ts` with the same flags.
import { pathToFileURL } from "node:url";
import { playBotGame } from "../lib/game/card-werewolf/bot-game";
import { ADVANCED_MIN_PLAYERS } from "../lib/game/card-werewolf/tables";
import type { CardWerewolfConfig } from "../lib/game/card-werewolf/types";
import { parseFlags, simulatorFlags } from "./cli-args";
import { pctWithInterval as pct } from "./wilson";

const SETTINGS: { name: string; config: Omit<CardWerewolfConfig, "timeScale"> }[] = [
  { name: "basic", config: { angel: "none", traitor: false } },
  { name: "Angel + Traitor", config: { angel: "basic", traitor: true } },
  { name: "Powerful Angel + Traitor", config: { angel: "powerful", traitor: true } },
];

export function main(argv: string[]): number {
  const flags = parseFlags(argv);
  const { games, from, to, seed0 } = simulatorFlags(flags, 6);
  console.log(`| players | game | Village wins | Werewolves win | avg Days | deaths by 7 Votes / execution / Witch / Claw | refused | games/s |`);
  console.log(`| ---: | --- | --- | --- | ---: | --- | ---: | ---: |`);
  for (let n = from; n <= to; n++) {
    for (const { name, config } of SETTINGS) {
      if (n < ADVANCED_MIN_PLAYERS && name !== "basic") continue;
      let village = 0;
      let days = 0;
      let refused = 0;
      const causes: Record<string, number> = { votes: 0, execution: 0, witch: 0, claw: 0 };
      const t0 = performance.now();
      for (let g = 0; g < games; g++) {
        const r = playBotGame(n, seed0 + g, config, (es) => {
          for (const e of es) if (e.type === "died") causes[e.cause as string]++;
        });
        if (r.winner === null) throw new Error(`game ${n}/${seed0 + g} did not end`);
        if (r.winner === "village") village++;
        days += r.day;
        refused += r.refused;
      }
      const secs = (performance.now() - t0) / 1000;
      const per = (k: string) => (causes[k] / games).toFixed(2);
      console.log(`| ${n} | ${name} | ${pct(village, games)} | ${pct(games - village, games)} | ${(days / games).toFixed(2)} | ${per("votes")} / ${per("execution")} / ${per("witch")} / ${per("claw")} | ${refused} | ${Math.round(games / secs)} |`);
    }
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
