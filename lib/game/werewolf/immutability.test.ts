// P-5 / design decision 1: the engine is a pure function. A state it was given is never changed,
// whether the action is accepted or refused, so a refused request can never leave a trace.
import { describe, expect, it } from "vitest";
import { werewolf } from "./mode";
import { startGame, randomGame } from "./testing";

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

describe("engine purity", () => {
  it("P-5: act and advance never mutate the state they are given (accepted, refused and timed out)", () => {
    const rulesets: Record<string, unknown>[] = [
      {},
      { ruleset: "classic", roles: ["thief", "hunter", "cupid", "witch", "little_girl"], sheriff: true, tieRevote: true },
    ];
    for (const [i, options] of rulesets.entries()) {
      for (let seed = 1; seed <= 30; seed++) {
        const players = Array.from({ length: i === 0 ? 8 + (seed % 2) : 9 + (seed % 4) }, (_, k) => `p${k}`);
        const g = startGame(players, options, seed * 7 + i);
        randomGame(g, seed, (game) => {
          const before = JSON.stringify(game.state);
          deepFreeze(game.state);
          // A refused action and a premature advance on a frozen state must not throw or change it.
          for (const p of game.players) werewolf.act(game.state, p, { type: "vote", target: p }, { now: game.now });
          werewolf.advance(game.state, { now: game.now });
          expect(JSON.stringify(game.state)).toBe(before);
        });
      }
    }
  });
});
