// Issue 22 item 1: bots act at human-like moments spread over each phase and never declare
// themselves ready in the first 30% of a day. Issue 28 item 3: those moments say nothing of a
// bot's role: they are drawn from a seed keyed by a server secret (not from the public bot and
// game ids alone) and from a stream of their own, so what a bot drew for its choices at night
// cannot shift its timing by day.
import { describe, expect, it } from "vitest";
import { chooseAction } from "@/lib/game/werewolf/bot";
import { configSchema } from "@/lib/game/werewolf/config";
import { werewolf } from "@/lib/game/werewolf/mode";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import {
  botSeeds,
  choiceRng,
  dueAt,
  firstWindowOf,
  notBefore,
  READY_EARLIEST,
  readyAt,
  thinkDelay,
  THINK_MAX_MS,
  THINK_MIN_MS,
  type BotSeeds,
} from "./pace";
import { seedFor } from "@/lib/game/core/persona";
import { MAX_ACTIONS_PER_PHASE } from "./turn";
import { modes } from "@/lib/game/modes";

/** The werewolf table's windows, as the runner and the cron pass read them from the registry. */
const firstWindow = firstWindowOf(modes.werewolf.bot);

const SECRET = new TextEncoder().encode("a-server-secret-of-at-least-32-characters");
const players = Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
const standard = configSchema.parse({});
const DAY_MS = 120_000;

/** Seeds of `count` bots in `games` games (bot i of game g: `players[i % 8]`, game `g`). */
async function manySeeds(games: number, count = 7): Promise<BotSeeds[][]> {
  return Promise.all(
    Array.from({ length: games }, (_, g) => Promise.all(Array.from({ length: count }, (_, i) => botSeeds(SECRET, `${players[i % 8]}-${i}`, `game-${g}`)))),
  );
}

/** When a bot's "ready to vote" goes out if it is its `n`-th action of the day: due, and not held. */
const readySent = (seeds: BotSeeds, phaseKey: string, n: number, started: number, deadline: number, scale = 1, peopleReady = false): number =>
  Math.max(dueAt(seeds, phaseKey, n, scale, started, deadline, firstWindow), notBefore(seeds, phaseKey, modes.werewolf.bot!.isReady!({ type: "ready_to_vote" }), started, deadline, peopleReady));

/** Share of values in each of `bins` equal bins of [lo, hi). */
function histogram(values: number[], lo: number, hi: number, bins: number): number[] {
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * bins)))]++;
  return counts.map((c) => c / values.length);
}

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
    return { role: state.roles[p], delay: dueAt(seeds[seat], "day:1", 0, 1, 0, DAY_MS, firstWindow) };
  });
}

