// The yes/no vote on the proposal (WH-R32–WH-R34): every human-form cat votes, switchable until all
// have voted; then every vote is shown with names. A Yes majority passes; a tie rejects. Each
// rejection fills the Curse bar by one; a full bar fails the day's ritual and goes to the vote.
import type { PlayerId } from "../core/types";
import { enterVote } from "./expulsion";
import { NONE, setPhase, timedFor } from "./phase";
import { enterProposal } from "./proposal";
import { enterRitual } from "./ritual";
import { humans } from "./seats";
import { CURSE_LENGTH } from "./tables";
import { emit, PUBLIC, toPlayer, type Tx } from "./tx";

export function enterYesno(tx: Tx): void {
  tx.s.yesnoOpened = true;
  tx.s.yesno = {};
  setPhase(tx, "yesno", timedFor("yesno"));
}

/** R32: only the voter sees their vote until all have voted (a change leaves no trace, R44). */
export function applyApprove(tx: Tx, p: PlayerId, yes: boolean): void {
  tx.s.yesno[p] = yes;
  emit(tx, "approved", toPlayer(p), { yes });
}

/** R32: at 0 s non-voters count as Yes. */
export function yesnoTimeout(tx: Tx): void {
  for (const p of humans(tx.s)) if (!(p in tx.s.yesno)) tx.s.yesno[p] = true;
}

export function closeYesno(tx: Tx): void {
  const s = tx.s;
  const voters = humans(s);
  const yes = voters.filter((p) => s.yesno[p]);
  const no = voters.filter((p) => !s.yesno[p]);
  s.passed = yes.length > no.length;
  if (!s.passed) s.curse += 1;
  emit(tx, "yesno_result", PUBLIC, { day: s.day, chief: s.chief, members: s.proposal, yes, no, passed: s.passed, curse: s.curse });
  setPhase(tx, "yesno.result", NONE);
}

/** R33/R34: after the pass or rejection scene. */
export function afterYesnoScene(tx: Tx): void {
  const s = tx.s;
  if (s.passed) return enterRitual(tx);
  if (s.curse >= CURSE_LENGTH) {
    emit(tx, "ritual_auto_failed", PUBLIC, { day: s.day, reason: "curse" });
    return enterVote(tx);
  }
  enterProposal(tx);
}
