// What moves the game on: a step is complete when everyone it waits for has acted (or been marked
// Absent), or when its deadline passes (WH-P8); either way the next step follows (WH-R3).
import { pending } from "./absent";
import { resolveDaytime } from "./daytime-end";
import { closeVote, enterQuarrel, enterVote, voteTimeout } from "./expulsion";
import { startDay } from "./morning";
import { setPhase, timedFor } from "./phase";
import { afterPicks, enterWitchStep, guardTimeout, randomPick } from "./picks";
import { enterProposal, randomProposal } from "./proposal";
import { closeRitual } from "./ritual";
import type { Tx } from "./tx";
import type { WitchHuntState } from "./types";
import { afterYesnoScene, closeYesno, enterYesno, yesnoTimeout } from "./yesno";

/** Steps that end only on their fixed timer (the Guard's 20 s, the witches' 15 s, the quarrel): never early, so nothing is learnt from when they end. */
const TIMER_ONLY = new Set(["day.guard", "day.witch", "quarrel", "ended"]);

const complete = (s: WitchHuntState): boolean => !TIMER_ONLY.has(s.phase) && pending(s).length === 0;

/** Leaves a completed step (the timer-only steps leave in `timeout`). */
function next(tx: Tx): void {
  switch (tx.s.phase) {
    case "start":
    case "vote.result":
      return startDay(tx); // R14, R40
    case "day.pick":
      return afterPicks(tx);
    case "evening":
      return setPhase(tx, "discussion", timedFor("discussion")); // R26 → R27, R28
    case "discussion":
      return enterProposal(tx); // R28
    case "proposal":
      return enterYesno(tx);
    case "yesno":
      return closeYesno(tx);
    case "yesno.result":
      return afterYesnoScene(tx);
    case "ritual":
      return closeRitual(tx);
    case "ritual.result":
      return enterQuarrel(tx); // R36
    case "vote":
      return closeVote(tx);
    default:
      return;
  }
}

/** Moves on through every step that is already complete. */
export function settle(tx: Tx): void {
  for (let i = 0; i < 1000 && complete(tx.s); i++) next(tx);
}

/** The deadline passed: the rules' defaults for whoever has not acted, then on (R19, R22, R28, R31, R32, R39). */
export function timeout(tx: Tx): void {
  const s = tx.s;
  switch (s.phase) {
    case "day.pick":
      for (const p of pending(s)) randomPick(tx, p); // R19 (an unchosen Guard picks)
      break;
    case "day.guard":
      guardTimeout(tx); // P8: random on timeout
      return enterWitchStep(tx);
    case "day.witch":
      return resolveDaytime(tx);
    case "discussion":
      s.done = [...s.players];
      break;
    case "proposal":
      randomProposal(tx);
      break;
    case "yesno":
      yesnoTimeout(tx);
      break;
    case "quarrel":
      return enterVote(tx);
    case "vote":
      voteTimeout(tx);
      break;
    default:
      break;
  }
}
