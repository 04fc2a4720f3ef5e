import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldView } from "../core/fold";
import { nextInt, seedRng } from "../core/rng";
import { werewolf } from "./mode";
import { classicSetup, seatNames, standardSetup } from "./random-setups";
import { randomGame, startGame, type TestGame } from "./testing";

function foldFor(g: TestGame, player: string) {
  const seat = werewolf.seats(g.state).find((s) => s.player === player)!;
  return foldView(werewolf, seat, g.players, g.events, werewolf.status(g.state).ended);
}

/** Plays a random game; at a third of the steps (the fold is quadratic) and at the end compares views. */
function checkGame(g: TestGame, seed: number): void {
  const r = seedRng(seed ^ 0x5bd1e995);
  randomGame(g, seed, (g) => {
    if (nextInt(r, 3) !== 0) return;
    const p = g.players[nextInt(r, g.players.length)];
    expect(werewolf.viewFor(g.state, p)).toEqual(foldFor(g, p));
  });
  for (const p of g.players) expect(werewolf.viewFor(g.state, p)).toEqual(foldFor(g, p));
}

describe("view = fold of readable events", () => {
  it("P-2: viewFor equals folding exactly the events canSee allows (standard, random games)", () => {
    fc.assert(
      fc.property(standardSetup, ({ n, seed, options }) => checkGame(startGame(seatNames(n), options, seed), seed)),
      { numRuns: 50 },
    );
  });

  it("P-2: viewFor equals folding exactly the events canSee allows (classic, random setups)", () => {
    fc.assert(
      fc.property(classicSetup, ({ n, seed, options }) => checkGame(startGame(seatNames(n), options, seed), seed)),
      { numRuns: 60 },
    );
  });
});
