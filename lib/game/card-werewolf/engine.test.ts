// Engine facts the scenario outputs do not show directly: purity (act never writes into its input),
// what each seat's view holds, the deck's shape, and the role tables.
import { describe, expect, it } from "vitest";
import { seedRng } from "../core/rng";
import type { PlayerId } from "../core/types";
import { legalFor } from "./legal";
import { cardWerewolf } from "./mode";
import { chooseAction } from "./random-play";
import { BASIC, rolesFor } from "./tables";
import { HOWLING_WOLF, type CardWerewolfConfig, type CardWerewolfState } from "./types";

const EPOCH = Date.UTC(2025, 0, 1);
const BASIC_CFG: CardWerewolfConfig = { angel: "none", traitor: false, timeScale: 1 };
const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

function start(n: number, config = BASIC_CFG, seed = 1): CardWerewolfState {
  const r = cardWerewolf.setup(config, names(n), { now: EPOCH, seed });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}
const toDay = (s: CardWerewolfState) => cardWerewolf.advance(s, { now: s.deadline! }).state;

/** Deep-freezes a value so any write into it throws. */
function freeze<T>(x: T): T {
  if (typeof x === "object" && x !== null) {
    for (const v of Object.values(x)) freeze(v);
    Object.freeze(x);
  }
  return x;
}

describe("card-werewolf engine", () => {
  it("CW-P1, CW-R39: the role table, with the substitutions for one advanced role", () => {
    for (let n = 6; n <= 12; n++) expect(rolesFor(n, false, false).filter((r) => r === "werewolf").length).toBe(BASIC[n][1]);
    const eight = (a: boolean, t: boolean) => rolesFor(8, a, t).sort().join();
    expect(eight(true, false)).toBe([..."vvvv".split("").map(() => "villager"), "angel", "werewolf", "werewolf", "werewolf"].sort().join());
    expect(eight(false, true)).toBe(["villager", "villager", "villager", "villager", "villager", "werewolf", "werewolf", "traitor"].sort().join());
    expect(cardWerewolf.canStart({ ...BASIC_CFG, traitor: true }, names(6)).ok).toBe(false);
    expect(cardWerewolf.canStart(BASIC_CFG, names(5)).ok).toBe(false);
    expect(cardWerewolf.canStart(BASIC_CFG, names(13)).ok).toBe(false);
  });

  it("CW-R7, CW-R8: 2 cards a living player, the Howling Wolf among the deck's last 10", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const s = toDay(start(6 + (seed % 7), BASIC_CFG, seed));
      for (const p of s.players) expect(s.hands[p]).toHaveLength(2);
      const at = s.deck.indexOf(HOWLING_WOLF);
      expect(at).toBeGreaterThanOrEqual(s.deck.length - 10);
      expect(s.deck.length + 2 * s.players.length).toBe(51);
    }
  });

  it("act and advance never write into their input state (deep-frozen), in whole random games", () => {
    for (let seed = 1; seed <= 20; seed++) {
      let s = freeze(start(7 + (seed % 6), { angel: seed % 2 ? "basic" : "powerful", traitor: true, timeScale: 1 }, seed));
      const rng = seedRng(seed);
      for (let i = 0; i < 2000 && s.phase !== "ended"; i++) {
        const able = s.players.filter((p) => legalFor(s, p).length > 0);
        if (able.length === 0 || i % 7 === 0) {
          s = freeze(cardWerewolf.advance(s, { now: s.deadline! }).state);
          continue;
        }
        const p = able[i % able.length];
        const r = cardWerewolf.act(s, p, chooseAction(rng, legalFor(s, p)[0]), { now: EPOCH });
        expect(r.ok).toBe(true);
        if (r.ok) s = freeze(r.value.state);
      }
      expect(s.phase).toBe("ended");
    }
  });

  it("CW-R6, CW-R10, CW-R41, section 11: a Villager's view holds only their own role and hand; the Werewolf team knows its members", () => {
    const players = names(8);
    const roles: Record<PlayerId, string> = { p1: "werewolf", p2: "villager", p3: "traitor", p4: "villager", p5: "angel", p6: "werewolf", p7: "villager", p8: "villager" };
    const r = cardWerewolf.setup({ angel: "basic", traitor: true, timeScale: 1 }, players, { now: EPOCH, seed: 3 }, roles);
    if (!r.ok) throw new Error(r.error.message);
    const s = toDay(r.value.state);
    const v2 = cardWerewolf.viewFor(s, "p2");
    expect(v2.role).toBe("villager");
    expect(v2.wolves).toEqual([]);
    expect(v2.roles).toBeNull();
    expect(v2.hand).toEqual([]);
    expect(cardWerewolf.viewFor(s, "p3").wolves).toEqual(["p1", "p3", "p6"]);
    expect(cardWerewolf.viewFor(s, "p1").traitor).toBe("p3");
    expect(JSON.stringify(s.log.filter((e) => e.audience.kind === "public"))).not.toMatch(/"role"/);
  });

  it("refused actions change nothing and the state survives JSON (stored between requests)", () => {
    const s = toDay(start(6));
    const copy = JSON.stringify(s);
    const other = s.players.find((p) => p !== s.turn)!;
    expect(cardWerewolf.act(s, other, { type: "play", card: s.hands[other][0].id, target: other }, { now: EPOCH }).ok).toBe(false);
    expect(cardWerewolf.act(s, "zed", { type: "view", target: "p1" }, { now: EPOCH }).ok).toBe(false);
    expect(JSON.stringify(s)).toBe(copy);
    const a = chooseAction(seedRng(1), legalFor(s, s.turn!)[0]);
    const r1 = cardWerewolf.act(JSON.parse(copy) as CardWerewolfState, s.turn!, a, { now: EPOCH });
    const r2 = cardWerewolf.act(s, s.turn!, a, { now: EPOCH });
    expect(r1).toEqual(r2);
  });

  it("endByHost ends the game with no winner and reveals the roles", () => {
    const s = toDay(start(6));
    const r = cardWerewolf.endByHost!(s, { now: EPOCH });
    expect(r.ok && r.value.state.phase).toBe("ended");
    expect(r.ok && cardWerewolf.viewFor(r.value.state, "p1").roles).toEqual(s.roles);
  });
});
