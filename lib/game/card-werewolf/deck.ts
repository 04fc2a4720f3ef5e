// The Day deck (CW-R7, CW-R8, CW-R29, CW-R35): every card not yet boxed, shuffled, with the
// Howling Wolf shuffled into the bottom 10; dealing and drawing. Hands are private events.
import { toPlayer } from "../core/audiences";
import { shuffle } from "../core/shuffle";
import type { PlayerId } from "../core/types";
import { BURIED, CARDS, HAND_SIZE } from "./tables";
import { emit, type Tx } from "./tx";
import { HOWLING_WOLF, type Card, type CardKind, type DeckEntry } from "./types";

/** CW-P2: the 50 Day cards, ids 0–49 in table order. */
export const ALL_CARDS: readonly Card[] = (Object.keys(CARDS) as CardKind[]).flatMap((kind) => Array.from({ length: CARDS[kind].count }, () => kind)).map((kind, id) => ({ id, kind }));

/** CW-R7: shuffle, set 9 random cards aside, shuffle them with the Howling Wolf, put the 10 at the bottom. */
export function buildDeck(tx: Tx, boxed: readonly Card[]): void {
  const out = new Set(boxed.map((c) => c.id));
  const cards = shuffle(tx.s.rng, ALL_CARDS.filter((c) => !out.has(c.id)));
  const cut = cards.length - (BURIED - 1);
  const bottom = shuffle<DeckEntry>(tx.s.rng, [...cards.slice(cut), HOWLING_WOLF]);
  tx.s.deck = [...cards.slice(0, cut), ...bottom];
}

/** CW-R8, CW-P5: two cards to each living player, seat order; each hand told only to its holder. */
export function dealHands(tx: Tx, to: readonly PlayerId[]): void {
  const s = tx.s;
  let deck = s.deck;
  for (const p of to) {
    // The Howling Wolf is among the last 10 cards, far below the at most 24 dealt (CW-R7).
    const cards = deck.slice(0, HAND_SIZE) as Card[];
    deck = deck.slice(HAND_SIZE);
    s.hands[p] = cards;
    emit(tx, "dealt", toPlayer(p), { cards });
  }
  s.deck = deck;
}

/** CW-R13: the top card to `p`'s hand (told only to them), or the Howling Wolf (CW-R17, not kept). */
export function draw(tx: Tx, p: PlayerId): "card" | "howl" | "empty" {
  const s = tx.s;
  const top = s.deck[0];
  if (top === undefined) return "empty";
  s.deck = s.deck.slice(1);
  if (top === HOWLING_WOLF) return "howl";
  s.hands[p] = [...s.hands[p], top];
  emit(tx, "drew", toPlayer(p), { card: top });
  return "card";
}
