import { describe, expect, it } from "vitest";
import { foldView } from "../core/fold";
import { configSchema } from "./config";
import { CLASSIC_8, CLASSIC_8_OPTIONS, THIEF_DEAL } from "./fixtures";
import { werewolf } from "./mode";
import { advance, advanceTo, must, ofType, play, startGame, type TestGame } from "./testing";
import type { RoleId, WerewolfState } from "./types";

const code = (r: ReturnType<typeof play>) => (r.ok ? "OK" : r.error.code);
const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
const classic = (extra: Record<string, unknown> = {}) => configSchema.parse({ ruleset: "classic", ...extra });
const start = (extra: Record<string, unknown> = {}, seed = 1) => startGame(CLASSIC_8, { ...CLASSIC_8_OPTIONS, ...extra }, seed);
/** Cupid links nobody; the game is at night.main of night 1. */
const toMain = (g: TestGame) => advanceTo(g, "night.main", 1);

/** The deal that leaves both Wolves in the middle. */
const FORCED_DEAL: Record<string, RoleId> = { ...THIEF_DEAL, ann: "villager" };

describe("classic setup", () => {
  it("C-SETUP-1: 8–18 players; wolves 2 (8–11), 3 (12–17), 4 (18); the Seer is always in", () => {
    expect(werewolf.canStart(classic(), names(7)).ok).toBe(false);
    expect(werewolf.canStart(classic(), names(19)).ok).toBe(false);
    for (const [n, wolves] of [
      [8, 2],
      [11, 2],
      [12, 3],
      [17, 3],
      [18, 4],
    ]) {
      const g = startGame(names(n), { ruleset: "classic" }, n);
      const roles = Object.values(g.state.roles);
      expect(roles.filter((r) => r === "wolf")).toHaveLength(wolves);
      expect(roles.filter((r) => r === "seer")).toHaveLength(1);
      expect(roles.filter((r) => r === "villager")).toHaveLength(n - wolves - 1);
    }
    const all = startGame(names(8), { ruleset: "classic", roles: ["hunter", "cupid", "witch", "little_girl"] }, 3);
    expect(Object.values(all.state.roles).sort()).toEqual(["cupid", "hunter", "little_girl", "seer", "villager", "witch", "wolf", "wolf"]);
  });

  it("C-SETUP-2: with the Thief two extra Villagers join; two cards stay in the middle, shown to the Thief only", () => {
    const g = startGame(names(8), { ruleset: "classic", roles: ["thief"] }, 4);
    expect(g.state.middle).toHaveLength(2);
    const all = [...Object.values(g.state.roles), ...g.state.middle!].sort();
    expect(all).toEqual(["seer", "thief", "villager", "villager", "villager", "villager", "villager", "villager", "wolf", "wolf"]);
    const thief = g.state.thief!;
    expect(ofType(g.events, "thief_cards")).toEqual([expect.objectContaining({ audience: { kind: "player", player: thief }, cards: g.state.middle })]);
    expect(werewolf.viewFor(g.state, thief).thiefCards).toEqual(g.state.middle);
  });
});

