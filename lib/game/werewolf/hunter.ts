// S-HUNTER-1/2: a dying Hunter gets one shot at a living player (or skips); the victim dies at once
// and the shot is resolved before the win check.
import type { EngineError, PlayerId } from "../core/types";
import { refuse } from "../core/result";
import { wrongPhase } from "./checks";
import { END, logEnd, type Tx } from "./events";
import { continueAfterDeaths, killAll } from "./resolution";
import { livingExcept } from "./roles";
import type { Facts, LegalAction } from "./types";

/** The shot's actor is known only to the Hunter (`actor` is withheld from everyone else). */
const NOT_NOW = wrongPhase("shoot or skip the shot", ["hunter"]);
const NOT_YOU = refuse("NOT_YOUR_TURN", "Only the dying Hunter can shoot now.");

export function hunterTurn(f: Facts): EngineError | null {
  return f.phase !== "hunter" ? NOT_NOW : f.actor !== f.me ? NOT_YOU : null;
}

export function shootRule(f: Facts): LegalAction | EngineError {
  return hunterTurn(f) ?? { type: "shoot", targets: livingExcept(f, f.me) };
}

/** Shooting or skipping ends the step at once: its actor is public (P-3). */
export function applyShot(tx: Tx, me: PlayerId, target: PlayerId | null): void {
  logEnd(tx, { type: "shot", audience: END, at: tx.now, day: tx.s.day, by: me, target });
  if (target !== null) killAll(tx, [target], "shot");
  continueAfterDeaths(tx);
}