describe("bot pacing: moments like people's (issue 22 item 1)", () => {
  it("never ready in the first 30% of a day: any day length, time scale, revote and action count, people ready or not", async () => {
    const tables = await manySeeds(30);
    let checked = 0;
    for (const [g, seeds] of tables.entries()) {
      for (const [lengthS, scale] of [[30, 1], [120, 1], [300, 1], [120, 0.5], [120, 0.02], [30, 0.1]]) {
        const started = 1_700_000_000_000 + g * 1_000;
        const deadline = started + lengthS * 1_000 * scale;
        for (const seed of seeds) {
          for (const day of ["day:1", "day:2", "day:3"]) {
            for (let n = 0; n < MAX_ACTIONS_PER_PHASE; n++) {
              for (const people of [false, true]) {
                const at = readySent(seed, day, n, started, deadline, scale, people);
                expect(at - started).toBeGreaterThanOrEqual(READY_EARLIEST * (deadline - started));
                expect(at).toBeLessThan(deadline);
                checked++;
              }
            }
          }
        }
      }
    }
    expect(checked).toBe(30 * 6 * 7 * 3 * MAX_ACTIONS_PER_PHASE * 2);
  });

  it("every action of a phase falls inside it, in order, for every phase kind", async () => {
    const [seeds] = await manySeeds(1, 8);
    for (const phase of ["day", "vote", "night.main", "night.witch", "hunter", "sheriff.election", "sheriff.succession", "night.thief"]) {
      for (const seed of seeds) {
        const moments = Array.from({ length: MAX_ACTIONS_PER_PHASE }, (_, n) => dueAt(seed, `${phase}:2`, n, 1, 0, 30_000, firstWindow));
        expect(moments[0]).toBeGreaterThanOrEqual(firstWindow(phase)[0] * 30_000);
        expect(moments[0]).toBeLessThanOrEqual(firstWindow(phase)[1] * 30_000);
        for (let n = 1; n < moments.length; n++) expect(moments[n]).toBeGreaterThan(moments[n - 1]);
        expect(moments.at(-1)!).toBeLessThan(30_000);
      }
    }
  });

  it("moments are spread over the phase: every tenth of each window is used, no moment is twice as common as another", async () => {
    const tables = await manySeeds(150);
    const ready: number[] = [];
    const vote: number[] = [];
    const night: number[] = [];
    for (const seeds of tables) {
      for (const seed of seeds) {
        ready.push(readyAt(seed, "day:1", 0, DAY_MS) / DAY_MS);
        vote.push(dueAt(seed, "vote:1", 0, 1, 0, 60_000, firstWindow) / 60_000);
        night.push(dueAt(seed, "night.main:2", 0, 1, 0, 30_000, firstWindow) / 30_000);
      }
    }
    for (const [values, [lo, hi]] of [
      [ready, [0.35, 0.95]],
      [vote, firstWindow("vote")],
      [night, firstWindow("night.main")],
    ] as const) {
      const shares = histogram(values, lo, hi, 10);
      // 1,050 moments, 10 bins: each near 10%; a clump (the old "all within 1–4 s") fails this.
      expect(Math.min(...shares)).toBeGreaterThan(0.05);
      expect(Math.max(...shares)).toBeLessThan(0.16);
    }
    // At one table the seven bots do not move together: their ready moments span a third of the
    // day or more at nine tables in ten.
    const spans = tables.map((seeds) => {
      const at = seeds.map((s) => readyAt(s, "day:1", 0, DAY_MS));
      return (Math.max(...at) - Math.min(...at)) / DAY_MS;
    });
    expect(spans.filter((s) => s >= 1 / 3).length / spans.length).toBeGreaterThan(0.9);
  });

  it("1 person + 7 bots at scale 1: a day the person does not end lasts most of its length (the last bot readies late)", async () => {
    const tables = await manySeeds(400);
    // The person is dead or silent: the day ends when the last living bot readies (S-FLOW-3).
    // Up to two bots have died by then; each bot first says something (n = 1) or not (n = 0).
    const ends = tables.map((seeds, g) =>
      Math.max(...seeds.slice(g % 3).map((s, i) => readySent(s, "day:2", (g + i) % 2, 0, DAY_MS))) / DAY_MS,
    );
    const mean = ends.reduce((a, b) => a + b, 0) / ends.length;
    expect(mean).toBeGreaterThan(0.8);
    expect(ends.filter((e) => e >= 0.6).length / ends.length).toBeGreaterThan(0.97);
  });

  it("once every living person is ready the bots follow soon after 30%: the day ends by 40% of it", async () => {
    const tables = await manySeeds(200);
    for (const seeds of tables) {
      // The bots that spoke once (n = 1) and those that did not (n = 0), at scale 1 and 0.5.
      for (const scale of [1, 0.5]) {
        const length = DAY_MS * scale;
        const end = Math.max(...seeds.map((s, i) => readySent(s, "day:3", i % 2, 0, length, scale, true)));
        expect(end / length).toBeGreaterThanOrEqual(READY_EARLIEST);
        expect(end / length).toBeLessThan(0.4);
        // While a person still talks, the same bots stretch the day far beyond.
        const alone = Math.max(...seeds.map((s) => readyAt(s, "day:3", 0, length)));
        expect(alone).toBeGreaterThan(end);
      }
    }
  });

  it("deterministic from the game's secret seed: the same bot and game → the same moments; another game → others", async () => {
    const a = await botSeeds(SECRET, players[1], "game-x");
    const again = await botSeeds(SECRET, players[1], "game-x");
    const other = await botSeeds(SECRET, players[1], "game-y");
    const moments = (s: BotSeeds) => [readyAt(s, "day:1", 0, DAY_MS), ...[0, 1, 2].map((n) => dueAt(s, "night.main:1", n, 1, 0, 30_000, firstWindow))];
    expect(moments(again)).toEqual(moments(a));
    expect(moments(other)).not.toEqual(moments(a));
    // Only "ready to vote" is held; a vote or a bite goes when due.
    expect(modes.werewolf.bot!.isReady!({ type: "vote" })).toBe(false);
    expect(notBefore(a, "vote:1", false, 5, 60_005)).toBe(5);
  });
});

describe("bot pacing: role-blind (issue 28 item 3)", () => {
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
    const [lo, hi] = firstWindow("day").map((f: number) => f * DAY_MS);
    const wide = (hi - lo + 1) / BINS;
    for (let g = 0; g < 2000; g++) {
      const gameId = `game-${g}`;
      const seeds = await Promise.all(players.map((p) => botSeeds(SECRET, p, gameId)));
      for (const { role, delay } of nightThenDay(g, seeds)) {
        const group = role === "wolf" || role === "seer" ? role : "other";
        const bins = byRole.get(group) ?? new Array<number>(BINS).fill(0);
        bins[Math.min(BINS - 1, Math.max(0, Math.floor((delay - lo) / wide)))]++;
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
      // 5 degrees of freedom: 20.52 is the 99.9th percentile. Two groups on one fixed sample: at the
      // 99th a role-blind pace fails one seed material in fifty. A leak is far above: wolves moving
      // 3 s later than the others give 105 here.
      expect(x2, group).toBeLessThan(20.52);
    }
  });
});
