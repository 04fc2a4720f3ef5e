// The Host's "Absent" (WH-R14, WH-R24, WH-R26, WH-P12): a player the current step waits for is
// marked Absent; the step then takes the default the rules give, now and in every later step,
// until that player acts again.
import type { PlayerId } from "../core/types";
import { randomPick } from "./picks";
import { randomProposal } from "./proposal";
import { autoPut } from "./ritual";
import { humans, isAbsent, pickers } from "./seats";
import { emit, PUBLIC, type Tx } from "./tx";
import type { WitchHuntState } from "./types";

const CONFIRM_PHASES = new Set(["start", "evening", "yesno.result", "ritual.result", "vote.result"]);

/** The players the current step is waiting for (the Host may mark any of them Absent). */
export function pending(s: WitchHuntState): PlayerId[] {
  if (CONFIRM_PHASES.has(s.phase)) return s.players.filter((p) => !s.done.includes(p));
  switch (s.phase) {
    case "day.pick":
      return pickers(s).filter((p) => !(p in s.picks) && !(s.roles[p] === "guard" && s.guarding));
    case "day.guard":
      return s.players.filter((p) => s.roles[p] === "guard" && s.guarding && s.guardAt === null);
    case "discussion":
      return humans(s).filter((p) => !s.done.includes(p));
    case "proposal":
      return s.chief !== null && s.proposal === null ? [s.chief] : [];
    case "yesno":
      return humans(s).filter((p) => !(p in s.yesno));
    case "ritual":
      return (s.proposal ?? []).filter((p) => !(p in s.puts));
    case "vote":
      return humans(s).filter((p) => !(p in s.votes));
    default:
      return [];
  }
}

/** The rules' default for an Absent player in the current step. */
function defaultFor(tx: Tx, p: PlayerId): void {
  const s = tx.s;
  if (CONFIRM_PHASES.has(s.phase) || s.phase === "discussion") {
    // R14, R26, R28: Absent = tapped, shown like a tap (every seat's list of who confirmed stays whole).
    s.done = [...s.done, p];
    emit(tx, "confirmed", PUBLIC, { player: p, phase: s.phase });
  }
  else if (s.phase === "day.pick" || s.phase === "day.guard") {
    // R24: a random location; P12: an Absent Guard is treated as "Pick".
    if (s.roles[p] === "guard") s.guarding = false;
    randomPick(tx, p);
  } else if (s.phase === "proposal") randomProposal(tx); // R31
  else if (s.phase === "yesno") s.yesno[p] = true; // R32
  else if (s.phase === "ritual") autoPut(tx, p); // R35, P4
  else if (s.phase === "vote") s.votes[p] = null; // R39
}

export function applyAbsentDefaults(tx: Tx): void {
  for (const p of pending(tx.s)) if (isAbsent(tx.s, p)) defaultFor(tx, p);
}

/**
 * The Host marks `p` Absent. Any player may be marked, not only those the step waits for: a refusal
 * for someone not waited for would tell the host who the witches are (they do not pick with the
 * others) or who guards. The default applies only if the step waits for `p`.
 */
export function markAbsent(tx: Tx, p: PlayerId): void {
  tx.s.absent = [...tx.s.absent, p];
  emit(tx, "absent", PUBLIC, { player: p });
  if (pending(tx.s).includes(p)) defaultFor(tx, p);
}

/** WH-P12: acting again ends Absent. */
export function markPresent(tx: Tx, p: PlayerId): void {
  if (!isAbsent(tx.s, p)) return;
  tx.s.absent = tx.s.absent.filter((x) => x !== p);
  emit(tx, "present", PUBLIC, { player: p });
}
