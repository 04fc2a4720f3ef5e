import { describe, expect, it } from "vitest";
import { foldView } from "../core/fold";
import { CLASSIC_8, CLASSIC_8_OPTIONS, STANDARD_8 } from "./fixtures";
import { werewolf } from "./mode";
import { advance, startGame, type TestGame } from "./testing";

const engines: [string, () => TestGame][] = [
  ["standard", () => startGame(STANDARD_8)],
  ["classic", () => startGame(CLASSIC_8, CLASSIC_8_OPTIONS)],
];

describe("the host ends the game (issue 22 item 7)", () => {
  for (const [name, start] of engines) {
    it(`S-END-1 (${name}): no winner, every role revealed by one public game_end naming the host; the fold equals viewFor`, () => {
      const g = start();
      advance(g);
      const r = werewolf.endByHost!(g.state, { now: g.now + 5, hostId: "ann" });
      if (!r.ok) throw new Error(r.error.code);
      g.state = r.value.state;
      g.events.push(...r.value.events);
      expect(werewolf.status(g.state)).toMatchObject({ ended: true, winner: null, deadline: null });
      expect(r.value.events).toEqual([
        expect.objectContaining({ type: "game_end", audience: { kind: "public" }, winner: null, winners: [], endedBy: "ann" }),
      ]);
      for (const seat of werewolf.seats(g.state)) {
        const view = werewolf.viewFor(g.state, seat.player);
        expect(view).toMatchObject({ ended: true, winner: null, winners: [], endedBy: "ann" });
        expect(Object.keys(view.roles).sort()).toEqual([...g.players].sort());
        expect(foldView(werewolf, seat, g.players, g.events, true)).toEqual(view);
      }
      // A stored state survives JSON (game_states) with who ended it.
      expect(werewolf.viewFor(JSON.parse(JSON.stringify(g.state)), "ann").endedBy).toBe("ann");
    });

    it(`refuses (${name}): an ended game (GAME_ENDED) and a call without the host (NOT_HOST), changing nothing`, () => {
      const g = start();
      const before = JSON.stringify(g.state);
      expect(werewolf.endByHost!(g.state, { now: g.now })).toMatchObject({ ok: false, error: { code: "NOT_HOST" } });
      expect(JSON.stringify(g.state)).toBe(before);
      const r = werewolf.endByHost!(g.state, { now: g.now, hostId: "ann" });
      if (!r.ok) throw new Error(r.error.code);
      expect(werewolf.endByHost!(r.value.state, { now: g.now, hostId: "ann" })).toMatchObject({ ok: false, error: { code: "GAME_ENDED" } });
    });
  }

  it("a game that ends by a win names nobody as having ended it", () => {
    const g = startGame(STANDARD_8);
    expect(werewolf.viewFor(g.state, "ann").endedBy).toBeNull();
  });
});
