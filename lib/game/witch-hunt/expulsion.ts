// The expulsion vote (WH-R37–WH-R40, WH-P7): each human-form cat votes for another human-form cat
// or Blank, changeable until all have voted. Blanks are ignored; a strict most (≥1) is expelled; a
// tie or no votes expels nobody. The ballot is public; the expelled cat's role stays hidden.
import type { PlayerId } from "../core/types";
import { endGame } from "./end";
import { fixedFor, NONE, setPhase, timedFor } from "./phase";
import { humans } from "./seats";
import { KNIGHT_DAY } from "./tables";
import { emit, PUBLIC, toPlayer, type Tx } from "./tx";
import type { WitchHuntState } from "./types";
import { afterVote } from "./win";

/** R36: the 4-second "Who was it?!" quarrel before the vote. */
export const enterQuarrel = (tx: Tx): void => setPhase(tx, "quarrel", fixedFor("quarrel"));

export function enterVote(tx: Tx): void {
  tx.s.votes = {};
  setPhase(tx, "vote", timedFor("vote"));
}

export function applyVote(tx: Tx, p: PlayerId, target: PlayerId | null): void {
  tx.s.votes[p] = target;
  emit(tx, "voted", toPlayer(p), { target });
}

/** R39: uncast votes at timeout are Blank. */
export function voteTimeout(tx: Tx): void {
  for (const p of humans(tx.s)) if (!(p in tx.s.votes)) tx.s.votes[p] = null;
}

/** P7: the cat with strictly most votes (≥1), or nobody. */
export function expelledBy(s: Pick<WitchHuntState, "players">, ballot: Record<PlayerId, PlayerId | null>): PlayerId | null {
  const tally = new Map<PlayerId, number>();
  for (const t of Object.values(ballot)) if (t !== null) tally.set(t, (tally.get(t) ?? 0) + 1);
  let best: PlayerId | null = null;
  let most = 0;
  let tie = false;
  for (const p of s.players) {
    const n = tally.get(p) ?? 0;
    if (n > most) [best, most, tie] = [p, n, false];
    else if (n === most && n > 0) tie = true;
  }
  return tie ? null : best;
}

export function closeVote(tx: Tx): void {
  const s = tx.s;
  const ballot: Record<PlayerId, PlayerId | null> = {};
  for (const p of humans(s)) ballot[p] = s.votes[p] ?? null;
  const expelled = expelledBy(s, ballot);
  emit(tx, "vote_result", PUBLIC, { day: s.day, ballot, expelled });
  if (expelled !== null) {
    s.form[expelled] = "expelled";
    s.hands[expelled] = []; // P3: an expelled cat's hand is discarded
  }
  const verdict = afterVote(s, expelled, s.day === KNIGHT_DAY); // R12(c)
  if (verdict) return endGame(tx, verdict);
  setPhase(tx, "vote.result", NONE);
}
