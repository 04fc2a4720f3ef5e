// Who won a game, from its public end event (WH-R2 factions, WH-R12 winners): the lobby's list of
// earlier games tells each player whether they won.
import type { ModeEnd } from "../core/platform";
import type { PlayerId } from "../core/types";
import type { Role, Winner } from "./types";

/** WH-R2: the Witch faction is the Witches and the Crow; the Clown plays alone; the rest is the Village. */
export const sideOf = (role: Role): Winner => (role === "witch" || role === "crow" ? "witches" : role === "clown" ? "clown" : "village");

export const witchHuntEnd: ModeEnd = {
  eventType: "game_ended",
  byHost: (payload) => payload.reason === "host",
  winners: (payload) => {
    const { winner, roles } = payload as { winner: Winner | null; roles: Record<PlayerId, Role> };
    return winner === null ? [] : Object.keys(roles).filter((p) => sideOf(roles[p]) === winner);
  },
};
