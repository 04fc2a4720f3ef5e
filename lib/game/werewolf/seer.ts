// S-SEER-1/2, C-SEER-1: one inspection per night, result to the Seer alone, kept in her history.
import type { EngineError, PlayerId } from "../core/types";
import { actorErrors, nightActor } from "./checks";
import { emit, nightOf, toPlayer, type Tx } from "./events";
import { livingExcept, sideOf } from "./roles";
import type { Facts, LegalAction } from "./types";

const E = actorErrors("inspect", "seer", "night.main");

export function inspectRule(f: Facts): LegalAction | EngineError {
  return nightActor(f, "seer", "night.main", E) ?? { type: "inspect", targets: livingExcept(f, f.me) };
}

export function applyInspect(tx: Tx, me: PlayerId, target: PlayerId): void {
  const s = tx.s;
  const role = s.roles[target];
  // Standard tells only the side (S-SEER-1); classic the exact card (C-SEER-1).
  const result = s.config.ruleset === "classic" ? role : sideOf(role) === "wolves" ? "wolf" : "village";
  nightOf(tx).inspect = { by: me, target, result };
  s.seerLog = [...s.seerLog, { by: me, day: s.day, target, result }];
  s.acted = [...s.acted, me];
  emit(tx, { type: "seer_result", audience: toPlayer(me), at: tx.now, day: s.day, target, result });
}
