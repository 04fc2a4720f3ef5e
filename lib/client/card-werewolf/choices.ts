// What this seat may do now in the Werewolf card game, read from its view with the engine's own
// rules (targetsFor, seerTargets: they read only fields the view holds under the same names, all
// public: Votes, cards in front, Bans, Cursed and Moon tokens, who is alive).
import { targetsFor } from "@/lib/game/card-werewolf/cards";
import { seerTargets } from "@/lib/game/card-werewolf/seer";
import { CARDS, DEATH_VOTES } from "@/lib/game/card-werewolf/tables";
import type { Card, CardWerewolfState, CardWerewolfView, PlayOption, Role } from "@/lib/game/card-werewolf/types";

export { DEATH_VOTES };

/** The view as the public part of a state (the fields targetsFor reads). */
const asTable = (v: CardWerewolfView) => v as unknown as CardWerewolfState;

/** CW-P10: the cards that can resolve, with their targets; when none can, every card (cancelled). */
export function playsOf(v: CardWerewolfView): PlayOption[] {
  if (v.phase !== "day" || v.turn !== v.me || !v.alive[v.me]) return [];
  const all = v.hand.map((card) => ({ card: card.id, targets: targetsFor(asTable(v), card) }));
  const playable = all.filter((o) => o.targets.length > 0);
  return playable.length > 0 ? playable : all.map((o) => ({ card: o.card, targets: [] }));
}

export type Step = "play" | "view" | "look" | "point" | null;

/** This seat's step now (CW-R13, CW-R36, CW-P9), or null when it waits. */
export function stepOf(v: CardWerewolfView): Step {
  if (!v.players.includes(v.me) || !v.alive[v.me]) return null;
  if (v.phase === "day" && v.turn === v.me && v.hand.length > 0) return "play";
  if (v.phase === "day.seer" && v.seer === v.me) return "view";
  if (v.phase === "identify.angel" && v.role === "angel") return "look";
  if (v.phase === "identify.wolves" && isWolfSide(v.role)) return "point";
  return null;
}

/** Whom this seat may choose in its step (the Seer's view, the Angel's look, the Werewolves' point). */
export function targetsOf(v: CardWerewolfView): string[] {
  switch (stepOf(v)) {
    case "view":
      return seerTargets(v, v.me);
    case "look":
      return v.players.filter((p) => p !== v.me);
    case "point":
      return v.wolves;
    default:
      return [];
  }
}

export const isWolfSide = (r: Role | null | undefined): boolean => r === "werewolf" || r === "traitor";

/** CW-R1: the team a role plays for. */
export const sideOf = (r: Role): "village" | "werewolves" => (isWolfSide(r) ? "werewolves" : "village");

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

/** The turn alert's cue: a step that is this seat's (never the Werewolves' point: it would tell). */
export function cueOf(v: CardWerewolfView): string | null {
  const s = stepOf(v);
  if (s === null || s === "point" || s === "look") return null;
  return `${v.day}:${v.phase}:${v.turn ?? ""}:${v.discard.length}:${Object.values(v.front).flat().length}`;
}
