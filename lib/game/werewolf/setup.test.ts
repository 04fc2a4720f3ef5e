import { describe, expect, it } from "vitest";
import { chiSquare } from "../core/chi-square";
import { canSee } from "../core/types";
import { configSchema } from "./config";
import { STANDARD_8, STANDARD_9 } from "./fixtures";
import { werewolf } from "./mode";
import { ofType, startGame } from "./testing";

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
const standard = configSchema.parse({});

describe("standard setup", () => {
  it("S-START-1: only 8 or 9 players can start, with a clear reason otherwise", () => {
    for (const n of [0, 1, 7, 10, 18]) {
      const r = werewolf.canStart(standard, names(n));
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("BAD_PLAYER_COUNT");
        expect(r.error.message).toContain("8 or 9");
      }
    }
    expect(werewolf.canStart(standard, names(8)).ok).toBe(true);
    expect(werewolf.canStart(standard, names(9)).ok).toBe(true);
    expect(werewolf.canStart(standard, ["a", "a", "b", "c", "d", "e", "f", "g"]).ok).toBe(false);
    expect(werewolf.setup(standard, names(7), { now: 0, seed: 1 }).ok).toBe(false);
  });

  it("S-START-2: 8 players get 2 wolves, seer, guard, witch, hunter, 2 villagers; 9 players 3 wolves", () => {
    for (const [n, wolves] of [
      [8, 2],
      [9, 3],
    ]) {
      const g = startGame(names(n), {}, 5);
      const roles = Object.values(g.state.roles).sort();
      const expected = [...Array(wolves).fill("wolf"), "seer", "guard", "witch", "hunter", "villager", "villager"].sort();
      expect(roles).toEqual(expected);
    }
  });

  it("S-START-2: each player is told only their own role", () => {
    const g = startGame(STANDARD_8);
    const roleEvents = ofType(g.events, "role");
    expect(roleEvents).toHaveLength(8);
    for (const e of roleEvents) {
      expect(e.audience.kind).toBe("player");
      const p = (e.audience as { player: string }).player;
      expect(e.role).toBe(STANDARD_8[p]);
    }
    // Nothing public or visible to a villager mentions another player's role.
    const gus = { player: "gus", alive: true, teams: ["village"] };
    const seen = g.events.filter((e) => canSee(e.audience, gus, false));
    expect(seen.filter((e) => e.type === "role")).toEqual([expect.objectContaining({ role: "villager" })]);
    expect(JSON.stringify(seen.filter((e) => e.type !== "role" && e.type !== "game_start"))).not.toMatch(/wolf|seer|guard|witch|hunter/);
  });

  it("S-START-2: the deal is uniform (chi-square over 18,000 seeded deals, seat × role)", () => {
    const players = names(9);
    const counts: Record<string, number[]> = {};
    const roles = ["wolf", "seer", "guard", "witch", "hunter", "villager"];
    for (const r of roles) counts[r] = new Array(9).fill(0);
    for (let seed = 0; seed < 18_000; seed++) {
      const r = werewolf.setup(standard, players, { now: 0, seed });
      if (!r.ok) throw new Error("setup failed");
      players.forEach((p, i) => counts[r.value.state.roles[p]][i]++);
    }
    // For each role, its seat is uniform: df = 8, 0.1% critical value 26.1.
    for (const r of roles) expect(chiSquare(counts[r])).toBeLessThan(26.1);
  });

  it("S-START-3: each wolf is told the other wolves, as a private event that survives death", () => {
    const g = startGame(STANDARD_9);
    const rosters = ofType(g.events, "wolves");
    expect(rosters.map((e) => e.audience)).toEqual(["ann", "bob", "ivy"].map((player) => ({ kind: "player", player })));
    for (const e of rosters) expect(e.wolves).toEqual(["ann", "bob", "ivy"]);
    const seats = werewolf.seats(g.state);
    expect(seats.find((s) => s.player === "ann")!.teams).toEqual(["wolves"]);
    expect(seats.find((s) => s.player === "cat")!.teams).toEqual(["village"]);
    expect(werewolf.viewFor(g.state, "bob").wolves).toEqual(["ann", "bob", "ivy"]);
    expect(werewolf.viewFor(g.state, "cat").wolves).toEqual([]);
  });

  it("fixed deals must be a legal composition", () => {
    const bad = { ...STANDARD_8, gus: "wolf" };
    const r = werewolf.setup(standard, Object.keys(bad), { now: 0, seed: 1 }, bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("BAD_CONFIG");
    const unknown = { ...STANDARD_8, gus: "dragon" };
    expect(werewolf.setup(standard, Object.keys(unknown), { now: 0, seed: 1 }, unknown).ok).toBe(false);
    const missing: Record<string, string> = { ...STANDARD_8 };
    delete missing.hal;
    expect(werewolf.setup(standard, Object.keys(STANDARD_8), { now: 0, seed: 1 }, missing).ok).toBe(false);
  });
});

describe("config", () => {
  it("S-FLOW-3: day length defaults to 120 s and must be 30–300 s", () => {
    expect(configSchema.parse({})).toMatchObject({ ruleset: "standard", dayLength: 120, timeScale: 1 });
    expect(configSchema.parse({ dayLength: 30 }).dayLength).toBe(30);
    expect(configSchema.parse({ dayLength: 300 }).dayLength).toBe(300);
    expect(configSchema.safeParse({ dayLength: 29 }).success).toBe(false);
    expect(configSchema.safeParse({ dayLength: 301 }).success).toBe(false);
  });

  it("C-SETUP-1: classic defaults: no optional role, no Sheriff, no tie re-vote, no end at parity", () => {
    expect(configSchema.parse({ ruleset: "classic" })).toMatchObject({
      roles: [],
      sheriff: false,
      tieRevote: false,
      endAtParity: false,
    });
    // The room settings shape of docs/api.md is accepted too.
    expect(configSchema.parse({ mode: "werewolf", ruleset: "classic", classic: { roles: ["witch", "cupid"], sheriff: true } })).toMatchObject({
      roles: ["cupid", "witch"],
      sheriff: true,
    });
    expect(configSchema.safeParse({ ruleset: "classic", roles: ["guard"] }).success).toBe(false);
    expect(configSchema.safeParse({ ruleset: "classic", roles: ["witch", "witch"] }).success).toBe(false);
    // Classic options never leak into standard.
    expect(configSchema.parse({ ruleset: "standard", roles: ["cupid"], sheriff: true })).toMatchObject({ roles: [], sheriff: false });
  });
});
