// S-VOTE-6: while a vote is open, who has voted is public; for whom stays hidden until the close
// (S-VOTE-4). Both engines and rulesets, the classic Sheriff election and re-vote included.
import { describe, expect, it } from "vitest";
import { foldView } from "../core/fold";
import type { GameEvent } from "../core/types";
import { CLASSIC_8, CLASSIC_8_OPTIONS, STANDARD_8 } from "./fixtures";
import { werewolf } from "./mode";
import { advance, advanceTo, must, startGame, type TestGame } from "./testing";

const fold = (g: TestGame, p: string) => foldView(werewolf, werewolf.seats(g.state).find((x) => x.player === p)!, g.players, g.events, false);
const publicOf = (events: GameEvent[]) => events.filter((e) => e.audience.kind === "public");
const SHAPE = ["at", "audience", "day", "player", "type"];

const games: [string, () => TestGame][] = [
  ["standard", () => startGame(STANDARD_8)],
  ["classic", () => startGame(CLASSIC_8, CLASSIC_8_OPTIONS)],
];

describe.each(games)("S-VOTE-6 in %s", (_, start) => {
  it("S-VOTE-6: everyone learns that a player voted, never for whom; the views list the voters in seat order", () => {
    const g = start();
    advanceTo(g, "vote", 1);
    const dan = must(g, "dan", { type: "vote", target: "ann" });
    const cat = must(g, "cat", { type: "vote", target: "hal" });
    for (const [events, who] of [
      [dan, "dan"],
      [cat, "cat"],
    ] as const) {
      const pub = publicOf(events);
      expect(pub).toHaveLength(1);
      // One shape whatever the target: no size or key tells whom.
      expect(Object.keys(pub[0]).sort()).toEqual(SHAPE);
      expect(pub[0]).toMatchObject({ type: "voted", player: who });
      expect(JSON.stringify(pub[0])).not.toMatch(/"(ann|hal)"/);
    }
    for (const p of ["ann", "fay", "cat"]) {
      const v = werewolf.viewFor(g.state, p);
      expect(v.voters).toEqual(["cat", "dan"]);
      expect(fold(g, p)).toEqual(v);
      if (p !== "cat") expect(v.myVote).toBeNull();
    }
    // The next phase starts a new list.
    advance(g);
    expect(werewolf.viewFor(g.state, "ann").voters).toEqual([]);
    expect(fold(g, "ann").voters).toEqual([]);
  });
});

describe("S-VOTE-6 in classic elections and re-votes", () => {
  it("S-VOTE-6 / C-SHERIFF-1: the Sheriff election shows who has voted", () => {
    const g = startGame(CLASSIC_8, { ...CLASSIC_8_OPTIONS, sheriff: true });
    advanceTo(g, "sheriff.election", 1);
    const events = must(g, "hal", { type: "vote", target: "cat" });
    expect(publicOf(events).map((e) => Object.keys(e).sort())).toEqual([SHAPE]);
    expect(werewolf.viewFor(g.state, "ann").voters).toEqual(["hal"]);
    expect(fold(g, "ann")).toEqual(werewolf.viewFor(g.state, "ann"));
  });

  it("S-VOTE-6 / C-VOTE-1: the re-vote among the tied shows who has voted", () => {
    const g = startGame(CLASSIC_8, { ...CLASSIC_8_OPTIONS, tieRevote: true });
    advanceTo(g, "vote", 1);
    must(g, "ann", { type: "vote", target: "cat" });
    must(g, "bob", { type: "vote", target: "hal" });
    advance(g);
    advanceTo(g, "vote", 1);
    expect(werewolf.viewFor(g.state, "ann").candidates).toEqual(["cat", "hal"]);
    expect(werewolf.viewFor(g.state, "ann").voters).toEqual([]);
    const events = must(g, "fay", { type: "vote", target: "hal" });
    expect(publicOf(events).map((e) => Object.keys(e).sort())).toEqual([SHAPE]);
    expect(werewolf.viewFor(g.state, "gus").voters).toEqual(["fay"]);
    expect(fold(g, "gus")).toEqual(werewolf.viewFor(g.state, "gus"));
  });
});