describe("classic night", () => {
  it("C-NIGHT-1: night 1 is Thief → Cupid → Lovers → Seer+Wolves → Witch; later nights Seer+Wolves → Witch; every step in full", () => {
    const g = startGame(names(9), { ruleset: "classic", roles: ["thief", "cupid", "witch", "little_girl"] }, 11);
    const steps: [string, number][] = [];
    while (g.state.phase !== "day") {
      steps.push([g.state.phase, g.state.deadline! - g.now]);
      advance(g);
    }
    expect(steps).toEqual([
      ["night.thief", 20_000],
      ["night.cupid", 20_000],
      ["night.lovers", 10_000],
      ["night.main", 30_000],
      ["night.witch", 20_000],
    ]);
    advanceTo(g, "night.main", 2);
    advance(g);
    expect(g.state.phase).toBe("night.witch");
    advance(g);
    expect(g.state.phase).not.toMatch(/^night/);
  });

  it("C-NIGHT-1 / P-3: steps of roles not in the setup are not held; a role left in the middle still gets its step", () => {
    const bare = startGame(names(8), { ruleset: "classic" }, 2);
    expect(bare.state.phase).toBe("night.main");
    advance(bare);
    expect(bare.state.phase).toBe("day");
    // The Cupid card is in the setup but nobody holds it: its steps are held anyway.
    const deal = { ...THIEF_DEAL, v5: "villager" as RoleId };
    const g = startGame(deal, { ruleset: "classic", roles: ["thief", "cupid"] }, 5);
    expect(Object.values(g.state.roles)).not.toContain("cupid");
    expect(g.state.middle).toContain("cupid");
    advance(g);
    expect(g.state.phase).toBe("night.cupid");
    expect(g.state.deadline! - g.now).toBe(20_000);
  });

  it("C-SEER-1: the Seer sees the exact role", () => {
    const g = start();
    toMain(g);
    expect(must(g, "cat", { type: "inspect", target: "fay" })[0]).toMatchObject({ type: "seer_result", result: "hunter" });
  });

  it("C-REVEAL-1: a player who dies has their card revealed to everyone at once", () => {
    const g = start();
    toMain(g);
    must(g, "ann", { type: "bite", target: "fay" });
    must(g, "bob", { type: "bite", target: "fay" });
    advanceTo(g, "hunter");
    const death = ofType(g.events, "death").at(-1)!;
    expect(death).toMatchObject({ audience: { kind: "public" }, players: ["fay"], roles: { fay: "hunter" } });
    expect(werewolf.viewFor(g.state, "hal").roles).toEqual({ hal: "villager", fay: "hunter" });
  });
});

describe("thief", () => {
  it("C-THIEF-1: the Thief may swap with a middle card and plays that role from then on", () => {
    const g = startGame(THIEF_DEAL, { ruleset: "classic", roles: ["thief"] }, 1);
    const wolfCard = g.state.middle!.indexOf("wolf") as 0 | 1;
    const events = must(g, "tom", { type: "steal", card: wolfCard });
    expect(events.find((e) => e.type === "stole")).toMatchObject({ audience: { kind: "player", player: "tom" }, role: "wolf" });
    expect(ofType(events, "wolves").map((e) => [e.audience, e.wolves])).toEqual([
      [{ kind: "player", player: "tom" }, ["tom", "ann"]],
      [{ kind: "player", player: "ann" }, ["tom", "ann"]],
    ]);
    expect(code(play(g, "tom", { type: "steal", card: wolfCard }))).toBe("NOT_YOUR_TURN");
    advance(g);
    expect(werewolf.seats(g.state).find((s) => s.player === "tom")).toMatchObject({ role: "wolf", teams: ["wolves"] });
    must(g, "tom", { type: "bite", target: "cat" });
    must(g, "ann", { type: "chat", channel: "wolves", text: "welcome" });
    expect(werewolf.viewFor(g.state, "tom").chat.map((c) => c.text)).toEqual(["welcome"]);
  });

  it("S-CHAT-3, C-THIEF-1, P-2: the pack's chat opens after the Thief's step, so a Thief who becomes a Wolf folds all of it", () => {
    const g = startGame(THIEF_DEAL, { ruleset: "classic", roles: ["thief"] }, 1);
    expect(g.state.phase).toBe("night.thief");
    expect(code(play(g, "ann", { type: "chat", channel: "wolves", text: "too early" }))).toBe("WRONG_PHASE");
    must(g, "tom", { type: "steal", card: g.state.middle!.indexOf("wolf") as 0 | 1 });
    expect(code(play(g, "tom", { type: "chat", channel: "wolves", text: "hello" }))).toBe("WRONG_PHASE");
    advance(g);
    must(g, "ann", { type: "chat", channel: "wolves", text: "welcome" });
    const tom = werewolf.seats(g.state).find((x) => x.player === "tom")!;
    expect(foldView(werewolf, tom, g.players, g.events, false)).toEqual(werewolf.viewFor(g.state, "tom"));
  });

  it("C-THIEF-1: not choosing keeps the Thief card", () => {
    const g = startGame(THIEF_DEAL, { ruleset: "classic", roles: ["thief"] }, 1);
    must(g, "tom", { type: "skip" });
    advance(g);
    expect(g.state.roles.tom).toBe("thief");
    expect(werewolf.viewFor(g.state, "tom").legal).toEqual([]);
  });

  it("C-THIEF-1: with two Wolves in the middle he must take one; silent → one at random", () => {
    const g = startGame(FORCED_DEAL, { ruleset: "classic", roles: ["thief"] }, 1);
    expect(g.state.middle).toEqual(["wolf", "wolf"]);
    expect(code(play(g, "tom", { type: "skip" }))).toBe("BAD_ACTION");
    expect(werewolf.viewFor(g.state, "tom").legal.map((l) => l.type)).toEqual(["steal"]);
    advance(g);
    expect(g.state.roles.tom).toBe("wolf");
    expect(ofType(g.events, "stole")).toHaveLength(1);
  });
});

