// C-SETUP-2, C-THIEF-1: the Thief sees the two middle cards on night 1 and may swap with one; with
// two Wolves in the middle he must take one (silent → one at random).
import type { EngineError, PlayerId } from "../core/types";
import { pick } from "../core/rng";
import { actorErrors, nightActor } from "./checks";
import { emit, END, logEnd, rngOf, toPlayer, type Tx } from "./events";
import { wolvesOf } from "./roles";
import { copyBySeat } from "./state";
import type { Facts, LegalAction, RoleId } from "./types";

export const thiefForced = (cards: readonly RoleId[] | null): boolean => cards !== null && cards.every((c) => c === "wolf");

const E = actorErrors("take a card", "thief", "night.thief");

export function stealRule(f: Facts): LegalAction | EngineError {
  return nightActor(f, "thief", "night.thief", E) ?? { type: "steal", cards: [0, 1] };
}

export function applySteal(tx: Tx, me: PlayerId, card: 0 | 1): void {
  const s = tx.s;
  const role = s.middle![card];
  const roles = copyBySeat(s.players, s.roles);
  roles[me] = role;
  s.roles = roles;
  s.acted = [...s.acted, me];
  emit(tx, { type: "stole", audience: toPlayer(me), at: tx.now, day: s.day, card, role });
  logEnd(tx, { type: "thief", audience: END, at: tx.now, day: s.day, thief: me, cards: s.middle, took: card, role });
  // The wolf team changed: every wolf (the Thief included) learns the new roster (S-START-3).
  if (role === "wolf") {
    const wolves = wolvesOf(s);
    s.wolves = wolves;
    for (const w of wolves) emit(tx, { type: "wolves", audience: toPlayer(w), at: tx.now, wolves });
  }
}

/** End of night.thief: a forced Thief who stayed silent takes one of the two Wolves at random. */
export function finishThief(tx: Tx): void {
  const s = tx.s;
  const thief = s.thief;
  if (thief === null || s.roles[thief] !== "thief") return; // already took a card (logged then)
  if (thiefForced(s.middle)) applySteal(tx, thief, pick(rngOf(tx), [0, 1] as const));
  else logEnd(tx, { type: "thief", audience: END, at: tx.now, day: s.day, thief, cards: s.middle, took: null, role: "thief" });
}
