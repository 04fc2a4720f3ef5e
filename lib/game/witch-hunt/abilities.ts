// The Seer's check and the Pickpocket's theft (WH-R27, WH-P6). Both once per day, each in its window.
import { nextInt } from "../core/rng";
import type { PlayerId } from "../core/types";
import { addCard } from "./daytime-end";
import { emit, toPlayer, type Tx } from "./tx";
import type { Phase, WitchHuntState } from "./types";

/** R27: the Seer from the Evening until the vote. */
export const SEER_WINDOW: readonly Phase[] = ["evening", "discussion", "proposal", "yesno", "yesno.result", "ritual", "ritual.result", "quarrel"];
/** R27, P6: the Pickpocket from the Evening until the day's first yes/no vote opens. */
export const stealOpen = (s: WitchHuntState): boolean => !s.yesnoOpened && (s.phase === "evening" || s.phase === "discussion" || s.phase === "proposal");

/** P5: Disguise makes its target read "Not a witch" tonight; the Crow and Clown read "Not a witch". */
export function readsAsWitch(s: WitchHuntState, target: PlayerId): boolean {
  return s.roles[target] === "witch" && !s.casts.some((c) => c.spell === "disguise" && c.target === target);
}

export function applyInspect(tx: Tx, seer: PlayerId, target: PlayerId): void {
  tx.s.seerUsed = true;
  emit(tx, "seer_result", toPlayer(seer), { target, witch: readsAsWitch(tx.s, target) });
}

export const stealTargets = (s: WitchHuntState, thief: PlayerId): PlayerId[] =>
  s.players.filter((p) => p !== thief && s.form[p] === "human" && s.hands[p].length > 0);

/** P6: one random card; the victim is only told an ingredient was stolen (and which of theirs). */
export function applySteal(tx: Tx, thief: PlayerId, victim: PlayerId): void {
  const s = tx.s;
  const i = nextInt(s.rng, s.hands[victim].length);
  const card = s.hands[victim][i];
  s.hands[victim] = [...s.hands[victim].slice(0, i), ...s.hands[victim].slice(i + 1)];
  s.hands[thief] = addCard(s.hands[thief], card);
  s.stealUsed = true;
  emit(tx, "stole", toPlayer(thief), { from: victim, card });
  emit(tx, "robbed", toPlayer(victim), { index: i });
}
