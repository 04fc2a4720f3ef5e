// Playing a Day card (CW-R13–CW-R16, CW-R18, CW-R19, CW-R21, CW-R35, CW-R36, CW-P2, CW-P10): where
// each card may go, and its effect. Every target is a living player. A card that cannot resolve is
// cancelled to the discard pile, and only when no card in hand can resolve (CW-P10).
import { PUBLIC } from "../core/audiences";
import type { PlayerId } from "../core/types";
import { kill } from "./death";
import { setPhase } from "./phase";
import { canHoldSeer } from "./seer";
import { CARDS, DEATH_VOTES } from "./tables";
import { emit, type Tx } from "./tx";
import type { Card, CardWerewolfState, PlayOption } from "./types";

/** What decides where a card may go: all public (a seat's view holds it too, view-legal.ts). */
export type Table = Pick<CardWerewolfState, "players" | "alive" | "front" | "banned" | "cursed" | "moons">;

/** CW-P2: the living players `card` may be played on. */
export function targetsFor(s: Table, card: Card): PlayerId[] {
  return s.players.filter((p) => {
    if (!s.alive[p]) return false;
    switch (card.kind) {
      case "guard":
        return !s.front[p].some((c) => c.kind === "guard"); // at most 1 Guard per player per Day
      case "ban":
        return !s.banned.includes(p); // at most 1 unspent Ban
      case "seer":
        return canHoldSeer(s, p); // CW-P8
      case "curse":
        return !s.cursed.includes(p);
      case "witch":
        return s.cursed.includes(p); // CW-P2, CW-R21
      default:
        return true;
    }
  });
}

/** CW-P10: the cards of `hand` that can resolve, each with its targets; when none can, every card, to cancel. */
export function optionsOf(s: Table, hand: readonly Card[]): PlayOption[] {
  const all = hand.map((card) => ({ card: card.id, targets: targetsFor(s, card) }));
  const playable = all.filter((o) => o.targets.length > 0);
  return playable.length > 0 ? playable : all.map((o) => ({ card: o.card, targets: [] }));
}

export const playOptions = (s: CardWerewolfState, p: PlayerId): PlayOption[] => optionsOf(s, s.hands[p]);

/** The card leaves `p`'s hand and takes effect on `target`, or (no target) is cancelled (CW-R16). */
export function resolvePlay(tx: Tx, p: PlayerId, cardId: number, target: PlayerId | undefined): void {
  const s = tx.s;
  const card = s.hands[p].find((c) => c.id === cardId)!;
  s.hands[p] = s.hands[p].filter((c) => c.id !== cardId);
  if (target === undefined) {
    s.discard = [...s.discard, card];
    return emit(tx, "cancelled", PUBLIC, { player: p, card });
  }
  const { icon, votes } = CARDS[card.kind];
  if (icon !== "none") {
    // CW-R14: it stays in front of the target; CW-R18: Votes.
    s.front[target] = [...s.front[target], card];
    s.votes[target] += votes;
    if (card.kind === "ban") s.banned = [...s.banned, target];
    emit(tx, "played", PUBLIC, { player: p, card, target, votes: s.votes[target] });
    if (s.votes[target] >= DEATH_VOTES) kill(tx, target, "votes"); // CW-R19
    return;
  }
  // CW-R15: no icon — its effect now; the Seer goes to the box (CW-R35), the rest to the discard pile.
  if (card.kind === "seer") s.box = [...s.box, card];
  else s.discard = [...s.discard, card];
  emit(tx, "played", PUBLIC, { player: p, card, target });
  if (card.kind === "curse") s.cursed = s.players.filter((x) => x === target || s.cursed.includes(x));
  else if (card.kind === "witch") kill(tx, target, "witch");
  else if (card.kind === "seer") {
    s.seer = target; // CW-R36: the target gains the power and uses it at once (CW-P8)
    setPhase(tx, "day.seer", "seer");
  }
}
