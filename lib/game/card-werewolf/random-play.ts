// Random play for property tests: a seat with something to do takes a listed action with a random
// allowed choice; now and then an unlisted or malformed action, or time jumps to the deadline.
// Pure: all choices come from the RNG passed in.
import { chance, pick, type RngState } from "../core/rng";
import type { PlayerId } from "../core/types";
import { legalFor } from "./legal";
import type { CardWerewolfAction, CardWerewolfLegal, CardWerewolfState } from "./types";

export type Move = { kind: "act"; player: PlayerId; action: CardWerewolfAction } | { kind: "advance" };

export function chooseAction(rng: RngState, l: CardWerewolfLegal): CardWerewolfAction {
  if (l.type !== "play") return { type: l.type, target: pick(rng, l.targets!) };
  const o = pick(rng, l.plays!);
  return o.targets.length > 0 ? { type: "play", card: o.card, target: pick(rng, o.targets) } : { type: "play", card: o.card };
}

/** Something illegal on purpose: an unknown card, a wrong step's action, a bad target. */
const NOISE: CardWerewolfAction[] = [
  { type: "play", card: 999, target: "p1" },
  { type: "play", card: 0 },
  { type: "view", target: "nobody" },
  { type: "look", target: "p2" },
  { type: "point", target: "p1" },
];

export function randomMove(rng: RngState, s: CardWerewolfState): Move {
  if (chance(rng, 1, 10)) return { kind: "advance" };
  if (chance(rng, 1, 12)) return { kind: "act", player: pick(rng, s.players), action: pick(rng, NOISE) };
  const able = s.players.filter((p) => legalFor(s, p).length > 0);
  if (able.length === 0) return { kind: "advance" };
  const player = pick(rng, able);
  return { kind: "act", player, action: chooseAction(rng, pick(rng, legalFor(s, player))) };
}
