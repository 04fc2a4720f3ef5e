// The actions a player may take now, with their allowed choices: the one place legality is decided
// (act.ts refuses anything not listed here; bots and the property test draw from it).
import type { PlayerId } from "../core/types";
import { playOptions } from "./cards";
import { seerTargets } from "./seer";
import { isWolfTeam, wolfTeam } from "./seats";
import type { CardWerewolfLegal, CardWerewolfState } from "./types";

export function legalFor(s: CardWerewolfState, p: PlayerId): CardWerewolfLegal[] {
  if (s.phase === "ended" || !s.players.includes(p) || !s.alive[p]) return [];
  switch (s.phase) {
    case "identify.wolves":
      return isWolfTeam(s.roles[p]) ? [{ type: "point", targets: wolfTeam(s) }] : []; // CW-P9
    case "identify.angel":
      return s.roles[p] === "angel" ? [{ type: "look", targets: s.players.filter((t) => t !== p) }] : []; // CW-P9
    case "day":
      return s.turn === p ? [{ type: "play", plays: playOptions(s, p) }] : []; // CW-R13, CW-P10
    case "day.seer":
      return s.seer === p ? [{ type: "view", targets: seerTargets(s, p) }] : []; // CW-R36, CW-P8
    default:
      return [];
  }
}
