// CW-R32, CW-R33, CW-R43, CW-R46, CW-P12: the win check after every elimination. The Traitor
// counts for neither side; the Angel counts as a Villager.
import type { CardWerewolfState, Winner } from "./types";

export interface Verdict {
  winner: Winner;
  reason: "all_werewolves_dead" | "werewolves_equal_villagers";
}

export function verdict(s: Pick<CardWerewolfState, "players" | "roles" | "alive">): Verdict | null {
  let wolves = 0;
  let village = 0;
  for (const p of s.players) {
    if (!s.alive[p]) continue;
    const r = s.roles[p];
    if (r === "werewolf") wolves++;
    else if (r === "villager" || r === "angel") village++;
  }
  // CW-P12: "all Werewolves dead" first (CW-R43: even with the Traitor alive).
  if (wolves === 0) return { winner: "village", reason: "all_werewolves_dead" };
  return wolves >= village ? { winner: "werewolves", reason: "werewolves_equal_villagers" } : null;
}
