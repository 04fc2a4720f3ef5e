import { describe, expect, it } from "vitest";
import { canSee } from "../core/types";
import { STANDARD_8 } from "./fixtures";
import { isAlive, werewolf } from "./mode";
import { advance, advanceTo, must, ofType, play, startGame, type TestGame } from "./testing";

const code = (r: ReturnType<typeof play>) => (r.ok ? "OK" : r.error.code);
const living = (g: TestGame) => g.players.filter((p) => isAlive(g.state, p));

/** Night 1 kills gus; we are at the start of Day 1. */
function toDay1(options: Record<string, unknown> = {}): TestGame {
  const g = startGame(STANDARD_8, options);
  must(g, "ann", { type: "bite", target: "gus" });
  advanceTo(g, "day");
  return g;
}

describe("day", () => {
  it("S-FLOW-1: Night 1 → Day 1 → Vote 1 → Night 2", () => {
    const g = startGame(STANDARD_8);
    const phases: string[] = [];
    for (let i = 0; i < 5; i++) {
      phases.push(`${g.state.phase}/${g.state.day}`);
      advance(g);
    }
    phases.push(`${g.state.phase}/${g.state.day}`);
    expect(phases).toEqual(["night.main/1", "night.witch/1", "day/1", "vote/1", "night.main/2", "night.witch/2"]);
  });

  it("S-FLOW-3: the day lasts the room's day length and ends early once every living player is ready", () => {
    const g = toDay1({ dayLength: 45 });
    expect(g.state.deadline).toBe(g.now + 45_000);
    const alive = living(g);
    for (const p of alive.slice(0, -1)) must(g, p, { type: "ready_to_vote" });
    expect(code(play(g, alive[0], { type: "ready_to_vote" }))).toBe("ALREADY_ACTED");
    expect(code(play(g, "gus", { type: "ready_to_vote" }))).toBe("NOT_ALIVE");
    expect(g.state.phase).toBe("day");
    must(g, alive.at(-1)!, { type: "ready_to_vote" });
    expect(g.state.phase).toBe("vote");
  });

  it("S-CHAT-1: living players chat publicly during the day only; the dead read but never send", () => {
    const g = startGame(STANDARD_8);
    expect(code(play(g, "cat", { type: "chat", channel: "day", text: "hi" }))).toBe("WRONG_PHASE");
    must(g, "ann", { type: "bite", target: "gus" });
    advanceTo(g, "day");
    const e = must(g, "cat", { type: "chat", channel: "day", text: "hello" })[0];
    expect(e).toMatchObject({ type: "chat", audience: { kind: "public" }, channel: "day", day: 1, from: "cat", text: "hello" });
    expect(code(play(g, "gus", { type: "chat", channel: "day", text: "I'm dead" }))).toBe("NOT_ALIVE");
    expect(werewolf.viewFor(g.state, "gus").chat.map((c) => c.text)).toEqual(["hello"]);
    expect(code(play(g, "ann", { type: "chat", channel: "wolves", text: "psst" }))).toBe("WRONG_PHASE");
    advance(g);
    expect(code(play(g, "cat", { type: "chat", channel: "day", text: "vote!" }))).toBe("WRONG_PHASE");
  });

  it("S-CHAT-2: public chat is grouped by day", () => {
    const g = toDay1();
    must(g, "cat", { type: "chat", channel: "day", text: "one" });
    advanceTo(g, "day", 2);
    must(g, "dan", { type: "chat", channel: "day", text: "two" });
    expect(werewolf.viewFor(g.state, "hal").chat.map((c) => [c.day, c.text])).toEqual([
      [1, "one"],
      [2, "two"],
    ]);
  });

  it("S-CHAT-3: wolf chat is for living wolves at night only; a dead wolf loses access", () => {
    const g = startGame(STANDARD_8);
    const e = must(g, "ann", { type: "chat", channel: "wolves", text: "gus" })[0];
    expect(e.audience).toEqual({ kind: "team", team: "wolves" });
    expect(code(play(g, "cat", { type: "chat", channel: "wolves", text: "hi" }))).toBe("WRONG_PHASE");
    expect(werewolf.viewFor(g.state, "bob").chat.map((c) => c.text)).toEqual(["gus"]);
    expect(werewolf.viewFor(g.state, "cat").chat).toEqual([]);
    advance(g);
    must(g, "eve", { type: "poison", target: "ann" });
    advanceTo(g, "day");
    expect(werewolf.viewFor(g.state, "ann").chat).toEqual([]);
    expect(werewolf.viewFor(g.state, "ann").wolves).toEqual(["ann", "bob"]);
    expect(canSee(e.audience, { player: "ann", alive: false, teams: ["wolves"] }, false)).toBe(false);
    expect(werewolf.viewFor(g.state, "bob").chat.map((c) => c.text)).toEqual(["gus"]);
  });

  it("S-CHAT-5: messages are trimmed, 1–500 characters, at most 5 in any 5 s", () => {
    const g = toDay1();
    expect(code(play(g, "cat", { type: "chat", channel: "day", text: "   " }))).toBe("BAD_ACTION");
    expect(code(play(g, "cat", { type: "chat", channel: "day", text: "x".repeat(501) }))).toBe("BAD_ACTION");
    expect(must(g, "cat", { type: "chat", channel: "day", text: `  ${"x".repeat(500)}  ` })[0].text).toHaveLength(500);
    expect(must(g, "cat", { type: "chat", channel: "day", text: " <b>hi</b> " })[0].text).toBe("<b>hi</b>");
    for (let i = 0; i < 3; i++) must(g, "cat", { type: "chat", channel: "day", text: `m${i}` });
    const limited = play(g, "cat", { type: "chat", channel: "day", text: "sixth" });
    expect(code(limited)).toBe("RATE_LIMITED");
    must(g, "dan", { type: "chat", channel: "day", text: "others are not limited" });
    g.now += 4_999;
    expect(code(play(g, "cat", { type: "chat", channel: "day", text: "still" }))).toBe("RATE_LIMITED");
    g.now += 1;
    must(g, "cat", { type: "chat", channel: "day", text: "again" });
  });
});

