// The witches' 15 s (WH-R22, WH-P5): each human-form witch picks a location (and then sees who is
// there), then at most one spell. Frog Hex is limited per team per day; the first cast locks it.
import { nextInt } from "../core/rng";
import type { PlayerId } from "../core/types";
import { bySeat, isWitch } from "./seats";
import { hexLimit, openLocations } from "./tables";
import { COVEN, emit, END, toPlayer, type Tx } from "./tx";
import type { Location, Spell, WitchHuntState } from "./types";

/** Where `p` gathers today: a picked location, a witch's location, or none (guarding, frog). */
export const locationOf = (s: WitchHuntState, p: PlayerId): Location | undefined => s.picks[p] ?? s.witchAt[p];

/** Human-form cats at `l` right now. */
export const catsAt = (s: WitchHuntState, l: Location): PlayerId[] =>
  s.players.filter((p) => s.form[p] === "human" && locationOf(s, p) === l);

export const hexesCast = (s: WitchHuntState): number => s.casts.filter((c) => c.spell === "frog_hex").length;

/** P5: Frog Hex targets (human, at her location, not herself), if the team limit allows. */
export function hexTargets(s: WitchHuntState, witch: PlayerId): PlayerId[] {
  const l = s.witchAt[witch];
  if (l === undefined || hexesCast(s) >= hexLimit(s.failedRituals)) return [];
  return catsAt(s, l).filter((p) => p !== witch);
}

/** P5: Disguise targets any witch still in the game. */
export const disguiseTargets = (s: WitchHuntState): PlayerId[] => s.players.filter((p) => isWitch(s, p) && s.form[p] !== "expelled");

export function applyWitchLocation(tx: Tx, witch: PlayerId, location: Location): void {
  tx.s.witchAt[witch] = location;
  emit(tx, "witch_here", toPlayer(witch), { location, names: bySeat(tx.s, catsAt(tx.s, location).filter((p) => p !== witch)) });
  emit(tx, "witch_went", COVEN, { witch, location });
}

export function applyCast(tx: Tx, witch: PlayerId, spell: Spell, target: PlayerId | null): void {
  tx.s.casts = [...tx.s.casts, { witch, spell, target }];
  emit(tx, "cast", COVEN, { witch, spell, target });
}

/** P5: at 15 s a witch with no location gets a random open one; no spell means nothing is cast. */
export function closeWitchStep(tx: Tx): void {
  const s = tx.s;
  const open = openLocations(s.players.length);
  for (const w of s.players) if (isWitch(s, w) && s.form[w] === "human" && s.witchAt[w] === undefined) s.witchAt[w] = open[nextInt(s.rng, open.length)];
  emit(tx, "daytime_log", END, { day: s.day, picks: s.picks, guardAt: s.guardAt, witchAt: s.witchAt, casts: s.casts, heal: s.heal });
}