describe("cupid and lovers", () => {
  it("C-CUPID-1: Cupid names two players (possibly himself); each lover learns the other's name, not the role", () => {
    const g = start();
    expect(g.state.phase).toBe("night.cupid");
    expect(code(play(g, "dan", { type: "link", targets: ["cat", "cat"] }))).toBe("INVALID_TARGET");
    must(g, "dan", { type: "link", targets: ["dan", "ann"] });
    expect(werewolf.viewFor(g.state, "ann").lovers).toBeNull();
    const told = advance(g);
    expect(g.state.phase).toBe("night.lovers");
    expect(ofType(told, "lover").map((e) => e.audience)).toEqual([
      { kind: "player", player: "dan" },
      { kind: "player", player: "ann" },
    ]);
    const ann = werewolf.viewFor(g.state, "ann");
    expect(ann.lovers).toEqual(["dan", "ann"]);
    expect(ann.roles.dan).toBeUndefined();
    expect(werewolf.seats(g.state).find((s) => s.player === "ann")!.teams).toEqual(["wolves", "lovers"]);
  });

  it("C-LOVERS-1: when a lover dies the other dies at once, in the same announcement", () => {
    const g = start();
    must(g, "dan", { type: "link", targets: ["cat", "hal"] });
    toMain(g);
    must(g, "ann", { type: "bite", target: "cat" });
    advanceTo(g, "day");
    expect(ofType(g.events, "death").at(-1)).toMatchObject({ players: ["cat", "hal"], roles: { cat: "seer", hal: "villager" } });
  });

  it("C-LOVERS-1: a Hunter lover still shoots, and a shot lover takes the partner along", () => {
    const g = start();
    must(g, "dan", { type: "link", targets: ["fay", "cat"] });
    toMain(g);
    must(g, "ann", { type: "bite", target: "cat" });
    advanceTo(g, "hunter");
    expect(ofType(g.events, "death").at(-1)!.players).toEqual(["cat", "fay"]);
    must(g, "fay", { type: "shoot", target: "ann" });
    expect(g.state.alive.ann).toBe(false);

    const chain = start();
    must(chain, "dan", { type: "link", targets: ["bob", "hal"] });
    toMain(chain);
    must(chain, "ann", { type: "bite", target: "fay" });
    advanceTo(chain, "hunter");
    must(chain, "fay", { type: "shoot", target: "hal" });
    expect(ofType(chain.events, "death").at(-1)).toMatchObject({ when: "shot", players: ["bob", "hal"] });
  });

  it("C-LOVERS-2: a lover may not vote for the other lover", () => {
    const g = start();
    must(g, "dan", { type: "link", targets: ["cat", "hal"] });
    advanceTo(g, "vote");
    expect(code(play(g, "cat", { type: "vote", target: "hal" }))).toBe("INVALID_TARGET");
    expect(werewolf.viewFor(g.state, "cat").legal.find((l) => l.type === "vote")!.targets).not.toContain("hal");
    must(g, "gus", { type: "vote", target: "hal" });
  });
});

