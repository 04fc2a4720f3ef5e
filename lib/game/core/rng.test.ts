import { describe, expect, it } from "vitest";
import { chiSquare } from "./chi-square";
import { chance, nextInt, nextU32, pick, seedRng, type RngState } from "./rng";
import { shuffle } from "./shuffle";
import { deadlineAfter, isDue } from "./timing";


describe("seeded RNG", () => {
  it("P-5: the same seed gives the same sequence; the state is plain JSON", () => {
    const a = seedRng(42);
    const b = JSON.parse(JSON.stringify(seedRng(42)));
    const xs = Array.from({ length: 20 }, () => nextU32(a));
    const ys = Array.from({ length: 20 }, () => nextU32(b));
    expect(xs).toEqual(ys);
    expect(new Set(xs).size).toBe(20);
    expect(Array.from({ length: 5 }, () => nextU32(seedRng(43)))).not.toEqual(xs.slice(0, 5));
  });

  it("P-5: nextInt stays in range and is uniform (chi-square, 10 buckets)", () => {
    const r = seedRng(7);
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 50_000; i++) counts[nextInt(r, 10)]++;
    // df = 9: the 0.1% critical value is 27.9.
    expect(chiSquare(counts)).toBeLessThan(27.9);
  });

  it("P-5: nextInt is the first draw below the rejection bound, modulo n (the same numbers as `%` on integers)", () => {
    for (const n of [2, 3, 7, 9, 10, 25, 49, 100, 1000, 65_537, 1_000_003, 2 ** 31 - 1, 2 ** 31 + 1, 3_000_000_019, 2 ** 32]) {
      const r = seedRng(n % 1000);
      const mirror: RngState = [...r];
      const limit = 2n ** 32n - ((2n ** 32n) % BigInt(n));
      for (let i = 0; i < 20_000; i++) {
        let x: bigint;
        do x = BigInt(nextU32(mirror));
        while (x >= limit);
        expect(nextInt(r, n)).toBe(Number(x % BigInt(n)));
      }
    }
  });

  it("chance(1,3) is about one in three; pick chooses from the list", () => {
    const r = seedRng(9);
    let hits = 0;
    for (let i = 0; i < 30_000; i++) if (chance(r, 1, 3)) hits++;
    expect(hits / 30_000).toBeGreaterThan(0.32);
    expect(hits / 30_000).toBeLessThan(0.345);
    expect(["a", "b"]).toContain(pick(r, ["a", "b"]));
  });
});

describe("Fisher–Yates shuffle", () => {
  it("S-START-2: all 24 orders of 4 items are equally likely (chi-square)", () => {
    const r = seedRng(2024);
    const index = new Map<string, number>();
    const counts = new Array(24).fill(0);
    for (let i = 0; i < 48_000; i++) {
      const key = shuffle(r, [0, 1, 2, 3]).join("");
      if (!index.has(key)) index.set(key, index.size);
      counts[index.get(key)!]++;
    }
    expect(index.size).toBe(24);
    // df = 23: the 0.1% critical value is 49.7.
    expect(chiSquare(counts)).toBeLessThan(49.7);
  });

  it("does not modify its input", () => {
    const input = [1, 2, 3];
    shuffle(seedRng(1), input);
    expect(input).toEqual([1, 2, 3]);
  });
});

describe("phase timing", () => {
  it("S-FLOW-5: deadlines scale and are due from the deadline on", () => {
    expect(deadlineAfter(1000, 30)).toBe(31_000);
    expect(deadlineAfter(1000, 30, 0.01)).toBe(1300);
    expect(isDue(31_000, 30_999)).toBe(false);
    expect(isDue(31_000, 31_000)).toBe(true);
    expect(isDue(null, 1e15)).toBe(false);
  });
});
