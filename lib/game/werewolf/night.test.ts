import { describe, expect, it } from "vitest";
import { canSee, type GameEvent } from "../core/types";
import { STANDARD_8, STANDARD_9 } from "./fixtures";
import { werewolf } from "./mode";
import { advance, advanceTo, must, ofType, play, startGame, type TestGame } from "./testing";
import { wolvesTarget } from "./wolf";

const code = (r: ReturnType<typeof play>) => (r.ok ? "OK" : r.error.code);
const deathsAtDawn = (g: TestGame) => ofType(g.events, "death").at(-1)!.players;
/** Ends night.main and night.witch without further actions. */
const dawn = (g: TestGame) => advanceTo(g, "day");
const viewer = (player: string, teams: string[], alive = true) => ({ player, teams, alive });

describe("night structure", () => {
  it("S-FLOW-2: night.main (30 s) then night.witch (20 s), each held in full even when everyone acted", () => {
    const g = startGame(STANDARD_8);
    expect(g.state.phase).toBe("night.main");
    expect(g.state.deadline).toBe(g.now + 30_000);
    must(g, "ann", { type: "bite", target: "gus" });
    must(g, "bob", { type: "bite", target: "gus" });
    must(g, "cat", { type: "inspect", target: "ann" });
    must(g, "dan", { type: "protect", target: "hal" });
    expect(g.state.phase).toBe("night.main");
    // Advancing before the deadline does nothing (S-FLOW-5).
    expect(werewolf.advance(g.state, { now: g.now + 29_999 }).events).toEqual([]);
    advance(g);
    expect(g.state.phase).toBe("night.witch");
    expect(g.state.deadline).toBe(g.now + 20_000);
    must(g, "eve", { type: "skip" });
    expect(g.state.phase).toBe("night.witch");
    advance(g);
    expect(g.state.phase).toBe("day");
    expect(deathsAtDawn(g)).toEqual(["gus"]);
  });

  it("S-FLOW-5: every phase has a deadline and timeScale scales it", () => {
    const g = startGame(STANDARD_8, { timeScale: 0.01 });
    expect(g.state.deadline).toBe(g.now + 300);
    const seen = new Set<string>();
    for (let i = 0; i < 12 && g.state.phase !== "ended"; i++) {
      expect(werewolf.status(g.state).deadline).not.toBeNull();
      seen.add(g.state.phase);
      advance(g);
    }
    expect([...seen]).toEqual(expect.arrayContaining(["night.main", "night.witch", "day", "vote"]));
  });
});

describe("wolves", () => {
  it("S-WOLF-1: the unique most-picked player is the target (A, A, B → A); tie or no picks → none", () => {
    expect(wolvesTarget([{ by: "w1", target: "A" }, { by: "w2", target: "A" }, { by: "w3", target: "B" }])).toBe("A");
    expect(wolvesTarget([{ by: "w1", target: "A" }, { by: "w2", target: "B" }])).toBeNull();
    expect(wolvesTarget([])).toBeNull();
    const g = startGame(STANDARD_9);
    must(g, "ann", { type: "bite", target: "gus" });
    must(g, "bob", { type: "bite", target: "gus" });
    must(g, "ivy", { type: "bite", target: "hal" });
    dawn(g);
    expect(deathsAtDawn(g)).toEqual(["gus"]);
    const tie = startGame(STANDARD_8);
    must(tie, "ann", { type: "bite", target: "gus" });
    must(tie, "bob", { type: "bite", target: "hal" });
    dawn(tie);
    expect(deathsAtDawn(tie)).toEqual([]);
  });

  it("S-WOLF-1: a wolf is never a valid pick; only living wolves pick; one pick each (the last, S-WOLF-3)", () => {
    const g = startGame(STANDARD_8);
    expect(code(play(g, "ann", { type: "bite", target: "bob" }))).toBe("INVALID_TARGET");
    expect(code(play(g, "ann", { type: "bite", target: "ann" }))).toBe("INVALID_TARGET");
    expect(code(play(g, "ann", { type: "bite", target: "nobody" }))).toBe("INVALID_TARGET");
    expect(code(play(g, "gus", { type: "bite", target: "hal" }))).toBe("NOT_YOUR_TURN");
    must(g, "ann", { type: "bite", target: "gus" });
    expect(code(play(g, "ann", { type: "bite", target: "bob" }))).toBe("INVALID_TARGET");
    must(g, "ann", { type: "bite", target: "hal" });
    expect(g.state.night.picks).toEqual([{ by: "ann", target: "hal" }]);
    expect(werewolf.viewFor(g.state, "bob").legal.find((l) => l.type === "bite")!.targets).toEqual(["cat", "dan", "eve", "fay", "gus", "hal"]);
  });

  it("S-WOLF-2: living wolves see each other's picks as they arrive; nobody else ever does", () => {
    const g = startGame(STANDARD_8);
    const events = must(g, "ann", { type: "bite", target: "gus" });
    const pick = events.find((e) => e.type === "pick")!;
    expect(pick.audience).toEqual({ kind: "team", team: "wolves" });
    expect(werewolf.viewFor(g.state, "bob").wolfPicks).toEqual([{ by: "ann", target: "gus" }]);
    for (const p of ["cat", "dan", "eve", "fay", "gus", "hal"]) {
      expect(werewolf.viewFor(g.state, p).wolfPicks).toEqual([]);
      expect(events.filter((e) => canSee(e.audience, viewer(p, ["village"]), false))).toEqual([]);
    }
  });
});

