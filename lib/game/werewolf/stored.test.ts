// Issue 24 item 2: a game stored in either shape of the two engines that came before the one engine
// (tests/stored-states: the seat engine's standard state, the rules engine's standard and classic
// state, mid-night and mid-vote) loads, shows every seat what it showed then, and plays on to the
// same end: the recorded rest of the game gives the same events, step by step.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { GameEvent, PlayerId } from "../core/types";
import { werewolf } from "./mode";
import { loadState, type StoredWerewolfState } from "./stored";
import type { WerewolfAction, WerewolfState, WerewolfView } from "./types";

interface Recorded {
  name: string;
  shape: "seat" | "rules";
  now: number;
  state: StoredWerewolfState;
  views: Record<PlayerId, WerewolfView>;
  steps: ({ actor: PlayerId; action: WerewolfAction; now: number; events: GameEvent[] } | { actor: null; now: number; events: GameEvent[] })[];
}

const DIR = new URL("../../../tests/stored-states/", import.meta.url);
const recorded: Recorded[] = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(new URL(f, DIR), "utf8")) as Recorded);

describe("stored games of both earlier shapes", () => {
  it("covers both shapes, both rulesets, mid-night and mid-vote", () => {
    const kinds = new Set(recorded.map((r) => `${r.shape} ${r.state.config.ruleset} ${r.state.phase}`));
    for (const k of ["seat standard night.main", "seat standard vote", "rules standard night.main", "rules standard vote", "rules classic night.main", "rules classic vote"]) expect(kinds).toContain(k);
  });

  it.each(recorded.map((r) => [r.name, r] as const))("P-5: %s loads, shows each seat what it showed, and finishes as recorded", (_, r) => {
    let state = r.state as WerewolfState;
    expect(loadState(r.state).players).toEqual(r.state.players);
    for (const p of state.players) expect(werewolf.viewFor(state, p), p).toEqual(r.views[p]);
    for (const [i, step] of r.steps.entries()) {
      if (step.actor === null) {
        const next = werewolf.advance(state, { now: step.now });
        expect(next.events, `step ${i}`).toEqual(step.events);
        state = next.state;
      } else {
        const next = werewolf.act(state, step.actor, step.action, { now: step.now });
        if (!next.ok) throw new Error(`step ${i}: ${step.actor} ${JSON.stringify(step.action)} refused: ${next.error.code}`);
        expect(next.value.events, `step ${i}`).toEqual(step.events);
        state = next.value.state;
      }
    }
    expect(state.phase).toBe("ended");
    // Only this engine's fields remain (a key it does not know would be stored again with it).
    expect(Object.keys(loadState(r.state)).sort()).toEqual(Object.keys(state).sort());
    for (const key of ["engine", "cards", "wolfSeats", "readySeats", "steps"]) expect(state).not.toHaveProperty(key);
  });
});
