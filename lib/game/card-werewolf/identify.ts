// Identification, before the first Day only (CW-R10, CW-R41, CW-R44, CW-R45, CW-P6, CW-P9): the
// Werewolf team learns its members (the Traitor pointing to themselves); then the Angel learns one
// player's true role (basic: the Angel's choice) or, powerful, one Werewolf-team member the
// Werewolves chose. Each fact goes only to whom it concerns.
import { toPlayer } from "../core/audiences";
import type { PlayerId } from "../core/types";
import { startDay } from "./day";
import { setPhase } from "./phase";
import { wolfTeam } from "./seats";
import { emit, type Tx } from "./tx";

/** The Identification count is over: the Angel's step, if any, else Day 1. */
export function afterCount(tx: Tx): void {
  const angel = tx.s.config.angel;
  if (angel === "basic") return setPhase(tx, "identify.angel", "angel");
  if (angel === "powerful") return setPhase(tx, "identify.wolves", "wolves");
  startDay(tx);
}

export const angelOf = (tx: Tx): PlayerId | null => tx.s.players.find((p) => tx.s.roles[p] === "angel") ?? null;

/** CW-R44, CW-P9: the basic Angel sees `target`'s role card (it may read "Traitor"). */
export function applyLook(tx: Tx, angel: PlayerId, target: PlayerId): void {
  emit(tx, "angel_saw", toPlayer(angel), { player: target, role: tx.s.roles[target] });
  startDay(tx);
}

/** CW-R45, CW-P9: the Werewolves' choice; the Angel is told "X is on the Werewolf team". */
export function applyPoint(tx: Tx, target: PlayerId): void {
  const s = tx.s;
  s.pointed = target;
  for (const w of wolfTeam(s)) emit(tx, "pointed", toPlayer(w), { player: target });
  const angel = angelOf(tx);
  if (angel !== null) emit(tx, "angel_saw", toPlayer(angel), { player: target, team: "werewolves" });
  startDay(tx);
}