describe("seer", () => {
  it("S-SEER-1: one inspection of another living player; the Seer alone learns only the side", () => {
    const g = startGame(STANDARD_8);
    expect(code(play(g, "cat", { type: "inspect", target: "cat" }))).toBe("INVALID_TARGET");
    const events = must(g, "cat", { type: "inspect", target: "ann" });
    expect(events).toEqual([expect.objectContaining({ type: "seer_result", audience: { kind: "player", player: "cat" }, target: "ann", result: "wolf" })]);
    expect(code(play(g, "cat", { type: "inspect", target: "dan" }))).toBe("ALREADY_ACTED");
    const g2 = startGame(STANDARD_8);
    expect(must(g2, "cat", { type: "inspect", target: "eve" })[0].result).toBe("village");
  });

  it("S-SEER-2: results are delivered at once and stay in the Seer's history", () => {
    const g = startGame(STANDARD_8);
    must(g, "cat", { type: "inspect", target: "ann" });
    expect(werewolf.viewFor(g.state, "cat").seerResults).toEqual([{ day: 1, target: "ann", result: "wolf" }]);
    advanceTo(g, "night.main", 2);
    must(g, "cat", { type: "inspect", target: "fay" });
    expect(werewolf.viewFor(g.state, "cat").seerResults).toEqual([
      { day: 1, target: "ann", result: "wolf" },
      { day: 2, target: "fay", result: "village" },
    ]);
    expect(werewolf.viewFor(g.state, "gus").seerResults).toEqual([]);
  });
});

describe("guard", () => {
  it("S-GUARD-1: self allowed; never the same player two nights running; a skipped night resets", () => {
    const g = startGame(STANDARD_8);
    must(g, "dan", { type: "protect", target: "dan" });
    advanceTo(g, "night.main", 2);
    expect(code(play(g, "dan", { type: "protect", target: "dan" }))).toBe("INVALID_TARGET");
    expect(werewolf.viewFor(g.state, "dan").legal.find((l) => l.type === "protect")!.targets).not.toContain("dan");
    must(g, "dan", { type: "skip" });
    advanceTo(g, "night.main", 3);
    must(g, "dan", { type: "protect", target: "dan" });
  });

  it("S-GUARD-2 / S-NIGHT-RESOLVE: protection blocks the bite", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "gus" });
    must(g, "dan", { type: "protect", target: "gus" });
    dawn(g);
    expect(deathsAtDawn(g)).toEqual([]);
  });

  it("S-GUARD-2 / S-WITCH-3: protection never blocks poison", () => {
    const g = startGame(STANDARD_8);
    must(g, "dan", { type: "protect", target: "gus" });
    advance(g);
    must(g, "eve", { type: "poison", target: "gus" });
    dawn(g);
    expect(deathsAtDawn(g)).toEqual(["gus"]);
  });
});

