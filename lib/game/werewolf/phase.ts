// Entering a phase (S-FLOW-1..5, C-NIGHT-1): each phase resets the step's records (P-4), takes its
// deadline and announces itself; and the end (S-WIN-1, S-END-1). Leaving a phase is flow.ts.
import type { PlayerId } from "../core/types";
import { deadlineAfter } from "../core/timing";
import { phaseSeconds } from "./config";
import { tellLovers } from "./cupid";
import { emit, PUBLIC, type Tx } from "./events";
import { inSetup } from "./roles";
import { emptyNight } from "./state";
import type { NightPhase, PhaseId, WerewolfState, Winner } from "./types";
import { winnersOf } from "./win";
import { tellWitch } from "./witch";

/** P-3: the steps of this night, held in full; steps of roles not in the setup are not held. */
export function nightSteps(s: Pick<WerewolfState, "config" | "day">): NightPhase[] {
  const steps: NightPhase[] = [];
  if (s.day === 1) {
    if (inSetup(s.config, "thief")) steps.push("night.thief");
    if (inSetup(s.config, "cupid")) steps.push("night.cupid", "night.lovers");
  }
  steps.push("night.main");
  if (inSetup(s.config, "witch")) steps.push("night.witch");
  return steps;
}

export interface PhaseOptions {
  actor?: PlayerId;
  candidates?: PlayerId[];
  revote?: boolean;
}

export function enterPhase(tx: Tx, phase: Exclude<PhaseId, "ended">, opts: PhaseOptions = {}): void {
  const s = tx.s;
  s.phase = phase;
  s.deadline = deadlineAfter(tx.now, phaseSeconds(s.config, phase, opts.revote), s.config.timeScale);
  s.acted = [];
  s.ready = [];
  s.votes = [];
  s.candidates = opts.candidates ?? null;
  s.actor = opts.actor ?? null;
  s.revote = opts.revote ?? false;
  const e = emit(tx, { type: "phase", audience: PUBLIC, at: tx.now, phase, day: s.day, deadline: s.deadline });
  if (s.candidates) e.candidates = s.candidates;
  // The dying Sheriff is public; the dying Hunter is told privately (hunter.ts), not named here.
  if (phase === "sheriff.succession") e.actor = s.actor;
  if (s.revote) e.revote = true;
  if (phase === "night.lovers") tellLovers(tx);
  if (phase === "night.witch") tellWitch(tx);
}

export function startNight(tx: Tx): void {
  const s = tx.s;
  s.day += 1;
  s.night = emptyNight();
  enterPhase(tx, nightSteps(s)[0]);
}

export const startDay = (tx: Tx): void => enterPhase(tx, "day");

/** The end: by a win (S-WIN-1), or with no winner when the host ends the game (`endedBy`). */
export function endGame(tx: Tx, winner: Winner | null, endedBy?: PlayerId): void {
  const s = tx.s;
  s.phase = "ended";
  s.deadline = null;
  s.candidates = null;
  s.actor = null;
  s.acted = [];
  s.ready = [];
  s.votes = [];
  s.winner = winner;
  s.winners = winner === null ? [] : winnersOf(s, winner);
  if (endedBy !== undefined) s.endedBy = endedBy;
  const by = endedBy === undefined ? null : { endedBy };
  emit(tx, { type: "game_end", audience: PUBLIC, at: tx.now, day: s.day, winner, winners: s.winners, roles: s.roles, ...by });
}
