// The state is stored as jsonb and reloaded before the next action, so it must be plain JSON and a
// reloaded state must behave exactly like the one kept in memory (P-5). jsonb also reorders object
// keys (shorter keys first), which the engine must not depend on either.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextInt, seedRng, type RngState } from "../core/rng";
import type { PlayerId } from "../core/types";
import { werewolf } from "./mode";
import { classicSetup, seatNames, standardSetup } from "./random-setups";
import { concretize, startGame } from "./testing";
import type { LegalAction, WerewolfState } from "./types";

/** Key order as PostgreSQL's jsonb stores it: by length, then bytewise. */
function jsonbOrder(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(jsonbOrder);
  if (x === null || typeof x !== "object") return x;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(x).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  for (const k of keys) out[k] = jsonbOrder((x as Record<string, unknown>)[k]);
  return out;
}

const reload = (s: WerewolfState, jsonb: boolean): WerewolfState => {
  const copy = JSON.parse(JSON.stringify(s)) as WerewolfState;
  return (jsonb ? jsonbOrder(copy) : copy) as WerewolfState;
};

/** A legal action most of the time, otherwise something the engine must refuse the same way. */
function someAction(r: RngState, legal: LegalAction[], players: PlayerId[]): unknown {
  if (legal.length > 0 && nextInt(r, 4) > 0) return concretize(r, legal[nextInt(r, legal.length)]);
  const types = ["bite", "vote", "shoot", "inspect", "poison", "save", "skip", "ready_to_vote", "pass_badge", "peek"];
  return { type: types[nextInt(r, types.length)], target: players[nextInt(r, players.length)] };
}

/** Plays one game twice in lockstep: in memory, and reloaded from JSON before every step. */
function lockstep(players: PlayerId[], options: Record<string, unknown>, seed: number): void {
  const g = startGame(players, options, seed);
  let live = g.state;
  let stored = reload(live, false);
  const r = seedRng(seed ^ 0x7f4a7c15);
  let now = g.now;
  for (let step = 0; step < 3000 && live.phase !== "ended"; step++) {
    expect(JSON.parse(JSON.stringify(live))).toStrictEqual(live);
    if (nextInt(r, 4) === 0) {
      now = Math.max(now, live.deadline ?? now);
      const a = werewolf.advance(live, { now });
      const b = werewolf.advance(stored, { now });
      expect(b.events).toEqual(a.events);
      live = a.state;
      stored = b.state;
    } else {
      const p = players[nextInt(r, players.length)];
      const legal = werewolf.legalActions!(live, p) as LegalAction[];
      expect(werewolf.legalActions!(stored, p)).toEqual(legal);
      const action = someAction(r, legal, players) as never;
      const a = werewolf.act(live, p, action, { now });
      const b = werewolf.act(stored, p, action, { now });
      expect(b.ok).toBe(a.ok);
      if (a.ok && b.ok) {
        expect(b.value.events).toEqual(a.value.events);
        live = a.value.state;
        stored = b.value.state;
      } else expect(b).toEqual(a);
      now += nextInt(r, 2000);
      if (live.deadline !== null && now >= live.deadline) now = live.deadline - 1;
    }
    expect(werewolf.status(stored)).toEqual(werewolf.status(live));
    expect(werewolf.seats(stored)).toEqual(werewolf.seats(live));
    const viewer = players[nextInt(r, players.length)];
    expect(werewolf.viewFor(stored, viewer)).toEqual(werewolf.viewFor(live, viewer));
    stored = reload(stored, step % 2 === 0);
  }
  expect(live.phase).toBe("ended");
  for (const p of players) expect(werewolf.viewFor(stored, p)).toEqual(werewolf.viewFor(live, p));
}

describe("state survives a JSON / jsonb round trip", () => {
  it("P-5: a reloaded standard game plays exactly like the one in memory", () => {
    fc.assert(
      fc.property(standardSetup, ({ n, seed, options }) => lockstep(seatNames(n), options, seed)),
      { numRuns: 25 },
    );
  });

  it("P-5: a reloaded classic game plays exactly like the one in memory", () => {
    fc.assert(
      fc.property(classicSetup, ({ n, seed, options }) => lockstep(seatNames(n), options, seed)),
      { numRuns: 20 },
    );
  });
});
