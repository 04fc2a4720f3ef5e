// Entering a step: its deadline (every step is timed, CW-P11) and the public notice every screen
// follows (whose turn, who holds the Seer power).
import { PUBLIC } from "../core/audiences";
import { deadlineAfter } from "../core/timing";
import { SECONDS } from "./tables";
import { emit, type Tx } from "./tx";
import type { Phase } from "./types";

export function setPhase(tx: Tx, phase: Phase, timer: keyof typeof SECONDS): void {
  const s = tx.s;
  s.phase = phase;
  s.deadline = deadlineAfter(tx.now, SECONDS[timer], s.config.timeScale);
  emit(tx, "phase", PUBLIC, { phase, day: s.day, deadline: s.deadline, turn: s.turn, seer: s.seer });
}
