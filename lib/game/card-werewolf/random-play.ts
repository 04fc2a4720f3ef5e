// Random play for property tests: a seat with something to do takes a listed action with a random
// allowed choice; now and then an unlisted or malformed action, or time jumps to the deadline.
// Pure: all choices come from the RNG passed in.
import { chance, pick, type RngState } from "../core/rng";
import type { PlayerId } from "../core/types";
import { chatChannels } from "./chat";
import { legalFor } from "./legal";
import type { CardWerewolfAction, CardWerewolfLegal, CardWerewolfState } from "./types";

export type Move = { kind: "act"; player: PlayerId; action: CardWerewolfAction } | { kind: "advance" };

export function chooseAction(rng: RngState, l: CardWerewolfLegal): CardWerewolfAction {
  if (l.type !== "play") return { type: l.type, target: pick(rng, l.targets!) };
  const o = pick(rng, l.plays!);
  return o.targets.length > 0 ? { type: "play", card: o.card, target: pick(rng, o.targets) } : { type: "play", card: o.card };
}

/** Something illegal on purpose: an unknown card, a wrong step's action, a bad target, chat on a channel often closed. */
const NOISE: CardWerewolfAction[] = [
  { type: "play", card: 999, target: "p1" },
  { type: "play", card: 0 },
  { type: "view", target: "nobody" },
  { type: "look", target: "p2" },
  { type: "point", target: "p1" },
  { type: "chat", channel: "table", text: "I'm safe" },
  { type: "chat", channel: "wolves", text: "that one" },
];

/** Now and then a line from a seat on a channel open to it (CW-P11). */
function talk(rng: RngState, s: CardWerewolfState): Move | null {
  const talkers = s.players.filter((p) => chatChannels(s.phase, s.roles[p], s.alive[p]).length > 0);
  if (talkers.length === 0 || !chance(rng, 1, 5)) return null;
  const player = pick(rng, talkers);
  return { kind: "act", player, action: { type: "chat", channel: pick(rng, chatChannels(s.phase, s.roles[player], true)), text: "I'm safe" } };
}

export function randomMove(rng: RngState, s: CardWerewolfState): Move {
  const line = talk(rng, s);
  if (line) return line;
  if (chance(rng, 1, 10)) return { kind: "advance" };
  if (chance(rng, 1, 12)) return { kind: "act", player: pick(rng, s.players), action: pick(rng, NOISE) };
  const able = s.players.filter((p) => legalFor(s, p).length > 0);
  if (able.length === 0) return { kind: "advance" };
  const player = pick(rng, able);
  return { kind: "act", player, action: chooseAction(rng, pick(rng, legalFor(s, player))) };
}
