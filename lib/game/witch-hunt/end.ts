// The end of a game: the winner, every role revealed, the witch score (WH-R13: frogs at the end).
import { frogs } from "./seats";
import { emit, PUBLIC, type Tx } from "./tx";
import type { Verdict } from "./win";

export function endGame(tx: Tx, verdict: Verdict | { winner: null; reason: string }): void {
  const s = tx.s;
  s.phase = "ended";
  s.deadline = null;
  s.done = [];
  s.winner = verdict.winner;
  s.endReason = verdict.reason;
  emit(tx, "game_ended", PUBLIC, { winner: verdict.winner, reason: verdict.reason, roles: s.roles, score: frogs(s).length });
}
