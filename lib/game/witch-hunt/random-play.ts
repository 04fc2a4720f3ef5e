// Random play for property tests: any seat, any listed action with a random allowed choice, now
// and then an unlisted or malformed one, the host marking a waited-for player Absent, or time
// jumping to the deadline. Pure: all choices come from the RNG passed in.
import { chance, nextInt, pick, type RngState } from "../core/rng";
import { shuffle } from "../core/shuffle";
import type { PlayerId } from "../core/types";
import { pending } from "./absent";
import { legalFor } from "./legal";
import type { WitchHuntAction, WitchHuntLegal, WitchHuntState } from "./types";

export type Move = { kind: "act"; player: PlayerId; action: WitchHuntAction } | { kind: "absent"; player: PlayerId } | { kind: "advance" };

function choose(rng: RngState, l: WitchHuntLegal): WitchHuntAction {
  switch (l.type) {
    case "pick":
    case "guard_location":
    case "witch_location":
      return { type: l.type, location: pick(rng, l.locations!) };
    case "heal":
    case "inspect":
    case "steal":
      return { type: l.type, target: pick(rng, l.targets!) as PlayerId };
    case "vote":
      return { type: "vote", target: pick(rng, l.targets!) };
    case "cast": {
      const sp = pick(rng, l.spells!);
      return sp.targets === null ? { type: "cast", spell: sp.spell } : { type: "cast", spell: sp.spell, target: pick(rng, sp.targets) };
    }
    case "propose":
      return { type: "propose", members: shuffle(rng, l.targets!.filter((t): t is PlayerId => t !== null)).slice(0, l.size) };
    case "approve":
      return { type: "approve", yes: chance(rng, 1, 2) };
    case "put":
      return { type: "put", item: pick(rng, l.items!) };
    default:
      return { type: l.type } as WitchHuntAction;
  }
}

/** Something illegal on purpose: a wrong target, a wrong phase's action, a closed location. */
const NOISE: WitchHuntAction[] = [
  { type: "vote", target: "nobody" },
  { type: "pick", location: "graveyard" },
  { type: "cast", spell: "disguise", target: "p1" },
  { type: "propose", members: ["p1"] },
  { type: "put", item: "spoiled" },
  { type: "ok" },
  { type: "steal", target: "p2" },
];

export function randomMove(rng: RngState, s: WitchHuntState): Move {
  if (s.deadline !== null && chance(rng, 1, 12)) return { kind: "advance" };
  // Mostly someone the step waits for; sometimes anyone (marking is allowed for every player).
  const waiting = pending(s).filter((p) => !s.absent.includes(p));
  if (chance(rng, 1, 40)) return { kind: "absent", player: waiting.length > 0 && chance(rng, 3, 4) ? pick(rng, waiting) : pick(rng, s.players) };
  const player = pick(rng, s.players);
  if (chance(rng, 1, 15)) return { kind: "act", player, action: pick(rng, NOISE) };
  // WH-P10: talk now and then, on either channel (refused where it is closed to this seat).
  if (chance(rng, 1, 20)) return { kind: "act", player, action: { type: "chat", channel: chance(rng, 1, 2) ? "table" : "coven", text: "hm" } };
  const legal = legalFor(s, player);
  if (legal.length === 0) {
    // Someone else may still act; when nobody can, only time moves the game on.
    const anyone = s.players.filter((p) => legalFor(s, p).length > 0);
    if (anyone.length === 0) return { kind: "advance" };
    const p = anyone[nextInt(rng, anyone.length)];
    return { kind: "act", player: p, action: choose(rng, pick(rng, legalFor(s, p))) };
  }
  return { kind: "act", player, action: choose(rng, pick(rng, legal)) };
}
