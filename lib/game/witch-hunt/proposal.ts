// The Chief's proposal (WH-R29–WH-R31): the Chief rotates in seat order skipping frogs and
// expelled cats, and proposes exactly the required count of human-form cats (themselves allowed).
import type { PlayerId } from "../core/types";
import { shuffle } from "../core/shuffle";
import { humans } from "./seats";
import { emit, PUBLIC, type Tx } from "./tx";
import { setPhase, timedFor } from "./phase";
import type { WitchHuntState } from "./types";
import { enterVote } from "./expulsion";

/** R30: the first human-form cat from `chiefFrom` on, in seat order. */
export function nextChief(s: WitchHuntState): number {
  const n = s.players.length;
  for (let i = 0; i < n; i++) {
    const seat = (s.chiefFrom + i) % n;
    if (s.form[s.players[seat]] === "human") return seat;
  }
  return -1;
}

export function enterProposal(tx: Tx): void {
  const s = tx.s;
  // P11: too few human-form cats for a ritual: it fails on its own (not counted) and the vote follows.
  if (humans(s).length < s.required.length) {
    emit(tx, "ritual_auto_failed", PUBLIC, { day: s.day, reason: "too_few" });
    return enterVote(tx);
  }
  const seat = nextChief(s);
  s.chief = s.players[seat];
  s.chiefFrom = (seat + 1) % s.players.length;
  s.proposal = null;
  emit(tx, "chief", PUBLIC, { day: s.day, chief: s.chief });
  setPhase(tx, "proposal", timedFor("proposal"));
}

export function applyPropose(tx: Tx, members: PlayerId[]): void {
  const s = tx.s;
  s.proposal = s.players.filter((p) => members.includes(p));
  emit(tx, "proposed", PUBLIC, { day: s.day, chief: s.chief, members: s.proposal });
}

/** R31: on timeout (timed) or for an Absent Chief, a random proposal. */
export function randomProposal(tx: Tx): void {
  applyPropose(tx, shuffle(tx.s.rng, humans(tx.s)).slice(0, tx.s.required.length));
}

export const validProposal = (s: WitchHuntState, members: PlayerId[]): boolean =>
  members.length === s.required.length && new Set(members).size === members.length && members.every((p) => s.form[p] === "human");
