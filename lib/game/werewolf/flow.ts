// Phase machine (S-FLOW-1..5, C-NIGHT-1). The server moves every phase: `advance` ends a phase at
// its deadline; a few phases end early from `act` when every actor is publicly known (P-3).
import type { PlayerId } from "../core/types";
import { deadlineAfter } from "../core/timing";
import { phaseSeconds } from "./config";
import { tellLovers } from "./cupid";
import { emit, END, logEnd, nightOf, PUBLIC, type Tx } from "./events";
import { applyShot } from "./hunter";
import { resolveNight } from "./resolution";
import { inSetup } from "./roles";
import { succeedAtRandom } from "./sheriff";
import { finishThief } from "./thief";
import { emptyNight } from "./state";
import type { NightPhase, PhaseId, WerewolfState, Winner } from "./types";
import { closeElection, closeVote } from "./vote";
import { winnersOf } from "./win";
import { tellWitch } from "./witch";
import { wolvesTarget } from "./wolf";

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

function nextNightStep(tx: Tx): void {
  const steps = nightSteps(tx.s);
  const next = steps[steps.indexOf(tx.s.phase as NightPhase) + 1];
  if (next) enterPhase(tx, next);
  else resolveNight(tx);
}

/** C-SHERIFF-1: the election sits between Day 1's discussion and Vote 1. */
function endDiscussion(tx: Tx): void {
  const s = tx.s;
  if (s.revote) enterPhase(tx, "vote", { candidates: s.candidates ?? [], revote: true });
  else if (s.config.sheriff && s.day === 1 && !s.tallies.some((t) => t.kind === "sheriff")) enterPhase(tx, "sheriff.election");
  else enterPhase(tx, "vote");
}

/** Ends the current phase (deadline reached, or every public actor done). Timeouts are skips. */
export function endPhase(tx: Tx): void {
  const s = tx.s;
  switch (s.phase) {
    case "night.thief":
      finishThief(tx);
      return nextNightStep(tx);
    case "night.cupid":
      if (s.lovers === null) {
        logEnd(tx, { type: "cupid", audience: END, at: tx.now, day: s.day, cupid: s.players.find((p) => s.roles[p] === "cupid") ?? null, lovers: null });
      }
      return nextNightStep(tx);
    case "night.main":
      nightOf(tx).target = wolvesTarget(s.night.picks);
      return nextNightStep(tx);
    case "night.lovers":
    case "night.witch":
      return nextNightStep(tx);
    case "hunter":
      return applyShot(tx, s.actor!, null);
    case "sheriff.succession":
      return succeedAtRandom(tx);
    case "day":
      return endDiscussion(tx);
    case "sheriff.election":
      return closeElection(tx);
    case "vote":
      return closeVote(tx);
    case "ended":
      return;
  }
}

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
