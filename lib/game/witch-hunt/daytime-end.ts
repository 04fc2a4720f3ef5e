// The end of Daytime, all at once in WH-R23's order: ① Frog Hexes (unless guarded) ② the Healer's
// recovery ③ ingredients (WH-P3, Blight) ④ the win check (WH-R12b); then the Evening news (WH-R25).
import type { PlayerId } from "../core/types";
import { endGame } from "./end";
import { bySeat, isAbsent, roleHolder } from "./seats";
import { HAND_LIMIT, INGREDIENT_AT } from "./tables";
import { emit, PUBLIC, toPlayer, type Tx } from "./tx";
import type { Ingredient } from "./types";
import { afterDaytime } from "./win";
import { closeWitchStep, locationOf } from "./witch-step";
import { NONE, setPhase } from "./phase";

/** P3: a card joins the hand; past the limit the oldest is discarded. */
export function addCard(hand: Ingredient[], card: Ingredient): Ingredient[] {
  const next = [...hand, card];
  return next.length > HAND_LIMIT ? next.slice(next.length - HAND_LIMIT) : next;
}

export function resolveDaytime(tx: Tx): void {
  closeWitchStep(tx);
  const s = tx.s;
  const frogged: PlayerId[] = [];
  // ① P5/P6: a hex on a cat at the guarded location fails.
  for (const c of s.casts) {
    if (c.spell !== "frog_hex" || c.target === null) continue;
    const at = locationOf(s, c.target);
    if (s.guardAt !== null && at === s.guardAt) continue;
    if (s.form[c.target] === "human") {
      s.form[c.target] = "frog";
      frogged.push(c.target);
    }
  }
  // ② P6: restored even if the Healer was frogged at ①; an Absent Healer uses no ability (P12).
  const restored: PlayerId[] = [];
  const healer = roleHolder(s, "healer");
  if (s.heal !== null && healer !== null && !isAbsent(s, healer) && s.form[s.heal] === "frog" && !frogged.includes(s.heal)) {
    s.form[s.heal] = "human";
    restored.push(s.heal);
  }
  emit(tx, "evening_news", PUBLIC, { day: s.day, frogged: bySeat(s, frogged), restored: bySeat(s, restored) });
  // ③ P3: each human-form cat at an unblighted location, not changed today, gets one card.
  const blighted = new Set(s.casts.filter((c) => c.spell === "blight").map((c) => s.witchAt[c.witch]));
  for (const p of s.players) {
    const at = locationOf(s, p);
    if (s.form[p] !== "human" || at === undefined || blighted.has(at) || frogged.includes(p) || restored.includes(p)) continue;
    const card = INGREDIENT_AT[at];
    s.hands[p] = addCard(s.hands[p], card);
    emit(tx, "gathered", toPlayer(p), { card });
  }
  // ④ R12(b).
  const verdict = afterDaytime(s);
  if (verdict) return endGame(tx, verdict);
  setPhase(tx, "evening", NONE);
}
