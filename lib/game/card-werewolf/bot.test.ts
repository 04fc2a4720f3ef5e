// Bots play whole games from their own views: every game ends, no bot action is refused, and the
// bot never needs the state (its input type is the view).
import { describe, expect, it } from "vitest";
import { seedRng } from "../core/rng";
import type { GameEvent } from "../core/types";
import { botAction } from "./bot";
import { playBotGame } from "./bot-game";
import { wolfOdds } from "./bot-suspicion";
import { legalFor } from "./legal";
import { cardWerewolf } from "./mode";
import { CARDS } from "./tables";
import type { Card } from "./types";

describe("card-werewolf bots", () => {
  it("CW-P1, CW-R32: bot games end at every player count 6–12, basic and advanced, with no refused action", () => {
    for (let n = 6; n <= 12; n++) {
      for (let seed = 1; seed <= 12; seed++) {
        const config = n >= 7 && seed % 2 === 0 ? { angel: seed % 4 === 0 ? ("powerful" as const) : ("basic" as const), traitor: true } : { angel: "none" as const, traitor: false };
        const r = playBotGame(n, seed, config);
        expect(r.state.phase, `${n}/${seed}`).toBe("ended");
        expect(r.winner).not.toBeNull();
        expect(r.refused).toBe(0);
      }
    }
  });

  it("CW-R10: a Werewolf bot never adds Votes to a member of its own team", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const events: GameEvent[] = [];
      const r = playBotGame(8, seed, { angel: "none", traitor: false }, (es) => events.push(...es));
      const team = (p: unknown) => r.state.roles[p as string] === "werewolf";
      const bad = events.filter((e) => e.type === "played" && CARDS[(e.card as Card).kind].votes > 0 && team(e.player) && team(e.target) && e.player !== e.target);
      expect(bad).toEqual([]);
    }
  });

  it("CW-R36: a bot holding the Seer plays it on itself when it can view", () => {
    const players = ["ann", "bob", "cat", "dan", "eve", "fay"];
    const setup = cardWerewolf.setup({ angel: "none", traitor: false, timeScale: 1 }, players, { now: 0, seed: 1 });
    if (!setup.ok) throw new Error(setup.error.message);
    const s = cardWerewolf.advance(setup.value.state, { now: setup.value.state.deadline! }).state;
    const p = s.turn!;
    const view = { ...cardWerewolf.viewFor(s, p), hand: [{ id: 40, kind: "seer" as const }, { id: 0, kind: "vote" as const }] };
    const a = botAction(view, [{ type: "play", plays: [{ card: 40, targets: players }, { card: 0, targets: players }] }], seedRng(2));
    expect(a).toEqual({ type: "play", card: 40, target: p });
    expect(legalFor(s, p)).toHaveLength(1);
  });

  it("CW-R10, CW-P1: a Villager's reading of the public Votes: Werewolves do not vote for each other, the team size is public", () => {
    const players = ["ann", "bob", "cat", "dan", "eve", "fay"];
    const setup = cardWerewolf.setup({ angel: "none", traitor: false, timeScale: 1 }, players, { now: 0, seed: 1 });
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value.state;
    const me = players.find((p) => s.roles[p] === "villager")!;
    const [a, b, c] = players.filter((p) => p !== me);
    const base = cardWerewolf.viewFor(s, me);
    const none = wolfOdds(base, new Set(), new Set())!;
    // 2 Werewolves among the 5 others, nothing seen yet: 2/5 each, none for me.
    expect(none[me]).toBe(0);
    for (const p of players.filter((p) => p !== me)) expect(none[p]).toBeCloseTo(2 / 5, 9);
    // a gave b 3 Votes: a and b are unlikely partners, and a (who voted) is likelier a Werewolf than c.
    const odds = wolfOdds({ ...base, given: { [a]: { [b]: 3 } } }, new Set(), new Set([b]))!;
    expect(odds[b]).toBe(1);
    expect(odds[a]).toBeLessThan(0.05);
    expect(odds[c]).toBeGreaterThan(0.2);
    const sum = Object.values(odds).reduce((x, y) => x + y, 0);
    expect(sum).toBeCloseTo(2, 9);
    // Votes on me come likelier from a Werewolf than from a Villager.
    const onMe = wolfOdds({ ...base, given: { [a]: { [me]: 2 } } }, new Set(), new Set())!;
    expect(onMe[a]).toBeGreaterThan(none[a]);
    // A known-good player is never on the team.
    expect(wolfOdds(base, new Set([c]), new Set())![c]).toBe(0);
  });
});
