// Entering a phase: its deadline (WH-P8: timed steps only when the time limit is on; the Guard's
// 20 s, the witches' 15 s and the 4 s quarrel always) and the public notice every screen follows.
import { deadlineAfter } from "../core/timing";
import { SECONDS } from "./tables";
import { emit, PUBLIC, type Tx } from "./tx";
import type { Phase } from "./types";

export type Timer = { kind: "none" } | { kind: "timed"; seconds: number } | { kind: "fixed"; seconds: number };
export const NONE: Timer = { kind: "none" };
export const timedFor = (key: keyof typeof SECONDS): Timer => ({ kind: "timed", seconds: SECONDS[key] });
export const fixedFor = (key: keyof typeof SECONDS): Timer => ({ kind: "fixed", seconds: SECONDS[key] });

export function setPhase(tx: Tx, phase: Phase, timer: Timer): void {
  const s = tx.s;
  s.phase = phase;
  s.done = [];
  const runs = timer.kind === "fixed" || (timer.kind === "timed" && s.config.timed);
  s.deadline = runs ? deadlineAfter(tx.now, timer.seconds, s.config.timeScale) : null;
  emit(tx, "phase", PUBLIC, { phase, day: s.day, deadline: s.deadline });
  tx.entered(tx);
}
