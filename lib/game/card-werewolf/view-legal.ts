// The actions a seat may take, worked out from its own view alone (a bot on the server, the
// screens): the same rules as legal.ts, read from what the seat knows. Everything a card's targets
// depend on is public (cards in front, Bans, Curses, Moons, deaths: spec section 11) and the hand
// is the seat's own, so the list equals legal.ts's for every seat (the property test checks it).
import { optionsOf } from "./cards";
import { seerTargets } from "./seer";
import type { CardWerewolfLegal, CardWerewolfView } from "./types";

export function legalOfView(v: CardWerewolfView): CardWerewolfLegal[] {
  if (v.phase === "ended" || !v.alive[v.me]) return [];
  switch (v.phase) {
    case "identify.wolves":
      return v.wolves.includes(v.me) ? [{ type: "point", targets: v.wolves }] : []; // CW-P9
    case "identify.angel":
      return v.role === "angel" ? [{ type: "look", targets: v.players.filter((t) => t !== v.me) }] : []; // CW-P9
    case "day":
      return v.turn === v.me ? [{ type: "play", plays: optionsOf(v, v.hand) }] : []; // CW-R13, CW-P10
    case "day.seer":
      return v.seer === v.me ? [{ type: "view", targets: seerTargets(v, v.me) }] : []; // CW-R36, CW-P8
    default:
      return [];
  }
}
