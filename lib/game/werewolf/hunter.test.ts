import { describe, expect, it } from "vitest";
import { STANDARD_8 } from "./fixtures";
import { werewolf } from "./mode";
import { advance, advanceTo, must, ofType, play, startGame } from "./testing";

const code = (r: ReturnType<typeof play>) => (r.ok ? "OK" : r.error.code);

describe("hunter", () => {
  it("S-HUNTER-1: bitten at night, the Hunter gets a 20 s shot before the day; timeout = skip", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "fay" });
    advanceTo(g, "hunter");
    expect(g.state.deadline).toBe(g.now + 20_000);
    // The phase is public, the shooter is told privately (the public event does not name them).
    const phase = ofType(g.events, "phase").at(-1)!;
    expect(phase.actor).toBeUndefined();
    expect(ofType(g.events, "your_shot")).toEqual([expect.objectContaining({ audience: { kind: "player", player: "fay" } })]);
    expect(werewolf.viewFor(g.state, "fay").legal.map((l) => l.type)).toEqual(["shoot", "skip"]);
    expect(werewolf.viewFor(g.state, "gus").legal).toEqual([]);
    advance(g);
    expect(g.state.phase).toBe("day");
    expect(ofType(g.events, "shot")).toEqual([expect.objectContaining({ audience: { kind: "end" }, by: "fay", target: null })]);
  });

  it("S-HUNTER-1: poisoned, the Hunter shoots too; only a living player other than themself", () => {
    const g = startGame(STANDARD_8);
    advance(g);
    must(g, "eve", { type: "poison", target: "fay" });
    advance(g);
    expect(g.state.phase).toBe("hunter");
    expect(code(play(g, "fay", { type: "shoot", target: "fay" }))).toBe("INVALID_TARGET");
    expect(code(play(g, "gus", { type: "shoot", target: "ann" }))).toBe("NOT_YOUR_TURN");
  });

  it("S-HUNTER-2: the victim dies at once, named only; a dead Hunter has no second shot", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "fay" });
    advanceTo(g, "hunter");
    const events = must(g, "fay", { type: "shoot", target: "bob" });
    expect(events.find((e) => e.type === "death")).toMatchObject({ audience: { kind: "public" }, players: ["bob"], when: "shot" });
    expect(g.state.phase).toBe("day");
    advanceTo(g, "night.main", 2);
    expect(code(play(g, "fay", { type: "shoot", target: "ann" }))).toBe("WRONG_PHASE");
    expect(code(play(g, "fay", { type: "skip" }))).toBe("NOT_YOUR_TURN");
  });

  it("S-HUNTER-2 / S-VOTE-5: a voted-out Hunter shoots before the win check", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "gus" });
    advanceTo(g, "vote");
    for (const p of ["ann", "bob", "cat"]) must(g, p, { type: "vote", target: "fay" });
    advance(g);
    expect(g.state.phase).toBe("hunter");
    must(g, "fay", { type: "shoot", target: "ann" });
    expect(g.state.phase).toBe("night.main");
    // Shot before the win check: the win check sees 1 wolf vs 5 villagers, so play goes on.
    expect(g.state.day).toBe(2);
  });

  it("S-HUNTER-2: a shot that leaves no wolf wins for the village at once", () => {
    const g = startGame(STANDARD_8);
    advance(g);
    must(g, "eve", { type: "poison", target: "ann" });
    advanceTo(g, "vote");
    for (const p of ["bob", "cat"]) must(g, p, { type: "vote", target: "fay" });
    advance(g);
    must(g, "fay", { type: "shoot", target: "bob" });
    expect(werewolf.status(g.state)).toMatchObject({ ended: true, winner: "village", phase: "ended" });
  });
});