describe("vote", () => {
  it("S-FLOW-4: the vote lasts 60 s and closes early once every living player has voted", () => {
    const g = toDay1();
    advance(g);
    expect(g.state.phase).toBe("vote");
    expect(g.state.deadline).toBe(g.now + 60_000);
    for (const p of living(g)) must(g, p, { type: "vote", target: p === "hal" ? "ann" : "hal" });
    expect(g.state.phase).toBe("night.main");
  });

  it("S-VOTE-1: only the living vote, for another living player, never themselves", () => {
    const g = toDay1();
    advance(g);
    expect(code(play(g, "gus", { type: "vote", target: "ann" }))).toBe("NOT_ALIVE");
    expect(code(play(g, "cat", { type: "vote", target: "cat" }))).toBe("INVALID_TARGET");
    expect(code(play(g, "cat", { type: "vote", target: "gus" }))).toBe("INVALID_TARGET");
    must(g, "cat", { type: "vote", target: "ann" });
  });

  it("S-VOTE-2: a vote is final; not voting is abstaining", () => {
    const g = toDay1();
    advance(g);
    must(g, "cat", { type: "vote", target: "ann" });
    expect(code(play(g, "cat", { type: "vote", target: "bob" }))).toBe("ALREADY_ACTED");
    advance(g);
    const tally = ofType(g.events, "vote_result").at(-1)!;
    expect(tally).toMatchObject({ votes: { cat: "ann" }, counts: { ann: 1 }, result: "ann" });
    expect(isAlive(g.state, "ann")).toBe(false);
  });

  it("S-VOTE-3: the unique most-voted player is eliminated; a tie or no votes → nobody, no re-vote", () => {
    const tie = toDay1();
    advance(tie);
    must(tie, "cat", { type: "vote", target: "ann" });
    must(tie, "dan", { type: "vote", target: "bob" });
    advance(tie);
    expect(ofType(tie.events, "vote_result").at(-1)).toMatchObject({ result: null, tied: ["ann", "bob"] });
    expect(tie.state.phase).toBe("night.main");
    expect(living(tie)).toHaveLength(7);
    const none = toDay1();
    advance(none);
    advance(none);
    expect(ofType(none.events, "vote_result").at(-1)).toMatchObject({ result: null, tied: [], votes: {} });
    expect(none.state.phase).toBe("night.main");
  });

  it("S-VOTE-4: votes stay hidden until the close, then who voted for whom is public", () => {
    const g = toDay1();
    advance(g);
    const ack = must(g, "cat", { type: "vote", target: "ann" });
    expect(ack).toEqual([
      expect.objectContaining({ type: "vote_ack", audience: { kind: "player", player: "cat" } }),
      // S-VOTE-6: that cat voted is public, not for whom.
      { type: "voted", audience: { kind: "public" }, at: g.now, day: 1, player: "cat" },
    ]);
    expect(werewolf.viewFor(g.state, "dan").tallies).toEqual([]);
    expect(werewolf.viewFor(g.state, "cat").myVote).toBe("ann");
    expect(werewolf.viewFor(g.state, "dan").myVote).toBeNull();
    const close = advance(g);
    expect(close.find((e) => e.type === "vote_result")).toMatchObject({ audience: { kind: "public" }, votes: { cat: "ann" } });
    expect(werewolf.viewFor(g.state, "dan").tallies).toHaveLength(1);
  });

  it("S-DEATH-1: an eliminated player's role is not shown; the dead keep what they knew", () => {
    const g = startGame(STANDARD_8);
    must(g, "cat", { type: "inspect", target: "ann" });
    advanceTo(g, "vote");
    for (const p of ["ann", "bob", "dan", "eve"]) must(g, p, { type: "vote", target: "cat" });
    advance(g);
    const death = ofType(g.events, "death").at(-1)!;
    expect(death).toMatchObject({ players: ["cat"], when: "vote" });
    expect(death.roles).toBeUndefined();
    expect(werewolf.viewFor(g.state, "dan").roles).toEqual({ dan: "guard" });
    const cat = werewolf.viewFor(g.state, "cat");
    expect(cat.myRole).toBe("seer");
    expect(cat.seerResults).toEqual([{ day: 1, target: "ann", result: "wolf" }]);
    expect(cat.legal).toEqual([]);
  });
});
