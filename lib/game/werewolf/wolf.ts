// S-WOLF-1/2/3: wolves pick a living village-side player and may change their pick until the step
// ends (the last one counts); picks are seen only by living wolves (and, anonymised, by a peeking
// Little Girl — C-GIRL-1).
import type { EngineError, PlayerId } from "../core/types";
import { actorErrors, nightActor } from "./checks";
import { emit, nightOf, toPlayer, WOLVES, type Tx } from "./events";
import { livingOf, wolfAlias } from "./roles";
import type { Facts, LegalAction, Pick } from "./types";

const E = actorErrors("bite", "wolf", "night.main");

export function biteRule(f: Facts): LegalAction | EngineError {
  // S-WOLF-3: a pick (or a skip) does not end a wolf's turn; only the step's end does.
  const no = nightActor(f, "wolf", "night.main", E, true);
  if (no) return no;
  const targets: PlayerId[] = [];
  for (const p of livingOf(f)) if (!f.wolves.includes(p)) targets.push(p);
  return { type: "bite", targets };
}

export function applyBite(tx: Tx, me: PlayerId, target: PlayerId): void {
  const s = tx.s;
  const pick: Pick = { by: me, target };
  const night = nightOf(tx);
  night.picks = withPick(night.picks, pick);
  if (!s.acted.includes(me)) s.acted = [...s.acted, me];
  emit(tx, { type: "pick", audience: WOLVES, at: tx.now, day: s.day, by: me, target });
  if (s.night.peeker !== null) {
    emit(tx, { type: "pick", audience: toPlayer(s.night.peeker), at: tx.now, day: s.day, by: wolfAlias(s, me), target });
  }
}

/**
 * S-WOLF-3: the picks with `pick` as its wolf's only one — in the place of the wolf's earlier pick,
 * if any, so the list keeps the order in which the wolves first picked. A new list: the old one is
 * shared by views and bot inputs (both engines pick here).
 */
export function withPick(picks: readonly Pick[], pick: Pick): Pick[] {
  let i = 0;
  while (i < picks.length && picks[i].by !== pick.by) i++;
  if (i === picks.length) return [...picks, pick];
  const out = picks.slice();
  out[i] = pick;
  return out;
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
