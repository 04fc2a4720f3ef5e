// What this seat may do now in the Werewolf card game, and what the screens say about it: the
// choices are the engine's own rules read from the seat's view (lib/game/card-werewolf/view-legal.ts,
// equal to the engine's legal list: its property test checks it).
import { legalOfView } from "@/lib/game/card-werewolf/view-legal";
import { isWolfTeam } from "@/lib/game/card-werewolf/seats";
import { CARDS, DEATH_VOTES } from "@/lib/game/card-werewolf/tables";
import type { ActionType, Card, CardWerewolfLegal, CardWerewolfView, PlayOption, Role } from "@/lib/game/card-werewolf/types";

export { DEATH_VOTES };

/** The seat's one choice now (a turn, the Seer's view, the Identification's point or look), if any. */
const choiceOf = (v: CardWerewolfView): CardWerewolfLegal | undefined => (v.players.includes(v.me) ? legalOfView(v)[0] : undefined);

export type Step = ActionType | null;

/** This seat's step now (CW-R13, CW-R36, CW-P9), or null when it waits. */
export const stepOf = (v: CardWerewolfView): Step => choiceOf(v)?.type ?? null;

/** CW-P10: the cards that can resolve, with their targets; when none can, every card (cancelled). */
export const playsOf = (v: CardWerewolfView): PlayOption[] => choiceOf(v)?.plays ?? [];

/** Whom this seat may choose in its step (the Seer's view, the Angel's look, the Werewolves' point). */
export const targetsOf = (v: CardWerewolfView): string[] => choiceOf(v)?.targets ?? [];

export const isWolfSide = (r: Role | null | undefined): boolean => r != null && isWolfTeam(r);

/** CW-R3: where a played card goes. */
export const iconOf = (c: Card) => CARDS[c.kind].icon;
export const votesOf = (c: Card) => CARDS[c.kind].votes;

/** Cards left in the Day deck (the Howling Wolf included): 50 + 1, less the box, the table and the hands (2 a living player). */
export function deckLeft(v: CardWerewolfView): number {
  const onTable = Object.values(v.front).reduce((n, cs) => n + cs.length, 0);
  const living = v.players.filter((p) => v.alive[p]).length;
  const total = Object.values(CARDS).reduce((n, c) => n + c.count, 0) + 1;
  return Math.max(0, total - v.boxed - onTable - v.discard.length - 2 * living);
}

/**
 * The turn alert's cue: a turn or the Seer's view that is this seat's. Never the Identification's
 * choices: a phone ringing then would tell the table who is a Werewolf or the Angel.
 */
export function cueOf(v: CardWerewolfView): string | null {
  const s = stepOf(v);
  if (s !== "play" && s !== "view") return null;
  return `${v.day}:${v.phase}:${v.turn ?? ""}:${v.discard.length}:${Object.values(v.front).flat().length}:${v.boxed}`;
}
