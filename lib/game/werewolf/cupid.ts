// C-CUPID-1, C-LOVERS-1..3: Cupid names two lovers on night 1; they learn each other's name in
// night.lovers; when one dies the other dies too.
import type { EngineError, PlayerId } from "../core/types";
import { actorErrors, nightActor } from "./checks";
import { emit, END, logEnd, toPlayer, type Tx } from "./events";
import { livingExcept, sideOf } from "./roles";
import type { Facts, LegalAction, WerewolfState } from "./types";

const E = actorErrors("link lovers", "cupid", "night.cupid");

export function linkRule(f: Facts): LegalAction | EngineError {
  return nightActor(f, "cupid", "night.cupid", E) ?? { type: "link", targets: livingExcept(f, null) };
}

export function applyLink(tx: Tx, me: PlayerId, targets: [PlayerId, PlayerId]): void {
  const s = tx.s;
  s.lovers = [targets[0], targets[1]];
  s.cupid = me;
  s.acted = [...s.acted, me];
  emit(tx, { type: "linked", audience: toPlayer(me), at: tx.now, day: s.day, targets: s.lovers });
  logEnd(tx, { type: "cupid", audience: END, at: tx.now, day: s.day, cupid: me, lovers: s.lovers });
}

/** Start of night.lovers: each lover learns the pair (names only, never the other's role). */
export function tellLovers(tx: Tx): void {
  const s = tx.s;
  if (s.lovers === null) return;
  s.loversTold = true;
  for (const p of s.lovers) emit(tx, { type: "lover", audience: toPlayer(p), at: tx.now, lovers: s.lovers });
}

/** C-LOVERS-3: a Wolf/Village pair plays for being the last two alive. */
export function mixedLovers(s: Pick<WerewolfState, "lovers" | "roles">): boolean {
  return s.lovers !== null && sideOf(s.roles[s.lovers[0]]) !== sideOf(s.roles[s.lovers[1]]);
}

export function partnerOf(lovers: readonly [PlayerId, PlayerId] | null, p: PlayerId): PlayerId | null {
  if (lovers === null) return null;
  return lovers[0] === p ? lovers[1] : lovers[1] === p ? lovers[0] : null;
}