describe("classic witch", () => {
  it("C-WITCH-1: save and poison in the same night, in either order; skip ends her turn", () => {
    const g = start();
    toMain(g);
    must(g, "ann", { type: "bite", target: "hal" });
    advance(g);
    must(g, "eve", { type: "poison", target: "bob" });
    must(g, "eve", { type: "save" });
    expect(code(play(g, "eve", { type: "save" }))).toBe("NO_POTION");
    advanceTo(g, "day");
    expect(ofType(g.events, "death").at(-1)!.players).toEqual(["bob"]);
    const s = start();
    toMain(s);
    advance(s);
    must(s, "eve", { type: "skip" });
    expect(code(play(s, "eve", { type: "poison", target: "bob" }))).toBe("ALREADY_ACTED");
  });

  it("C-WITCH-1: she may not save herself but may poison herself", () => {
    const g = start();
    toMain(g);
    must(g, "ann", { type: "bite", target: "eve" });
    advance(g);
    expect(code(play(g, "eve", { type: "save" }))).toBe("INVALID_TARGET");
    must(g, "eve", { type: "poison", target: "eve" });
    advanceTo(g, "day");
    expect(ofType(g.events, "death").at(-1)!.players).toEqual(["eve"]);
  });
});

describe("little girl", () => {
  /** First seed whose first peek is (or is not) caught. */
  function peekGame(caught: boolean): TestGame {
    for (let seed = 1; seed < 200; seed++) {
      const g = start({}, seed);
      toMain(g);
      must(g, "ann", { type: "bite", target: "gus" });
      must(g, "gus", { type: "peek" });
      if (g.state.night.caught === caught) return g;
    }
    throw new Error("no seed found");
  }

  it("C-GIRL-1: peeking shows the wolves' chat and picks live under Wolf N names", () => {
    const g = peekGame(false);
    const picks = ofType(g.events, "peek_picks").at(-1)!;
    expect(picks).toMatchObject({ audience: { kind: "player", player: "gus" }, picks: [{ by: "Wolf 1", target: "gus" }] });
    const events = must(g, "bob", { type: "chat", channel: "wolves", text: "eat her" });
    expect(events.map((e) => [e.audience, e.from])).toEqual([
      [{ kind: "team", team: "wolves" }, "bob"],
      [{ kind: "player", player: "gus" }, "Wolf 2"],
    ]);
    must(g, "bob", { type: "bite", target: "hal" });
    const gus = werewolf.viewFor(g.state, "gus");
    expect(gus.chat).toEqual([expect.objectContaining({ channel: "wolves", from: "Wolf 2", text: "eat her" })]);
    expect(gus.wolfPicks).toEqual([
      { by: "Wolf 1", target: "gus" },
      { by: "Wolf 2", target: "hal" },
    ]);
    expect(JSON.stringify([gus.chat, gus.wolfPicks, gus.roles])).not.toMatch(/"(ann|bob)"/);
    expect(code(play(g, "gus", { type: "peek" }))).toBe("ALREADY_ACTED");
    // After night.main the peek is over.
    advance(g);
    const late = must(g, "bob", { type: "chat", channel: "wolves", text: "too late" });
    expect(late).toHaveLength(1);
  });

  it("C-GIRL-1: caught (1 in 3, seeded), the wolves learn her name at once; targeted, no save can stop it", () => {
    const g = peekGame(true);
    expect(ofType(g.events, "girl_caught")).toEqual([
      expect.objectContaining({ audience: { kind: "player", player: "ann" }, girl: "gus" }),
      expect.objectContaining({ audience: { kind: "player", player: "bob" }, girl: "gus" }),
    ]);
    expect(werewolf.viewFor(g.state, "ann").roles.gus).toBe("little_girl");
    expect(werewolf.viewFor(g.state, "cat").roles.gus).toBeUndefined();
    must(g, "bob", { type: "bite", target: "gus" });
    advance(g);
    must(g, "eve", { type: "save" });
    advanceTo(g, "day");
    expect(ofType(g.events, "death").at(-1)!.players).toEqual(["gus"]);
  });

  it("S-DEATH-1, C-GIRL-1: a wolf told of the catch still knows her after its death; a wolf dead before it is never told", () => {
    const g = peekGame(true);
    must(g, "bob", { type: "bite", target: "hal" }); // a tie: nobody is bitten, so she lives on unrevealed
    advance(g);
    must(g, "eve", { type: "poison", target: "ann" });
    advanceTo(g, "day");
    expect(g.state.alive.ann).toBe(false);
    expect(g.state.alive.gus).toBe(true);
    expect(werewolf.viewFor(g.state, "ann").roles.gus).toBe("little_girl");
    expect(werewolf.viewFor(g.state, "bob").roles.gus).toBe("little_girl");
    // What Ann's client folds from the events she may still read says the same (P-2).
    const ann = werewolf.seats(g.state).find((x) => x.player === "ann")!;
    expect(foldView(werewolf, ann, g.players, g.events, false)).toEqual(werewolf.viewFor(g.state, "ann"));

    // Bob is poisoned on night 1; Gus is caught on night 2: only Ann, alive then, is told.
    for (let seed = 1; seed < 200; seed++) {
      const h = start({}, seed);
      toMain(h);
      advance(h);
      must(h, "eve", { type: "poison", target: "bob" });
      advanceTo(h, "night.main", 2);
      must(h, "gus", { type: "peek" });
      if (!h.state.night.caught) continue;
      expect(ofType(h.events, "girl_caught").map((e) => e.audience)).toEqual([{ kind: "player", player: "ann" }]);
      expect(werewolf.viewFor(h.state, "ann").roles.gus).toBe("little_girl");
      expect(werewolf.viewFor(h.state, "bob").roles.gus).toBeUndefined();
      return;
    }
    throw new Error("no seed found");
  });

  it("S-DEATH-1, C-GIRL-1: a state stored before girlKnownBy was kept reads as the old rule (the living pack was told)", () => {
    const g = peekGame(true);
    const { girlKnownBy, ...stored } = JSON.parse(JSON.stringify(g.state)) as WerewolfState;
    expect(girlKnownBy).toEqual(["ann", "bob"]);
    expect(werewolf.viewFor(stored, "ann").roles.gus).toBe("little_girl");
    expect(werewolf.viewFor(stored, "cat").roles.gus).toBeUndefined();
  });

  it("C-GIRL-1: the catch rate is about one in three", () => {
    let caught = 0;
    for (let seed = 0; seed < 600; seed++) {
      const g = start({}, seed);
      toMain(g);
      must(g, "gus", { type: "peek" });
      if (g.state.night.caught) caught++;
    }
    expect(caught / 600).toBeGreaterThan(0.27);
    expect(caught / 600).toBeLessThan(0.4);
  });
});

