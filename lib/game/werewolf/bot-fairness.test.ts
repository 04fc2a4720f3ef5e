// What the published record of bot games gives away over many games (scripts/bot-fairness.ts):
// the seat a player sits in must not decide who is voted out on Day 1 (issue 21 item 5), and the
// tallies must not name the wolf pair much more often than a pair of villagers (issue 28 item 4).
import { describe, expect, it } from "vitest";
import { dayOneBySeat, interval99, readWolfPairs } from "../../../scripts/bot-fairness";
import { chiSquare } from "../core/chi-square";
import { seatOrder } from "../core/seat-order";
import { configSchema } from "./config";

const standard = configSchema.parse({});
// Fixed seeds: a test of 8 seats at 99% each would fail ~8% of seed ranges by chance alone.
const GAMES = 3000;

describe("bot fairness", () => {
  it("S-VOTE-1: bots alone — each seat's Day-1 vote-out rate lies in the 99% interval of the mean (3,000 games of 8)", () => {
    const counts = dayOneBySeat(standard, 8, GAMES, 1);
    const { low, high } = interval99(counts, GAMES);
    for (const c of counts) {
      expect(c / GAMES).toBeGreaterThanOrEqual(low);
      expect(c / GAMES).toBeLessThanOrEqual(high);
    }
  });

  it("S-START-2: seated by the server's order — each join position's Day-1 vote-out rate lies in the 99% interval (3,000 games of 8)", () => {
    const counts = dayOneBySeat(standard, 8, GAMES, 100_001, seatOrder);
    const { low, high } = interval99(counts, GAMES);
    for (const c of counts) {
      expect(c / GAMES).toBeGreaterThanOrEqual(low);
      expect(c / GAMES).toBeLessThanOrEqual(high);
    }
  });

  it("S-START-2: the seat order puts the first to join (the host) at every seat alike, and replays from its seed", () => {
    const joined = Array.from({ length: 8 }, (_, i) => `p${i}`);
    const hostAt = new Array<number>(8).fill(0);
    for (let seed = 0; seed < 8000; seed++) hostAt[seatOrder(joined, seed).indexOf("p0")]++;
    // χ² with 7 degrees of freedom: 18.48 is its 99th percentile.
    expect(chiSquare(hostAt)).toBeLessThan(18.48);
    expect(seatOrder(joined, 42)).toEqual(seatOrder(joined, 42));
    expect([...seatOrder(joined, 42)].sort()).toEqual(joined);
  });

  it("S-VOTE-4: the tallies name the wolf pair at most 10 points more often than a given pair of villagers (10,000 games of 8)", () => {
    const r = readWolfPairs(standard, 8, 10_000, 1);
    expect(r.games).toBe(10_000);
    expect(r.wolves - r.village).toBeLessThanOrEqual(0.1);
  });
});
