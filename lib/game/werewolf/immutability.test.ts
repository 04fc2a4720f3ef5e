// P-5 / design decision 1: what a state given to the engine may become. The rules engine (classic
// games, and standard games stored before the seat engine) never changes a state it was given. The
// seat engine (standard games) changes it in place when it accepts, but a refused action or an
// advance before the deadline leaves it byte for byte as it was, so a refused request leaves no trace.
import { describe, expect, it } from "vitest";
import { werewolf } from "./mode";
import { isSeatState } from "./seat/types";
import { randomGame, startGame, startRulesGame, type TestGame } from "./testing";
import type { AnyWerewolfState } from "./types";

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

/** Refused actions from every seat (and a stranger) and a premature advance. */
function refuseAll(game: TestGame): void {
  for (const p of [...game.players, "stranger"]) {
    werewolf.act(game.state, p, { type: "vote", target: p }, { now: game.now });
    werewolf.act(game.state, p, { type: "shoot", target: "nobody" }, { now: game.now });
    werewolf.act(game.state, p, { type: "chat", channel: "wolves", text: "" }, { now: game.now });
  }
  werewolf.advance(game.state, { now: game.now });
}

const players = (n: number) => Array.from({ length: n }, (_, k) => `p${k}`);
const CLASSIC = { ruleset: "classic", roles: ["thief", "hunter", "cupid", "witch", "little_girl"], sheriff: true, tieRevote: true };

describe("engine purity", () => {
  it("P-5: the rules engine never changes the state it is given (accepted, refused and timed out)", () => {
    for (let seed = 1; seed <= 30; seed++) {
      for (const g of [startRulesGame(players(8 + (seed % 2)), {}, seed * 7), startRulesGame(players(9 + (seed % 4)), CLASSIC, seed * 7 + 1)]) {
        expect(isSeatState(g.state)).toBe(false);
        randomGame(g as TestGame<AnyWerewolfState>, seed, (game) => {
          const before = JSON.stringify(game.state);
          deepFreeze(game.state);
          refuseAll(game);
          expect(JSON.stringify(game.state)).toBe(before);
        });
      }
    }
  });

  it("P-5: the seat engine leaves the state as it was when it refuses an action or has nothing to advance", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const g = startGame(players(8 + (seed % 2)), {}, seed * 7);
      expect(isSeatState(g.state)).toBe(true);
      randomGame(g, seed, (game) => {
        const before = JSON.stringify(game.state);
        refuseAll(game);
        expect(JSON.stringify(game.state)).toBe(before);
      });
    }
  });
});
