// S-GUARD-1/2: protect one living player (self allowed), never the same as on the previous night.
import type { EngineError, PlayerId } from "../core/types";
import { actorErrors, nightActor } from "./checks";
import { emit, nightOf, toPlayer, type Tx } from "./events";
import { livingExcept } from "./roles";
import type { Facts, LegalAction } from "./types";

const E = actorErrors("protect", "guard", "night.main");

export function protectRule(f: Facts): LegalAction | EngineError {
  const blocked = f.lastProtect && f.lastProtect.day === f.day - 1 ? f.lastProtect.target : null;
  return nightActor(f, "guard", "night.main", E) ?? { type: "protect", targets: livingExcept(f, blocked) };
}

export function applyProtect(tx: Tx, me: PlayerId, target: PlayerId): void {
  const s = tx.s;
  nightOf(tx).protect = target;
  s.guardLast = { by: me, day: s.day, target };
  s.acted = [...s.acted, me];
  emit(tx, { type: "protected", audience: toPlayer(me), at: tx.now, day: s.day, target });
}
