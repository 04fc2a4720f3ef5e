import { describe, expect, it } from "vitest";
import { playCardWerewolf, playWerewolf, playWitchHunt, type PlayedGame } from "../../../tests/realtime/random-steps";
import { applyPatch, foldPatches, statePatch, type StatePatch } from "./state-patch";

const viaJson = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Every step of `game` written as a patch of the one before, read back through JSON as the database keeps it. */
function replayPatches(game: PlayedGame): { patchBytes: number; stateBytes: number } {
  let stored: unknown = viaJson(game.steps[0].state);
  let patchBytes = 0;
  let stateBytes = 0;
  for (let i = 1; i < game.steps.length; i++) {
    const patch = statePatch(game.steps[i - 1].state, game.steps[i].state);
    expect(patch).not.toBeNull();
    const text = JSON.stringify(patch);
    stored = applyPatch(stored, JSON.parse(text) as StatePatch);
    const whole = JSON.stringify(game.steps[i].state);
    expect(stored, `step ${i}`).toEqual(JSON.parse(whole));
    patchBytes += text.length;
    stateBytes += whole.length;
  }
  return { patchBytes, stateBytes };
}

describe("a state written as patches (migration 0041)", () => {
  it("reads back as the engine's state at every step of random games of every mode", () => {
    let patchBytes = 0;
    let stateBytes = 0;
    for (let seed = 1; seed <= 15; seed++) {
      for (const game of [playWerewolf("standard", seed), playWerewolf("classic", seed), playWitchHunt(seed), playCardWerewolf(seed)]) {
        const sizes = replayPatches(game);
        patchBytes += sizes.patchBytes;
        stateBytes += sizes.stateBytes;
      }
    }
    // What it is for: a step's patch is a small part of the state it would otherwise rewrite.
    expect(patchBytes).toBeLessThan(stateBytes / 5);
  });

  it("writes a grown list as its new items, a changed field whole, and a removed field as removed", () => {
    const chat = [{ line: "a" }, { line: "b" }];
    const before = { chat, votes: [1, 2], phase: "day", endedBy: "x", same: { n: 1 } };
    const after = { chat: [...chat, { line: "c" }], votes: [2], phase: "vote", endedBy: undefined, same: before.same, added: true };
    const patch = statePatch(before, after);
    expect(patch).toEqual({ a: { chat: [{ line: "c" }] }, s: { votes: [2], phase: "vote", added: true }, d: ["endedBy"] });
    expect(applyPatch(viaJson(before), viaJson(patch!))).toEqual(viaJson(after));
    // A field missing from the next state is removed too; a new list of the same items is no change,
    // and one whose items are new objects is written whole.
    expect(statePatch({ a: 1, b: [1] }, { b: [1] })).toEqual({ d: ["a"] });
    expect(statePatch({ b: [{ n: 1 }] }, { b: [{ n: 1 }, { n: 2 }] })).toEqual({ s: { b: [{ n: 1 }, { n: 2 }] } });
    expect(statePatch(before, before)).toEqual({});
  });

  it("never writes into the state it applies to, and refuses what is not an object", () => {
    const state = viaJson({ chat: [1], phase: "day" });
    const copy = viaJson(state);
    expect(foldPatches(state, [{ a: { chat: [2] } }, { s: { phase: "night" } }])).toEqual({ chat: [1, 2], phase: "night" });
    expect(state).toEqual(copy);
    expect(foldPatches(state, null)).toBe(state);
    expect(statePatch([1], [1, 2])).toBeNull();
    expect(statePatch(null, {})).toBeNull();
    expect(() => applyPatch({ chat: 1 }, { a: { chat: [2] } })).toThrow(/not a list/);
  });
});
