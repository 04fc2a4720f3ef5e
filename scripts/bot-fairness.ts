// What the published record of bot games gives away, measured over many games (issue 21 item 5,
// issue 28 item 4): who is voted out on Day 1 by seat, and how often a simple reading of the
// tallies names the wolf pair. Shared by the tests (lib/game/werewolf/bot-fairness.test.ts) and
// `npx tsx scripts/bot-fairness.ts` (the figures in docs/balance.md).
import type { PlayerId } from "../lib/game/core/types";
import type { WerewolfState, TallyRecord, WerewolfConfig } from "../lib/game/werewolf/types";
import { configSchema } from "../lib/game/werewolf/config";
import { playBotGame } from "./bot-game";

/** The player voted out on Day 1 (null: nobody), from the public tallies. */
export function dayOneOut(tallies: readonly TallyRecord[]): PlayerId | null {
  for (const t of tallies) if (t.day === 1 && t.kind !== "sheriff" && t.result !== null) return t.result;
  return null;
}

/**
 * The tally reader's guess (issue 28 item 4): among the pairs who never voted against each other,
 * those who voted for the same target most often. Each of k tied pairs gets 1/k (the reader picks
 * one at random); a game where every pair agreed nowhere names nobody.
 */
export function namedPairs(players: readonly PlayerId[], tallies: readonly TallyRecord[]): Map<string, number> {
  const n = players.length;
  const seat = new Map(players.map((p, i) => [p, i]));
  const against = new Uint8Array(n * n);
  const alike = new Uint16Array(n * n);
  for (const t of tallies) {
    const votes = Object.entries(t.votes).map(([v, target]) => [seat.get(v) ?? -1, seat.get(target) ?? -1] as const);
    for (const [v, target] of votes) if (v >= 0 && target >= 0) against[Math.min(v, target) * n + Math.max(v, target)] = 1;
    for (let i = 0; i < votes.length; i++)
      for (let j = i + 1; j < votes.length; j++) {
        const [a, ta] = votes[i];
        const [b, tb] = votes[j];
        if (a >= 0 && b >= 0 && ta === tb) alike[Math.min(a, b) * n + Math.max(a, b)]++;
      }
  }
  let top = 1;
  const best: string[] = [];
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      const k = a * n + b;
      if (against[k] === 1 || alike[k] < top) continue;
      if (alike[k] > top) best.length = 0;
      top = alike[k];
      best.push(`${a},${b}`);
    }
  return new Map(best.map((key) => [key, 1 / best.length]));
}

export interface WolfPairReading {
  games: number;
  /** How often the reader names the wolf pair. */
  wolves: number;
  /** How often it names one given pair of village players (the mean over every such pair). */
  village: number;
}

/** Reads the tallies of `games` bot games with two wolves. */
export function readWolfPairs(config: WerewolfConfig, n: number, games: number, seed: number): WolfPairReading {
  const players = Array.from({ length: n }, (_, i) => `p${i}`);
  let wolves = 0;
  let village = 0;
  let counted = 0;
  for (let g = 0; g < games; g++) {
    const { state } = playBotGame(config, players, (seed + g) >>> 0);
    const wolfSeats = wolfSeatsOf(state, players);
    if (wolfSeats.length !== 2) continue;
    counted++;
    const named = namedPairs(players, state.tallies);
    wolves += named.get(`${wolfSeats[0]},${wolfSeats[1]}`) ?? 0;
    let sum = 0;
    let pairs = 0;
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++) {
        if (wolfSeats.includes(a) || wolfSeats.includes(b)) continue;
        sum += named.get(`${a},${b}`) ?? 0;
        pairs++;
      }
    village += sum / pairs;
  }
  return { games: counted, wolves: wolves / counted, village: village / counted };
}

function wolfSeatsOf(state: WerewolfState, players: readonly PlayerId[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < players.length; i++) if (state.roles[players[i]] === "wolf") out.push(i);
  return out;
}

/** How many times each seat was voted out on Day 1 over `games` bot games of `n` seats. */
export function dayOneBySeat(config: WerewolfConfig, n: number, games: number, seed: number, order?: (players: PlayerId[], seed: number) => PlayerId[]): number[] {
  const joined = Array.from({ length: n }, (_, i) => `p${i}`);
  const counts = new Array<number>(n).fill(0);
  for (let g = 0; g < games; g++) {
    const s = (seed + g) >>> 0;
    const { state } = playBotGame(config, order ? order(joined, s) : joined, s);
    const out = dayOneOut(state.tallies);
    // By join order: the position of the player in the list of those who joined.
    if (out !== null) counts[joined.indexOf(out)]++;
  }
  return counts;
}

/** The 99% interval of a seat's rate around the mean rate of all seats (normal approximation). */
export function interval99(counts: readonly number[], games: number): { mean: number; low: number; high: number } {
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length / games;
  const half = 2.576 * Math.sqrt((mean * (1 - mean)) / games);
  return { mean, low: mean - half, high: mean + half };
}

if (process.argv[1]?.endsWith("bot-fairness.ts")) {
  const standard = configSchema.parse({});
  const games = Number(process.argv[2] ?? 3000);
  const counts = dayOneBySeat(standard, 8, games, 1);
  const { mean, low, high } = interval99(counts, games);
  console.log(`Day-1 vote-outs by seat, ${games} games of 8: ${counts.map((c) => `${((c / games) * 100).toFixed(1)}%`).join(" ")} (mean ${(mean * 100).toFixed(1)}%, 99% [${(low * 100).toFixed(1)}, ${(high * 100).toFixed(1)}])`);
  const wolfVotes = new Array<number>(8).fill(0);
  let wolfVoteTotal = 0;
  for (let g = 0; g < games; g++) {
    const players = Array.from({ length: 8 }, (_, i) => `p${i}`);
    const { state } = playBotGame(standard, players, (1 + g) >>> 0);
    const t = state.tallies.find((x) => x.day === 1 && x.kind === "vote");
    if (!t) continue;
    for (const [v, target] of Object.entries(t.votes)) if (state.roles[v] === "wolf") {
      wolfVotes[players.indexOf(target)]++;
      wolfVoteTotal++;
    }
  }
  console.log(`Wolves' Day-1 votes by seat: ${wolfVotes.map((c) => `${((c / wolfVoteTotal) * 100).toFixed(1)}%`).join(" ")}`);
  for (const n of [8]) {
    const r = readWolfPairs(standard, n, 10_000, 1);
    console.log(`Tally reader, standard ${n}, ${r.games} games: names the wolf pair ${(r.wolves * 100).toFixed(1)}%, a given village pair ${(r.village * 100).toFixed(1)}%`);
  }
}
