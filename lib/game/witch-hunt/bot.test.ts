// Bots play whole games from their own views (issue 25 item 6): every game ends, no bot action is
// refused, and the bot never needs the state (its input type is the view).
import { describe, expect, it } from "vitest";
import { seedRng } from "../core/rng";
import { botAction } from "./bot";
import { playBotGame } from "./bot-game";
import { legalFor } from "./legal";
import { witchHunt } from "./mode";
import type { WitchHuntAction } from "./types";

describe("witch-hunt bots", () => {
  it("WH-R1, WH-R12: bot games end at every player count 4–12 with no refused action, timed or not", () => {
    for (let n = 4; n <= 12; n++) {
      for (let seed = 1; seed <= 15; seed++) {
        const r = playBotGame(n, seed, seed % 3 === 0);
        expect(r.state.phase, `${n}/${seed}`).toBe("ended");
        expect(r.winner).not.toBeNull();
        expect(r.refused).toBe(0);
      }
    }
  });

  it("WH-P5: a witch bot hexes a non-witch at her location when it can; a village bot never puts Spoiled", () => {
    const players = ["ann", "bob", "cat", "dan"];
    const setup = witchHunt.setup({ timed: false, timeScale: 1 }, players, { now: 0, seed: 1 }, { ann: "seer", bob: "witch", cat: "healer", dan: "villager" });
    if (!setup.ok) throw new Error(setup.error.message);
    let s = setup.value.state;
    const step = (p: string, a: WitchHuntAction) => {
      const r = witchHunt.act(s, p, a, { now: 0 });
      if (!r.ok) throw new Error(r.error.code);
      s = r.value.state;
    };
    for (const p of players) step(p, { type: "ready" });
    for (const p of ["ann", "cat", "dan"]) step(p, { type: "pick", location: "forest" });
    step("bob", { type: "witch_location", location: "forest" });
    const a = botAction(witchHunt.viewFor(s, "bob"), legalFor(s, "bob"), seedRng(3));
    expect(a?.type).toBe("cast");
    expect(a && "target" in a && ["ann", "cat", "dan"].includes(a.target as string)).toBe(true);
    const put = botAction({ ...witchHunt.viewFor(s, "cat"), hand: [] }, [{ type: "put", items: ["mushroom", "spoiled"] }], seedRng(1));
    expect(put).toEqual({ type: "put", item: "mushroom" });
  });
});
