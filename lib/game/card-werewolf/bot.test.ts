// Bots play whole games from their own views: every game ends, no bot action is refused, and the
// bot never needs the state (its input type is the view).
import { describe, expect, it } from "vitest";
import { seedRng } from "../core/rng";
import type { GameEvent } from "../core/types";
import { botAction } from "./bot";
import { playBotGame } from "./bot-game";
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
});
