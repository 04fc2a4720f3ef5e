// S-WOLF-3: a living wolf may change their pick until night.main ends; the last pick counts; each
// change reaches the living wolves only; the step keeps its length. In both rulesets.
import { describe, expect, it } from "vitest";
import { foldView } from "../core/fold";
import { canSee } from "../core/types";
import { botPasses } from "./bot";
import { CLASSIC_8, CLASSIC_8_OPTIONS, STANDARD_8, STANDARD_9 } from "./fixtures";
import { werewolf } from "./mode";
import { advance, advanceTo, must, ofType, play, startGame, type TestGame } from "./testing";

const code = (r: ReturnType<typeof play>) => (r.ok ? "OK" : r.error.code);
const viewer = (player: string, teams: string[], alive = true) => ({ player, teams, alive });
const fold = (g: TestGame, p: string) => foldView(werewolf, werewolf.seats(g.state).find((x) => x.player === p)!, g.players, g.events, false);

const games: [string, () => TestGame][] = [
  ["standard", () => startGame(STANDARD_8)],
  [
    "classic",
    () => {
      const g = startGame(CLASSIC_8, CLASSIC_8_OPTIONS);
      advanceTo(g, "night.main", 1);
      return g;
    },
  ],
];

describe.each(games)("S-WOLF-3 in %s", (_, start) => {
  it("S-WOLF-3: a wolf changes their pick until the step ends; the last pick counts", () => {
    const g = start();
    must(g, "ann", { type: "bite", target: "gus" });
    must(g, "bob", { type: "bite", target: "hal" });
    // The picks differ: a tie at the top, no target so far. Ann changes to Bob's.
    const change = must(g, "ann", { type: "bite", target: "hal" });
    expect(change.filter((e) => e.type === "pick")[0]).toMatchObject({ audience: { kind: "team", team: "wolves" }, by: "ann", target: "hal" });
    expect(werewolf.viewFor(g.state, "bob").wolfPicks).toEqual([
      { by: "ann", target: "hal" },
      { by: "bob", target: "hal" },
    ]);
    // What Bob's client folds from the events says the same (one entry per wolf).
    expect(fold(g, "bob")).toEqual(werewolf.viewFor(g.state, "bob"));
    // A wolf who picked may pick again but not skip; chat stays open.
    expect(werewolf.viewFor(g.state, "ann").legal.map((l) => l.type)).toEqual(["bite", "chat"]);
    expect(code(play(g, "ann", { type: "skip" }))).toBe("ALREADY_ACTED");
    advance(g);
    expect(g.state.night.target).toBe("hal");
  });

  it("S-WOLF-3: the step's length does not change, whoever picked or changed", () => {
    const g = start();
    const deadline = g.state.deadline;
    must(g, "ann", { type: "bite", target: "gus" });
    must(g, "bob", { type: "bite", target: "gus" });
    must(g, "ann", { type: "bite", target: "hal" });
    expect(g.state.phase).toBe("night.main");
    expect(g.state.deadline).toBe(deadline);
    expect(werewolf.advance(g.state, { now: deadline! - 1 }).events).toEqual([]);
    // The last picks (hal, gus) tie: nobody is the target (S-WOLF-1).
    advance(g);
    expect(g.state.night.target).toBeNull();
  });

  it("S-WOLF-3: a wolf who skipped may still pick; the dead and the other roles may not", () => {
    const g = start();
    must(g, "bob", { type: "skip" });
    must(g, "bob", { type: "bite", target: "gus" });
    expect(code(play(g, "cat", { type: "bite", target: "gus" }))).toBe("NOT_YOUR_TURN");
    advance(g);
    expect(code(play(g, "ann", { type: "bite", target: "hal" }))).toBe("WRONG_PHASE");
  });

  it("S-WOLF-3 / S-WOLF-2: each change reaches the living wolves only", () => {
    const g = start();
    must(g, "ann", { type: "bite", target: "gus" });
    const change = must(g, "ann", { type: "bite", target: "hal" });
    const wolfEvents = change.filter((e) => canSee(e.audience, viewer("bob", ["wolves"]), false));
    expect(wolfEvents.map((e) => e.type)).toEqual(["pick"]);
    expect(change.filter((e) => canSee(e.audience, viewer("bob", ["wolves"], false), false))).toEqual([]);
    for (const p of ["cat", "dan", "eve", "fay", "hal"]) {
      expect(change.filter((e) => canSee(e.audience, viewer(p, ["village"]), false))).toEqual([]);
      expect(werewolf.viewFor(g.state, p).wolfPicks).toEqual([]);
    }
  });
});

describe("S-WOLF-3 elsewhere", () => {
  it("S-WOLF-3: three wolves, two changes: the last picks decide (A, A, B → A)", () => {
    const g = startGame(STANDARD_9);
    must(g, "ann", { type: "bite", target: "gus" });
    must(g, "bob", { type: "bite", target: "hal" });
    must(g, "ivy", { type: "bite", target: "hal" });
    must(g, "bob", { type: "bite", target: "gus" });
    advance(g);
    expect(g.state.night.target).toBe("gus");
  });

  it("S-WOLF-3 / C-GIRL-1: a peeking Little Girl sees a change under the same Wolf N name", () => {
    const g = startGame(CLASSIC_8, CLASSIC_8_OPTIONS, 2);
    advanceTo(g, "night.main", 1);
    must(g, "ann", { type: "bite", target: "hal" });
    const peek = play(g, "gus", { type: "peek" });
    if (!peek.ok) throw new Error(peek.error.message);
    must(g, "ann", { type: "bite", target: "cat" });
    const girl = werewolf.viewFor(g.state, "gus");
    if (ofType(g.events, "girl_caught").length === 0) {
      expect(girl.wolfPicks).toHaveLength(1);
      expect(girl.wolfPicks[0].target).toBe("cat");
      expect(girl.wolfPicks[0].by).not.toBe("ann");
    }
    expect(fold(g, "gus")).toEqual(girl);
  });

  it("S-WOLF-3: a bot wolf picks once and never changes its pick (no loop)", () => {
    const g = startGame(STANDARD_8);
    const before = werewolf.viewFor(g.state, "ann");
    expect(botPasses("night.main", "wolf", before.legal)).toBe(false);
    must(g, "ann", { type: "bite", target: "gus" });
    const after = werewolf.viewFor(g.state, "ann");
    expect(after.legal.some((l) => l.type === "bite")).toBe(true);
    expect(botPasses("night.main", "wolf", after.legal)).toBe(true);
  });
});
