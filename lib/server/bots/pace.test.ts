// Issue 28 item 3: a bot's think times must say nothing of its role. They are drawn from a seed
// keyed by a server secret (not from the public bot and game ids alone) and from a stream of their
// own, so what a bot drew for its choices at night cannot shift its timing by day.
import { describe, expect, it } from "vitest";
import { chooseAction } from "@/lib/game/werewolf/bot";
import { configSchema } from "@/lib/game/werewolf/config";
import { werewolf } from "@/lib/game/werewolf/mode";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import { botSeeds, choiceRng, dueAt, seedFor, thinkDelay, THINK_MAX_MS, THINK_MIN_MS, type BotSeeds } from "./pace";

const SECRET = new TextEncoder().encode("a-server-secret-of-at-least-32-characters");
const players = Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
const standard = configSchema.parse({});

/**
 * Plays Night 1 of a bot game as the runner would — each bot decides from its own view with its
 * choice stream, as many times as it acts — and returns each seat's role and the delay of its first
 * action on Day 1 (the first public move).
 */
function nightThenDay(seed: number, seeds: BotSeeds[]): { role: string; delay: number }[] {
  const start = werewolf.setup(standard, players, { now: 0, seed });
  if (!start.ok) throw new Error(start.error.message);
  const state = start.value.state;
  return players.map((p, seat) => {
    const rng = choiceRng(seeds[seat], "night.main:1", 0);
    // Role-dependent draws: a wolf, a Seer or a Guard draws several numbers, a villager none.
    for (let i = 0; i < 3; i++) chooseAction(werewolf.viewFor(state, p) as WerewolfView, rng);
    return { role: state.roles[p], delay: dueAt(seeds[seat], "day:1", 0, 1, 0, 120_000) };
  });
}

describe("bot pacing", () => {
  it("seeds come from the server secret: public ids alone do not give them", async () => {
    const a = await botSeeds(SECRET, players[0], "game-1");
    const b = await botSeeds(new TextEncoder().encode("another-server-secret-of-32-characters!!"), players[0], "game-1");
    expect(a).not.toEqual(b);
    expect(a.pace).not.toBe(seedFor(players[0], "game-1"));
    expect(a.pace).not.toBe(a.choice);
    expect(await botSeeds(SECRET, players[0], "game-1")).toEqual(a);
  });

  it("same seed material → the same think times, whatever the bot drew for its choices (its role)", async () => {
    const seeds = await botSeeds(SECRET, players[3], "game-2");
    const before = [0, 1, 2].map((n) => thinkDelay(seeds, "day:1", n, 1, 0, null));
    const rng = choiceRng(seeds, "night.main:1", 0);
    for (let i = 0; i < 50; i++) rng[0] ^= i; // whatever happened to the choice stream
    expect([0, 1, 2].map((n) => thinkDelay(seeds, "day:1", n, 1, 0, null))).toEqual(before);
    for (const d of before) {
      expect(d).toBeGreaterThanOrEqual(THINK_MIN_MS);
      expect(d).toBeLessThanOrEqual(THINK_MAX_MS);
    }
  });

  it("the first public move's delay is identically distributed for wolves, the Seer and villagers (2,000 games, χ² homogeneity)", async () => {
    const BINS = 6;
    const byRole = new Map<string, number[]>();
    const wide = (THINK_MAX_MS - THINK_MIN_MS + 1) / BINS;
    for (let g = 0; g < 2000; g++) {
      const gameId = `game-${g}`;
      const seeds = await Promise.all(players.map((p) => botSeeds(SECRET, p, gameId)));
      for (const { role, delay } of nightThenDay(g, seeds)) {
        const group = role === "wolf" || role === "seer" ? role : "other";
        const bins = byRole.get(group) ?? new Array<number>(BINS).fill(0);
        bins[Math.min(BINS - 1, Math.floor((delay - THINK_MIN_MS) / wide))]++;
        byRole.set(group, bins);
      }
    }
    // Homogeneity of the wolves' and the Seer's histograms against everyone else's, as the
    // chi-square of the per-bin shares: each group's counts against the pooled shares.
    const other = byRole.get("other")!;
    for (const group of ["wolf", "seer"]) {
      const mine = byRole.get(group)!;
      const total = mine.reduce((a, b) => a + b, 0);
      const otherTotal = other.reduce((a, b) => a + b, 0);
      let x2 = 0;
      for (let i = 0; i < BINS; i++) {
        const pooled = (mine[i] + other[i]) / (total + otherTotal);
        x2 += (mine[i] - pooled * total) ** 2 / (pooled * total) + (other[i] - pooled * otherTotal) ** 2 / (pooled * otherTotal);
      }
      // 5 degrees of freedom: 15.09 is the 99th percentile.
      expect(x2, group).toBeLessThan(15.09);
    }
  });
});
