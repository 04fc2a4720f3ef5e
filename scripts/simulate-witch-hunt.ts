// Catch-the-Witch simulator (issue 25 item 6): bot games at each player count, win rates with 95%
// Wilson intervals. `npm run simulate -- --mode witch-hunt --games 2000 [--from 4 --to 12] [--timed]
// [--seed 1]` (scripts/simulate.ts hands the flags here), or `npx tsx scripts/simulate-witch-hunt.ts`.
import { pathToFileURL } from "node:url";
import { playBotGame } from "../lib/game/witch-hunt/bot-game";
import { ROLES_BY_COUNT } from "../lib/game/witch-hunt/tables";
import { parseFlags, simulatorFlags } from "./cli-args";
import { pctWithInterval as pct } from "./wilson";

export function main(argv: string[]): number {
  const flags = parseFlags(argv);
  const { games, from, to, seed0 } = simulatorFlags(flags, 4);
  const timed = flags.timed === true;
  console.log(`| players | village | witches | clown | village by seal | avg days | avg score (frogs) | top reasons | refused | games/s |`);
  console.log(`| ---: | --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: |`);
  for (let n = from; n <= to; n++) {
    const wins = { village: 0, witches: 0, clown: 0 };
    const reasons = new Map<string, number>();
    let days = 0;
    let score = 0;
    let refused = 0;
    const t0 = performance.now();
    for (let g = 0; g < games; g++) {
      const r = playBotGame(n, seed0 + g, timed);
      if (r.winner === null) throw new Error(`game ${n}/${seed0 + g} did not end`);
      wins[r.winner]++;
      reasons.set(`${r.winner}:${r.reason}`, (reasons.get(`${r.winner}:${r.reason}`) ?? 0) + 1);
      days += r.day;
      score += r.score;
      refused += r.refused;
    }
    const secs = (performance.now() - t0) / 1000;
    const top = [...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => `${k} ${((100 * v) / games).toFixed(0)}%`).join(", ");
    console.log(`| ${n} | ${pct(wins.village, games)} | ${pct(wins.witches, games)} | ${ROLES_BY_COUNT[n].includes("clown") ? pct(wins.clown, games) : "—"} | ${((100 * (reasons.get("village:seal") ?? 0)) / games).toFixed(1)}% | ${(days / games).toFixed(2)} | ${(score / games).toFixed(2)} | ${top} | ${refused} | ${Math.round(games / secs)} |`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