describe("sheriff", () => {
  it("C-SHERIFF-1: elected after Day 1's discussion, before Vote 1 (60 s); unique most votes wins", () => {
    const g = start({ sheriff: true });
    advanceTo(g, "day");
    advance(g);
    expect(g.state.phase).toBe("sheriff.election");
    expect(g.state.deadline! - g.now).toBe(60_000);
    must(g, "ann", { type: "vote", target: "cat" });
    must(g, "bob", { type: "vote", target: "cat" });
    must(g, "cat", { type: "vote", target: "ann" });
    advance(g);
    expect(ofType(g.events, "sheriff").at(-1)).toMatchObject({ audience: { kind: "public" }, player: "cat", how: "election" });
    expect(g.state.phase).toBe("vote");
    advanceTo(g, "day", 2);
    advance(g);
    expect(g.state.phase).toBe("vote");
  });

  it("C-SHERIFF-1: a tie → one of the tied at random; no votes → one of all living at random", () => {
    const g = start({ sheriff: true });
    advanceTo(g, "sheriff.election");
    must(g, "ann", { type: "vote", target: "cat" });
    must(g, "bob", { type: "vote", target: "hal" });
    advance(g);
    const s = ofType(g.events, "sheriff").at(-1)!;
    expect(s.how).toBe("random");
    expect(["cat", "hal"]).toContain(s.player);
    const none = start({ sheriff: true });
    advanceTo(none, "sheriff.election");
    advance(none);
    expect(none.state.sheriff).not.toBeNull();
  });

  it("C-SHERIFF-2: the Sheriff's vote counts twice", () => {
    const g = start({ sheriff: true });
    advanceTo(g, "sheriff.election");
    must(g, "ann", { type: "vote", target: "cat" });
    advance(g);
    must(g, "cat", { type: "vote", target: "hal" });
    must(g, "ann", { type: "vote", target: "bob" });
    advance(g);
    expect(ofType(g.events, "vote_result").at(-1)).toMatchObject({ counts: { hal: 2, bob: 1 }, result: "hal" });
  });

  it("C-SHERIFF-3: a dying Sheriff names a living successor (20 s, public); timeout → random", () => {
    const g = start({ sheriff: true });
    advanceTo(g, "sheriff.election");
    must(g, "ann", { type: "vote", target: "cat" });
    advance(g);
    must(g, "ann", { type: "vote", target: "cat" });
    must(g, "bob", { type: "vote", target: "cat" });
    advance(g);
    expect(g.state.phase).toBe("sheriff.succession");
    expect(g.state.deadline! - g.now).toBe(20_000);
    expect(ofType(g.events, "phase").at(-1)).toMatchObject({ actor: "cat" });
    expect(code(play(g, "hal", { type: "pass_badge", target: "dan" }))).toBe("NOT_YOUR_TURN");
    expect(code(play(g, "cat", { type: "pass_badge", target: "cat" }))).toBe("INVALID_TARGET");
    must(g, "cat", { type: "pass_badge", target: "dan" });
    expect(g.state.sheriff).toBe("dan");
    expect(g.state.phase).toBe("night.main");

    const t = start({ sheriff: true });
    advanceTo(t, "sheriff.election");
    must(t, "ann", { type: "vote", target: "cat" });
    advance(t);
    must(t, "ann", { type: "vote", target: "cat" });
    advance(t);
    advance(t);
    expect(ofType(t.events, "sheriff").at(-1)).toMatchObject({ how: "random" });
    expect(t.state.alive[t.state.sheriff!]).toBe(true);
  });
});

