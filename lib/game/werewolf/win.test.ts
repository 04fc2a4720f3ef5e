import { describe, expect, it } from "vitest";
import { canSee } from "../core/types";
import { foldView } from "../core/fold";
import { CLASSIC_8, CLASSIC_8_OPTIONS, STANDARD_8 } from "./fixtures";
import { werewolf } from "./mode";
import { advance, advanceTo, must, ofType, startGame, withLiving, type TestGame } from "./testing";
import type { WerewolfState } from "./types";
import { checkWin } from "./win";

/** The state with only `alive` players living (the rest as dealt). */
const living = (g: TestGame, alive: string[]): WerewolfState => withLiving(g, alive);

describe("standard win", () => {
  it("S-WIN-1: draw, then village, then wolves at parity, else the game goes on", () => {
    const g = startGame(STANDARD_8);
    expect(checkWin(living(g, []))).toBe("draw");
    expect(checkWin(living(g, ["cat"]))).toBe("village");
    expect(checkWin(living(g, ["ann", "cat"]))).toBe("wolves");
    expect(checkWin(living(g, ["ann", "bob", "cat", "dan"]))).toBe("wolves");
    expect(checkWin(living(g, ["ann", "cat", "dan"]))).toBeNull();
    expect(checkWin(living(g, ["ann"]))).toBe("wolves");
  });

  it("S-WIN-1: nobody alive is a draw (Hunter shot after a bite and a poison)", () => {
    const g = startGame(STANDARD_8);
    // Reach: alive = bob (wolf), eve (witch), fay (hunter).
    g.state = withLiving(g, ["bob", "eve", "fay"]);
    must(g, "bob", { type: "bite", target: "fay" });
    advance(g);
    must(g, "eve", { type: "poison", target: "bob" });
    advance(g);
    must(g, "fay", { type: "shoot", target: "eve" });
    expect(werewolf.status(g.state)).toMatchObject({ ended: true, winner: "draw" });
    expect(g.state.winners).toEqual([]);
  });

  it("S-WIN-1: wolves win at parity after a vote", () => {
    const g = startGame(STANDARD_8);
    g.state = withLiving(g, ["ann", "cat", "gus"]);
    advanceTo(g, "vote");
    must(g, "ann", { type: "vote", target: "gus" });
    advance(g);
    expect(werewolf.status(g.state)).toMatchObject({ ended: true, winner: "wolves" });
    expect(g.state.winners).toEqual(["ann", "bob"]);
  });

  it("S-END-1: the results show every role, side, winners and the full timeline, to everyone", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "gus" });
    must(g, "cat", { type: "inspect", target: "bob" });
    must(g, "dan", { type: "protect", target: "hal" });
    advance(g);
    must(g, "eve", { type: "poison", target: "ann" });
    advanceTo(g, "vote");
    for (const p of ["cat", "dan", "eve", "fay", "hal"]) must(g, p, { type: "vote", target: "bob" });
    advance(g);
    expect(g.state.phase).toBe("ended");
    const end = ofType(g.events, "game_end")[0];
    expect(end).toMatchObject({ audience: { kind: "public" }, winner: "village", roles: STANDARD_8 });
    expect(end.winners).toEqual(["cat", "dan", "eve", "fay", "gus", "hal"]);
    const hal = werewolf.viewFor(g.state, "hal");
    expect(hal.roles).toEqual(STANDARD_8);
    expect(hal.timeline[0]).toMatchObject({
      type: "night",
      day: 1,
      picks: [{ by: "ann", target: "gus" }],
      target: "gus",
      protect: "hal",
      inspect: { by: "cat", target: "bob", result: "wolf" },
      poison: "ann",
      dead: ["gus", "ann"],
    });
    expect(hal.tallies.at(-1)).toMatchObject({ result: "bob" });
    // Before the end the same timeline entry was unreadable to everyone.
    expect(canSee(hal.timeline[0].audience, { player: "ann", alive: true, teams: ["wolves"] }, false)).toBe(false);
    // After the end every event is readable by every member, and the fold still equals viewFor.
    const seat = werewolf.seats(g.state).find((s) => s.player === "hal")!;
    expect(foldView(werewolf, seat, g.players, g.events, true)).toEqual(hal);
  });
});

describe("classic win", () => {
  const start = (extra: Record<string, unknown> = {}) => startGame(CLASSIC_8, { ...CLASSIC_8_OPTIONS, ...extra });

  it("C-WIN-1: draw, lovers (mixed pair, last two), village, wolves only when every living player is a wolf", () => {
    const g = start();
    const mixed = { ...g.state, lovers: ["ann", "hal"] as [string, string] };
    const live = (alive: string[]) => living(g, alive).alive;
    expect(checkWin({ ...mixed, alive: live([]) })).toBe("draw");
    expect(checkWin({ ...mixed, alive: live(["ann", "hal"]) })).toBe("lovers");
    expect(checkWin({ ...mixed, alive: live(["bob", "hal"]) })).toBeNull();
    expect(checkWin({ ...g.state, alive: live(["ann", "hal"]) })).toBeNull();
    expect(checkWin({ ...g.state, alive: live(["cat", "hal"]) })).toBe("village");
    expect(checkWin({ ...g.state, alive: live(["ann", "bob"]) })).toBe("wolves");
    expect(checkWin({ ...g.state, alive: live(["ann", "bob", "cat"]) })).toBeNull();
  });

  it("C-WIN-1: the end-at-parity option switches to S-WIN-1 step 3", () => {
    const g = start({ endAtParity: true });
    expect(checkWin(living(g, ["ann", "cat"]))).toBe("wolves");
    expect(checkWin(living(g, ["ann", "cat", "hal"]))).toBeNull();
  });

  it("C-LOVERS-3: a mixed pair wins alone; its members do not win with their sides", () => {
    const g = start();
    g.state = { ...living(g, ["ann", "bob", "hal"]), lovers: ["ann", "hal"] };
    advanceTo(g, "vote");
    must(g, "ann", { type: "vote", target: "bob" });
    advance(g);
    expect(g.state.winner).toBe("lovers");
    expect(g.state.winners).toEqual(["ann", "hal"]);
  });
});