describe("witch", () => {
  it("S-WITCH-1: exactly one of save, poison or skip per night", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "gus" });
    advance(g);
    must(g, "eve", { type: "save" });
    expect(code(play(g, "eve", { type: "poison", target: "ann" }))).toBe("ALREADY_ACTED");
    expect(code(play(g, "eve", { type: "skip" }))).toBe("ALREADY_ACTED");
  });

  it("S-WITCH-1: one save and one poison per game; never poison herself", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "gus" });
    advance(g);
    expect(code(play(g, "eve", { type: "poison", target: "eve" }))).toBe("INVALID_TARGET");
    must(g, "eve", { type: "save" });
    advanceTo(g, "night.witch", 2);
    expect(code(play(g, "eve", { type: "save" }))).toBe("NO_POTION");
    must(g, "eve", { type: "poison", target: "ann" });
    advanceTo(g, "night.witch", 3);
    expect(code(play(g, "eve", { type: "poison", target: "bob" }))).toBe("NO_POTION");
    expect(werewolf.viewFor(g.state, "eve").potions).toEqual({ save: false, poison: false });
    expect(werewolf.viewFor(g.state, "eve").legal.map((l) => l.type)).toEqual(["skip"]);
  });

  it("S-WITCH-2: the Witch is shown the target (even if protected) only while her save is unused", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "gus" });
    must(g, "dan", { type: "protect", target: "gus" });
    const events = advance(g);
    const told = events.filter((e) => e.type === "witch_target");
    expect(told).toEqual([expect.objectContaining({ audience: { kind: "player", player: "eve" }, target: "gus" })]);
    expect(werewolf.viewFor(g.state, "eve").witchTarget).toEqual({ day: 1, target: "gus" });
    expect(werewolf.viewFor(g.state, "dan").witchTarget).toBeNull();
    must(g, "eve", { type: "save" });
    advanceTo(g, "night.main", 2);
    must(g, "ann", { type: "bite", target: "hal" });
    expect(ofType(advance(g), "witch_target")).toEqual([]);
    expect(werewolf.viewFor(g.state, "eve").witchTarget).toBeNull();
  });

  it("S-WITCH-2: save only when the wolves have a target, and only that target; she may save herself", () => {
    const g = startGame(STANDARD_8);
    advance(g);
    expect(werewolf.viewFor(g.state, "eve").witchTarget).toEqual({ day: 1, target: null });
    expect(code(play(g, "eve", { type: "save" }))).toBe("INVALID_TARGET");
    const self = startGame(STANDARD_8);
    must(self, "ann", { type: "bite", target: "eve" });
    advance(self);
    must(self, "eve", { type: "save" });
    dawn(self);
    expect(deathsAtDawn(self)).toEqual([]);
  });

  it("S-NIGHT-RESOLVE: the save stops the bite; the poisoned player dies; dawn names only, no cause or role", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "gus" });
    advance(g);
    must(g, "eve", { type: "save" });
    dawn(g);
    expect(deathsAtDawn(g)).toEqual([]);
    advanceTo(g, "night.witch", 2);
    must(g, "eve", { type: "poison", target: "hal" });
    dawn(g);
    const death = ofType(g.events, "death").at(-1)!;
    expect(death.audience).toEqual({ kind: "public" });
    expect(Object.keys(death).sort()).toEqual(["at", "audience", "day", "players", "type", "when"]);
    expect(death).toMatchObject({ players: ["hal"], when: "dawn", day: 2 });
  });

  it("S-NIGHT-RESOLVE: bite and poison on different players both die, announced in seat order", () => {
    const g = startGame(STANDARD_8);
    must(g, "ann", { type: "bite", target: "hal" });
    must(g, "bob", { type: "bite", target: "hal" });
    advance(g);
    must(g, "eve", { type: "poison", target: "gus" });
    dawn(g);
    expect(deathsAtDawn(g)).toEqual(["gus", "hal"]);
  });
});

describe("secrecy at night", () => {
  it("S-CHAT-4 / P-3: the only public night events are phase changes, whatever anyone does", () => {
    const quiet = startGame(STANDARD_8);
    advance(quiet);
    const busy = startGame(STANDARD_8);
    must(busy, "ann", { type: "bite", target: "gus" });
    must(busy, "ann", { type: "chat", channel: "wolves", text: "gus?" });
    must(busy, "cat", { type: "inspect", target: "ann" });
    must(busy, "dan", { type: "protect", target: "gus" });
    advance(busy);
    must(busy, "eve", { type: "save" });
    const pub = (g: TestGame) =>
      g.events.filter((e: GameEvent) => e.audience.kind === "public" && e.type !== "game_start").map(({ type, phase, deadline }) => ({ type, phase, deadline }));
    expect(pub(busy)).toEqual(pub(quiet));
    expect(pub(busy).every((e) => e.type === "phase")).toBe(true);
  });
});