describe("classic vote", () => {
  it("C-VOTE-1: a tie → nobody dies by default", () => {
    const g = start();
    advanceTo(g, "vote");
    must(g, "ann", { type: "vote", target: "cat" });
    must(g, "cat", { type: "vote", target: "ann" });
    advance(g);
    expect(g.state.phase).toBe("night.main");
    expect(g.players.every((p) => g.state.alive[p])).toBe(true);
  });

  it("C-VOTE-1: with tie re-vote, the tied get 30 s more, then one re-vote among them; a second tie → nobody", () => {
    const g = start({ tieRevote: true });
    advanceTo(g, "vote");
    must(g, "ann", { type: "vote", target: "cat" });
    must(g, "cat", { type: "vote", target: "ann" });
    advance(g);
    expect(g.state.phase).toBe("day");
    expect(g.state.deadline! - g.now).toBe(30_000);
    expect(ofType(g.events, "phase").at(-1)).toMatchObject({ phase: "day", candidates: ["ann", "cat"], revote: true });
    advance(g);
    expect(g.state.phase).toBe("vote");
    expect(code(play(g, "hal", { type: "vote", target: "bob" }))).toBe("INVALID_TARGET");
    expect(werewolf.viewFor(g.state, "hal").legal).toEqual([{ type: "vote", targets: ["ann", "cat"] }]);
    must(g, "hal", { type: "vote", target: "ann" });
    must(g, "bob", { type: "vote", target: "cat" });
    advance(g);
    expect(ofType(g.events, "vote_result").at(-1)).toMatchObject({ kind: "revote", result: null, tied: ["ann", "cat"] });
    expect(g.state.phase).toBe("night.main");

    const decided = start({ tieRevote: true });
    advanceTo(decided, "vote");
    must(decided, "ann", { type: "vote", target: "cat" });
    must(decided, "cat", { type: "vote", target: "ann" });
    advance(decided);
    advance(decided);
    must(decided, "hal", { type: "vote", target: "ann" });
    advance(decided);
    expect(decided.state.alive.ann).toBe(false);
  });
});
