// P-5 / design decision 1: the engine never changes a state it is given — an accepted action, a
// refused one, an advance (due or not) — in either ruleset. Each state is deep-frozen before the
// next step is taken from it, so a write into it throws (modules run in strict mode).
import { describe, expect, it } from "vitest";
import { werewolf } from "./mode";
import { randomGame, startGame, type TestGame } from "./testing";

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
  it.each([
    ["standard", {}, 2],
    ["classic", CLASSIC, 4],
  ] as const)("P-5: act and advance never change the state they are given (%s: accepted, refused and timed out)", (_, options, sizes) => {
    for (let seed = 1; seed <= 30; seed++) {
      const g = startGame(players(8 + (seed % sizes)), options, seed * 7);
      let steps = 0;
      randomGame(g, seed, (game) => {
        const before = JSON.stringify(game.state);
        deepFreeze(game.state);
        refuseAll(game);
        expect(JSON.stringify(game.state)).toBe(before);
        steps++;
      });
      expect(steps).toBeGreaterThan(0);
      expect(g.state.phase).toBe("ended");
    }
  });
});
