// Engine facts the scenario outputs do not show directly: what each seat's view holds, timing that
// must not leak, and the contract's purity.
import { describe, expect, it } from "vitest";
import type { PlayerId } from "../core/types";
import { playBotGame } from "./bot-game";
import { legalFor } from "./legal";
import { teamsOf, witchHunt } from "./mode";
import type { WitchHuntAction, WitchHuntState } from "./types";
import { HAND_LIMIT } from "./tables";

const EPOCH = Date.UTC(2025, 0, 1);
const P4 = ["ann", "bob", "cat", "dan"];
const R4 = { ann: "seer", bob: "witch", cat: "healer", dan: "villager" };

function start(players: PlayerId[], roles: Record<PlayerId, string>, timed = false): WitchHuntState {
  const r = witchHunt.setup({ timed, timeScale: 1 }, players, { now: EPOCH, seed: 1 }, roles);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}
function act(s: WitchHuntState, p: PlayerId, a: WitchHuntAction, now = EPOCH): WitchHuntState {
  const r = witchHunt.act(s, p, a, { now, hostId: s.players[0] });
  if (!r.ok) throw new Error(`${p} ${a.type}: ${r.error.code}`);
  return r.value.state;
}
const readyAll = (s: WitchHuntState) => s.players.reduce((x, p) => act(x, p, { type: "ready" }), s);

describe("witch-hunt engine", () => {
  it("WH-R22: the witches' step lasts 15 s for everyone, timed or not, and does not end early when the witches are done", () => {
    for (const timed of [false, true]) {
      let s = readyAll(start(P4, R4, timed));
      for (const p of ["ann", "cat", "dan"]) s = act(s, p, { type: "pick", location: "forest" });
      expect(s.phase).toBe("day.witch");
      expect(s.deadline).toBe(EPOCH + 15_000);
      s = act(s, "bob", { type: "witch_location", location: "forest" });
      s = act(s, "bob", { type: "cast", spell: "frog_hex", target: "ann" });
      expect(s.phase).toBe("day.witch");
      expect(witchHunt.advance(s, { now: EPOCH + 14_999 }).state).toBe(s);
      expect(witchHunt.advance(s, { now: EPOCH + 15_000 }).state.phase).toBe("evening");
    }
  });

  it("WH-P5, WH-P6, WH-R41: witches are teams 'witches' and 'coven', the Crow only 'witches'; a villager's view holds no witch names, a witch's does", () => {
    expect(teamsOf("witch")).toEqual(["witches", "coven"]);
    expect(teamsOf("crow")).toEqual(["witches"]);
    expect(teamsOf("clown")).toEqual(["clown"]);
    const s = start(["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"], { ann: "seer", bob: "witch", cat: "healer", dan: "crow", eve: "guard", fay: "witch", gus: "pickpocket", hal: "villager" });
    expect(witchHunt.viewFor(s, "ann").witches).toEqual([]);
    expect(witchHunt.viewFor(s, "dan").witches).toEqual(["bob", "fay"]);
    expect(witchHunt.viewFor(s, "bob").witches).toEqual(["bob", "fay"]);
    expect(witchHunt.viewFor(s, "ann").role).toBe("seer");
    expect(witchHunt.viewFor(s, "ann").roles).toBeNull();
  });

  it("WH-R42: the witches' counts have no names; the view of a non-witch holds no counts", () => {
    let s = readyAll(start(P4, R4));
    for (const p of ["ann", "cat", "dan"]) s = act(s, p, { type: "pick", location: p === "ann" ? "meadow" : "forest" });
    expect(witchHunt.viewFor(s, "bob").counts).toEqual({ forest: 2, meadow: 1, riverbank: 0 });
    expect(witchHunt.viewFor(s, "ann").counts).toBeNull();
    expect(witchHunt.viewFor(s, "ann").myPick).toBe("meadow");
    expect(witchHunt.viewFor(s, "cat").myPick).toBe("forest");
  });

  it("WH-P3: a hand never exceeds the limit, and a seat's view of its hand matches the state", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { state } = playBotGame(4 + (seed % 9), seed);
      for (const p of state.players) {
        expect(state.hands[p].length).toBeLessThanOrEqual(HAND_LIMIT);
        if (state.form[p] === "expelled") expect(state.hands[p]).toEqual([]);
      }
    }
  });

  it("WH-R18, WH-R44: a changed pick or vote leaves no trace for anyone else", () => {
    let s = readyAll(start(P4, R4));
    const before = witchHunt.viewFor(s, "cat");
    s = act(s, "ann", { type: "pick", location: "forest" });
    s = act(s, "ann", { type: "pick", location: "meadow" });
    expect(witchHunt.viewFor(s, "cat")).toEqual(before);
    expect(witchHunt.viewFor(s, "bob")).toEqual(witchHunt.viewFor(readyAll(start(P4, R4)), "bob"));
  });

  it("refused actions change nothing and the state survives JSON (stored between requests)", () => {
    const s = readyAll(start(P4, R4));
    const copy = JSON.stringify(s);
    expect(witchHunt.act(s, "bob", { type: "pick", location: "forest" }, { now: EPOCH }).ok).toBe(false);
    expect(witchHunt.act(s, "zed", { type: "ok" }, { now: EPOCH }).ok).toBe(false);
    expect(JSON.stringify(s)).toBe(copy);
    const next = act(JSON.parse(copy) as WitchHuntState, "ann", { type: "pick", location: "forest" });
    expect(act(s, "ann", { type: "pick", location: "forest" })).toEqual(next);
  });

  it("WH-P12: legal actions list nothing for frogs but confirming; the host's Absent needs ctx.hostId", () => {
    let s = readyAll(start(P4, R4));
    expect(legalFor(s, "bob")).toEqual([]);
    expect(witchHunt.act(s, "bob", { type: "mark_absent", player: "ann" }, { now: EPOCH, hostId: "ann" }).ok).toBe(false);
    s = act(s, "ann", { type: "mark_absent", player: "cat" });
    expect(s.absent).toEqual(["cat"]);
    expect(s.picks.cat).toBeDefined();
  });

  it("WH-P12, WH-R41: marking the witch Absent while others pick is accepted like anyone's (a refusal would name her) and changes nothing yet", () => {
    const s = readyAll(start(P4, R4));
    const marked = act(s, "ann", { type: "mark_absent", player: "bob" });
    expect(marked.absent).toEqual(["bob"]);
    expect(marked.picks).toEqual({});
    expect(marked.phase).toBe("day.pick");
    expect(witchHunt.act(marked, "ann", { type: "mark_absent", player: "bob" }, { now: EPOCH, hostId: "ann" }).ok).toBe(false);
  });

  it("endByHost ends the game with no winner and reveals the roles", () => {
    const s = readyAll(start(P4, R4));
    const r = witchHunt.endByHost!(s, { now: EPOCH });
    expect(r.ok && r.value.state.phase).toBe("ended");
    expect(r.ok && witchHunt.viewFor(r.value.state, "ann").roles).toEqual(R4);
    expect(r.ok && r.value.state.winner).toBeNull();
  });
});
