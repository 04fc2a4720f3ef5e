// Leaving a phase (S-FLOW-1..5, C-NIGHT-1): the server moves every phase; `advance` ends a phase at
// its deadline, and a few phases end early from `act` when every actor is publicly known (P-3).
// Where play goes next is entered through phase.ts.
import { logEnd, END, nightOf, type Tx } from "./events";
import { applyShot } from "./hunter";
import { enterPhase, nightSteps } from "./phase";
import { resolveNight } from "./resolution";
import { succeedAtRandom } from "./sheriff";
import { finishThief } from "./thief";
import type { NightPhase } from "./types";
import { closeElection, closeVote } from "./vote";
import { wolvesTarget } from "./wolf";

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
