// The end of a game: the winner announced and every role revealed (CW-R24: hidden until then).
import { PUBLIC } from "../core/audiences";
import { emit, type Tx } from "./tx";
import type { Winner } from "./types";

export function endGame(tx: Tx, winner: Winner | null, reason: string): void {
  const s = tx.s;
  s.phase = "ended";
  s.deadline = null;
  s.turn = null;
  s.seer = null;
  s.winner = winner;
  s.endReason = reason;
  emit(tx, "game_ended", PUBLIC, { winner, reason, roles: s.roles });
}
