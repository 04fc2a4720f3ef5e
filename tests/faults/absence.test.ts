// absenceOf reads public turns only (docs/robustness.md): the same public history gives the same
// answer whatever the roles and whatever private or team events happened (P-2: nothing about
// roles can be read from it), and only living players are ever absent.
import { describe, expect, it } from "vitest";
import type { GameEvent } from "@/lib/game/core/types";
import { ABSENT_AFTER, absenceOf } from "@/lib/server/games/absence";

const pub = { kind: "public" } as const;
const players = ["a", "b", "c", "d"];
const phase = (p: string, day: number): GameEvent => ({ type: "phase", audience: pub, at: 0, phase: p, day });
const tally = (day: number, votes: Record<string, string>): GameEvent => ({ type: "vote_result", audience: pub, at: 0, day, kind: "vote", votes });

const history: GameEvent[] = [
  phase("night.main", 1),
  { type: "pick", audience: { kind: "team", team: "wolves" }, at: 0, by: "a", target: "c" },
  { type: "seer_result", audience: { kind: "player", player: "b" }, at: 0, target: "a", result: "wolf" },
  phase("night.witch", 1),
  { type: "death", audience: pub, at: 0, day: 1, when: "dawn", players: ["d"] },
  phase("day", 1),
  { type: "chat", audience: pub, at: 0, day: 1, channel: "day", from: "a", text: "hi" },
  { type: "ready", audience: pub, at: 0, day: 1, player: "b" },
  phase("vote", 1),
  tally(1, { a: "b" }),
  phase("night.main", 2),
  { type: "chat", audience: { kind: "team", team: "wolves" }, at: 0, day: 2, channel: "wolves", from: "c", text: "psst" },
  phase("night.witch", 2),
  phase("day", 2),
  phase("vote", 2),
  tally(2, {}),
  phase("night.main", 3),
];

describe("absenceOf", () => {
  it("P-2: private and team events change nothing — only public turns count", () => {
    const publicOnly = history.filter((e) => e.audience.kind === "public");
    expect(absenceOf("werewolf", players, history)).toEqual(absenceOf("werewolf", players, publicOnly));
  });

  it("W-ROOM-5: counts missed discussions and votes in a row; answering resets; the dead are never absent", () => {
    const r = absenceOf("werewolf", players, history);
    // a: chatted day 1, voted 1, missed day 2 + vote 2. b: ready day 1, missed vote 1, day 2, vote 2.
    // c: missed all four public turns (its wolf chat at night is not a public turn). d died at dawn 1.
    expect(Object.fromEntries(r)).toEqual({
      a: { missed: 2, absent: false },
      b: { missed: 3, absent: ABSENT_AFTER <= 3 },
      c: { missed: 4, absent: true },
      d: { missed: 0, absent: false },
    });
  });

  it("modes without public turns report nobody absent", () => {
    expect([...absenceOf("card-werewolf", players, history).values()].every((x) => !x.absent && x.missed === 0)).toBe(true);
  });
});
