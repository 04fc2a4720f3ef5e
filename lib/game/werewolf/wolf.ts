// S-WOLF-1/2: wolves pick a living village-side player; picks are seen only by living wolves
// (and, anonymised, by a peeking Little Girl — C-GIRL-1).
import type { EngineError, PlayerId } from "../core/types";
import { actorErrors, nightActor } from "./checks";
import { emit, nightOf, toPlayer, WOLVES, type Tx } from "./events";
import { livingOf, wolfAlias } from "./roles";
import type { Facts, LegalAction, Pick } from "./types";

const E = actorErrors("bite", "wolf", "night.main");

export function biteRule(f: Facts): LegalAction | EngineError {
  const no = nightActor(f, "wolf", "night.main", E);
  if (no) return no;
  const targets: PlayerId[] = [];
  for (const p of livingOf(f)) if (!f.wolves.includes(p)) targets.push(p);
  return { type: "bite", targets };
}

export function applyBite(tx: Tx, me: PlayerId, target: PlayerId): void {
  const s = tx.s;
  const pick: Pick = { by: me, target };
  const night = nightOf(tx);
  night.picks = [...night.picks, pick];
  s.acted = [...s.acted, me];
  emit(tx, { type: "pick", audience: WOLVES, at: tx.now, day: s.day, by: me, target });
  if (s.night.peeker !== null) {
    emit(tx, { type: "pick", audience: toPlayer(s.night.peeker), at: tx.now, day: s.day, by: wolfAlias(s, me), target });
  }
}

/** S-WOLF-1: the unique most-picked player; a tie at the top or no picks → no target. */
export function wolvesTarget(picks: readonly Pick[]): PlayerId | null {
  const counts = new Map<PlayerId, number>();
  for (const p of picks) counts.set(p.target, (counts.get(p.target) ?? 0) + 1);
  let best: PlayerId | null = null;
  let top = 0;
  let tie = false;
  for (const [target, n] of counts) {
    if (n > top) {
      best = target;
      top = n;
      tie = false;
    } else if (n === top) tie = true;
  }
  return tie ? null : best;
}
