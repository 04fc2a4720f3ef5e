import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldView } from "../core/fold";
import { nextInt, seedRng } from "../core/rng";
import { OPTIONAL_ROLES } from "./config";
import { werewolf } from "./mode";
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

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

describe("view = fold of readable events", () => {
  it("P-2: viewFor equals folding exactly the events canSee allows (standard, random games)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom(8, 9), (seed, n) => {
        checkGame(startGame(names(n), {}, seed), seed);
      }),
      { numRuns: 50 },
    );
  });

  it("P-2: viewFor equals folding exactly the events canSee allows (classic, random setups)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 8, max: 18 }),
        fc.subarray([...OPTIONAL_ROLES]),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (seed, n, roles, sheriff, tieRevote, endAtParity) => {
          checkGame(startGame(names(n), { ruleset: "classic", roles, sheriff, tieRevote, endAtParity }, seed), seed);
        },
      ),
      { numRuns: 60 },
    );
  });
});
