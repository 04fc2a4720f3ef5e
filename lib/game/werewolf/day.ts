// S-FLOW-3: discussion ends at the room's day length, or once every living player is ready.
import type { EngineError, PlayerId } from "../core/types";
import { ALREADY_ACTED, NOT_ALIVE, wrongPhase } from "./checks";
import { emit, PUBLIC, type Tx } from "./events";
import { endPhase } from "./flow";
import { livingOf } from "./roles";
import type { Facts, LegalAction, Untargeted } from "./types";

const NOT_NOW = wrongPhase("say you are ready to vote", ["day"]);
export const READY: Untargeted = Object.freeze({ type: "ready_to_vote" });

export function readyRule(f: Facts): LegalAction | EngineError {
  if (f.phase !== "day") return NOT_NOW;
  if (!f.alive[f.me]) return NOT_ALIVE;
  return f.ready.includes(f.me) ? ALREADY_ACTED : READY;
}

export function applyReady(tx: Tx, me: PlayerId): void {
  const s = tx.s;
  s.ready = [...s.ready, me];
  emit(tx, { type: "ready", audience: PUBLIC, at: tx.now, day: s.day, player: me });
  // Discussion ends early once every living player is ready (fewer ready than living: not yet,
  // without looking each living player up in the list).
  const living = livingOf(s);
  if (s.ready.length < living.length) return;
  for (const p of living) if (!s.ready.includes(p)) return;
  endPhase(tx);
}
