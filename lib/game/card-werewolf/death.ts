// An elimination (CW-R19, CW-R20, CW-R21, CW-R27): the death is public, the role is not (CW-R24).
// The first dead player becomes the GM (CW-R23, CW-P6) and is told each later dead player's role.
// Every elimination runs the win check (CW-R33).
import { PUBLIC, toPlayer } from "../core/audiences";
import type { PlayerId } from "../core/types";
import { endGame } from "./end";
import { emit, type Tx } from "./tx";
import type { DeathCause } from "./types";
import { verdict } from "./win";

export function kill(tx: Tx, p: PlayerId, cause: DeathCause): void {
  const s = tx.s;
  s.alive[p] = false;
  s.lastDeath = p;
  tx.died = true;
  emit(tx, "died", PUBLIC, { player: p, cause });
  if (s.gm === null) {
    s.gm = p;
    emit(tx, "gm", PUBLIC, { player: p });
  } else emit(tx, "dead_role", toPlayer(s.gm), { player: p, role: s.roles[p] });
  const v = verdict(s);
  if (v) endGame(tx, v.winner, v.reason);
}
