// Missed turns (docs/robustness.md) from a card game's public events alone: a turn the timer played
// counts, a seat's own play resets it, dead seats are not absent.
import { describe, expect, it } from "vitest";
import { botAction } from "./bot";
import { legalFor } from "./legal";
import { cardWerewolf } from "./mode";
import { cardWerewolfMissedTurns } from "./missed-turns";
import { seedRng } from "../core/rng";
import type { CardWerewolfState } from "./types";

const EPOCH = Date.UTC(2025, 0, 1);
const players = ["a", "b", "c", "d", "e", "f"];

describe("card-werewolf missed turns", () => {
  it("CW-P11: a turn the timer plays is missed, the seat's own play answers it; only public events are read", () => {
    const start = cardWerewolf.setup({ angel: "none", traitor: false, timeScale: 1 }, players, { now: EPOCH, seed: 7 });
    if (!start.ok) throw new Error(start.error.message);
    let s: CardWerewolfState = start.value.state;
    const sleeper = s.caller;
    const rng = seedRng(1);
    const timedOut: string[] = [];
    // The sleeper never plays; everyone else plays at once. Two rounds of turns.
    for (let i = 0; i < 40 && s.phase !== "ended" && timedOut.length < 2; i++) {
      const who = s.phase === "day" ? s.turn : s.phase === "day.seer" ? s.seer : null;
      if (who === null || who === sleeper) {
        if (who === sleeper && s.phase === "day") timedOut.push(who);
        s = cardWerewolf.advance(s, { now: s.deadline! }).state;
        continue;
      }
      const action = botAction(cardWerewolf.viewFor(s, who), legalFor(s, who), rng)!;
      const r = cardWerewolf.act(s, who, action, { now: s.deadline! - 1 });
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    }
    expect(timedOut).toEqual([sleeper, sleeper]);
    const publicOnly = s.log.filter((e) => e.audience.kind === "public");
    const missed = cardWerewolfMissedTurns(players, s.log);
    expect(missed).toEqual(cardWerewolfMissedTurns(players, publicOnly));
    expect(missed.get(sleeper)!.missed).toBe(2);
    for (const p of players.filter((x) => x !== sleeper)) expect(missed.get(p)!.missed, p).toBe(0);
    for (const p of players) expect(missed.get(p)!.alive).toBe(s.alive[p]);
  });
});
