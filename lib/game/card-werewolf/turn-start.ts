// A turn begins (CW-R13): a banned player skips it — no play, no draw — and spends the Ban
// (CW-P2); the turn then passes on to the left (CW-R11).
import { PUBLIC } from "../core/audiences";
import type { PlayerId } from "../core/types";
import { setPhase } from "./phase";
import { nextLiving } from "./seats";
import { emit, type Tx } from "./tx";

export function startTurn(tx: Tx, first: PlayerId): void {
  const s = tx.s;
  let p = first;
  // Each skip spends a Ban, so this ends within one round of the table.
  while (s.banned.includes(p)) {
    s.banned = s.banned.filter((x) => x !== p);
    emit(tx, "skipped", PUBLIC, { player: p });
    p = nextLiving(s, p) ?? p;
  }
  s.turn = p;
  setPhase(tx, "day", "turn");
}
