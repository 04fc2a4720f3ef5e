// Daytime picks (WH-R17–WH-R21, WH-R24): every human-form non-witch picks one location, unseen by
// others and changeable until the witches' turn; the Healer may name a frog to restore (WH-P6);
// the Guard picks like anyone or chooses "Guard" and then, last, a location seeing only counts.
import { nextInt } from "../core/rng";
import type { PlayerId } from "../core/types";
import { fixedFor, setPhase } from "./phase";
import { pickers, roleHolder } from "./seats";
import { openLocations } from "./tables";
import { emit, toPlayer, COVEN, PUBLIC, type Tx } from "./tx";
import type { Location, WitchHuntState } from "./types";

export function applyPick(tx: Tx, p: PlayerId, location: Location): void {
  tx.s.picks[p] = location;
  emit(tx, "picked", toPlayer(p), { location });
}

/** R19/R24: a random open location. */
export function randomPick(tx: Tx, p: PlayerId): void {
  const open = openLocations(tx.s.players.length);
  applyPick(tx, p, open[nextInt(tx.s.rng, open.length)]);
}

/** R21: the Guard chooses "Guard" (final: the pick is dropped; a location follows last). */
export function applyGuard(tx: Tx, p: PlayerId): void {
  tx.s.guarding = true;
  delete tx.s.picks[p];
  emit(tx, "guarding", toPlayer(p), {});
}

/** R20: the Healer's frog for today (changeable while picks are). */
export function applyHeal(tx: Tx, p: PlayerId, target: PlayerId): void {
  tx.s.heal = target;
  emit(tx, "heal_chosen", toPlayer(p), { target });
}

export function applyGuardLocation(tx: Tx, p: PlayerId, location: Location): void {
  tx.s.guardAt = location;
  emit(tx, "guard_at", toPlayer(p), { location });
}

/** R42: cats per open location, no names (the guarding Guard is at none). */
export function countsOf(s: WitchHuntState): Partial<Record<Location, number>> {
  const counts: Partial<Record<Location, number>> = {};
  for (const l of openLocations(s.players.length)) counts[l] = 0;
  for (const p of pickers(s)) {
    const l = s.picks[p];
    if (l !== undefined) counts[l] = (counts[l] ?? 0) + 1;
  }
  return counts;
}

/** The guarding Guard (human, chose "Guard", not yet marked Absent into a pick), if any. */
export const guardingGuard = (s: WitchHuntState): PlayerId | undefined => pickers(s).find((p) => s.roles[p] === "guard" && s.guarding);

/**
 * R17: after everyone else, the Guard's step; then the witches. [decision] It runs every day of a
 * deal with a Guard (P1: 5+ players) for a fixed 20 s, whether the Guard guards, picked, is a frog,
 * expelled or Absent: a step that ran only when someone guards, or ended when he chose, would tell
 * everyone so. Only the guarding Guard gets the counts (R42) and can act.
 */
export function afterPicks(tx: Tx): void {
  const s = tx.s;
  if (roleHolder(s, "guard") === null) return enterWitchStep(tx);
  setPhase(tx, "day.guard", fixedFor("guard"));
  // Entering the step may have played an Absent Guard's default (P12: a random pick).
  const guard = guardingGuard(s);
  if (guard !== undefined) emit(tx, "guard_counts", toPlayer(guard), { counts: countsOf(s) });
}

/** P8: the guarding Guard who has not chosen by the end of the 20 s guards a random open location. */
export function guardTimeout(tx: Tx): void {
  const guard = guardingGuard(tx.s);
  if (guard === undefined || tx.s.guardAt !== null) return;
  const open = openLocations(tx.s.players.length);
  applyGuardLocation(tx, guard, open[nextInt(tx.s.rng, open.length)]);
}

/** R22: the fixed 15 s for everyone; only the witches get the counts. */
export function enterWitchStep(tx: Tx): void {
  emit(tx, "gathering", PUBLIC, { day: tx.s.day });
  setPhase(tx, "day.witch", fixedFor("witch"));
  emit(tx, "witch_counts", COVEN, { counts: countsOf(tx.s) });
}
