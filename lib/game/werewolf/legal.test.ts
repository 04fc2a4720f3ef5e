import { describe, expect, it } from "vitest";
import { isEngineError } from "../core/result";
import { OPTIONAL_ROLES } from "./config";
import { ACTION_TYPES, factsOf, legalActions, legalFor, RULES, TYPES_BY_PHASE } from "./legal";
import { werewolf } from "./mode";
import { randomGame, startGame } from "./testing";
import type { Facts, LegalAction, WerewolfState } from "./types";

/** The legal list with no index at all: every rule, in TYPES_BY_PHASE order. */
function everyRule(f: Facts): LegalAction[] {
  if (f.phase === "ended" || !f.players.includes(f.me)) return [];
  const legal = ACTION_TYPES.filter((t) => !isEngineError(RULES[t](f)));
  // The phase index lists every type that can be legal in the phase at all.
  for (const t of legal) expect(TYPES_BY_PHASE[f.phase]).toContain(t);
  return TYPES_BY_PHASE[f.phase].filter((t) => legal.includes(t)).map((t) => RULES[t](f) as LegalAction);
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

describe("legal-action indexes (P-4)", () => {
  it("P-4: the phase and night-role indexes list exactly what running every rule allows, in state and view", () => {
    const setups = [
      [{}, 8],
      [{}, 9],
      [{ ruleset: "classic", roles: [...OPTIONAL_ROLES], sheriff: true, tieRevote: true }, 12],
      [{ ruleset: "classic", roles: ["thief", "cupid", "little_girl"], sheriff: true }, 9],
      [{ ruleset: "classic", roles: ["witch", "hunter"], endAtParity: true }, 10],
    ] as const;
    let checked = 0;
    for (const [options, n] of setups) {
      for (let seed = 0; seed < 12; seed++) {
        const g = startGame(names(n), options, seed);
        randomGame(g, seed, (g) => {
          for (const p of [...g.players, "stranger"]) {
            const full = everyRule(factsOf(g.state, p));
            expect(legalFor(g.state, p)).toEqual(full);
            expect(legalActions(factsOf(g.state, p))).toEqual(full);
            if (p !== "stranger") expect(werewolf.viewFor(g.state, p).legal).toEqual(full);
            checked++;
          }
        });
      }
    }
    expect(checked).toBeGreaterThan(2_000);
  });

  it("P-4: the legal list a state shares with views and act stays that state's, whatever was asked in between", () => {
    const states: WerewolfState[] = [];
    for (let seed = 0; seed < 6; seed++) {
      const g = startGame(names(9), seed % 2 ? { ruleset: "classic", roles: [...OPTIONAL_ROLES], sheriff: true } : {}, seed);
      randomGame(g, seed, (g) => void states.push(g.state));
    }
    const players = names(9);
    // Jump between states and seats (a server interleaving rooms), asking each twice.
    for (let i = 0; i < 4_000; i++) {
      const s = states[(i * 7919) % states.length];
      const p = players[(i * 31) % players.length];
      const expected = legalActions(factsOf(s, p));
      expect(legalFor(s, p)).toEqual(expected);
      expect(werewolf.viewFor(s, p).legal).toEqual(expected);
      expect(legalFor(states[(i * 104729) % states.length], players[i % 9])).toBeDefined();
      expect(legalFor(s, p)).toEqual(expected);
    }
  });
});
